// NOVA rules version 3: a payment is asked one energy source at a time, with auto-pay as the default and cancel
// rewinding the play (NOVA 804.2.4, docs/rulings/nova.md R5, R68); nothing lists the ways to pay.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnsupportedRule } from '../../src/engine/core/errors.ts';
import type { PickDecision } from '../../src/engine/core/game.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import {
  autoPayment,
  nextSources,
  paymentIsAChoice,
  paymentPlans,
  sources,
} from '../../src/engine/games/nova/energy.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { parseNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';
import { buildNovaPosition } from '../../src/engine/games/nova/scenario/position.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';

type Colour = 'red' | 'blue' | 'green' | 'white' | 'black';
const COLOURS: Colour[] = ['red', 'blue', 'green', 'white', 'black'];
const cost = (c: Partial<Record<Colour | 'generic', number>>) => ({
  red: 0,
  blue: 0,
  green: 0,
  white: 0,
  black: 0,
  generic: 0,
  ...c,
});

function position(p1: string, extra = ''): NovaState {
  return buildNovaPosition(parseNovaScenario(`rule: payment by source\ngame: nova\n${extra}setup:\n  p1: ${p1}\n`));
}

function pending(s: NovaState): PickDecision {
  const p = nova.pending(s);
  if (!p) throw new Error('nothing pending');
  return p;
}

function answer(s: NovaState, pick: (p: PickDecision) => string | undefined): NovaState {
  const p = pending(s);
  const id = pick(p);
  if (!id) throw new Error(`not offered (${p.options.map((o) => o.id).join(' | ')})`);
  return nova.apply(s, p.player, { decisionId: p.id, choose: [id] });
}

const byKind = (kind: string) => (p: PickDecision) => p.options.find((o) => o.kind === kind)?.id;
const byLabel = (label: string) => (p: PickDecision) => p.options.find((o) => o.label.en === label)?.id;

/** Astral Convergence (7 generic) with seven energy cards of each colour: 330 ways to pay that differ in colour. */
const CONVERGENCE = `{ hand: [Astral Convergence], energy: [${COLOURS.flatMap((c) => Array<string>(7).fill(c)).join(', ')}] }`;

describe('NOVA payment one source at a time (rules version 3, 804.2.4)', () => {
  it('asks whether the way to pay is a choice exactly when rules version 2 listed more than one plan', () => {
    const colour = fc.constantFrom<Colour | 'colorless'>(...COLOURS, 'colorless');
    fc.assert(
      fc.property(
        fc.array(colour, { minLength: 1, maxLength: 6 }),
        fc.record({ red: fc.nat(2), green: fc.nat(2), generic: fc.nat(3) }),
        (energy, c) => {
          const s = position(`{ energy: [${energy.join(', ')}] }`);
          const owed = cost(c);
          let plans: number;
          try {
            plans = paymentPlans(s, 'p1', owed).length;
          } catch {
            return; // more than 200 plans: version 2 could not say
          }
          expect(paymentIsAChoice(s, 'p1', owed)).toBe(plans > 1);
          // Every kind some plan spends is offered first, and nothing else.
          const kindOf = new Map(sources(s, 'p1').map((u) => [u.id, u.kind]));
          const kinds = new Set(paymentPlans(s, 'p1', owed).flatMap((p) => p.ids.map((id) => kindOf.get(id))));
          const offered = nextSources(s, 'p1', owed, undefined, []).map((u) => u.kind);
          expect(new Set(offered).size).toBe(offered.length);
          expect(new Set(offered)).toEqual(kinds);
        },
      ),
      { numRuns: 150, seed: 804 },
    );
  });

  it('pays a cost with more than 200 ways to pay (version 2 refused it with UnsupportedRule)', () => {
    const start = position(CONVERGENCE);
    expect(() => paymentPlans(start, 'p1', cost({ generic: 7 }))).toThrow(UnsupportedRule);
    expect(paymentIsAChoice(start, 'p1', cost({ generic: 7 }))).toBe(true);
    expect(autoPayment(start, 'p1', cost({ generic: 7 }), undefined, [])).toHaveLength(7);

    let s = answer(start, byKind('play'));
    const ask = pending(s);
    expect(ask.kind).toBe('payment');
    // Auto-pay first and the default; then one source per colour; then cancel.
    expect(ask.options[0]?.id).toBe('auto');
    expect(ask.defaultOnTimeout).toEqual(['auto']);
    expect(ask.options.filter((o) => o.kind === 'payment').map((o) => o.label.en)).toEqual(COLOURS);
    expect(ask.options.map((o) => o.id)).toContain('cancel');
    // Two sources by hand (blue, then white), then the rest automatically.
    s = answer(s, byLabel('blue'));
    s = answer(s, byLabel('white'));
    expect(pending(s).prompt.en).toContain('picked 2: blue, white');
    s = answer(s, (p) => (p.options.some((o) => o.id === 'back') ? 'auto' : undefined));
    expect(s.waiting.map((w) => w.card)).toEqual(['astral-convergence']);
    const frozen = s.players.p1.zones.energy.filter((id) => s.objects[id]?.frozen).map((id) => s.objects[id]?.card);
    expect(frozen).toHaveLength(7);
    expect(frozen.filter((c) => c === 'tidewatch-sentry')).toHaveLength(1 + (frozen.length - 7)); // blue
    expect(frozen).toContain('dawnguard-recruit'); // white
  });

  it('takes back the last source, and refuses a source that would leave the cost unpayable', () => {
    // Flare Lance: red and 1 generic, from a red, a green and a blue card.
    let s = position('{ hand: [Flare Lance], energy: [red, green, blue] }');
    s = answer(s, byKind('play'));
    s = answer(s, (p) => p.options.find((o) => o.objectId === undefined && o.id.startsWith('player:p2'))?.id);
    expect(pending(s).kind).toBe('payment');
    s = answer(s, byLabel('green'));
    // Green paid the generic part: only red can pay what is left.
    expect(
      pending(s)
        .options.filter((o) => o.kind === 'payment')
        .map((o) => o.label.en),
    ).toEqual(['red']);
    s = answer(s, byKind('back'));
    expect(
      pending(s)
        .options.filter((o) => o.kind === 'payment')
        .map((o) => o.label.en),
    ).toEqual(['red', 'green', 'blue']);
    expect(pending(s).options.map((o) => o.id)).not.toContain('back');
    s = answer(s, byLabel('blue'));
    s = answer(s, byLabel('red'));
    const frozen = s.players.p1.zones.energy.filter((id) => s.objects[id]?.frozen).map((id) => s.objects[id]?.card);
    expect(frozen.sort()).toEqual(['ember-whelp', 'tidewatch-sentry']);
  });

  it('cancel rewinds the play to just before its declaration: the same rules state, priority as it was', () => {
    const before = position(CONVERGENCE);
    let s = answer(before, byKind('play'));
    s = answer(s, byLabel('red'));
    s = answer(s, byKind('cancel'));
    expect(s.procedures.frames.map((f) => f.kind)).toEqual(['nova-game', 'priority-window']);
    expect(s.players.p1.zones.hand.map((id) => s.objects[id]?.card)).toEqual(['astral-convergence']);
    expect(s.players.p1.zones.energy.some((id) => s.objects[id]?.frozen)).toBe(false);
    // Everything but the decision count and the frame ids is as it was before the play was declared.
    const rules = (x: NovaState) => stateHash({ ...x, version: 0, procedures: { ...x.procedures, nextFrameId: 0 } });
    expect(rules(s)).toBe(rules(before));
    expect(pending(s).kind).toBe('priority');
    expect(pending(s).options.map((o) => o.id)).toEqual(pending(before).options.map((o) => o.id));
  });

  it('cancel takes back what declaring did: the ability can be activated again (801.3.5.1.1)', () => {
    // Elderbark Warden's second ability costs green: an energy card or Rootcaller Druid's ability can pay it.
    const before = position('{ field: [Elderbark Warden, Rootcaller Druid], energy: [green] }');
    const act = (p: PickDecision) =>
      p.options.find((o) => o.kind === 'activate' && o.cardName === 'Elderbark Warden')?.id;
    let s = answer(before, act);
    expect(s.activationLocks).toHaveLength(1);
    expect(pending(s).kind).toBe('payment');
    s = answer(s, byKind('cancel'));
    expect(s.activationLocks).toEqual([]);
    expect(pending(s).options.map((o) => o.id)).toEqual(pending(before).options.map((o) => o.id));
    // Activated and paid this time: the lock stays until the waiting area empties.
    s = answer(answer(s, act), byKind('auto-pay'));
    expect(s.activationLocks).toHaveLength(1);
    expect(act(pending(s))).toBeUndefined();
  });
});
