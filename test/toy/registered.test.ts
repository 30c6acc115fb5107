// Skirmish registered in a test registry (the registry is the one place games are listed): a game defined in its
// own folder runs through /duel on the fake Discord, the scenario runner, the fuzzer and the renderer, with nothing
// outside test/toy naming it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidData, UnsupportedRule } from '../../src/engine/core/errors.ts';
import type { Seat, Viewer } from '../../src/engine/core/game.ts';
import { identityLeaks } from '../../src/engine/core/hidden.ts';
import { fuzzRegisteredGame } from '../../src/engine/fuzz/run-games.ts';
import { createRegistry, GAMES } from '../../src/engine/registry.ts';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';
import { untracedStrings } from '../../src/render/provenance.ts';
import { renderAny } from '../../src/render/render.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  latestBoard,
  openHand,
  playRandomly,
  refreshed,
  startBotHarness,
  thread,
  usedControls,
  userFor,
} from '../bot/bot-harness.ts';
import { TOY_DECKS } from './cards.ts';
import { skirmishDefinition } from './definition.ts';
import { TOY_GAME_ID, type ToyState } from './state.ts';
import { toySecrets } from './view.ts';

const registry = createRegistry([...GAMES.games, skirmishDefinition]);

/** The definition's play part, typed (the registry erases the state and view types). */
function skirmish() {
  const play = skirmishDefinition.play;
  if (!play) throw new Error('Skirmish has no engine');
  return play;
}
const SCENARIOS = join(import.meta.dirname, 'scenarios');

/** The registry with Force of Will as it was before its engine: a pool and deck rules, no `play`. */
const poolOnlyFow = createRegistry(
  registry.games.map((g) => {
    if (g.id !== 'fow') return g;
    const { play: _engine, ...cardsOnly } = g;
    return cardsOnly;
  }),
);

describe('a registry with Skirmish', () => {
  it('lists it after the default games, and only the registry that holds it knows it', () => {
    expect(registry.ids()).toEqual([...GAMES.ids(), TOY_GAME_ID]);
    expect(registry.playable(TOY_GAME_ID).play.module.id).toBe(TOY_GAME_ID);
    expect(() => GAMES.get(TOY_GAME_ID)).toThrow(InvalidData);
    // Every game starts as a pool without an engine: such a definition is listed but not playable.
    expect(() => poolOnlyFow.playable('fow')).toThrow(UnsupportedRule);
    expect(() => createRegistry([skirmishDefinition, skirmishDefinition])).toThrow(/defined twice/);
    expect(() => createRegistry([{ ...skirmishDefinition, id: 'Toy!' }])).toThrow(/not a valid game id/);
    // One spelling: an engine named differently from its definition is refused.
    expect(() => createRegistry([{ ...skirmishDefinition, name: { en: 'Skirmish', ja: '小競り合い' } }])).toThrow(
      /is named/,
    );
  });

  it('checks decks with its own rules and ships precons that pass them', () => {
    const game = registry.get(TOY_GAME_ID);
    for (const precon of game.precons()) {
      const main = precon.sections.main?.flatMap(({ card, count }) => Array<string>(count).fill(card)) ?? [];
      expect(game.deckRules?.({ main }), precon.id).toEqual([]);
    }
    expect(game.deckRules?.({ main: ['ember'] }).map((p) => p.rule)).toEqual(['TOY 1.1']);
    expect(game.pool.text(game.pool.byId('martyr') ?? { id: '', name: { en: '', ja: '' } }).en).toMatch(/dies/);
  });
});

describe('Skirmish scenarios through the shared runner', () => {
  const files = readdirSync(SCENARIOS).filter((f) => f.endsWith('.yaml'));

  it('has scenario files, and every one passes', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const result = runScenario(loadScenario(readFileSync(join(SCENARIOS, file), 'utf8'), file, registry));
      expect(result.failures, file).toEqual([]);
      expect(result.ok, file).toBe(true);
    }
  });

  it('reports a broken expectation, a refused step that was meant to pass, and an unknown game', () => {
    const text = readFileSync(join(SCENARIOS, 'attack-refused-then-fixed.yaml'), 'utf8');
    const broken = runScenario(loadScenario(text.replace('p2: 6', 'p2: 5'), 'broken', registry));
    expect(broken.ok).toBe(false);
    expect(broken.failures.join('\n')).toMatch(/p2 life: expected 5, got 6/);
    // Without the refusal the first declaration is accepted, so the mid-script expectation of a problem fails.
    const lenient = runScenario(
      loadScenario(
        text.replace('attack: [footman, footman, martyr]', 'attack: [footman, martyr]'),
        'lenient',
        registry,
      ),
    );
    expect(lenient.failures.join('\n')).toMatch(/pending: expected "attackers", got "priority"/);
    expect(() => loadScenario(text, 'default')).toThrow(/unknown game "toy-skirmish" \(known: nova/);
    expect(() => loadScenario(`${text}\nbogus: 1\n`, 'bad', registry)).toThrow(/not a valid Skirmish scenario/);
  });
});

describe('the fuzzer over Skirmish', () => {
  it('plays 200 games with its own decks, views checked for hidden ids and identities; all finish', () => {
    const run = fuzzRegisteredGame(registry, TOY_GAME_ID, 200, 'registered', {
      checkViews: true,
      maxDecisions: 3000,
      activity: 0.7,
    });
    expect(run.failed).toBeNull();
    expect(run.games).toBe(200);
    expect(run.finished).toBe(200);
    const fow = poolOnlyFow.get('fow');
    expect(() =>
      fuzzRegisteredGame(poolOnlyFow, 'fow', 1, 's', { checkViews: false, maxDecisions: 1, activity: 0 }),
    ).toThrow(new RegExp(`${fow.name.en} has no engine yet`));
  }, 120_000);
});

/** A fresh game where p1 has a Footman and a Snare set face down, and Rally Horn in hand. */
function boardWithSnare(): ToyState {
  const { module } = skirmish();
  let s = module.setup(
    {
      game: TOY_GAME_ID,
      decks: { p1: { main: TOY_DECKS.aggro }, p2: { main: TOY_DECKS.guard } },
      options: { startingBoard: { p1: ['footman'] } },
    },
    'render',
  );
  // Set a Snare from hand through the engine (TOY 2.4), drawing it first if the opening hand has none.
  const snare = [...s.sides.p1.hand, ...s.sides.p1.deck].find((id) => s.objects[id]?.card === 'snare');
  if (!snare) throw new Error('no snare');
  if (!s.sides.p1.hand.includes(snare)) {
    s.sides.p1.deck.splice(s.sides.p1.deck.indexOf(snare), 1);
    s.sides.p1.hand.push(snare);
    const o = s.objects[snare];
    if (o) o.zone = 'hand';
  }
  const p = module.pending(s);
  if (!p) throw new Error('nothing pending');
  s = module.apply(s, 'p1', { decisionId: p.id, choose: [`set:${snare}`] });
  expect(s.objects[snare]).toMatchObject({ zone: 'board', faceDown: true });
  return s;
}

describe('the renderer draws Skirmish from its definition', () => {
  const names = { p1: 'Aoi', p2: 'Ren' };
  const viewers: [string, Viewer][] = [
    ['p2', { kind: 'player', seat: 'p2' }],
    ['a spectator', { kind: 'spectator' }],
  ];

  it('draws the face-down Snare as a card back for the opponent and a spectator, and no hidden name', async () => {
    const { module, presenter } = skirmish();
    const s = boardWithSnare();
    const snare = s.sides.p1.board.find((id) => s.objects[id]?.card === 'snare') as string;
    for (const [who, viewer] of viewers) {
      const model = presenter.table(module.view(s, viewer), { locale: 'en', names });
      const cards = model.players.p1.areas[0]?.cards ?? [];
      expect(
        cards.find((c) => c.id === snare),
        who,
      ).toEqual({ face: 'down', id: snare, states: [], attachments: [] });
      expect(
        cards.some((c) => c.face === 'up' && c.name === 'Footman'),
        who,
      ).toBe(true);
      const drawn = await renderAny('board', model, registry.styleOf);
      expect(drawn.png.subarray(1, 4).toString()).toBe('PNG');
      expect(drawn.drawnText).toEqual(expect.arrayContaining(['Aoi', 'Ren', 'Footman']));
      // Nothing this viewer may not know is drawn or in the model: the Snare, p1's hand, both decks.
      const secrets = toySecrets(s, viewer);
      expect(secrets.hidden.some((h) => h.objectId === snare)).toBe(true);
      expect(identityLeaks(drawn.drawnText, secrets), who).toEqual([]);
      expect(identityLeaks(model, secrets), who).toEqual([]);
      expect(drawn.drawnText.join(' ')).not.toContain('Snare');
      // Every drawn string comes from the model or the game's own style.
      expect(untracedStrings(drawn.drawnText, [model, registry.styleOf(TOY_GAME_ID)], null), who).toEqual([]);
    }
    // Its owner sees what they set.
    const own = presenter.table(module.view(s, { kind: 'player', seat: 'p1' }), { locale: 'en', names });
    expect(own.players.p1.areas[0]?.cards.find((c) => c.id === snare)).toMatchObject({
      face: 'up',
      name: 'Snare',
      typeLine: 'Trap · set face down',
    });
  });

  it("draws a player's hand with its card texts, and nobody else's", async () => {
    const { module, presenter } = skirmish();
    const s = boardWithSnare();
    const hand = presenter.hand(module.view(s, { kind: 'player', seat: 'p1' }), 'p1', {
      locale: 'ja',
      names,
      playableIds: new Set(s.sides.p1.hand),
    });
    expect(hand.hand.cards.length).toBe(s.sides.p1.hand.length);
    const drawn = await renderAny('hand', hand, registry.styleOf);
    const first = s.objects[s.sides.p1.hand[0] as string]?.card as string;
    expect(drawn.drawnText.join(' ')).toContain(skirmishDefinition.pool.byId(first)?.name.ja);
    // p2's view has no hand of p1's to draw.
    expect(module.view(s, { kind: 'player', seat: 'p2' }).sides.p1.hand).toBeUndefined();
    // The default renderer has no style for a game it does not know.
    await expect(
      renderAny('board', presenter.table(module.view(s, { kind: 'spectator' }), { locale: 'en', names })),
    ).rejects.toThrow(/unknown game "toy-skirmish"/);
  });
});

describe('/duel with Skirmish on the fake Discord', () => {
  let h: BotHarness;
  const rendered: string[] = [];
  beforeAll(async () => {
    h = await startBotHarness({
      games: registry,
      // Both players start with two Footmen and a Martyr on the board (5 power: more than TOY 2.3 allows at once).
      matchOptions: { startingBoard: { p1: ['footman', 'footman', 'martyr'], p2: ['footman', 'footman', 'martyr'] } },
      images: async (kind, model) => {
        const r = await renderAny(kind, model, registry.styleOf);
        rendered.push(kind);
        return r.png;
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const state = (matchId: string) => h.bot.store.matches.currentState(matchId) as ToyState;

  /** The seat asked now answers with the control `prefix` (pass: `a:<match>:<version>:pass`). */
  async function pass(matchId: string): Promise<void> {
    const { state: s, pendingSeat } = current(h, matchId);
    if (!pendingSeat) throw new Error('nothing pending');
    const user = userFor(h, pendingSeat);
    const hand = await openHand(h, user, matchId);
    await user.click(hand, `a:${matchId}:${s.version}:pass`);
    await h.bot.idle();
  }

  it('offers Skirmish in /duel; a declaration refused as a whole is fixed through the controls; plays to the end', async () => {
    const matchId = await challengeAndAccept(h, TOY_GAME_ID);
    const first = latestBoard(h, h.carol, matchId);
    expect(first.embeds[0]?.title).toContain('Skirmish');
    // The decision kind is named by the definition, not shown raw.
    expect(first.embeds[0]?.description).toContain('priority');
    await pass(matchId);
    await pass(matchId);
    const active: Seat = state(matchId).turn.active;
    expect(current(h, matchId).pendingSeat).toBe(active);
    const attacker = userFor(h, active);
    let hand = await openHand(h, attacker, matchId);
    const v = state(matchId).version;
    const board = state(matchId).sides[active].board;
    expect(hand.selects.map((x) => x.customId)).toEqual(board.map((_, i) => `l:${matchId}:${v}:${i}`));
    // All three attack: 5 power, refused as a whole (TOY 2.3); the draft comes back with the problem named.
    for (const i of [0, 1, 2]) {
      await attacker.select(hand, `l:${matchId}:${v}:${i}`, ['attack']);
      await h.bot.idle();
      hand = refreshed(attacker, hand);
    }
    await attacker.click(hand, `f:${matchId}:${v}`);
    await h.bot.idle();
    hand = refreshed(attacker, hand);
    expect(state(matchId).version).toBe(v + 1);
    // Worded by the definition's problemWords, with the rule.
    expect(hand.content).toContain('Not allowed (TOY 2.3): the attackers have more than 4 power in total.');
    const defender: Seat = active === 'p1' ? 'p2' : 'p1';
    expect(state(matchId).sides[defender].life).toBe(10);
    // Reset and Back are offered; the Martyr (slot 2) is taken out and the rest sent: 4 damage.
    expect(hand.buttons.map((b) => b.customId)).toEqual(
      expect.arrayContaining([`r:${matchId}:${v + 1}`, `b:${matchId}:${v + 1}`]),
    );
    await attacker.select(hand, `l:${matchId}:${v + 1}:2`, []);
    await h.bot.idle();
    hand = refreshed(attacker, hand);
    await attacker.click(hand, `f:${matchId}:${v + 1}`);
    await h.bot.idle();
    expect(state(matchId).sides[defender].life).toBe(6);
    expect(current(h, matchId).pendingSeat).toBe(active);

    const declaredBefore = usedControls.get('f') ?? 0;
    const decisions = await playRandomly(h, matchId, { seed: 11, stop: (_turn, n) => n >= 600, activity: 80 });
    // Random play sent declarations through the selects and Done too.
    expect(usedControls.get('f') ?? 0).toBeGreaterThan(declaredBefore);
    expect(decisions).toBeGreaterThan(5);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(h.carol.read(thread(h, matchId))).toMatch(/Result: /);
    expect(rendered).toContain('board');
    expect(rendered).toContain('hand');
  }, 120_000);
});
