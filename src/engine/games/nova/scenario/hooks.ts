// NOVA's scenario hooks: its file format (format.ts), its position builder (position.ts), and how a script step and
// an expectation read NOVA's state. The shared loop is `src/engine/scenario/plan.ts`.

import { isPick } from '../../../core/decision.ts';
import { IllegalAction } from '../../../core/errors.ts';
import { type DecisionOption, type DeckList, opponentOf, type PendingDecision, type Seat } from '../../../core/game.ts';
import type { ScenarioHooks, ScenarioPlan } from '../../../definition.ts';
import { NotOffered, readScenarioYaml, runPlan, type ScenarioResult } from '../../../scenario/plan.ts';
import { novaCard } from '../cards/pool.ts';
import { characteristics, readAtk, usedCharacterLevels } from '../characteristics.ts';
import { nova } from '../index.ts';
import { isForced } from '../loops.ts';
import { blankNovaState, validateNovaDeck } from '../setup.ts';
import type { NovaState } from '../state.ts';
import { type Expect, type PregameDeck, type Scenario, ScenarioSchema, type Step } from './format.ts';
import { buildLabelledPosition, cardIdByName } from './position.ts';

/** Validates a NOVA scenario (already read from YAML), naming each problem. */
function parseNova(raw: unknown, file: string): Scenario {
  const parsed = ScenarioSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(top)'}: ${i.message}`).join('\n');
    throw new Error(`${file}: not a valid scenario:\n${issues}`);
  }
  return parsed.data;
}

/** A NOVA scenario file's text, parsed and validated (tests that build positions use this directly). */
export function parseNovaScenario(text: string, file = 'scenario'): Scenario {
  return parseNova(readScenarioYaml(text, file), file);
}

const OPTION_ALIASES: Record<string, string[]> = {
  play: ['play'],
  activate: ['activate'],
  'set-energy': ['set-energy'],
  pass: ['pass'],
  attacker: ['attacker'],
  attack: ['attacker'],
  'no-attack': ['no-attack'],
  target: ['target'],
  block: ['blocker'],
  'no-block': ['no-block'],
  discard: ['discard'],
  exile: ['exile-card'],
  keep: ['keep'],
  mulligan: ['mulligan'],
  first: ['first'],
  second: ['second'],
  energy: ['energy'],
  life: ['life'],
  choose: ['target'],
  order: ['trigger', 'deck-card'],
  freeze: ['energy-card'],
  pay: ['payment'],
  'energy-ability': ['energy-ability'],
  number: ['number'],
};

/** `do: energy-ability, card: red` or `card: Ember Whelp`: an energy-zone card's own ability (NOVA 310.4). */
function energyCardMatches(s: NovaState, o: DecisionOption, ref: string): boolean {
  const want = ref.trim().toLowerCase();
  const card = o.objectId ? s.objects[o.objectId]?.card : undefined;
  return o.cardName?.toLowerCase() === want || (!!card && novaCard(card).color === want);
}

/** `cards: [red, green (stock)]`: does this payment option (label "green (stock), red") spend exactly those units? */
function paymentMatches(o: DecisionOption, refs: readonly string[]): boolean {
  const norm = (xs: readonly string[]) => JSON.stringify(xs.map((x) => x.trim().toLowerCase()).sort());
  return norm(o.label.en.split(', ')) === norm(refs);
}

/** Labels given to copies in the setup (`label:`), each naming one object. */
type Labels = Readonly<Record<string, string>>;

/** "p2", "Ember Whelp", "Ember Whelp@p2", or a label: does this option mean that thing? */
function optionMatchesRef(s: NovaState, o: DecisionOption, ref: string, labels: Labels): boolean {
  if (ref === 'p1' || ref === 'p2') return o.id === `player:${ref}`;
  const labelled = labels[ref];
  if (labelled) return o.objectId === labelled || o.id.endsWith(`:${labelled}`);
  const [name, owner] = ref.split('@');
  // Cards, triggers and waiting-area items (NOVA 913 negate targets an item) are named by their card.
  if (!o.objectId && o.kind !== 'trigger' && !o.id.startsWith('item:')) return false;
  const obj = o.objectId ? s.objects[o.objectId] : undefined;
  const item = o.id.startsWith('item:') ? s.waiting.find((w) => `item:${w.id}` === o.id) : undefined;
  const card = obj ? novaCard(obj.card) : item ? novaCard(item.card) : undefined;
  const nameOk = card
    ? card.name.en.toLowerCase() === (name ?? '').trim().toLowerCase()
    : o.label.en.toLowerCase().startsWith((name ?? '').trim().toLowerCase());
  const ownerOk = !owner || (obj ? obj.controller === owner : item ? item.controller === owner : true);
  return nameOk && ownerOk;
}

function findOption(s: NovaState, step: Extract<Step, { do: string }>, labels: Labels): DecisionOption[] {
  const p = nova.pending(s);
  if (!p) throw new Error('the game is over; nothing to decide');
  if (p.player !== step.player) throw new Error(`it is ${p.player}'s decision (${p.kind}), not ${step.player}'s`);
  const kinds = OPTION_ALIASES[step.do] ?? [step.do];
  const candidates = p.options.filter((o) => kinds.includes(o.kind) || (step.do === 'choose' && o.kind === 'target'));
  // `cards: []` is an explicit empty choice ("choose up to 1" choosing none, NOVA 804.4.1.2).
  if (step.cards && step.cards.length === 0) return [];
  if (step.do === 'pay') {
    const match = candidates.find((o) => paymentMatches(o, step.cards ?? []));
    if (!match)
      throw new NotOffered(`no way to pay with ${JSON.stringify(step.cards)} (${describeOptions(p.options)})`);
    return [match];
  }
  const refs = step.cards ?? (step.target ? [step.target] : step.card ? [step.card] : []);
  if (refs.length === 0) {
    if (candidates.length === 0)
      throw new NotOffered(`no "${step.do}" option for ${step.player} (${describeOptions(p.options)})`);
    return [candidates[0] as DecisionOption];
  }
  const picked: DecisionOption[] = [];
  for (const ref of refs) {
    const match = candidates.find(
      (o) =>
        !picked.includes(o) &&
        (step.do === 'play' ||
        step.do === 'activate' ||
        step.do === 'set-energy' ||
        step.do === 'attacker' ||
        step.do === 'attack' ||
        step.do === 'block' ||
        step.do === 'discard' ||
        step.do === 'exile'
          ? labels[ref]
            ? o.objectId === labels[ref]
            : o.cardName?.toLowerCase() === ref.toLowerCase()
          : step.do === 'energy-ability'
            ? energyCardMatches(s, o, ref)
            : step.do === 'number'
              ? o.label.en === ref.trim() // NOVA 004.7: `card: "2"`
              : optionMatchesRef(s, o, ref, labels)),
    );
    if (!match)
      throw new NotOffered(`no "${step.do} ${ref}" option for ${step.player} (${describeOptions(p.options)})`);
    picked.push(match);
  }
  return picked;
}

/**
 * `do: pay, cards: [red, green (stock)]` under one-source-at-a-time payment (NOVA 804.2.4, rules version 3): picks
 * each named source in turn, as a player would. A source that is not offered (it would leave the cost unpayable, or
 * there is none left) is refused like any option that is not offered.
 */
function payBySource(s: NovaState, step: Extract<Step, { do: string }>): NovaState {
  let state = s;
  for (const ref of step.cards ?? []) {
    const p = nova.pending(state);
    if (p?.kind !== 'payment' || p.player !== step.player)
      throw new NotOffered(`the payment is over before ${JSON.stringify(ref)} (${describePending(p)})`);
    const want = ref.trim().toLowerCase();
    const o = p.options.find((x) => x.kind === 'payment' && x.label.en.toLowerCase() === want);
    if (!o) throw new NotOffered(`no way to pay with ${JSON.stringify(ref)} now (${describeOptions(p.options)})`);
    state = nova.apply(state, step.player, { decisionId: p.id, choose: [o.id] });
  }
  return state;
}

function describeOptions(options: DecisionOption[]): string {
  return `options: ${options.map((o) => o.label.en).join(' | ')}`;
}

function describePending(p: PendingDecision | null): string {
  if (!p) return 'game over';
  return isPick(p) ? describeOptions(p.options) : `a ${p.shape} decision`;
}

/**
 * "play Flare Lance" → is there such an option for that player right now? "play Flare Lance → Tuskbreaker Boar" or
 * "attack Ember Whelp → p2": the whole action, each part after an arrow a target chosen next; tried on the state
 * (the engine returns a new one), never taken.
 */
function optionAvailable(s: NovaState, seat: Seat, text: string, labels: Labels): boolean {
  const [first, ...targets] = text.split('→').map((x) => x.trim());
  let state = s;
  const parts = [first ?? '', ...targets.map((t) => `target ${t}`)];
  for (const part of parts) {
    const p = nova.pending(state);
    if (!p || p.player !== seat) return false;
    const [verb, ...rest] = part.split(' ');
    const ref = rest.join(' ');
    let chosen: DecisionOption[];
    try {
      chosen = findOption(
        state,
        { player: seat, do: verb ?? '', ...(ref ? { target: ref, card: ref } : {}) } as Extract<Step, { do: string }>,
        labels,
      );
    } catch {
      const byLabel = p.options.find((o) => o.label.en.toLowerCase() === part.toLowerCase());
      if (!byLabel) return false;
      chosen = [byLabel];
    }
    if (parts.length === 1) return true;
    try {
      state = nova.apply(state, seat, { decisionId: p.id, choose: chosen.map((o) => o.id) });
    } catch (err) {
      if (err instanceof IllegalAction) return false;
      throw err;
    }
  }
  return true;
}

/** A step that must be refused: refused, the state is unchanged; taken, the scenario fails. */
function applyRefused(s: NovaState, step: Extract<Step, { do: string }>, labels: Labels): NovaState {
  try {
    applyStep(s, { ...step, refused: undefined }, labels);
  } catch (err) {
    if (err instanceof IllegalAction || err instanceof NotOffered) return s;
    throw err;
  }
  throw new Error('the step was expected to be refused but was accepted');
}

function applyStep(s: NovaState, step: Step, labels: Labels): NovaState {
  if ('passUntil' in step) {
    // A phase name stops at that phase's first priority window after the current phase or step has been left
    // (so "passUntil: main1" from main phase 1 goes to the next turn's); "decision" only at a non-priority decision.
    const start = { turn: s.turn.number, phase: s.turn.phase };
    let left = false;
    for (let passes = 0; passes < 500; passes++) {
      const p = nova.pending(s);
      if (!p || p.kind !== 'priority') return s;
      s = nova.apply(s, p.player, { decisionId: p.id, choose: ['pass'] });
      if (s.turn.number !== start.turn || s.turn.phase !== start.phase) left = true;
      if (
        step.passUntil !== 'decision' &&
        left &&
        s.turn.phase === step.passUntil &&
        nova.pending(s)?.kind === 'priority'
      )
        return s;
    }
    throw new Error(`passUntil ${step.passUntil}: not reached after 500 passes`);
  }
  if ('answerForced' in step) {
    for (let i = 0; i < step.answerForced; i++) {
      const p = nova.pending(s);
      if (!p || !isForced(p)) return s;
      s = nova.apply(s, p.player, { decisionId: p.id, choose: p.options.map((o) => o.id) });
    }
    return s;
  }
  if ('expect' in step) return s;
  if ('do' in step && step.refused) return applyRefused(s, step, labels);
  if ('do' in step && step.do === 'pay' && nova.pending(s)?.kind === 'payment') return payBySource(s, step);
  const p = nova.pending(s);
  if (!p) throw new Error('the game is over; nothing to decide');
  if ('label' in step) {
    const o = p.options.find((x) => x.label.en === step.label || x.label.ja === step.label);
    if (!o) throw new NotOffered(`no option labelled "${step.label}" (${describeOptions(p.options)})`);
    return nova.apply(s, step.player, { decisionId: p.id, choose: [o.id] });
  }
  const chosen = findOption(s, step, labels);
  return nova.apply(s, step.player, { decisionId: p.id, choose: chosen.map((o) => o.id) });
}

function names(s: NovaState, ids: readonly string[]): string[] {
  return ids.map((id) => novaCard(s.objects[id]?.card ?? '').name.en);
}

function sameMultiset(a: string[], b: string[]): boolean {
  return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
}

/** Compares the state with the expectations; returns one readable line per difference. */
export function checkExpectations(s: NovaState, e: Expect, labels: Labels = {}): string[] {
  const out: string[] = [];
  const eq = (what: string, want: unknown, got: unknown) => {
    if (JSON.stringify(want) !== JSON.stringify(got))
      out.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  if (e.winner !== undefined) {
    const got = !s.result ? 'none' : s.result.kind === 'draw' ? 'draw' : s.result.winner;
    eq('winner', e.winner, got);
  }
  if (e.result) {
    const r = s.result;
    if (e.result.loser !== undefined)
      eq('loser', e.result.loser, !r ? null : r.kind === 'draw' ? 'none' : opponentOf(r.winner));
    if (e.result.reason !== undefined) eq('result reason', e.result.reason, r?.reason ?? null);
    if (e.result.rule !== undefined) eq('result rule', e.result.rule, r?.rule ?? null);
  }
  if (e.phase !== undefined) eq('phase', e.phase, s.turn.phase);
  if (e.active !== undefined) eq('active player', e.active, s.turn.active);
  if (e.turn !== undefined) eq('turn', e.turn, s.turn.number);
  if (e.decision) {
    eq('decision player', e.decision.player, nova.pending(s)?.player ?? null);
    if (e.decision.kind) eq('decision kind', e.decision.kind, nova.pending(s)?.kind ?? null);
  }
  for (const seat of ['p1', 'p2'] as const) {
    const pe = e[seat];
    if (!pe) continue;
    const p = s.players[seat];
    if (pe.life !== undefined) eq(`${seat} life`, pe.life, p.life);
    if (pe.limitLevel !== undefined)
      eq(`${seat} limit level`, pe.limitLevel, nova.view(s, { kind: 'omniscient' }).players[seat].limitLevel);
    if (pe.handCount !== undefined) eq(`${seat} hand count`, pe.handCount, p.zones.hand.length);
    if (pe.energyCount !== undefined) eq(`${seat} energy count`, pe.energyCount, p.zones.energy.length);
    if (pe.deckCount !== undefined) eq(`${seat} deck count`, pe.deckCount, p.zones.deck.length);
    if (pe.deckTop !== undefined)
      eq(`${seat} deck top`, pe.deckTop, names(s, p.zones.deck.slice(0, pe.deckTop.length)));
    for (const zone of ['hand', 'field', 'graveyard', 'retired', 'exclusion'] as const) {
      const want = pe[zone];
      if (want && !sameMultiset(want, names(s, p.zones[zone])))
        out.push(`${seat} ${zone}: expected ${JSON.stringify(want)}, got ${JSON.stringify(names(s, p.zones[zone]))}`);
    }
    if (pe.standbyEnergy !== undefined)
      eq(`${seat} standby energy`, pe.standbyEnergy, p.zones.energy.filter((id) => !s.objects[id]?.frozen).length);
    if (pe.charDeck && !sameMultiset(pe.charDeck, names(s, p.zones.charDeck)))
      out.push(
        `${seat} charDeck: expected ${JSON.stringify(pe.charDeck)}, got ${JSON.stringify(names(s, p.zones.charDeck))}`,
      );
    if (pe.levelTotal !== undefined) eq(`${seat} level total (109.3)`, pe.levelTotal, usedCharacterLevels(s, seat));
    if (pe.charactersPlayedThisTurn !== undefined)
      eq(`${seat} characters played this turn`, pe.charactersPlayedThisTurn, p.charactersPlayedThisTurn);
    if (pe.stock)
      for (const [c, n] of Object.entries(pe.stock))
        eq(`${seat} ${c} energy in stock`, n, p.stock[c as keyof typeof p.stock]);
  }
  for (const ce of e.cards ?? []) {
    const labelled = labels[ce.card];
    if (labelled && !s.objects[labelled]) {
      // NOVA 301.9: a zone change makes a new object; the label named the old one, which is gone.
      if (ce.zone !== 'gone') out.push(`card ${ce.card}: gone (it changed zones, a new object, NOVA 301.9)`);
      continue;
    }
    if (labelled && ce.zone === 'gone') {
      out.push(`card ${ce.card}: expected gone (changed zones), still in ${s.objects[labelled]?.zone}`);
      continue;
    }
    const matches = Object.values(s.objects).filter(
      (o) =>
        novaCard(o.card).name.en === ce.card &&
        (!ce.controller || o.controller === ce.controller) &&
        (!ce.zone || o.zone === ce.zone),
    );
    // Without a zone, a card on the field is meant before one of the same name elsewhere (deck, energy zone).
    const o = labelled ? s.objects[labelled] : (matches.find((m) => m.zone === 'field') ?? matches[0]);
    if (!o) {
      out.push(
        `card ${ce.card}${ce.controller ? `@${ce.controller}` : ''}${ce.zone ? ` in ${ce.zone}` : ''}: not found`,
      );
      continue;
    }
    const c = characteristics(s, o);
    const label = `${ce.card}@${o.controller}`;
    if (ce.damage !== undefined) eq(`${label} damage`, ce.damage, o.damage);
    if (ce.frozen !== undefined) eq(`${label} frozen`, ce.frozen, o.frozen);
    if (ce.destroyed !== undefined) eq(`${label} destroyed`, ce.destroyed, o.destroyed);
    if (ce.controller !== undefined && labelled) eq(`${label} controller`, ce.controller, o.controller);
    if (ce.zone !== undefined && labelled) eq(`${label} zone`, ce.zone, o.zone);
    if (ce.owner !== undefined) eq(`${label} owner`, ce.owner, o.owner);
    if (ce.atk !== undefined) eq(`${label} ATK`, ce.atk, c.atk);
    if (ce.hp !== undefined) eq(`${label} HP`, ce.hp, c.hp);
    if (ce.atkAsRead !== undefined) eq(`${label} ATK as read (004.8)`, ce.atkAsRead, readAtk(c));
    if (ce.hpAsRead !== undefined) eq(`${label} HP as read (004.8)`, ce.hpAsRead, Math.max(0, c.hp));
    if (ce.keywords !== undefined) eq(`${label} keywords`, [...ce.keywords].sort(), [...c.keywords].sort());
    if (ce.races !== undefined) eq(`${label} races`, [...ce.races].sort(), [...c.races].sort());
    if (ce.counters !== undefined) eq(`${label} counters`, ce.counters, o.counters);
    if (ce.attachedTo !== undefined)
      eq(
        `${label} attached to`,
        ce.attachedTo,
        o.attachedTo ? novaCard(s.objects[o.attachedTo]?.card ?? '').name.en : null,
      );
  }
  if (e.waiting)
    eq(
      'waiting area',
      e.waiting,
      s.waiting.map((w) => novaCard(w.card).name.en),
    );
  for (const [seat, list] of Object.entries(e.available ?? {})) {
    for (const text of list)
      if (!optionAvailable(s, seat as Seat, text, labels))
        out.push(`${seat} should be able to "${text}" now, but cannot (${describePending(nova.pending(s))})`);
  }
  for (const [seat, list] of Object.entries(e.unavailable ?? {})) {
    for (const text of list)
      if (optionAvailable(s, seat as Seat, text, labels))
        out.push(`${seat} should not be able to "${text}" now, but can`);
  }
  return out;
}

/** The scenario as a plan for the shared runner: the position now, each step as a decision or a check. */
export function novaScenarioPlan(sc: Scenario): ScenarioPlan<NovaState> {
  if (sc.pregame) return pregamePlan(sc, sc.pregame);
  const { state, labels } = buildLabelledPosition(sc);
  return {
    rule: sc.rule,
    start: state,
    steps: sc.script.map((step) =>
      'expect' in step
        ? { kind: 'check' as const, check: (s: NovaState) => checkExpectations(s, step.expect, labels) }
        : {
            kind: 'apply' as const,
            describe: JSON.stringify(step),
            apply: (s: NovaState) => applyStep(s, step, labels),
          },
    ),
    check: (s) => checkExpectations(s, sc.expect, labels),
    ...(sc.expectIllegalAt !== undefined ? { expectIllegalAt: sc.expectIllegalAt } : {}),
  };
}

/** A pre-game scenario's deck as a deck list of card ids. */
function deckList(d: PregameDeck): DeckList {
  const ids = (entries: PregameDeck['main']) =>
    entries.flatMap((e) =>
      typeof e === 'string' ? [cardIdByName(e)] : Array<string>(e.count).fill(cardIdByName(e.card)),
    );
  return { main: ids(d.main), character: ids(d.character), ...(d.side.length > 0 ? { side: ids(d.side) } : {}) };
}

/**
 * NOVA 006-007 from a seed: the decks are validated as a match's are; legal ones start a real game at its first
 * decision (who goes first, then mulligans); with a problem there is no game and only `deckProblems` is checked.
 */
function pregamePlan(sc: Scenario, decks: NonNullable<Scenario['pregame']>): ScenarioPlan<NovaState> {
  const lists = { p1: deckList(decks.p1), p2: deckList(decks.p2) };
  const problems = { p1: validateNovaDeck(lists.p1), p2: validateNovaDeck(lists.p2) };
  const checkProblems = (e: Expect): string[] =>
    Object.entries(e.deckProblems ?? {}).flatMap(([seat, want]) => {
      const got = problems[seat as Seat].map((p) => p.rule);
      return JSON.stringify([...want].sort()) === JSON.stringify([...got].sort())
        ? []
        : [`${seat} deck problems: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
    });
  if (problems.p1.length > 0 || problems.p2.length > 0) {
    const found = [...problems.p1, ...problems.p2].map((p) => `${p.rule} ${p.message.en}`).join('; ');
    const steps =
      sc.script.length > 0 ? `a deck is not legal (${found}), so no game starts and a script cannot run` : null;
    return {
      rule: sc.rule,
      start: blankNovaState(sc.seed, 2000),
      steps: [],
      check: () => [...(steps ? [steps] : []), ...checkProblems(sc.expect)],
    };
  }
  const start = nova.setup({ game: 'nova', decks: lists }, sc.seed);
  return {
    rule: sc.rule,
    start,
    steps: sc.script.map((step) =>
      'expect' in step
        ? {
            kind: 'check' as const,
            check: (s: NovaState) => [...checkExpectations(s, step.expect), ...checkProblems(step.expect)],
          }
        : { kind: 'apply' as const, describe: JSON.stringify(step), apply: (s: NovaState) => applyStep(s, step, {}) },
    ),
    check: (s) => [...checkExpectations(s, sc.expect), ...checkProblems(sc.expect)],
    ...(sc.expectIllegalAt !== undefined ? { expectIllegalAt: sc.expectIllegalAt } : {}),
  };
}

/** Runs a NOVA scenario with its state typed as NOVA's (for tests that look into it). */
export function runNovaScenario(sc: Scenario): ScenarioResult<NovaState> {
  return runPlan(novaScenarioPlan(sc));
}

export const novaScenarioHooks: ScenarioHooks<NovaState> = {
  plan: (raw, file) => novaScenarioPlan(parseNova(raw, file)),
};
