/**
 * Removal (§9) as a procedure, for the windows that ask a player: the "would become doomed" γ (§9.2.3.b) may save a
 * doomed character (Ninth-Peak Hermit); the "became doomed" γ of Spell Card One (§9.2.3.d, §10.18.2.a) may put a
 * Spell Card Two card from the sideboard onto the field (Spell Break). Each batch of doomed characters is resolved together (§9.1.5, §9.1.6); before
 * it is discarded, each player whose such γ triggered, the turn player first (§7.1.6.a), picks which to resolve first
 * or declines. Steps of other procedures reach it through `removalsThen`, a γ between two of its clauses too
 * (interference.ts `gammaOrder`, docs/rulings/pmv.md P38), so every removal can ask.
 *
 * The whole order (§9.1.4–9.1.6, docs/rulings/pmv.md P39): the γ of the damage windows d and e (§1.10.12.d–e) first,
 * then the doomed batch, treated as discarded (§9.2.3.e), then every card in the discard state together (§9.3.4:
 * its "was discarded" γ, then the move, attachments with it), then every card in the exclusion state (§9.4.4).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { call, defineProcedure, type StepOut } from '../../core/procedure.ts';
import { moveAttachmentsDecision, saveDecision, spellBreakDecision } from './decisions.ts';
import { type GammaWindow, gammaWindow } from './interference.ts';
import {
  applyDamage,
  attachmentTree,
  breakOptions,
  discardDoomed,
  doomedNow,
  hasGamma,
  orderArrivals,
  removalsPending,
  saveOptions,
} from './rules.ts';
import {
  attachmentsOf,
  currentRef,
  log,
  moveObject,
  objectOf,
  onField,
  type PmvState,
  rawDef,
  setHost,
} from './state.ts';

type RemovalData = {
  /** Characters an effect made doomed (§9.2.2.c: instant death), on top of those the state dooms. */
  also: string[];
  /** §9.2.3.a/c: `window:card` of the doomed windows' γ already resolved for the current batch. */
  doomGamma?: string[];
  /** Players who declined their γ for the current batch. */
  declined: Seat[];
  /** The player asked now. */
  asking: Seat | null;
  /** Players who declined Spell Break for the current batch (§10.18.2.a "may"). */
  declinedBreak?: Seat[];
  /** The Spell Break under way: the doomed Spell Card One character and the card that entered for it. */
  breaking?: { first: string; second: string } | null;
  /**
   * The discard or exclusion batch resolving (§9.1.5): its cards, and those whose "was discarded" or "was excluded"
   * γ is still to come (§9.3.4.d, §9.4.4.d).
   */
  batch?: {
    kind: 'discard' | 'exclude';
    entries: NonNullable<PmvState['removing']>;
    gamma: string[];
    /** The γ of windows a–c still to come, in order (§9.3.4.a–c, §9.4.4.a–c); absent when none fires. */
    early?: { id: string; when: GammaWindow }[];
  } | null;
};

export const removals = defineProcedure<PmvState, RemovalData, null>({
  kind: 'pmv-removals',
  first: 'check',
  steps: {
    check(s, { data }) {
      // §1.10.12.d–e: the damage windows' γ resolve before the doomed check (f).
      for (let g = s.pendingGamma?.shift(); g !== undefined; g = s.pendingGamma?.shift()) {
        if (!onField(s, g.object)) continue; // §7.4.7.d
        const window = gammaWindow(s, g.object.id, g.when, 'check');
        if (window) return window;
      }
      delete s.pendingGamma;
      // §1.10.12.c: damage whose a/b γ have resolved is applied now (its d/e γ come next).
      const damage = s.pendingDamage?.shift();
      if (damage) {
        if (s.pendingDamage?.length === 0) delete s.pendingDamage;
        applyDamage(s, damage);
        return { goto: 'check' };
      }
      const doomed = doomedNow(s, data.also);
      if (doomed.length === 0) {
        delete s.madeDoomed; // §9.2.2.c: one that left or can't be doomed stays no longer marked
        return startBatch(s, data);
      }
      // §9.2.3.a: the γ of the cards whose effect is making this batch doomed (§9.2.6.b: effect damage too).
      const making = doomWindow(s, data, doomed, 'makes-a-character-doomed');
      if (making) return making;
      for (const seat of [s.turn.active, opponentOf(s.turn.active)]) {
        if (data.declined.includes(seat)) continue;
        const pairs = saveOptions(s, seat, doomed);
        if (pairs.length > 0) {
          data.asking = seat;
          return ask(saveDecision, seat, { pairs }, 'answered');
        }
      }
      // §9.2.3.c: the γ of the cards whose effect made it doomed, once the "would become doomed" window is over.
      const made = doomWindow(s, data, doomed, 'has-made-a-character-doomed');
      if (made) return made;
      // §9.2.3.d: "became doomed" γ: Spell Card One (§10.18.2.a), the turn player's first (§7.1.6.a).
      for (const seat of [s.turn.active, opponentOf(s.turn.active)]) {
        if (data.declinedBreak?.includes(seat)) continue;
        const pairs = breakOptions(s, seat, doomed);
        if (pairs.length > 0) {
          data.asking = seat;
          return ask(spellBreakDecision, seat, { pairs }, 'broke');
        }
      }
      discardDoomed(s, doomed);
      delete data.doomGamma;
      data.also = [];
      data.declined = [];
      data.declinedBreak = [];
      return { goto: 'check' };
    },
    broke(s, { data, ret }) {
      const choice = answerOf(spellBreakDecision, ret);
      if (!choice) {
        if (data.asking) data.declinedBreak = [...(data.declinedBreak ?? []), data.asking];
        return { goto: 'check' };
      }
      const { first, second } = choice;
      const owner = objectOf(s, first).owner;
      // §10.18.2.a, §10.18.3: the Spell Card Two card enters its owner's field asleep (revealed as it enters); having
      // entered by Spell Card One's effect, its own β does not exclude it (§10.19.2.a).
      moveObject(s, second, 'field');
      objectOf(s, second).active = false;
      log(s, {
        type: 'spell-break',
        seat: owner,
        card: objectOf(s, second).card,
        object: second,
        targetCard: objectOf(s, first).card,
        target: first,
        rule: '10.18.3',
      });
      data.breaking = { first, second };
      if (attachmentsOf(s, first).length > 0)
        return ask(moveAttachmentsDecision, owner, { from: first, to: second }, 'moved');
      return { goto: 'discard-first' };
    },
    // §9.3.4.a–d, §9.4.4.a–d: the batch's windows; only "was discarded" / "was excluded" γ of the card itself (its
    // own text or lent, §6.1.13) exist in the pool, each card's γ ordered by its player (§7.1.6.a, gammaWindow).
    windows(s, { data }) {
      const b = data.batch;
      if (!b) return { goto: 'check' };
      for (let w = b.early?.shift(); w !== undefined; w = b.early?.shift()) {
        if (!onField(s, currentRef(s, w.id))) continue; // §7.4.7.d
        const window = gammaWindow(s, w.id, w.when, 'windows');
        if (window) return window;
      }
      delete b.early;
      for (let id = b.gamma.shift(); id !== undefined; id = b.gamma.shift()) {
        if (!onField(s, currentRef(s, id))) continue;
        const window = gammaWindow(s, id, b.kind === 'discard' ? 'discarded' : 'excluded', 'windows');
        if (window) return window;
      }
      return { goto: 'leave' };
    },
    // §9.3.4.e–g, §9.4.4.e–l: the cards move together, attachments to the netherworld; each owner orders theirs.
    leave(s, { data }) {
      const b = data.batch;
      data.batch = null;
      if (!b) return { goto: 'check' };
      const ids = b.entries.map((e) => e.id);
      s.leaving = (s.leaving ?? []).filter((id) => !ids.includes(id));
      if (s.leaving.length === 0) delete s.leaving;
      const arriving: string[] = [];
      for (const e of b.entries) {
        const o = objectOf(s, e.id);
        if (o.zone !== 'field') continue; // it left meanwhile (§11.1.2: the move already done stands)
        // §9.3.7: a card being discarded may still be excluded; the exclusion takes it (§9.1.4: discard, then exclude).
        if (b.kind === 'discard' && s.removing?.some((r) => r.id === e.id && r.kind === 'exclude')) continue;
        log(s, { type: e.log, seat: o.owner, card: o.card, object: e.id, rule: e.rule });
        arriving.push(...attachmentTree(s, e.id));
        if (b.kind === 'discard') arriving.push(e.id);
        moveObject(s, e.id, b.kind === 'discard' ? 'netherworld' : 'excluded');
      }
      orderArrivals(s, arriving);
      return { goto: 'check' };
    },
    moved(s, { data, ret }) {
      const b = data.breaking;
      if (b && answerOf(moveAttachmentsDecision, ret)) {
        // §10.18.2.a: every card attached to it moves to the new character (§11.3.11.c: it takes its orientation).
        for (const a of attachmentsOf(s, b.first)) setHost(s, a, b.second);
        log(s, { type: 'attachments-moved', object: b.second, card: objectOf(s, b.second).card, rule: '10.18.2.a' });
      }
      return { goto: 'discard-first' };
    },
    // §10.18.2.a "then discard this character" (§9.3); the batch's own discard of it is then nothing (digest A29).
    'discard-first'(s, { data }) {
      const b = data.breaking;
      data.breaking = null;
      if (!b) return { goto: 'check' };
      const o = objectOf(s, b.first);
      const going = [b.first, ...attachmentTree(s, b.first)];
      log(s, { type: 'doomed', seat: o.owner, card: o.card, object: b.first, rule: '10.18.2.a' });
      moveObject(s, b.first, 'netherworld');
      orderArrivals(s, going); // §9.3.4.g: each owner orders their own (an attached card may be the other's)
      return { goto: 'check' };
    },
    answered(s, { data, ret }) {
      const choice = answerOf(saveDecision, ret);
      if (!choice) {
        if (data.asking) data.declined.push(data.asking);
        return { goto: 'check' };
      }
      const { saver, saved } = choice;
      const owner = objectOf(s, saver).owner;
      // The γ's cost-like clause: this character is discarded (§9.3; its attachments go with it, §9.3.4.e).
      log(s, { type: 'sacrifice', seat: owner, card: objectOf(s, saver).card, object: saver, rule: '9.2.3.b' });
      moveObject(s, saver, 'netherworld');
      // §9.2.5: a character with DEF 0 or less cannot have its doomed state nullified.
      if (rawDef(s, saved) <= 0) {
        log(s, { type: 'not-saved', card: objectOf(s, saved).card, object: saved, rule: '9.2.5' });
        return { goto: 'check' };
      }
      // §9.2.4.a–b: the doomed state ends and the damage is reset.
      const o = objectOf(s, saved);
      o.battleDamage = 0;
      o.effectDamage = 0;
      data.also = data.also.filter((id) => id !== saved);
      const marked = s.madeDoomed?.filter((r) => r.id !== saved) ?? [];
      if (marked.length > 0) s.madeDoomed = marked;
      else delete s.madeDoomed;
      log(s, { type: 'saved', card: o.card, object: saved, rule: '9.2.4' });
      return { goto: 'check' };
    },
  },
});

/**
 * §9.1.4: with no doomed character left, the next batch: every card waiting in the discard state, else every one in
 * the exclusion state (§9.1.5: together). Its cards are `leaving` while their windows resolve (§9.3.7, §9.4.5).
 */
function startBatch(s: PmvState, data: RemovalData): StepOut {
  const waiting = s.removing ?? [];
  const kind = waiting.some((r) => r.kind === 'discard') ? 'discard' : 'exclude';
  const entries = waiting.filter((r) => r.kind === kind && objectOf(s, r.id).zone === 'field');
  const rest = waiting.filter((r) => r.kind !== kind);
  if (rest.length > 0) s.removing = rest;
  else delete s.removing; // the state keeps no empty list
  if (entries.length === 0) return rest.length > 0 ? { goto: 'check' } : { return: null };
  const ids = entries.map((e) => e.id);
  s.leaving = [...(s.leaving ?? []), ...ids];
  const when = kind === 'discard' ? 'discarded' : 'excluded';
  // §7.1.6.a: the turn player's γ first; one player's cards in the order they entered the field.
  const firing = s.field.filter((id) => ids.includes(id) && hasGamma(s, id, when));
  const mine = (id: string) => objectOf(s, id).owner === s.turn.active;
  const byTurnPlayer = (ids: string[]) => [...ids.filter(mine), ...ids.filter((id) => !mine(id))];
  data.batch = { kind, entries, gamma: byTurnPlayer(firing) };
  // §9.3.4.a–c, §9.4.4.a–c: the cards whose effect discards or excludes (a, c, each once) and the cards being
  // removed (b), each window's γ the turn player's first (§7.1.6.a).
  const [doing, being, did] =
    kind === 'discard'
      ? (['discards-a-card', 'being-discarded', 'has-discarded-a-card'] as const)
      : (['excludes-a-card', 'being-excluded', 'has-excluded-a-card'] as const);
  const sources = s.field.filter((id) => entries.some((e) => e.by === id));
  const early = [
    ...byTurnPlayer(sources.filter((id) => hasGamma(s, id, doing))).map((id) => ({ id, when: doing })),
    ...byTurnPlayer(s.field.filter((id) => ids.includes(id) && hasGamma(s, id, being))).map((id) => ({
      id,
      when: being,
    })),
    ...byTurnPlayer(sources.filter((id) => hasGamma(s, id, did))).map((id) => ({ id, when: did })),
  ];
  if (early.length > 0) data.batch.early = early;
  return { goto: 'windows' };
}

/**
 * §9.2.3.a/c: the next card whose effect makes (a) or made (c) a character of this doomed batch doomed (`doomedBy`,
 * §9.2.6.b) with a γ of that window not yet resolved for the batch, the turn player's first (§7.1.6.a): its γ window.
 */
function doomWindow(
  s: PmvState,
  data: RemovalData,
  doomed: readonly string[],
  when: 'makes-a-character-doomed' | 'has-made-a-character-doomed',
): StepOut | null {
  const by = new Set(doomed.flatMap((id) => s.doomedBy?.[id] ?? []));
  const done = data.doomGamma ?? [];
  const firing = s.field.filter((id) => by.has(id) && !done.includes(`${when}:${id}`) && hasGamma(s, id, when));
  const mine = (x: string) => objectOf(s, x).owner === s.turn.active;
  for (const id of [...firing.filter(mine), ...firing.filter((x) => !mine(x))]) {
    data.doomGamma = [...(data.doomGamma ?? []), `${when}:${id}`];
    const window = gammaWindow(s, id, when, 'check');
    if (window) return window;
  }
  return null;
}

/** Settles removals (§9) before going on to `next`, through the procedure when a player may have to be asked. */
export function removalsThen(s: PmvState, next: string, also: readonly string[] = []): StepOut {
  if (!removalsPending(s, also)) return { goto: next };
  return call(removals, { also: [...also], declined: [], asking: null }, next);
}
