import { InvalidData } from '../../core/errors.ts';
import type { DeckList, DeckProblem, MatchSetup } from '../../core/game.ts';
import { emptyStack, pushFrame } from '../../core/procedure.ts';
import { nextInt, seedRng, shuffle } from '../../core/rng.ts';
import { NOVA_CARDS, novaCard, registerCustomCards } from './cards/pool.ts';
import { emptyStock } from './energy.ts';
import type { NovaState, PlayerState, Zone } from './state.ts';
import { novaGame } from './turn-procedure.ts';
import { newObject } from './zones.ts';

/**
 * NOVA 006: main deck 40–60 servants/spells/magic items, ≤4 per name; character deck 0–10 characters, ≤3 per name.
 * NOVA 007.1 (docs/rulings A4): an optional side deck of at most 15 known cards, kept for the match between games and
 * never part of a game (setup ignores it).
 */
export function validateNovaDeck(deck: DeckList): DeckProblem[] {
  const problems: DeckProblem[] = [];
  for (const section of Object.keys(deck)) {
    if (section !== 'main' && section !== 'character' && section !== 'side') {
      problems.push({
        section,
        rule: '006',
        message: {
          en: `Unknown deck section "${section}" (use main, character and side).`,
          ja: `不明なデッキ区分「${section}」です。`,
        },
      });
    }
  }
  const side = deck.side ?? [];
  if (side.length > 15) {
    problems.push({
      section: 'side',
      rule: '007.1',
      message: {
        en: `The side deck has ${side.length} cards; at most 15.`,
        ja: `サイドデッキは${side.length}枚です（15枚まで）。`,
      },
    });
  }
  for (const id of new Set(side)) {
    if (!NOVA_CARDS.get(id) && !(id.startsWith('test-') && safeCard(id))) {
      problems.push({
        section: 'side',
        card: id,
        rule: '007.1',
        message: { en: `Unknown card "${id}".`, ja: `不明なカード「${id}」です。` },
      });
    }
  }
  const main = deck.main ?? [];
  const chars = deck.character ?? [];
  if (main.length < 40 || main.length > 60) {
    problems.push({
      section: 'main',
      rule: '006.1.1',
      message: {
        en: `The main deck has ${main.length} cards; it needs 40 to 60.`,
        ja: `メインデッキは${main.length}枚です（40〜60枚）。`,
      },
    });
  }
  if (chars.length > 10) {
    problems.push({
      section: 'character',
      rule: '006.1.3',
      message: {
        en: `The character deck has ${chars.length} cards; at most 10.`,
        ja: `キャラデッキは${chars.length}枚です（10枚まで）。`,
      },
    });
  }
  const check = (section: 'main' | 'character', ids: string[], limit: number, rule: string) => {
    const counts = new Map<string, number>();
    for (const id of ids) {
      const card = NOVA_CARDS.get(id) ?? (id.startsWith('test-') ? safeCard(id) : undefined);
      if (!card) {
        problems.push({
          section,
          card: id,
          rule: '006',
          message: { en: `Unknown card "${id}".`, ja: `不明なカード「${id}」です。` },
        });
        continue;
      }
      const fits = section === 'character' ? card.type === 'character' : card.type !== 'character';
      if (!fits) {
        const where =
          section === 'character'
            ? 'Only characters go in the character deck.'
            : 'Characters go in the character deck, not the main deck.';
        problems.push({
          section,
          card: id,
          rule: section === 'character' ? '006.1.3' : '006.1.1',
          message: { en: `${card.name.en}: ${where}`, ja: `${card.name.ja}：このデッキには入れられません。` },
        });
      }
      counts.set(card.name.en, (counts.get(card.name.en) ?? 0) + 1);
    }
    for (const [name, n] of counts) {
      if (n > limit)
        problems.push({
          section,
          card: name,
          rule,
          message: {
            en: `${n} copies of ${name}; at most ${limit}.`,
            ja: `${name}が${n}枚あります（${limit}枚まで）。`,
          },
        });
    }
  };
  check('main', main, 4, '006.1.2');
  check('character', chars, 3, '006.1.4');
  return problems;
}

function emptyZones(): Record<Zone, string[]> {
  return { deck: [], charDeck: [], hand: [], field: [], energy: [], graveyard: [], exclusion: [], retired: [] };
}

function newPlayer(life: number): PlayerState {
  return {
    life,
    limitLevel: 1,
    released1500: false,
    released1000: false,
    stock: emptyStock(),
    energySetThisTurn: false,
    charactersPlayedThisTurn: 0,
    failedDraw: false,
    zones: emptyZones(),
  };
}

/** NOVA 007: shuffle (007.2), decks in place (007.3), 2000 life (007.4), a random player picks first or second (007.5). */
export function createNovaGame(setup: MatchSetup, seed: string): NovaState {
  const custom = setup.options?.customCards;
  if (Array.isArray(custom)) registerCustomCards(custom);
  for (const seat of ['p1', 'p2'] as const) {
    const problems = validateNovaDeck(setup.decks[seat]);
    if (problems.length > 0)
      throw new InvalidData(`${seat}'s deck is not legal: ${problems.map((p) => p.message.en).join(' ')}`);
  }
  const startingLife = typeof setup.options?.startingLife === 'number' ? setup.options.startingLife : 2000;
  const s = blankNovaState(seed, startingLife);
  // Matches recorded before rules version 3 replay their payments as the plans they chose (index.ts migrations).
  if (setup.options?.paymentRules === 'plans') s.paymentRules = 'plans';
  // Matches recorded before rules version 5 use energy abilities only while paying (ruling R37 old, index.ts).
  if (setup.options?.energyAbilities === 'in-payment') s.energyAbilities = 'in-payment';
  for (const seat of ['p1', 'p2'] as const) {
    // Shuffle card ids first, then create objects, so object ids say nothing about deck order.
    const [order, rng] = shuffle(setup.decks[seat].main ?? [], s.rng);
    s.rng = rng;
    for (const card of order) s.players[seat].zones.deck.push(newObject(s, card, seat, 'deck').id);
    for (const card of setup.decks[seat].character ?? [])
      s.players[seat].zones.charDeck.push(newObject(s, card, seat, 'charDeck').id);
  }
  const [coin, rng] = nextInt(s.rng, 2);
  s.rng = rng;
  pushFrame(s, novaGame, { start: 'setup', first: coin === 0 ? 'p1' : 'p2' }); // NOVA 007.5
  return s;
}

/** A state with empty zones, before any card is placed: the start of setup, or of a scenario's position. */
export function blankNovaState(seed: string, startingLife: number): NovaState {
  return {
    game: 'nova',
    version: 0,
    result: null,
    rng: seedRng(seed),
    nextId: 0,
    timestamp: 0,
    objects: {},
    players: { p1: newPlayer(startingLife), p2: newPlayer(startingLife) },
    waiting: [],
    pendingTriggers: [],
    effects: [],
    activationLocks: [],
    setup: { stage: 'first-player', firstPlayer: null, mulligans: {} },
    turn: { number: 0, active: 'p1', phase: 'standby', op: 0, attackDeclaredThisTurn: false, startingPlayer: null },
    priority: null,
    combat: null,
    procedures: emptyStack(),
    endPhaseTriggered: false,
    log: [],
  };
}

function safeCard(id: string) {
  try {
    return novaCard(id);
  } catch {
    return undefined;
  }
}
