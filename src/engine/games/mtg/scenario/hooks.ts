// MTG's scenario hooks: the file format (format.ts), the position builder (position.ts), and how a script step and
// an expectation read MTG's state. The shared loop is `src/engine/scenario/plan.ts`.
import { isPick } from '../../../core/decision.ts';
import type { DecisionOption, DecisionResponse, PendingDecision, Seat } from '../../../core/game.ts';
import type { ScenarioHooks, ScenarioPlan } from '../../../definition.ts';
import { NotOffered, readScenarioYaml } from '../../../scenario/plan.ts';
import { BOTTOM_MARKER, GRAVEYARD_MARKER } from '../decisions.ts';
import { mtg } from '../index.ts';
import {
  attachedPermanent,
  cardOf,
  controllerOf,
  keywordsOf,
  type MtgLogEntry,
  type MtgState,
  powerOf,
  toughnessOf,
} from '../state.ts';
import { type MtgExpect, type MtgScenario, MtgScenarioSchema, type MtgStep } from './format.ts';
import { buildMtgPosition, cardByName } from './position.ts';

type Labels = Readonly<Record<string, string>>;
type Act = Extract<MtgStep, { do: string }>;

function parseMtg(raw: unknown, file: string): MtgScenario {
  const parsed = MtgScenarioSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(top)'}: ${i.message}`).join('\n');
    throw new Error(`${file}: not a valid MTG scenario:\n${issues}`);
  }
  return parsed.data;
}

/** The object ids a reference means: a label's one object, or every object of that name ("Name@p2": controlled by p2). */
function objectsFor(s: MtgState, labels: Labels, ref: string): string[] {
  const labelled = labels[ref];
  if (labelled) return [labelled];
  const [name = '', seat] = ref.split('@');
  const card = cardByName(name);
  return (
    Object.values(s.objects)
      // A permanent that entered as a copy (CR 706.5) answers to the copied name and to its own card's name.
      .filter((o) => (o.card === card.id || o.printed === card.id) && (!seat || controllerOf(s, o.id) === seat))
      .map((o) => o.id)
  );
}

/** The name a reference shows in a message and compares by: a label's card name, or the name itself. */
function nameOfRef(s: MtgState, labels: Labels, ref: string): string {
  const labelled = labels[ref];
  const o = labelled ? s.objects[labelled] : undefined;
  return o ? cardOf(o.card).name.en : cardByName(ref.split('@')[0] ?? '').name.en;
}

const describeOptions = (options: DecisionOption[]) => `options: ${options.map((o) => o.label.en).join(' | ')}`;

function describePending(p: PendingDecision | null): string {
  if (!p) return 'game over';
  return isPick(p) ? describeOptions(p.options) : `a ${p.shape} decision (${p.kind})`;
}

const PREFIX: Record<string, string> = {
  cast: 'cast:',
  land: 'land:',
  activate: 'act:',
  mana: 'mana:',
  'keep-legend': 'keep:',
  discard: 'obj:',
  sacrifice: 'obj:',
  copy: 'copy:',
};

/** The response a script step gives to the pending decision; NotOffered when the engine does not offer it. */
function responseFor(s: MtgState, labels: Labels, step: Act): Omit<DecisionResponse, 'decisionId'> {
  const p = mtg.pending(s);
  if (!p) throw new Error('the game is over; nothing to decide');
  if (p.player !== step.player) throw new Error(`it is ${p.player}'s decision (${p.kind}), not ${step.player}'s`);
  if (step.do === 'attack' || step.do === 'block') {
    if (p.shape !== 'declare') throw new NotOffered(`no declaration to make now (${describePending(p)})`);
    const slots = new Set(p.slots.map((x) => x.id));
    const pick = (ref: string) => {
      const id = objectsFor(s, labels, ref).find((x) => slots.has(x));
      if (!id) throw new NotOffered(`${ref} cannot be declared now (slots: ${[...slots].join(', ')})`);
      return id;
    };
    const declare: Record<string, string[]> = {};
    if (step.do === 'attack') for (const ref of step.cards ?? []) declare[pick(ref)] = ['attack'];
    for (const [blocker, attacker] of Object.entries(step.blocks ?? {})) {
      const a = objectsFor(s, labels, attacker).find((x) => s.combat?.attackers[x]);
      if (!a) throw new NotOffered(`${attacker} is not attacking`);
      declare[pick(blocker)] = [`block:${a}`];
    }
    return { choose: [], declare };
  }
  if (step.do === 'x') return { choose: [], number: step.value ?? 0 };
  if (step.do === 'assign') {
    // CR 510.1c-d: a custom division of an attacker's combat damage.
    if (p.shape !== 'distribute') throw new NotOffered(`no damage to divide now (${describePending(p)})`);
    const ids = new Set(p.targets.map((t) => t.id));
    const split: Record<string, number> = {};
    for (const [ref, amount] of Object.entries(step.split ?? {})) {
      const id =
        ref === 'p1' || ref === 'p2'
          ? `player:${ref}`
          : objectsFor(s, labels, ref)
              .map((x) => `obj:${x}`)
              .find((x) => ids.has(x));
      if (!id || !ids.has(id)) throw new NotOffered(`${ref} cannot be dealt this damage`);
      split[id] = amount;
    }
    return { choose: [], split };
  }
  if (!isPick(p)) throw new NotOffered(`"${step.do}" does not answer ${describePending(p)}`);
  const options = p.options;
  const find = (test: (o: DecisionOption) => boolean, what: string) => {
    const o = options.find(test);
    if (!o) throw new NotOffered(`no "${what}" option for ${step.player} (${describeOptions(options)})`);
    return o.id;
  };
  const byObject = (prefix: string, ref: string) => {
    const ids = objectsFor(s, labels, ref);
    return find((o) => o.id.startsWith(prefix) && !!o.objectId && ids.includes(o.objectId), `${step.do} ${ref}`);
  };
  const prefix = PREFIX[step.do];
  if (prefix) {
    const refs = step.cards ?? (step.card ? [step.card] : []);
    if (step.do === 'activate' && step.card) {
      const ids = objectsFor(s, labels, step.card);
      // Without an index: the card's first activated ability that is offered.
      const at = step.index;
      const fits = (o: DecisionOption) =>
        o.id.startsWith('act:') &&
        !!o.objectId &&
        ids.includes(o.objectId) &&
        (at === undefined || o.id.endsWith(`:${at}`));
      return { choose: [find(fits, 'activate')] };
    }
    const chosen: string[] = [];
    for (const ref of refs) {
      const ids = objectsFor(s, labels, ref);
      chosen.push(
        find(
          (o) => o.id.startsWith(prefix) && !!o.objectId && ids.includes(o.objectId) && !chosen.includes(o.id),
          `${step.do} ${ref}`,
        ),
      );
    }
    return { choose: chosen };
  }
  switch (step.do) {
    case 'target': {
      const ref = step.target ?? step.card ?? '';
      if (ref === 'p1' || ref === 'p2') return { choose: [find((o) => o.id === `player:${ref}`, `target ${ref}`)] };
      return { choose: [byObject('obj:', ref)] };
    }
    case 'pay':
      return { choose: [step.card ? byObject('tap:', step.card) : find((o) => o.id === 'auto', 'pay automatically')] };
    case 'mode':
      return { choose: [find((o) => o.id === `mode:${step.index ?? 0}`, `mode ${step.index ?? 0}`)] };
    case 'order': {
      const chosen: string[] = [];
      if (p.kind === 'damage-order') {
        // CR 509.2 (2019): the blockers by object, so labelled copies are told apart.
        for (const ref of step.cards ?? []) chosen.push(byObject('obj:', ref));
        return { choose: chosen };
      }
      for (const ref of step.cards ?? []) {
        const name = nameOfRef(s, labels, ref);
        chosen.push(find((o) => o.cardName === name && !chosen.includes(o.id), `order ${ref}`));
      }
      return { choose: chosen };
    }
    case 'scry': {
      const top = (step.top ?? []).map((ref) => byObject('card:', ref));
      const rest = options.filter((o) => o.id !== BOTTOM_MARKER && !top.includes(o.id)).map((o) => o.id);
      return { choose: [...top, BOTTOM_MARKER, ...rest] };
    }
    case 'proliferate': {
      // CR 701.26a: `cards` names the permanents (first kind offered) and players (p1, p2) chosen; [] chooses none.
      return {
        choose: (step.cards ?? []).map((ref) =>
          ref === 'p1' || ref === 'p2'
            ? find((o) => o.id === `player:${ref}:poison`, `proliferate ${ref}`)
            : byObject('obj:', ref),
        ),
      };
    }
    case 'surveil': {
      // CR 701.41a: `top` goes back on top in order; every other looked-at card goes to the graveyard.
      const top = (step.top ?? []).map((ref) => byObject('card:', ref));
      const rest = options.filter((o) => o.id !== GRAVEYARD_MARKER && !top.includes(o.id)).map((o) => o.id);
      return { choose: [...top, GRAVEYARD_MARKER, ...rest] };
    }
    case 'search': {
      // CR 701.18a-b: `card` names the card found (copies in a library are one option); without it, find nothing.
      if (!step.card) return { choose: [find((o) => o.id === 'none', 'search, finding nothing')] };
      const name = nameOfRef(s, labels, step.card);
      return { choose: [find((o) => o.id.startsWith('card:') && o.cardName === name, `search ${step.card}`)] };
    }
    default:
      // pass, cancel, yes, no, keep, mulligan, play, draw: the option of that id.
      return { choose: [find((o) => o.id === step.do, step.do)] };
  }
}

function apply(s: MtgState, seat: Seat, response: Omit<DecisionResponse, 'decisionId'>, seen: string[]): MtgState {
  const p = mtg.pending(s);
  if (!p) throw new Error('the game is over');
  const out = mtg.apply(s, seat, { ...response, decisionId: p.id, choose: response.choose ?? [] });
  seen.push(...(out.log as MtgLogEntry[]).map((e) => e.type));
  return out;
}

function applyStep(s: MtgState, labels: Labels, step: MtgStep, seen: string[]): MtgState {
  seen.length = 0;
  if ('expect' in step) return s;
  if ('passUntil' in step) {
    // A step name stops at that step's first priority after the current step has been left.
    const start = { turn: s.turn.number, step: s.turn.step };
    let left = false;
    let out = s;
    for (let passes = 0; passes < 500; passes++) {
      const p = mtg.pending(out);
      if (p?.kind !== 'priority') return out;
      out = apply(out, p.player, { choose: ['pass'] }, seen);
      if (out.turn.number !== start.turn || out.turn.step !== start.step) left = true;
      if (step.passUntil !== 'decision' && left && out.turn.step === step.passUntil) {
        if (mtg.pending(out)?.kind === 'priority') return out;
      }
    }
    throw new Error(`passUntil ${step.passUntil}: not reached after 500 passes`);
  }
  return apply(s, step.player, responseFor(s, labels, step), seen);
}

/** "cast Kiln Bolt", "attack Dreadmaw Brute", "target p2", "pass": is that offered to the player now? */
function offered(s: MtgState, labels: Labels, seat: Seat, text: string): boolean {
  const [verb = '', ...rest] = text.split(' ');
  const ref = rest.join(' ');
  const step: Act =
    verb === 'attack'
      ? { player: seat, do: verb, cards: [ref] }
      : verb === 'target'
        ? { player: seat, do: verb, target: ref }
        : { player: seat, do: verb, ...(ref ? { card: ref } : {}) };
  try {
    responseFor(s, labels, step);
    return true;
  } catch {
    return false;
  }
}

const sorted = (xs: string[]) => [...xs].sort();

/** Compares the state with the expectations; one readable line per difference. */
function checkExpectations(s: MtgState, labels: Labels, e: MtgExpect, seen: readonly string[]): string[] {
  const out: string[] = [];
  const eq = (what: string, want: unknown, got: unknown) => {
    if (JSON.stringify(want) !== JSON.stringify(got))
      out.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  const names = (ids: readonly string[]) => ids.map((id) => cardOf(s.objects[id]?.card ?? '').name.en);
  const pending = mtg.pending(s);
  if (e.winner !== undefined)
    eq('winner', e.winner, !s.result ? 'none' : s.result.kind === 'draw' ? 'draw' : s.result.winner);
  if (e.step !== undefined) eq('step', e.step, s.turn.step);
  if (e.active !== undefined) eq('active player', e.active, s.turn.active);
  if (e.turn !== undefined) eq('turn', e.turn, s.turn.number);
  if (e.decision) {
    eq('decision player', e.decision.player, pending?.player ?? null);
    if (e.decision.kind) eq('decision kind', e.decision.kind, pending?.kind ?? null);
  }
  if (e.refused !== undefined)
    eq('refused with rule', e.refused, pending?.shape === 'declare' ? (pending.problem?.rule ?? null) : null);
  for (const seat of ['p1', 'p2'] as const) {
    const pe = e[seat];
    if (!pe) continue;
    const p = s.players[seat];
    if (pe.life !== undefined) eq(`${seat} life`, pe.life, p.life);
    if (pe.poison !== undefined) eq(`${seat} poison`, pe.poison, p.poison ?? 0);
    if (pe.handCount !== undefined) eq(`${seat} hand count`, pe.handCount, p.hand.length);
    if (pe.libraryCount !== undefined) eq(`${seat} library count`, pe.libraryCount, p.library.length);
    if (pe.libraryTop) eq(`${seat} library top`, pe.libraryTop, names(p.library.slice(0, pe.libraryTop.length)));
    const zones = {
      hand: p.hand,
      graveyard: p.graveyard,
      exile: p.exile,
      battlefield: s.battlefield.filter((id) => controllerOf(s, id) === seat),
    };
    for (const zone of ['hand', 'graveyard', 'exile', 'battlefield'] as const) {
      const want = pe[zone];
      if (want) eq(`${seat} ${zone}`, sorted(want), sorted(names(zones[zone])));
    }
  }
  for (const ce of e.cards ?? []) {
    const ids = objectsFor(s, labels, ce.card).filter((id) => !ce.zone || s.objects[id]?.zone === ce.zone);
    const id = ids.find((x) => s.objects[x]?.zone === 'battlefield') ?? ids[0];
    const o = id ? s.objects[id] : undefined;
    if (ce.zone === 'gone') {
      if (labels[ce.card] && o) out.push(`${ce.card}: expected to have ceased to exist, but is in ${o.zone}`);
      continue;
    }
    if (!o || !id) {
      out.push(`card ${ce.card}${ce.zone ? ` in ${ce.zone}` : ''}: not found`);
      continue;
    }
    const label = `${ce.card} (${o.id})`;
    if (ce.controller !== undefined) eq(`${label} controller`, ce.controller, controllerOf(s, o.id));
    if (ce.damage !== undefined) eq(`${label} damage`, ce.damage, o.damage);
    if (ce.tapped !== undefined) eq(`${label} tapped`, ce.tapped, o.tapped);
    if (ce.counters !== undefined) {
      const got = Object.fromEntries(Object.entries(o.counters ?? {}).filter(([, n]) => (n ?? 0) > 0));
      eq(`${label} counters`, ce.counters, got);
    }
    if (o.zone === 'battlefield') {
      if (ce.power !== undefined) eq(`${label} power`, ce.power, powerOf(s, id));
      if (ce.toughness !== undefined) eq(`${label} toughness`, ce.toughness, toughnessOf(s, id));
      if (ce.keywords !== undefined) eq(`${label} keywords`, sorted(ce.keywords), sorted(keywordsOf(s, id)));
      if (ce.attacking !== undefined) eq(`${label} attacking`, ce.attacking, !!s.combat?.attackers[id]);
      if (ce.attachedTo !== undefined) {
        const on = attachedPermanent(s, id);
        const want = ce.attachedTo === null ? null : objectsFor(s, labels, ce.attachedTo);
        if (want === null ? on !== null : on === null || !want.includes(on))
          out.push(
            `${label} attached to: expected ${ce.attachedTo ?? 'nothing'}, got ${on === null ? 'nothing' : cardOf(s.objects[on]?.card ?? '').name.en}`,
          );
      }
    }
  }
  if (e.stack)
    eq(
      'stack',
      e.stack,
      s.stack.map((i) => `${cardOf(i.card).name.en}${i.kind === 'trigger' ? ' (trigger)' : ''}`),
    );
  for (const [seat, list] of Object.entries(e.available ?? {}))
    for (const text of list)
      if (!offered(s, labels, seat as Seat, text))
        out.push(`${seat} should be able to "${text}" now, but cannot (${describePending(pending)})`);
  for (const [seat, list] of Object.entries(e.unavailable ?? {}))
    for (const text of list)
      if (offered(s, labels, seat as Seat, text)) out.push(`${seat} should not be able to "${text}" now, but can`);
  for (const type of e.logged ?? [])
    if (!seen.includes(type)) out.push(`expected "${type}" in the log of the last step (got ${seen.join(', ')})`);
  return out;
}

/** The scenario as a plan for the shared runner. */
export function mtgScenarioPlan(sc: MtgScenario): ScenarioPlan<MtgState> {
  const { state, labels } = buildMtgPosition(sc);
  // The log entry types of the last step (a state keeps only its own decision's log).
  const seen: string[] = [];
  return {
    rule: sc.rule,
    start: state,
    steps: sc.script.map((step) =>
      'expect' in step
        ? { kind: 'check' as const, check: (s: MtgState) => checkExpectations(s, labels, step.expect, seen) }
        : {
            kind: 'apply' as const,
            describe: JSON.stringify(step),
            apply: (s: MtgState) => applyStep(s, labels, step, seen),
          },
    ),
    check: (s) => checkExpectations(s, labels, sc.expect, seen),
    ...(sc.expectIllegalAt !== undefined ? { expectIllegalAt: sc.expectIllegalAt } : {}),
  };
}

export const mtgScenarioHooks: ScenarioHooks<MtgState> = {
  plan: (raw, file) => mtgScenarioPlan(parseMtg(raw, file)),
};

/** An MTG scenario file's text, parsed and validated. */
export function parseMtgScenario(text: string, file = 'scenario'): MtgScenario {
  return parseMtg(readScenarioYaml(text, file), file);
}
