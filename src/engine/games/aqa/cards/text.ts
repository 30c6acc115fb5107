// Aquarian Age rules text generated from a card definition, in English and Japanese (our own templates). The card
// file states the text each card is meant to have; test/cards/aqa.test.ts compares the two.
import type { Label } from '../../../core/label.ts';
import type { Ability, AqaCard, BaseEffect, Effect, Faction, Skill, SkillName, Trigger } from './schema.ts';

/** Names from our rules reference (data/rules/aqa/reference.json) and the section defining each skill. */
const SKILLS: Record<SkillName, Label & { rule: string }> = {
  aggressive: { en: '▼ Aggressive', ja: '▼（アグレッシブ）', rule: '3-9' },
  penetrate: { en: 'Penetrate', ja: 'ペネトレイト', rule: '6-1' },
  resist: { en: 'Resist', ja: 'レジスト', rule: '6-2' },
  charge: { en: 'Charge', ja: 'チャージ', rule: '6-3' },
  bind: { en: 'Bind', ja: 'バインド', rule: '6-4' },
  intercept: { en: 'Intercept', ja: 'インターセプト', rule: '6-5' },
  search: { en: 'Search', ja: 'サーチ', rule: '6-6' },
  stealth: { en: 'Stealth', ja: 'ステルス', rule: '18-2-a' },
};

export function skillInfo(s: SkillName): Label & { rule: string } {
  return SKILLS[s];
}

export const FACTION_NAMES: Record<Faction, Label> = {
  psyche: { en: 'Psyche', ja: 'サイキ' },
  kagura: { en: 'Kagura', ja: 'カグラ' },
  grimoire: { en: 'Grimoire', ja: 'グリモワール' },
  wildwood: { en: 'Wildwood', ja: 'ワイルドウッド' },
  meridian: { en: 'Meridian', ja: 'メリディアン' },
  null: { en: 'Null', ja: 'ヌル' },
};

const TYPES = {
  character: { en: 'Character', ja: 'キャラクター' },
  break: { en: 'Break', ja: 'ブレイク' },
  permanent: { en: 'Permanent', ja: 'パーマネント' },
  project: { en: 'Project', ja: 'プロジェクト' },
  fast: { en: 'Fast', ja: 'ファスト' },
} as const;
const DURATIONS = {
  instant: { en: 'instant', ja: '瞬間' },
  continuous: { en: 'continuous', ja: '持続' },
  'until-end-of-turn': { en: 'until end of turn', ja: 'ターン終了時まで' },
} as const;
const RANGES = { target: { en: 'target', ja: '目標' }, area: { en: 'area', ja: '範囲' } } as const;

/** "Break — Kagura — Name: "Aoi"", "Project (continuous, target) — Meridian", "Character — factionless". */
export function typeLine(card: AqaCard): Label {
  const type = TYPES[card.type];
  const head =
    card.duration && card.range
      ? {
          en: `${type.en} (${DURATIONS[card.duration].en}, ${RANGES[card.range].en})`,
          ja: `${type.ja}（${DURATIONS[card.duration].ja}・${RANGES[card.range].ja}）`,
        }
      : type;
  const factions =
    card.factions.length > 0
      ? {
          en: card.factions.map((f) => FACTION_NAMES[f].en).join(' + '),
          ja: card.factions.map((f) => FACTION_NAMES[f].ja).join('＋'),
        }
      : { en: 'factionless', ja: '勢力なし' };
  const parts: Label[] = [head, factions];
  if (card.nameTag)
    parts.push({
      en: `Name: "${card.nameTag.en}"${card.nameLevel ? ' (name level)' : ''}`,
      ja: `ネーム：「${card.nameTag.ja}」${card.nameLevel ? '（ネームレベル）' : ''}`,
    });
  return { en: parts.map((p) => p.en).join(' — '), ja: parts.map((p) => p.ja).join(' — ') };
}

function skillText(s: Skill): Label {
  const n = SKILLS[s.skill];
  if (s.x !== undefined) return { en: `${n.en} ${s.x}`, ja: `${n.ja}${s.x}` };
  if (s.faction)
    return { en: `${n.en} (${FACTION_NAMES[s.faction].en})`, ja: `${n.ja}（${FACTION_NAMES[s.faction].ja}）` };
  if (s.name) return { en: `${n.en} ("${s.name.en}")`, ja: `${n.ja}（「${s.name.ja}」）` };
  return n;
}

const STATS = {
  atk: { en: 'ATK', ja: '攻撃力' },
  dur: { en: 'DUR', ja: '耐久力' },
  mnd: { en: 'MND', ja: '精神力' },
} as const;
const AIMS = {
  self: { en: 'this character', ja: 'このキャラクター' },
  'target-character': { en: 'target character', ja: '目標のキャラクター1体' },
  'target-player': { en: 'target player', ja: '目標のプレイヤー1人' },
  'target-effect': { en: 'target effect', ja: '目標のエフェクト1つ' },
} as const;
const signed = (n: number) => (n >= 0 ? `+${n}` : `−${-n}`);
const cards = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

/** One effect as a sentence that starts in lower case in English (it follows a trigger or "Eff [n]:"). */
function effectText(e: BaseEffect): Label {
  switch (e.do) {
    case 'draw':
      return e.optional
        ? { en: `you may draw ${cards(e.count)}.`, ja: `カードを${e.count}枚ドローしてもよい。` }
        : { en: `draw ${cards(e.count)}.`, ja: `カードを${e.count}枚ドローする。` };
    case 'discard': {
      const then = e.afterPrevious ? { en: 'then, ', ja: 'その後、' } : { en: '', ja: '' };
      return e.who === 'you'
        ? { en: `${then.en}discard ${cards(e.count)} from your hand.`, ja: `${then.ja}手札を${e.count}枚捨て札する。` }
        : {
            en: `${then.en}target player discards ${cards(e.count)} from their hand.`,
            ja: `${then.ja}目標のプレイヤー1人は手札を${e.count}枚捨て札する。`,
          };
    }
    case 'damage':
      return {
        en: `deal ${e.amount} damage to ${AIMS[e.to].en}.`,
        ja: `${AIMS[e.to].ja}に${e.amount}ダメージを与える。`,
      };
    case 'distribute-damage':
      return {
        en: `distribute ${e.amount} damage among 1 or more target characters.`,
        ja: `${e.amount}ダメージを、1体以上の目標のキャラクターに割り振って与える。`,
      };
    case 'modify': {
      const until =
        e.until === 'end-of-turn'
          ? { en: 'end of turn', ja: 'ターン終了時' }
          : { en: 'the battle ends', ja: 'バトル終了時' };
      const s = STATS[e.stat];
      return {
        en: `${AIMS[e.to].en} gets ${s.en} ${signed(e.amount)} until ${until.en}.`,
        ja: `${until.ja}まで、${AIMS[e.to].ja}は${s.ja}${signed(e.amount)}を得る。`,
      };
    }
    case 'set-deck-top-as-power':
      return {
        en: 'set the top card of your deck as a power card on this character.',
        ja: 'あなたのデッキの一番上のカードをこのキャラクターにパワーカードとしてセットする。',
      };
    case 'negate':
      return {
        en: 'negate target effect until end of turn.',
        ja: 'ターン終了時まで、目標のエフェクト1つを無効化する。',
      };
    case 'code':
      return { en: e.text.en.charAt(0).toLowerCase() + e.text.en.slice(1), ja: e.text.ja };
  }
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function effectsText(effects: readonly Effect[]): Label {
  const parts = effects.map((e): Label => {
    if (e.do !== 'choose-one') return effectText(e);
    const modes = e.modes.map((m) => {
      const t = m.map(effectText);
      return { en: t.map((x) => sentence(x.en)).join(' '), ja: t.map((x) => x.ja).join('') };
    });
    return {
      en: `choose one —\n${modes.map((m) => `• ${m.en}`).join('\n')}`,
      ja: `以下の効果から1つを選択する —\n${modes.map((m) => `• ${m.ja}`).join('\n')}`,
    };
  });
  return { en: parts.map((p, i) => (i === 0 ? p.en : sentence(p.en))).join(' '), ja: parts.map((p) => p.ja).join('') };
}

const TRIGGER_TEXT: Record<Trigger, Label> = {
  'enters-field': { en: 'When this card enters the field', ja: 'このカードが場に出たとき' },
  'another-of-yours-discarded': {
    en: 'When another character of yours has been discarded',
    ja: 'あなたの他のキャラクターが捨て札されたとき',
  },
  'this-discarded': { en: 'When this card is discarded', ja: 'このカードが捨て札されるとき' },
  'attack-confirmed': {
    en: 'If this character attacks (when its attack is confirmed)',
    ja: 'このキャラクターがアタックした場合（アタックすることが確定した時）',
  },
  'damage-judgment-of-its-attack': {
    en: "During a damage judgment caused by this character's attack",
    ja: 'このキャラクターのアタックによるダメージ判定の際',
  },
  'at-battle': { en: 'At battle', ja: 'バトル時' },
  'declares-attack': {
    en: 'Immediately when this character declares an attack',
    ja: 'このキャラクターがアタック宣言したらただちに',
  },
  'declares-guard': {
    en: 'Immediately when this character declares a guard',
    ja: 'このキャラクターがガード宣言したらただちに',
  },
  'after-attack-ends': { en: "After this character's attack ends", ja: 'このキャラクターのアタック終了後に' },
  'instead-of-damage-judgment': {
    en: 'If this character attacks, instead of the normal damage judgment',
    ja: 'このキャラクターがアタックした場合、通常のダメージ判定を行わず',
  },
  'start-of-your-main-phase': { en: 'At the start of your main phase', ja: 'あなたのメインフェイズ開始時' },
  'end-of-turn': { en: 'At end of turn', ja: 'ターン終了時' },
  'power-zero': { en: "When this character's power becomes 0", ja: 'このキャラクターのパワーが0になった場合' },
};

function abilityText(a: Ability): Label {
  switch (a.kind) {
    case 'triggered': {
      const t = TRIGGER_TEXT[a.when];
      const e = effectsText(a.effects);
      return { en: `${t.en}: ${e.en}`, ja: `${t.ja}：${e.ja}` };
    }
    case 'effect': {
      const e = effectsText(a.effects);
      return { en: `Eff [${a.cost}]: ${e.en}`, ja: `エフェクト［${a.cost}］：${e.ja}` };
    }
    case 'cannot-declare-attacks':
      return { en: 'This character cannot declare attacks.', ja: 'このキャラクターはアタック宣言できない。' };
    case 'cannot-be-targeted':
      return {
        en: 'This character cannot be the target of cards or effects.',
        ja: 'このキャラクターはカードやエフェクトの目標にならない。',
      };
    case 'cannot-be-guarded':
      return { en: "This character's attacks cannot be guarded.", ja: 'このキャラクターのアタックはガードされない。' };
    case 'renamed':
      return {
        en: `This card's name is "${a.name.en}" in every zone, instead of its printed name.`,
        ja: `このカードのカード名称は、すべての領域で「${a.name.ja}」に変更される。`,
      };
    case 'also-named':
      return {
        en: `This card is also named "${a.name.en}" (in every zone).`,
        ja: `このカードは「${a.name.ja}」としても扱う（すべての領域で）。`,
      };
    case 'cost-reduction':
      return {
        en: `Your ${TYPES[a.type].en.toLowerCase()} cards cost ${a.amount} less, in every zone.`,
        ja: `あなたの${TYPES[a.type].ja}カードのコストは、すべての領域で${a.amount}少なくなる。`,
      };
    case 'bearer-gets':
      return {
        en: `The bearer gets ${STATS[a.stat].en} ${signed(a.amount)}.`,
        ja: `これをセットしているキャラクターは${STATS[a.stat].ja}${signed(a.amount)}を得る。`,
      };
    case 'static':
      return { en: a.effects.map((e) => e.text.en).join(' '), ja: a.effects.map((e) => e.text.ja).join('') };
  }
}

function conditionText(c: { faction?: Faction | undefined; name?: Label | undefined }): Label {
  if (c.name) return { en: `"${c.name.en}"`, ja: `「${c.name.ja}」` };
  const f = FACTION_NAMES[c.faction ?? 'null'];
  return { en: `a ${f.en} character`, ja: `${f.ja}のキャラクター` };
}

/** Skills, break condition, usable-as-break, MND = power, resolution effects, then abilities. */
export function cardText(card: AqaCard): Label {
  const lines: Label[] = [];
  if (card.skills.length > 0) {
    const s = card.skills.map(skillText);
    lines.push({ en: s.map((x) => `${x.en}.`).join(' '), ja: s.map((x) => x.ja).join('、') });
  }
  if (card.breakCondition) {
    const c = conditionText(card.breakCondition);
    lines.push({ en: `Break condition: ${c.en}.`, ja: `ブレイク条件：${c.ja}` });
  }
  if (card.usableAsBreak) {
    const u = card.usableAsBreak;
    const f = FACTION_NAMES[u.factor.faction];
    const c = conditionText(u.condition);
    lines.push({
      en: `Usable as a break card (required factor ${f.en} ×${u.factor.count}, cost ${u.cost}, break condition: ${c.en}).`,
      ja: `ブレイクカードとして使用可能（必要ファクター：${f.ja}×${u.factor.count}、コスト${u.cost}、ブレイク条件：${c.ja}）。`,
    });
  }
  if (card.mnd === 'power')
    lines.push({ en: "This character's MND equals its power.", ja: 'このキャラクターの精神力はパワーに等しい。' });
  if (card.effects.length > 0) {
    const e = effectsText(card.effects);
    lines.push({ en: sentence(e.en), ja: e.ja });
  }
  for (const a of card.abilities) lines.push(abilityText(a));
  return { en: lines.map((l) => l.en).join('\n'), ja: lines.map((l) => l.ja).join('\n') };
}
