// Issue 26 item 7, for every game: a private prompt names where the match is (turn and phase or step, from the
// player's own view) and, while an attack is under way, who attacks what and who blocks, by name; and two copies of
// one card get different controls, marked as the hand and board pictures mark them ("Ember Wolf (2)").
import type { APIButtonComponentWithCustomId, APIStringSelectComponent } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeControl } from '../../src/bot/custom-id.ts';
import { handMessage, namedTable } from '../../src/bot/presenter.ts';
import type { BaseState, PendingDecision, Seat } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { markHandCopies, markTableCopies } from '../../src/render/copy-marks.ts';
import type { MatchInfo } from '../../src/store/match-records.ts';
import { type BotHarness, startBotHarness } from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const NAMES = { p1: 'Ann', p2: 'Bo' } as const;

/** Prompts whose attack line held a marked copy, over every game (the check below met some). */
let markedAttackLines = 0;

function rowOf(game: BaseState['game']): MatchInfo {
  return {
    matchId: `situation-${game}`,
    guildId: 'g',
    channelId: 'c',
    threadId: null,
    game,
    format: 'casual',
    players: { p1: 'u1', p2: 'u2' },
    status: 'active',
    statusReason: null,
    rulesVersion: 0,
    seed: null,
    decisionCount: 0,
    result: null,
    createdAt: 0,
    startedAt: 0,
    updatedAt: 0,
    endedAt: null,
  };
}

type Labelled = { optionId: string; label: string };

/** Every option label the message shows, with the option id it answers: the buttons as one group, each select as one. */
function labelled(components: { toJSON(): unknown }[]): Labelled[][] {
  const buttons: Labelled[] = [];
  const groups: Labelled[][] = [buttons];
  for (const row of components) {
    const json = row.toJSON() as { components: (APIButtonComponentWithCustomId | APIStringSelectComponent)[] };
    for (const c of json.components) {
      if ('options' in c) groups.push(c.options.map((o) => ({ optionId: o.value, label: o.label })));
      else if ('label' in c && c.label) {
        const id = decodeControl(c.custom_id);
        if (id?.kind === 'option') buttons.push({ optionId: id.optionId, label: c.label });
      }
    }
  }
  return groups;
}

function optionObjects(p: PendingDecision): Map<string, string> {
  const out = new Map<string, string>();
  const options =
    p.shape === 'declare'
      ? p.slots.flatMap((s) => s.options)
      : p.shape === 'distribute'
        ? p.targets
        : p.shape === 'number'
          ? []
          : p.options;
  for (const o of options) if (o.objectId) out.set(o.id, o.objectId);
  return out;
}

describe('the private prompt, for every game', () => {
  for (const game of GAMES.playableGames()) {
    it(`${game.id}: names the turn and phase, the attacks by name, and marks copies as the pictures do`, async () => {
      const { module, presenter } = game.play;
      const decks = game.play.fuzzDecks();
      let s = module.setup({ game: game.id, decks: { p1: decks[0] ?? {}, p2: decks[1] ?? decks[0] ?? {} } }, 'sit-1');
      let rng = seedRng('sit-1');
      const row = rowOf(game.id);
      let attacksSeen = 0;
      let defenderPrompts = 0;
      let handMarks = 0;
      let fieldMarks = 0;
      for (let n = 0; n < 1200 && !s.result; n++) {
        const p = module.pending(s);
        if (!p) break;
        const seat = p.player as Seat;
        const locale = n % 2 === 0 ? 'en' : 'ja';
        const view = module.view(s, { kind: 'player', seat });
        const table = presenter.table(view, { locale, names: NAMES });
        const message = await handMessage(h.bot.context, { row, game: module, state: s, seat, names: NAMES, locale });
        const content = message.content ?? '';
        expect(content).toContain(`${locale === 'en' ? 'Turn' : 'ターン'} ${table.turn} · ${table.phase}`);
        expect(content, 'a seat id reached the prompt').not.toMatch(/\bp[12]\b/);
        if (table.combat) {
          attacksSeen += 1;
          if (seat !== table.activeSeat) defenderPrompts += 1;
          for (const a of table.combat.attacks) {
            // The attacker (possibly marked "(2)") and what it attacks; a player by name.
            expect(content).toContain(a.attacker);
            expect(content).toContain(`→ ${a.target}`);
            for (const b of a.blockers) expect(content).toContain(b);
          }
        }
        // Copies: the marks of the hand picture and of the public board picture are on the controls.
        const { hand } = markHandCopies(presenter.hand(view, seat, { locale, names: NAMES, playableIds: new Set() }));
        const publicTable = markTableCopies(
          namedTable(presenter.table(module.view(s, { kind: 'spectator' }), { locale, names: NAMES }), NAMES),
        ).table;
        // The attack line reads as the board picture's: "Ember Wolf (2) → Bo", copies marked alike. Where this player
        // sees more of a field than the public (PMV P34: their own face-down characters), copies are numbered among
        // the cards they see, as their own view marks them; the prompt is theirs alone.
        const ownTable = markTableCopies(namedTable(table, NAMES)).table;
        for (const [i, a] of (publicTable.combat?.attacks ?? []).entries()) {
          const own = ownTable.combat?.attacks[i];
          const lines = [`${a.attacker} → ${a.target}`, ...(own ? [`${own.attacker} → ${own.target}`] : [])];
          expect(
            lines.some((line) => content.includes(line)),
            `the prompt names the attack as a picture does: ${lines.join(' or ')}`,
          ).toBe(true);
          if (/[（(]\d+[)）]/.test(`${a.attacker}${a.target}${a.blockers.join('')}`)) markedAttackLines += 1;
        }
        const drawn = new Map<string, string>();
        for (const c of [
          ...hand.hand.cards.map((x) => x.card),
          ...hand.privateZones.flatMap((z) => z.cards.map((x) => x.card)),
        ]) {
          if (c.face === 'up') drawn.set(c.id, c.name);
        }
        for (const side of [publicTable.players.p1, publicTable.players.p2]) {
          for (const area of side.areas) for (const c of area.cards) if (c.face === 'up') drawn.set(c.id, c.name);
        }
        const objects = optionObjects(p);
        const groups = labelled(message.components);
        for (const { optionId, label } of groups.flat()) {
          // Players by name on every control (issue 26 item 2), in every game.
          expect(label, 'a seat id on a control').not.toMatch(/\bp[12]\b/);
          const objectId = objects.get(optionId);
          const name = objectId ? drawn.get(objectId) : undefined;
          if (!name || !/[（(]\d+[)）]$/.test(name)) continue;
          expect(label, `option ${optionId} about ${objectId}`).toContain(name);
          if (hand.hand.cards.some((c) => c.card.id === objectId)) handMarks += 1;
          else fieldMarks += 1;
        }
        // No two buttons of one message, or options of one select, read the same.
        for (const group of groups) {
          const texts = group.map((l) => l.label);
          expect(new Set(texts).size, texts.join(' | ')).toBe(texts.length);
        }
        const [r, next] = randomResponse(p, rng, 0.8);
        rng = next;
        s = module.apply(s, seat, r);
      }
      expect(attacksSeen).toBeGreaterThan(0);
      expect(defenderPrompts).toBeGreaterThan(0);
      expect(handMarks + fieldMarks).toBeGreaterThan(0);
    }, 120_000);
  }
  it('met attack lines with a marked copy (so the line-to-board check above had something to compare)', () => {
    expect(markedAttackLines).toBeGreaterThan(0);
  });
});
