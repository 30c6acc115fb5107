import type { GameResult, Seat } from '../../core/game.ts';
import type { Color } from './cards/schema.ts';
import type { NovaLogEntry, NovaState, PhaseGroup, SkippablePhase, SkippableStep, TargetRef } from './state.ts';
import { simulating } from './working-copy.ts';

/**
 * What a play targeted, as it was when it was logged: a player, a card (with its controller then), or an item in
 * the waiting area (a card or an ability). `card` is null when the object had already gone.
 */
export type LoggedTarget =
  | { kind: 'player'; seat: Seat }
  | { kind: 'card'; card: string | null; controller: Seat | null }
  | { kind: 'item'; card: string | null; ability: boolean };

/**
 * One thing that happened, as data: seats, card ids, numbers and rule numbers, never words. log-text.ts renders
 * each kind in English and Japanese when a view is made, so a change of wording changes no state.
 */
export type NovaLogEvent =
  | { k: 'order-chosen'; seat: Seat; goesFirst: boolean; firstPlayer: Seat }
  | { k: 'mulligan'; seat: Seat; mulligan: boolean }
  | { k: 'first-turn-moved'; seat: Seat; rule: '007.6.1.2' }
  | { k: 'turn'; number: number; seat: Seat }
  | { k: 'phase-skipped'; phase: PhaseGroup }
  | { k: 'turn-skipped'; seat: Seat }
  /** NOVA 925.1: a skipped step does not exist (R104). */
  | { k: 'step-skipped'; step: SkippableStep }
  | { k: 'drew'; seat: Seat; count: number }
  /** NOVA 802.1.3.1.3: a draw replaced by this card's optional replacement (the milled cards follow). */
  | { k: 'draw-replaced'; seat: Seat; card: string }
  /** NOVA 802.1.3.2: `target`'s destruction replaced by `card`'s ability (what happens instead follows). */
  | { k: 'destruction-replaced'; card: string; target: string }
  | { k: 'move-replaced'; card: string; to: 'graveyard' | 'exclusion' }
  /** NOVA 802.1.3.2: damage to `target` (a card, or `seat` when null) replaced by `card`'s optional replacement. */
  | { k: 'damage-replaced'; card: string; seat: Seat; target: string | null; amount: number }
  /** Private to the drawer. */
  | { k: 'drew-card'; card: string }
  | { k: 'set-energy'; seat: Seat; card: string }
  | { k: 'energy-left'; seat: Seat; stock: [Color, number][] }
  /** NOVA 801.6.3.2, 310.4: an energy ability activated with priority put this energy in the stock. */
  | { k: 'energy-ability'; seat: Seat; card: string; stock: [Color, number][] }
  | { k: 'discarded'; seat: Seat; card: string; asCost: boolean }
  | { k: 'played'; seat: Seat; card: string; ability: boolean; targets: LoggedTarget[] }
  | { k: 'trigger-removed'; card: string }
  | { k: 'fizzled'; card: string }
  | { k: 'condition-unmet'; card: string }
  | { k: 'entered'; card: string; seat: Seat }
  | { k: 'attached'; card: string; to: string }
  | { k: 'equip-failed'; card: string }
  | { k: 'returned'; card: string; seat: Seat }
  | { k: 'destroyed'; card: string }
  | { k: 'destruction-negated'; card: string }
  | { k: 'negated'; card: string }
  | { k: 'control'; seat: Seat; card: string }
  | { k: 'no-attack'; seat: Seat }
  | { k: 'attack'; card: string; target: LoggedTarget }
  | { k: 'block'; card: string }
  | { k: 'no-block' }
  | { k: 'battle'; card: string; other: string }
  | { k: 'no-battle'; card: string }
  | { k: 'reduced'; card: string; amount: number; nothingLeft: boolean }
  | { k: 'damage'; source: string; to: LoggedTarget; amount: number; battle: boolean }
  | { k: 'life-gained'; seat: Seat; amount: number }
  | { k: 'life-lost'; seat: Seat; amount: number }
  | { k: 'sent-to-graveyard'; seat: Seat; card: string }
  /** NOVA 908: the top cards of a main deck put into the graveyard (public once there). */
  | { k: 'milled'; seat: Seat; cards: string[] }
  /** NOVA 919.4: counters moved from one card to another. */
  | { k: 'counters-moved'; from: string; to: string; counter: string; count: number }
  /** NOVA 004.7: a number chosen on resolution. */
  | { k: 'number-chosen'; seat: Seat; card: string; n: number }
  | { k: 'excluded'; card: string; retired: boolean }
  | { k: 'doubled'; card: string; stat: 'atk' | 'hp'; by: number }
  | { k: 'will-skip-turn'; seat: Seat }
  | { k: 'will-skip-draw'; seat: Seat }
  /** NOVA 401.3: that player's next phase of this kind will be skipped. */
  | { k: 'will-skip-phase'; seat: Seat; phase: SkippablePhase }
  /** NOVA 401.3: that player's next step of this kind will be skipped (R104). */
  | { k: 'will-skip-step'; seat: Seat; step: SkippableStep }
  | { k: 'no-attack-phase-to-skip'; card: string }
  | { k: 'attack-phase-skipped' }
  | { k: 'attack-phase-added' }
  /** NOVA 401.2: a main or draw phase added after this main phase (R122). */
  | { k: 'phase-added'; phase: 'main' | 'draw' | 'standby' | 'end' }
  | { k: 'looked'; seat: Seat; count: number }
  /** NOVA 910: the top card of a main deck revealed to every player; `taken` into the hand (905.6). */
  | { k: 'revealed'; seat: Seat; card: string; taken: boolean }
  /** NOVA 920: a main deck shuffled by an instruction. */
  | { k: 'shuffled'; seat: Seat }
  /** Private to the looker: the cards, top first. */
  | { k: 'looked-cards'; cards: string[] }
  | { k: 'put-back'; seat: Seat }
  /** Private to the deck's owner: the new top of the deck, first to last. */
  | { k: 'deck-top'; cards: string[] }
  | { k: 'game-over'; result: GameResult };

/** A target as the log keeps it: what it was when logged, since the object may be gone when the line is shown. */
export function loggedTarget(s: NovaState, t: TargetRef): LoggedTarget {
  if (t.kind === 'player') return { kind: 'player', seat: t.seat };
  if (t.kind === 'object') {
    const o = s.objects[t.id];
    return { kind: 'card', card: o?.card ?? null, controller: o?.controller ?? null };
  }
  const item = s.waiting.find((w) => w.id === t.id);
  return { kind: 'item', card: item?.card ?? null, ability: item?.kind !== 'card' };
}

/**
 * The state keeps the latest entries for boards, trimmed at the start of each decision (working-copy.ts), so every
 * state still holds every entry its own decision wrote: replaying a match collects the whole log (core/replay.ts).
 */
export const LOG_KEPT = 60;

/**
 * Entries are never changed once written and consecutive states share them (working-copy.ts), so they are frozen,
 * with their event, so a stray write fails loudly. (The event's own lists are not: freezing them as well made
 * decisions measurably slower, and every caller builds its event fresh.)
 */
function entry(seq: number, event: NovaLogEvent, visibleTo?: Seat[]): NovaLogEntry {
  const e: NovaLogEntry = { seq, event: Object.freeze(event) };
  if (visibleTo) e.visibleTo = Object.freeze([...visibleTo]) as Seat[];
  return Object.freeze(e);
}

/** The next entry's number: entries are numbered 1, 2, ... for the whole match, and the latest is always kept. */
function nextSeq(s: NovaState): number {
  return (s.log[s.log.length - 1]?.seq ?? 0) + 1;
}

export function logPublic(s: NovaState, event: NovaLogEvent): void {
  if (simulating(s)) return; // search reads no log (core/search.ts simulate)
  s.log.push(entry(nextSeq(s), event));
}

/** An entry only some seats may read (a drawn card goes to its owner only). */
export function logPrivate(s: NovaState, seats: Seat[], event: NovaLogEvent): void {
  if (simulating(s)) return;
  s.log.push(entry(nextSeq(s), event, seats));
}
