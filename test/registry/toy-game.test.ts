// The registry is the one place games are listed: a game defined in its own folder (test/registry/toy) and put in
// a test registry runs through /duel on the fake Discord, the scenario runner, the fuzzer and the renderer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidData, UnsupportedRule } from '../../src/engine/core/errors.ts';
import { fuzzRegisteredGame } from '../../src/engine/fuzz/run-games.ts';
import { createRegistry, GAMES } from '../../src/engine/registry.ts';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';
import { untracedStrings } from '../../src/render/provenance.ts';
import { renderAny } from '../../src/render/render.ts';
import {
  type BotHarness,
  challengeAndAccept,
  latestBoard,
  playRandomly,
  startBotHarness,
  thread,
} from '../bot/bot-harness.ts';
import { TOY_ID, toyDefinition } from './toy/definition.ts';

const registry = createRegistry([...GAMES.games, toyDefinition]);

describe('a registry with a toy game', () => {
  it('lists it after the default games, and only the registry that holds it knows it', () => {
    expect(registry.ids()).toEqual([...GAMES.ids(), TOY_ID]);
    expect(registry.playable(TOY_ID).play.module.id).toBe(TOY_ID);
    expect(() => GAMES.get(TOY_ID)).toThrow(InvalidData);
    expect(() => registry.playable('mtg')).toThrow(UnsupportedRule);
    expect(() => createRegistry([toyDefinition, toyDefinition])).toThrow(/defined twice/);
    expect(() => createRegistry([{ ...toyDefinition, id: 'Toy!' }])).toThrow(/not a valid game id/);
    // One spelling: an engine named differently from its definition is refused.
    expect(() => createRegistry([{ ...toyDefinition, name: { en: 'Race', ja: 'レース' } }])).toThrow(/is named/);
  });

  it('runs its scenarios through the shared runner, and reports a broken expectation', () => {
    // The toy's first player and hands come from the seed: here p2 starts holding n7, n5, n5 (checked by the first
    // expectation), and the seeded bonus die after the play is 1 (toy 3.1: value plus bonus).
    const scenario = (scores: string) => `
rule: toy 3.1 — a played card scores its value plus a bonus die
game: ${TOY_ID}
seed: registry-scenario
script:
  - { expect: { active: p2, scores: { p1: 0, p2: 0 } } }
  - { player: p2, do: play, card: n7 }
expect: { active: p1, scores: ${scores}, winner: none }
`;
    const ok = runScenario(loadScenario(scenario('{ p1: 0, p2: 8 }'), 'ok', registry));
    expect(ok.failures).toEqual([]);
    const broken = runScenario(loadScenario(scenario('{ p1: 0, p2: 99 }'), 'broken', registry));
    expect(broken.ok).toBe(false);
    expect(broken.failures.join('\n')).toMatch(/scores: expected .*"p2":99/);
    // The default registry does not know the toy, and says which games it knows.
    expect(() => loadScenario(scenario('{ p1: 0, p2: 8 }'), 'default')).toThrow(
      /unknown game "toy-race" \(known: nova/,
    );
  });

  it('is fuzzed with its own decks, and a game without an engine is refused by name', () => {
    const run = fuzzRegisteredGame(registry, TOY_ID, 6, 'registry', {
      checkViews: true,
      maxDecisions: 500,
      activity: 0.7,
    });
    expect(run.failed).toBeNull();
    expect(run.games).toBe(6);
    expect(run.finished).toBe(6);
    expect(() =>
      fuzzRegisteredGame(registry, 'mtg', 1, 's', { checkViews: false, maxDecisions: 1, activity: 0 }),
    ).toThrow(/Magic: The Gathering has no engine yet/);
  });

  it('renders its board and hand with its own style, drawing only what the model holds', async () => {
    const { module, presenter } = registry.playable(TOY_ID).play;
    const state = module.setup(
      { game: TOY_ID, decks: { p1: { main: Array(8).fill('n5') }, p2: { main: Array(8).fill('n2') } } },
      'render',
    );
    const names = { p1: 'Aoi', p2: 'Ren' };
    const board = presenter.table(module.view(state, { kind: 'spectator' }), { locale: 'en', names });
    const drawn = await renderAny('board', board, registry.styleOf);
    expect(drawn.png.subarray(1, 4).toString()).toBe('PNG');
    expect(drawn.drawnText).toEqual(expect.arrayContaining(['Aoi', 'Ren']));
    // Every drawn string comes from the model or the toy's own style (its title, its words).
    expect(untracedStrings(drawn.drawnText, [board, registry.styleOf(TOY_ID)], null)).toEqual([]);
    const handModel = presenter.hand(module.view(state, { kind: 'player', seat: 'p1' }), 'p1', {
      locale: 'ja',
      names,
      playableIds: new Set(['n5']),
    });
    const hand = await renderAny('hand', handModel, registry.styleOf);
    expect(hand.drawnText.join(' ')).toContain('数字5');
    // p2's cards are in no model p1 or a spectator sees.
    expect(JSON.stringify(board)).not.toContain('n2');
    // The default renderer has no style for a game it does not know.
    await expect(renderAny('board', board)).rejects.toThrow(/unknown game "toy-race"/);
  });
});

describe('/duel with the toy game on the fake Discord', () => {
  let h: BotHarness;
  const rendered: string[] = [];
  beforeAll(async () => {
    h = await startBotHarness({
      games: registry,
      matchOptions: { target: 25 },
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

  it('offers the toy in /duel, plays a match to its end through the controls and posts its boards', async () => {
    const matchId = await challengeAndAccept(h, TOY_ID);
    const first = latestBoard(h, h.carol, matchId);
    expect(first.embeds[0]?.title).toContain('Race to N');
    // The decision kind is named by the toy's definition, not shown raw.
    expect(first.embeds[0]?.description).toContain('playing or cycling a card');
    const decisions = await playRandomly(h, matchId, { seed: 7, stop: (_turn, n) => n >= 200, activity: 80 });
    expect(decisions).toBeGreaterThan(3);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(h.carol.read(thread(h, matchId))).toMatch(/Result: (alice|bob) wins/);
    expect(rendered).toContain('board');
    expect(rendered).toContain('hand');
  }, 60_000);
});
