/**
 * `code` clauses that ask a player something while they resolve (§7.1.9: the clause is applied, with its choices,
 * before the next one). Each is a procedure the resolving entry calls (interference.ts, the `clause` step); it
 * returns the rule that made it fail (§7.1.12.a: the rest of the effect is skipped), or null when it was applied.
 * Clauses that never ask are plain functions in rules.ts (`CODE_HANDLERS`).
 */
import { type AskableKind, answerOf, ask } from '../../core/decision-kinds.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import type { Json } from '../../core/json.ts';
import { call, defineProcedure, type StepOut } from '../../core/procedure.ts';
import {
  asUsedDecision,
  changeTargetDecision,
  declareNameDecision,
  declareRaceDecision,
  extractDecision,
  groupDecision,
  lookTopDecision,
  modeDecision,
  splitDecision,
  targetDecision,
} from './decisions.ts';
import {
  cardAims,
  type EffectContext,
  effectsOf,
  entryBeingPlayed,
  isLegalTarget,
  modesOf,
  retargetChoices,
  targetChoices,
  targetIndexOf,
} from './rules.ts';
import {
  cardOf,
  cardOfObject,
  currentInterference,
  currentRef,
  type DeclaredRace,
  type Entry,
  log,
  moveObject,
  objectOf,
  originalTextNullified,
  type PmvState,
  type TargetRef,
} from './state.ts';

/** What a code procedure returns: the rule it failed by, or null. */
export type CodeOutcome = { failed: string | null };

const done = (): { return: CodeOutcome } => ({ return: { failed: null } });
const failed = (rule: string): { return: CodeOutcome } => ({ return: { failed: rule } });

/** Reads a code procedure's outcome from the frame's return value. */
export function codeOutcome(ret: Json | undefined): CodeOutcome {
  if (ret && typeof ret === 'object' && !Array.isArray(ret) && 'failed' in ret) {
    const f = ret.failed;
    return { failed: typeof f === 'string' ? f : null };
  }
  return { failed: null };
}

/** Forgets, for one seat only, the cards it looked at (§11.7.3: they are hidden again once the look ends). */
function unlearn(s: PmvState, seat: Seat, ids: readonly string[]): void {
  const left = (s.known[seat] ?? []).filter((id) => !ids.includes(id));
  s.known = { ...s.known, [seat]: left };
}

// ---------------------------------------------------------------------------------------------------------------
// Ilse's Reading Glass: "look at the top card of your deck; you may discard it"

type LookData = { seat: Seat; top: string };

export const lookTopMayDiscard = defineProcedure<PmvState, LookData, CodeOutcome>({
  kind: 'pmv-code-look-top',
  first: 'look',
  steps: {
    look(s, { data }) {
      const top = s.players[data.seat].deck[0];
      if (top === undefined) return failed('7.1.12.a'); // nothing to look at
      data.top = top;
      // §11.7.1: only this player sees it; it stays in the deck (§11.7.2). They remember it while it stays on top
      // (docs/rulings/pmv.md P24).
      s.known = learn(s.known, data.seat, [top]);
      log(s, { type: 'look-top', seat: data.seat, card: objectOf(s, top).card, privateTo: data.seat, rule: '11.7' });
      return ask(lookTopDecision, data.seat, { id: top }, 'answered');
    },
    answered(s, { data, ret }) {
      if (!answerOf(lookTopDecision, ret)) {
        log(s, { type: 'keep-top', seat: data.seat });
        return done();
      }
      const card = objectOf(s, data.top).card;
      moveObject(s, data.top, 'netherworld'); // §9.3: discarded from the deck (public once in the netherworld)
      log(s, { type: 'discard', seat: data.seat, card, object: data.top, rule: '9.3' });
      return done();
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Fortune Split: look at the whole deck, extract and reveal 4, an opponent splits them in two, you take one group

type SplitData = { seat: Seat; picked: string[]; first: string[] };

export const fortuneSplit = defineProcedure<PmvState, SplitData, CodeOutcome>({
  kind: 'pmv-code-fortune-split',
  first: 'look',
  steps: {
    look(s, { data }) {
      const deck = s.players[data.seat].deck;
      if (deck.length === 0) return failed('7.1.12.a');
      // §11.7.1: the player looks at every card of their deck; §11.4: 4 of them are extracted (fewer if the deck
      // holds fewer, docs/rulings/pmv.md P25).
      s.known = learn(s.known, data.seat, deck);
      return ask(extractDecision, data.seat, { count: Math.min(4, deck.length) }, 'extracted');
    },
    extracted(s, { data, ret }) {
      const picked = answerOf(extractDecision, ret);
      data.picked = picked;
      // §11.7.3: the rest of the deck is hidden again, in its order (§11.4.2: extracting does not reorder it).
      unlearn(
        s,
        data.seat,
        s.players[data.seat].deck.filter((id) => !picked.includes(id)),
      );
      // §11.6.1: the extracted cards are revealed to every player.
      for (const seat of ['p1', 'p2'] as const) s.known = learn(s.known, seat, picked);
      for (const id of picked) log(s, { type: 'reveal', seat: data.seat, card: objectOf(s, id).card, rule: '11.6' });
      return ask(splitDecision, opponentOf(data.seat), { ids: picked }, 'split');
    },
    split(_s, { data, ret }) {
      data.first = answerOf(splitDecision, ret).filter((id) => data.picked.includes(id));
      const second = data.picked.filter((id) => !data.first.includes(id));
      return ask(groupDecision, data.seat, { first: data.first, second }, 'chosen');
    },
    chosen(s, { data, ret }) {
      const second = data.picked.filter((id) => !data.first.includes(id));
      const takeFirst = answerOf(groupDecision, ret);
      const toHand = takeFirst ? data.first : second;
      const toNether = takeFirst ? second : data.first;
      for (const id of toHand) moveObject(s, id, 'hand');
      // Both players saw which revealed cards went to the hand (§11.6): the opponent still knows them there.
      s.known = learn(s.known, opponentOf(data.seat), toHand);
      for (const id of toNether) moveObject(s, id, 'netherworld');
      // §9.3.4.g: cards that reach the netherworld together are ordered by their owner (docs/rulings/pmv.md P8).
      if (toNether.length > 1) s.netherOrder.push({ seat: data.seat, ids: [...toNether] });
      log(s, { type: 'fortune-split', seat: data.seat, amount: toHand.length, def: toNether.length, rule: '11.4' });
      return done();
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Mirror Recital: "resolve target spell card without World Talisman in your netherworld as if it were played" (§5.3)

/** The kind of `resolveEntry` (interference.ts, which imports this module, so it is called by its kind). */
export const RESOLVE_ENTRY_KIND = 'pmv-resolve-entry';

const AS_PLAYED_AIM = 'target-spell-in-your-netherworld';

type AsPlayedData = {
  seat: Seat;
  /** The entry whose effect this is (Mirror Recital's). */
  by: string;
  /** The netherworld card resolved. */
  card: string;
  /** The entry made for it: it is treated as a played card (§5.3.1). */
  entry: string;
  mode: number | null;
  targets: TargetRef[];
};

/**
 * §5.3.1.b: when an entry that resolves a card "as if played" is made, is that card barred by a play restriction
 * of an effect (One per Turn, §10.21.2.a, the only one of the pool's spells without World Talisman)? Timing is not
 * a condition (§5.3.1.e: no card of the pool says it cannot be played at the wrong timing).
 */
export function asPlayedBarred(s: PmvState, entry: Entry): boolean {
  if (entry.kind !== 'card') return false;
  const effects = effectsOf(cardOf(entry.card), null, entry.mode);
  const k = effects.findIndex((e) => e.do === 'code' && e.handler === 'resolve-as-played');
  const t = k < 0 ? undefined : entry.targets[targetIndexOf(effects, k)];
  if (!t || !('object' in t)) return false;
  const card = cardOf(objectOf(s, t.object.id).card);
  return (
    card.keywords.some((x) => x.keyword === 'one-per-turn') && s.turn.limited.includes(`${entry.controller}:${card.id}`)
  );
}

/** §5.3.1.d, §5.3.2.g: the resolution fails; the card, in the play area since §5.3.2.a, goes on top of the netherworld. */
function asPlayedFails(s: PmvState, data: AsPlayedData, rule: string): { return: CodeOutcome } {
  if (objectOf(s, data.card).zone === 'play') moveObject(s, data.card, 'netherworld');
  return failed(rule);
}

/**
 * Resolves `entry` at once in the interference of entry `by` (§5.3.2.e, §7.5.2.d), put under `by` so the
 * interference never takes it for an entry of its own; then step `next`.
 */
function resolveUnder(s: PmvState, by: string, entry: Entry, next: string): StepOut {
  const level = s.interferences.findIndex((i) => i.entries.some((e) => e.id === by));
  const i = s.interferences[level];
  if (!i) throw new Error(`no interference holds ${by}`);
  i.entries.splice(
    i.entries.findIndex((e) => e.id === by),
    0,
    entry,
  );
  return { call: { kind: RESOLVE_ENTRY_KIND, data: { entry: entry.id, level, clause: 0, failed: false } }, next };
}

export const resolveAsPlayed = defineProcedure<PmvState, AsPlayedData, CodeOutcome>({
  kind: 'pmv-code-resolve-as-played',
  first: 'place',
  steps: {
    place(s, { data }) {
      const by = s.interferences.flatMap((i) => i.entries).find((e) => e.id === data.by);
      if (by?.asPlayedBarred) return failed('5.3.1.b');
      const ref = currentRef(s, data.card);
      if (!isLegalTarget(s, data.seat, AS_PLAYED_AIM, { object: ref }, data.by, by?.card ?? null))
        return failed('8.2.5');
      data.entry = `e${s.nextEntry}`;
      s.nextEntry += 1;
      // §5.3.2.a: face up into the play area; nothing else applies until the targets are chosen (§5.3.2).
      moveObject(s, data.card, 'play');
      log(s, { type: 'as-played', seat: data.seat, card: objectOf(s, data.card).card, rule: '5.3.2.a' });
      return { goto: 'mode' };
    },
    // §5.3.2.b: a card with several effects: which one resolves (a mode with no legal target can't be chosen).
    mode(s, { data }) {
      const card = cardOf(objectOf(s, data.card).card);
      const modes = modesOf(card);
      if (!modes) return { goto: 'target' };
      const open = modes
        .map((_, m) => m)
        .filter((m) =>
          cardAims(card, null, m).every((aim) => targetChoices(s, data.seat, aim, data.entry, card.id).length > 0),
        );
      if (open.length === 0) return asPlayedFails(s, data, '5.3.1.d');
      return ask(modeDecision, data.seat, { card: card.id, modes: open, required: true }, 'moded');
    },
    moded(s, { data, ret }) {
      const mode = answerOf(modeDecision, ret);
      if (mode === null) return asPlayedFails(s, data, '5.3.1.d');
      data.mode = mode;
      return { goto: 'target' };
    },
    // §5.3.2.c: each target phrase in order; §5.3.1.d: with none to choose, the resolution fails.
    target(s, { data }) {
      const card = cardOf(objectOf(s, data.card).card);
      const aim = cardAims(card, null, data.mode)[data.targets.length];
      if (!aim) return { goto: 'resolve' };
      if (targetChoices(s, data.seat, aim, data.entry, card.id).length === 0) return asPlayedFails(s, data, '5.3.1.d');
      return ask(targetDecision, data.seat, { card: card.id, aim, self: data.entry, required: true }, 'targeted');
    },
    targeted(s, { data, ret }) {
      const t = answerOf(targetDecision, ret);
      if (t === null) return asPlayedFails(s, data, '5.3.1.d');
      data.targets.push(t);
      return { goto: 'target' };
    },
    // §5.3.2.e: the card resolves as a played card of this interference (§5.3.4: its own effect); §5.3.2.g: a card
    // left in the play area goes on top of the netherworld (resolveEntry's last step).
    resolve(s, { data }) {
      const card = cardOf(objectOf(s, data.card).card);
      const entry: Entry = {
        id: data.entry,
        kind: 'card',
        source: currentRef(s, data.card),
        card: card.id,
        controller: data.seat,
        ability: null,
        lender: null,
        targets: data.targets,
        defends: false,
        // §5.3.1.c: no cost is paid; a cost that is read is 0.
        x: card.nodeCost !== 'nullity' && card.nodeCost.cost === 'X' ? 0 : null,
        mode: data.mode,
      };
      // §10.21.2.a: "played or resolved as played": the One per Turn restriction starts.
      const limit = `${data.seat}:${card.id}`;
      if (card.keywords.some((k) => k.keyword === 'one-per-turn') && !s.turn.limited.includes(limit))
        s.turn.limited.push(limit);
      return resolveUnder(s, data.by, entry, 'resolved');
    },
    resolved: () => done(), // §5.3.3
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Wayward Omen: "change a target of target card being played to another character" (§8.2.8)

type RetargetData = { seat: Seat; card: string; entry: string };

export const changeTarget = defineProcedure<PmvState, RetargetData, CodeOutcome>({
  kind: 'pmv-code-change-target',
  first: 'ask',
  steps: {
    ask(s, { data }) {
      // §8.2.8: only an effect not yet resolved: the card's entry is still in the current interference.
      const entry = currentInterference(s)?.entries.find((e) => e.id === data.entry);
      if (!entry || retargetChoices(s, entry).length === 0) return failed('8.2.8');
      return ask(changeTargetDecision, data.seat, { card: data.card, entry: data.entry }, 'answered');
    },
    answered(s, { data, ret }) {
      const pick = answerOf(changeTargetDecision, ret);
      const entry = currentInterference(s)?.entries.find((e) => e.id === data.entry);
      if (!pick || !entry) return failed('8.2.8');
      // §8.2.8: the new target is taken whether or not it is a legal one; the entry checks it when it resolves
      // (§8.2.5.a), and fails then if it is not.
      entry.targets[pick.index] = { object: currentRef(s, pick.id) };
      const target = objectOf(s, pick.id);
      log(s, {
        type: 'target-changed',
        seat: data.seat,
        card: entry.card,
        object: entry.source.id,
        target: pick.id,
        targetCard: target.card,
        rule: '8.2.8',
      });
      return done();
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Shrine Bell Echo: "resolve an activated effect in the text of target character of yours as if it were used" (§7.5)

const AS_USED_AIM = 'target-your-character';

type AsUsedData = {
  seat: Seat;
  /** The entry whose effect this is (Shrine Bell Echo's). */
  by: string;
  /** The character whose effect resolves: its source (§7.5.4). */
  object: string;
  ability: number;
  /** The entry made for the effect: it is treated as a used effect (§7.5.1). */
  entry: string;
  targets: TargetRef[];
};

/** §7.5: the activated effects in the text of `id` now (none face down, §5.7.4, or with its text nullified). */
export function asUsedAbilities(s: PmvState, id: string): number[] {
  if (originalTextNullified(s, id)) return [];
  return cardOfObject(s, id).abilities.flatMap((a, k) => (a.kind === 'activated' ? [k] : []));
}

export const resolveAsUsed = defineProcedure<PmvState, AsUsedData, CodeOutcome>({
  kind: 'pmv-code-resolve-as-used',
  first: 'choose',
  steps: {
    // §7.5.2.a: which effect resolves; with none, nothing resolves (§7.1.12.a).
    choose(s, { data }) {
      const by = s.interferences.flatMap((i) => i.entries).find((e) => e.id === data.by);
      if (!isLegalTarget(s, data.seat, AS_USED_AIM, { object: currentRef(s, data.object) }, data.by, by?.card ?? null))
        return failed('8.2.5');
      const abilities = asUsedAbilities(s, data.object);
      if (abilities.length === 0) return failed('7.1.12.a');
      data.entry = `e${s.nextEntry}`;
      s.nextEntry += 1;
      const card = by?.card ?? '';
      return ask(asUsedDecision, data.seat, { card, object: data.object, abilities }, 'chosen');
    },
    chosen(_s, { data, ret }) {
      const k = answerOf(asUsedDecision, ret);
      if (k === null) return failed('7.5.2.a');
      data.ability = k;
      return { goto: 'target' };
    },
    // §7.5.2.b: each target phrase in order; §7.5.1.d: with none to choose, the resolution fails.
    target(s, { data }) {
      const card = cardOfObject(s, data.object);
      const aim = cardAims(card, data.ability)[data.targets.length];
      if (!aim) return { goto: 'resolve' };
      if (targetChoices(s, data.seat, aim, data.entry, card.id).length === 0) return failed('7.5.1.d');
      return ask(targetDecision, data.seat, { card: card.id, aim, self: data.entry, required: true }, 'targeted');
    },
    targeted(_s, { data, ret }) {
      const t = answerOf(targetDecision, ret);
      if (t === null) return failed('7.5.1.d');
      data.targets.push(t);
      return { goto: 'target' };
    },
    // §7.5.2.d: the effect resolves as a used one (§7.5.4: its source is the character); no cost is paid and a paid
    // cost that is read is 0 (§7.5.1.c: an LP cost of X gives X = 0).
    resolve(s, { data }) {
      const a = cardOfObject(s, data.object).abilities[data.ability];
      const entry: Entry = {
        id: data.entry,
        kind: 'ability',
        source: currentRef(s, data.object),
        card: objectOf(s, data.object).card,
        controller: data.seat,
        ability: data.ability,
        lender: null,
        targets: data.targets,
        defends: false,
        x: a?.kind === 'activated' && a.cost.lp === 'X' ? 0 : null,
        mode: null,
      };
      log(s, { type: 'as-used', seat: data.seat, card: entry.card, object: data.object, rule: '7.5.2' });
      return resolveUnder(s, data.by, entry, 'resolved');
    },
    resolved: () => done(), // §7.5.3
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Naming Rite: "declare a race; each character of the declared race on your opponents' fields gets -2/-2 until end
// of turn" (§12.1). True Name Severance: the same with a declared name and -3/-3 (§12.1.3, ruling P55).

type DeclareData = { seat: Seat; by: string; card: string };

/** §7.6.1: a lingering -n/-n until end of turn on the opponent's characters of a declared race or name (P45). */
function weakenDeclared(s: PmvState, seat: Seat, n: number, only: { race: DeclaredRace } | { name: string }): void {
  const group = { charactersOf: opponentOf(seat), atk: -n, def: -n, until: 'end-of-turn' as const, ...only };
  s.groupModifiers = [...(s.groupModifiers ?? []), { ...group, timestamp: s.nextTimestamp }];
  s.nextTimestamp += 1;
  const declared = 'race' in only ? { declared: only.race } : { declaredName: only.name };
  log(s, { type: 'group-modified', seat: group.charactersOf, amount: -n, def: -n, ...declared, rule: '7.6.1' });
}

/** §12.1.1: the entry that asked for the declaration (it keeps what was declared, structured). */
const declaringEntry = (s: PmvState, by: string) => s.interferences.flatMap((i) => i.entries).find((e) => e.id === by);

/** A declaring clause (§12.1): ask the seat, then apply what was declared; one procedure kind per declaration. */
function declaringProcedure<A extends Json>(
  kind: string,
  decision: AskableKind<PmvState, { card: string }, A>,
  apply: (s: PmvState, data: DeclareData, declared: A) => void,
) {
  return defineProcedure<PmvState, DeclareData, CodeOutcome>({
    kind,
    first: 'declare',
    steps: {
      declare: (_s, { data }) => ask(decision, data.seat, { card: data.card }, 'declared'),
      declared(s, { data, ret }) {
        apply(s, data, answerOf(decision, ret));
        return done();
      },
    },
  });
}

export const declareRaceWeaken = declaringProcedure('pmv-code-declare-race', declareRaceDecision, (s, data, race) => {
  // §12.1.1: the declaration is kept on the entry (structured) and logged for both players as a code.
  const entry = declaringEntry(s, data.by);
  if (entry) entry.declared = race;
  log(s, { type: 'declare', seat: data.seat, card: data.card, declared: race, rule: '12.1.1' });
  // §7.6.1: a lingering effect on a group (P45): characters of that race that join it later are caught too.
  weakenDeclared(s, data.seat, 2, { race });
});

export const declareNameWeaken = declaringProcedure('pmv-code-declare-name', declareNameDecision, (s, data, name) => {
  // §12.1.1, §12.1.3: public, kept on the entry and logged by the name's key, never its words.
  const entry = declaringEntry(s, data.by);
  if (entry) entry.declaredName = name;
  log(s, { type: 'declare', seat: data.seat, card: data.card, declaredName: name, rule: '12.1.3' });
  // §12.3.1: characters whose names contain the declared name, those that join later too (§7.6.1, P45).
  weakenDeclared(s, data.seat, 3, { name });
});

/** The code clauses that are procedures, by handler name, each started for `seat` and returning to `next`. */
export const CODE_PROCEDURES: Record<string, (s: PmvState, ctx: EffectContext, next: string) => StepOut> = {
  'look-top-may-discard': (_s, ctx, next) => call(lookTopMayDiscard, { seat: ctx.seat, top: '' }, next),
  'fortune-split': (_s, ctx, next) => call(fortuneSplit, { seat: ctx.seat, picked: [], first: [] }, next),
  'resolve-as-played'(_s, ctx, next) {
    // Mirror Recital's mode has this one clause, so its target is the mode's first (§8.2.2).
    const t = ctx.targets[0];
    if (!ctx.entry || !t || !('object' in t)) return { return: { failed: '8.2.5' } };
    const data = { seat: ctx.seat, by: ctx.entry.id, card: t.object.id, entry: '', mode: null, targets: [] };
    return call(resolveAsPlayed, data, next);
  },
  'change-target'(s, ctx, next) {
    const t = ctx.targets[0];
    const entry = t && 'object' in t ? entryBeingPlayed(s, t.object.id) : null;
    if (!ctx.entry || !entry) return { return: { failed: '8.2.5' } };
    return call(changeTarget, { seat: ctx.seat, card: ctx.entry.card, entry: entry.id }, next);
  },
  'resolve-as-used'(_s, ctx, next) {
    const t = ctx.targets[0];
    if (!ctx.entry || !t || !('object' in t)) return { return: { failed: '8.2.5' } };
    const data = { seat: ctx.seat, by: ctx.entry.id, object: t.object.id, ability: 0, entry: '', targets: [] };
    return call(resolveAsUsed, data, next);
  },
  'declare-race-weaken'(_s, ctx, next) {
    if (!ctx.entry) return { return: { failed: '7.1' } };
    return call(declareRaceWeaken, { seat: ctx.seat, by: ctx.entry.id, card: ctx.entry.card }, next);
  },
  'declare-name-weaken'(_s, ctx, next) {
    if (!ctx.entry) return { return: { failed: '7.1' } };
    return call(declareNameWeaken, { seat: ctx.seat, by: ctx.entry.id, card: ctx.entry.card }, next);
  },
};

/** Every code procedure, for the kernel's registry. */
export const CODE_PROCEDURE_LIST = [
  lookTopMayDiscard,
  fortuneSplit,
  resolveAsPlayed,
  changeTarget,
  resolveAsUsed,
  declareRaceWeaken,
  declareNameWeaken,
];
