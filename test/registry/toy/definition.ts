// "Race to N" as a registered game: everything a game supplies, in its own folder, through public APIs only. The
// registry test hands it to the bot (/duel on the fake Discord), the scenario runner, the fuzzer and the renderer.
// Its rules are the store's toy (test/store/toy-game.ts) under its own id.
import { z } from 'zod';
import { asPick } from '../../../src/engine/core/decision.ts';
import type { DeckList, GameId, Seat } from '../../../src/engine/core/game.ts';
import { type Label, type Locale, label } from '../../../src/engine/core/label.ts';
import { defineGame, definePool, type ScenarioPlan } from '../../../src/engine/definition.ts';
import type { PreconDeck } from '../../../src/engine/precons.ts';
import { NotOffered } from '../../../src/engine/scenario/plan.ts';
import { BASE_STYLE } from '../../../src/render/styles/base.ts';
import type { FaceUpCard, HandModel, TableModel } from '../../../src/render/table-model.ts';
import { type ToyState, type ToyView, toyDeck, toyModule, validateToyDeck } from '../../store/toy-game.ts';

export const TOY_ID: GameId = 'toy-race';
const NAME = label('Race to N', 'レース・トゥ・N');
const module = toyModule(TOY_ID, NAME);

interface ToyCard {
  id: string;
  name: Label;
  value: number;
}
const CARDS = new Map<string, ToyCard>(
  Array.from({ length: 9 }, (_, i) => {
    const value = i + 1;
    return [`n${value}`, { id: `n${value}`, name: label(`Number ${value}`, `数字${value}`), value }];
  }),
);

function precon(id: string, deck: DeckList, name: Label): PreconDeck {
  const counts = new Map<string, number>();
  for (const card of deck.main ?? []) counts.set(card, (counts.get(card) ?? 0) + 1);
  return {
    id,
    name: { en: name.en, ja: name.ja },
    game: TOY_ID,
    sections: { main: [...counts].map(([card, count]) => ({ card, count })) },
  };
}

function cardTile(id: string, locale: Locale): FaceUpCard {
  const card = CARDS.get(id);
  return {
    face: 'up',
    id,
    name: card?.name[locale] ?? id,
    colours: [],
    cost: [],
    typeLine: locale === 'en' ? 'Number' : '数字',
    stats: [{ label: locale === 'en' ? 'Value' : '値', value: card?.value ?? 0 }],
    damage: 0,
    counters: [],
    states: [],
    attachments: [],
  };
}

function table(view: ToyView, locale: Locale, names: Record<Seat, string>): TableModel {
  const side = (seat: Seat) => ({
    seat,
    name: names[seat],
    life: null,
    resources: [{ label: locale === 'en' ? 'Score' : '得点', value: String(view.scores[seat]) }],
    zones: [{ label: locale === 'en' ? 'Hand' : '手札', count: view.handCounts[seat] }],
    areas: [],
  });
  return {
    game: TOY_ID,
    locale,
    viewer: { kind: 'public' },
    turn: Math.floor(view.version / 2) + 1,
    phase: locale === 'en' ? 'Turn' : 'ターン',
    activeSeat: view.active,
    players: { p1: side('p1'), p2: side('p2') },
    stack: { name: locale === 'en' ? 'Stack' : 'スタック', items: [] },
    lastAction: null,
  };
}

function hand(
  view: ToyView,
  seat: Seat,
  locale: Locale,
  names: Record<Seat, string>,
  playable: ReadonlySet<string>,
): HandModel {
  return {
    game: TOY_ID,
    locale,
    seat,
    playerName: names[seat],
    hand: {
      name: locale === 'en' ? 'Hand' : '手札',
      cards: (view.hand ?? []).map((id) => ({ card: cardTile(id, locale), text: '', playable: playable.has(id) })),
    },
    privateZones: [],
  };
}

// The toy's scenario format: decks, plays by card, and the scores, the winner and whose turn it is.
const ToyStepSchema = z.union([
  z.strictObject({ player: z.enum(['p1', 'p2']), do: z.enum(['play', 'cycle']), card: z.string() }),
  z.strictObject({ expect: z.lazy(() => ToyExpectSchema) }),
]);
const ToyExpectSchema = z.strictObject({
  winner: z.enum(['p1', 'p2', 'none']).optional(),
  active: z.enum(['p1', 'p2']).optional(),
  scores: z.strictObject({ p1: z.number().int(), p2: z.number().int() }).optional(),
});
const ToyScenarioSchema = z.strictObject({
  rule: z.string().min(1),
  game: z.literal(TOY_ID),
  seed: z.string().default('scenario'),
  target: z.number().int().min(1).default(40),
  script: z.array(ToyStepSchema).default([]),
  expect: ToyExpectSchema.default({}),
  expectIllegalAt: z.number().int().min(1).optional(),
});
type ToyExpect = z.infer<typeof ToyExpectSchema>;

function checkToy(s: ToyState, e: ToyExpect): string[] {
  const out: string[] = [];
  const winner = s.result?.kind === 'win' ? s.result.winner : 'none';
  if (e.winner !== undefined && e.winner !== winner) out.push(`winner: expected ${e.winner}, got ${winner}`);
  if (e.active !== undefined && e.active !== s.active) out.push(`active: expected ${e.active}, got ${s.active}`);
  const scores = { p1: s.sides.p1.score, p2: s.sides.p2.score };
  if (e.scores && JSON.stringify(e.scores) !== JSON.stringify(scores))
    out.push(`scores: expected ${JSON.stringify(e.scores)}, got ${JSON.stringify(scores)}`);
  return out;
}

function toyPlan(raw: unknown, file: string): ScenarioPlan<ToyState> {
  const parsed = ToyScenarioSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not a valid toy scenario: ${parsed.error.message}`);
  const sc = parsed.data;
  return {
    rule: sc.rule,
    start: module.setup(
      { game: TOY_ID, decks: { p1: toyDeck(), p2: toyDeck(15) }, options: { target: sc.target } },
      sc.seed,
    ),
    steps: sc.script.map((step) =>
      'expect' in step
        ? { kind: 'check' as const, check: (s: ToyState) => checkToy(s, step.expect) }
        : {
            kind: 'apply' as const,
            describe: `${step.player} ${step.do} ${step.card}`,
            apply: (s: ToyState) => {
              const p = asPick(module.pending(s));
              const option = p?.options.find((o) => o.kind === step.do && o.objectId === step.card);
              if (!p || !option) throw new NotOffered(`no "${step.do} ${step.card}" for ${step.player}`);
              return module.apply(s, step.player, { decisionId: p.id, choose: [option.id] });
            },
          },
    ),
    check: (s) => checkToy(s, sc.expect),
    ...(sc.expectIllegalAt !== undefined ? { expectIllegalAt: sc.expectIllegalAt } : {}),
  };
}

export const toyDefinition = defineGame<ToyState, ToyView>({
  id: TOY_ID,
  name: NAME,
  pool: definePool(TOY_ID, CARDS, {
    text: (card) => label(`Scores ${card.value}.`, `${card.value}点を得る。`),
    keywords: () => [],
  }),
  deckRules: validateToyDeck,
  precons: () => [
    precon('toy-race-short', toyDeck(), label('Short run', '短距離')),
    precon('toy-race-long', toyDeck(15), label('Long run', '長距離')),
  ],
  style: { ...BASE_STYLE, accent: '#5fb58a', colours: {}, motif: 'rings' },
  play: {
    module,
    presenter: {
      table: (view, options) => table(view, options.locale, options.names),
      hand: (view, seat, options) => hand(view, seat, options.locale, options.names, options.playableIds),
      log: () => [],
      handNames: (view, _seat, locale) => (view.hand ?? []).map((id) => CARDS.get(id)?.name[locale] ?? id),
    },
    steps: {
      steps: [{ id: 'turn', name: label('Turn', 'ターン') }],
      position: (s) => ({ turn: Math.floor(s.version / 2) + 1, active: s.active, step: 'turn', waiting: 0 }),
    },
    decisionKinds: { play: label('playing or cycling a card', 'カードのプレイかサイクル') },
    fuzzDecks: () => [toyDeck(), toyDeck(15)],
    scenarios: { plan: toyPlan },
  },
});
