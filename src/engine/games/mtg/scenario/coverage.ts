// The "Scenarios by CR section" table of docs/rulings/mtg.md, generated from the scenario files so it stays true:
// a file counts for the section it is named after (`510.1c-…` → 510, `702.19b-…` → 702.19, `704.5m-…` → 704.5m) and
// is listed as "also cites" for every other section its `rule:` line names before the dash.
// `npx tsx src/engine/games/mtg/scenario/coverage.ts --write` rewrites the table; test/mtg/coverage.test.ts checks it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The CR sections (2019-01-25 numbering) with behaviour in stages A and B, with our own short titles. */
export const STAGE_AB_SECTIONS: readonly (readonly [string, string])[] = [
  ['101', 'Golden rules (can\u2019t beats can)'],
  ['103', 'Starting the game, mulligan'],
  ['104', 'Ending the game'],
  ['105', 'Colours'],
  ['106', 'Mana'],
  ['107', 'Numbers and symbols (X, hybrid)'],
  ['110', 'Permanents'],
  ['112', 'Abilities'],
  ['114', 'Targets'],
  ['115', 'Special actions'],
  ['116', 'Timing and priority'],
  ['117', 'Costs'],
  ['118', 'Life'],
  ['119', 'Damage'],
  ['120', 'Drawing a card'],
  ['121', 'Counters'],
  ['300', 'Card types in general'],
  ['301', 'Artifacts'],
  ['302', 'Creatures'],
  ['303', 'Enchantments'],
  ['304', 'Instants'],
  ['305', 'Lands'],
  ['307', 'Sorceries'],
  ['400', 'Zones in general'],
  ['401', 'Library'],
  ['402', 'Hand'],
  ['403', 'Battlefield'],
  ['404', 'Graveyard'],
  ['405', 'Stack'],
  ['406', 'Exile'],
  ['500', 'Turn structure in general'],
  ['501', 'Beginning phase'],
  ['502', 'Untap step'],
  ['503', 'Upkeep step'],
  ['504', 'Draw step'],
  ['505', 'Main phase'],
  ['506', 'Combat phase'],
  ['507', 'Beginning of combat step'],
  ['508', 'Declare attackers step'],
  ['509', 'Declare blockers step'],
  ['510', 'Combat damage step'],
  ['511', 'End of combat step'],
  ['512', 'Ending phase'],
  ['513', 'End step'],
  ['514', 'Cleanup step'],
  ['601', 'Casting spells'],
  ['602', 'Activating abilities'],
  ['603', 'Triggered abilities'],
  ['604', 'Static abilities'],
  ['605', 'Mana abilities'],
  ['607', 'Linked abilities'],
  ['608', 'Resolving spells and abilities'],
  ['609', 'Effects'],
  ['610', 'One-shot effects'],
  ['611', 'Continuous effects'],
  ['613', 'Interaction of continuous effects (layers)'],
  ['614', 'Replacement effects'],
  ['615', 'Prevention effects'],
  ['616', 'Interaction of replacement and prevention effects'],
  ['700', 'Keywords in general'],
  ['701.2', 'Activate'],
  ['701.3', 'Attach'],
  ['701.4', 'Cast'],
  ['701.5', 'Counter'],
  ['701.6', 'Create'],
  ['701.7', 'Destroy'],
  ['701.8', 'Discard'],
  ['701.11', 'Exile'],
  ['701.12', 'Fight'],
  ['701.13', 'Play'],
  ['701.14', 'Regenerate'],
  ['701.16', 'Sacrifice'],
  ['701.17', 'Scry'],
  ['701.18', 'Search'],
  ['701.19', 'Shuffle'],
  ['701.20', 'Tap and untap'],
  ['701.26', 'Proliferate'],
  ['701.35', 'Investigate'],
  ['701.41', 'Surveil'],
  ['701.42', 'Adapt'],
  ['702.2', 'Deathtouch'],
  ['702.3', 'Defender'],
  ['702.4', 'Double strike'],
  ['702.5', 'Enchant'],
  ['702.6', 'Equip'],
  ['702.7', 'First strike'],
  ['702.8', 'Flash'],
  ['702.9', 'Flying'],
  ['702.10', 'Haste'],
  ['702.11', 'Hexproof'],
  ['702.12', 'Indestructible'],
  ['702.13', 'Intimidate'],
  ['702.14', 'Landwalk'],
  ['702.15', 'Lifelink'],
  ['702.16', 'Protection'],
  ['702.17', 'Reach'],
  ['702.18', 'Shroud'],
  ['702.19', 'Trample'],
  ['702.20', 'Vigilance'],
  ['702.28', 'Cycling'],
  ['702.32', 'Kicker'],
  ['702.33', 'Flashback'],
  ['702.35', 'Fear'],
  ['702.78', 'Persist'],
  ['702.79', 'Wither'],
  ['702.82', 'Exalted'],
  ['702.89', 'Infect'],
  ['702.92', 'Undying'],
  ['702.106', 'Outlast'],
  ['702.107', 'Prowess'],
  ['702.110', 'Menace'],
  ['702.134', 'Afterlife'],
  ['703', 'Turn-based actions'],
  ['704.3', 'State-based actions all at once'],
  ['704.5a', 'SBA: life 0 or less'],
  ['704.5b', 'SBA: drew from an empty library'],
  ['704.5c', 'SBA: ten poison counters'],
  ['704.5d', 'SBA: token in another zone'],
  ['704.5f', 'SBA: toughness 0 or less'],
  ['704.5g', 'SBA: lethal damage'],
  ['704.5h', 'SBA: damage from deathtouch'],
  ['704.5j', 'SBA: legend rule'],
  ['704.5m', 'SBA: Aura attached illegally'],
  ['704.5n', 'SBA: Equipment attached illegally'],
  ['704.5p', 'SBA: a creature attached to something'],
  ['704.5q', 'SBA: +1/+1 and -1/-1 counters'],
  ['704.7', 'SBAs and last-known information'],
  ['706', 'Copying objects'],
  ['721', 'Handling illegal actions (rewind)'],
];

/** Which table row a CR reference falls under: keyword sections and 704.5 letters by themselves, else the 3 digits. */
export function sectionOf(ref: string): string | undefined {
  const m = /^(\d{3})(?:\.(\d+)([a-z]?))?/.exec(ref);
  if (!m) return undefined;
  const [, head = '', sub, letter] = m;
  const keyed = STAGE_AB_SECTIONS.map(([s]) => s);
  const candidates = [`${head}.${sub}${letter}`, `${head}.${sub}`, head];
  return candidates.find((c) => keyed.includes(c));
}

/** The CR references a scenario's `rule:` line names before its dash ("CR 510.1c, 509.2 (2019) — …"). */
export function citedRefs(ruleLine: string): string[] {
  const head = ruleLine.split(/\s[—-]\s/)[0] ?? '';
  return [...head.matchAll(/\b\d{3}(?:\.\d+[a-z]?(?:-[a-z])?)?\b/g)].map((m) => m[0]);
}

export interface ScenarioFile {
  readonly name: string;
  readonly ruleLine: string;
}

export function readScenarioFiles(dir: string): ScenarioFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const line = /^rule:\s*(.*)$/m.exec(text)?.[1] ?? '';
      return { name, ruleLine: line.replace(/^["']|["']$/g, '') };
    });
}

export function coverageTable(files: readonly ScenarioFile[]): string {
  const named = new Map<string, string[]>();
  const cited = new Map<string, Set<string>>();
  for (const f of files) {
    const own = sectionOf(f.name);
    if (own) named.set(own, [...(named.get(own) ?? []), f.name.replace(/\.yaml$/, '')]);
    for (const ref of citedRefs(f.ruleLine)) {
      const s = sectionOf(ref);
      if (s && s !== own) cited.set(s, (cited.get(s) ?? new Set()).add(f.name));
    }
  }
  const rows = STAGE_AB_SECTIONS.map(([section, title]) => {
    const mine = named.get(section) ?? [];
    const list = mine.length === 0 ? '—' : mine.map((n) => `\`${n}\``).join(', ');
    return `| ${section} | ${title} | ${mine.length} | ${list} | ${cited.get(section)?.size ?? 0} |`;
  });
  const none = STAGE_AB_SECTIONS.filter(([s]) => !named.has(s)).map(([s]) => s);
  return [
    `${files.length} scenario files. "Named" counts the files named after the section; "also cited" counts other files whose`,
    '`rule:` line cites it.',
    '',
    '| CR | Section | Named | Scenario files named after it | Also cited |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Sections with no scenario named after them (${none.length}): ${none.length === 0 ? 'none' : none.join(', ')}.`,
  ].join('\n');
}

export const TABLE_BEGIN = '<!-- scenario-table:begin (generated by src/engine/games/mtg/scenario/coverage.ts) -->';
export const TABLE_END = '<!-- scenario-table:end -->';

/** The rulings document with its table replaced by a fresh one. */
export function withTable(doc: string, table: string): string {
  const start = doc.indexOf(TABLE_BEGIN);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/rulings/mtg.md has no ${TABLE_BEGIN} … ${TABLE_END} block`);
  return `${doc.slice(0, start + TABLE_BEGIN.length)}\n${table}\n${doc.slice(end)}`;
}

const here = fileURLToPath(import.meta.url);
if (process.argv[1] === here && process.argv.includes('--write')) {
  const root = join(here, '../../../../../..');
  const docPath = join(root, 'docs/rulings/mtg.md');
  const table = coverageTable(readScenarioFiles(join(root, 'test/scenarios/mtg')));
  writeFileSync(docPath, withTable(readFileSync(docPath, 'utf8'), table));
}
