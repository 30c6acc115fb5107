import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/core/hash.ts';
import { NOVA_CARDS, novaCardByName } from '../../src/engine/games/nova/cards/pool.ts';
import type { Effect } from '../../src/engine/games/nova/cards/schema.ts';
import { novaEffects } from '../../src/engine/games/nova/effects.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';

/**
 * Damage runs as a kernel frame (damage.ts): when the affected player must order two reductions (NOVA 802.1.3.3.1),
 * the damage frame and its replacement frame wait in the state. Emberstorm deals 100 to Mossback Tortoise (Ward of
 * Stillwater and a shield both apply) and 400 to p2.
 */
const TO_THE_CHOICE = `
rule: NOVA 802.1.3.3.1 (damage frame test)
game: nova
setup:
  p1:
    hand: [Emberstorm]
    energy: [red, red, red, red, red, red, red]
  p2:
    field: [Ward of Stillwater, Lanternbearer Monk, Mossback Tortoise]
script:
  - { player: p1, do: pass }
  - { player: p2, do: activate, card: Lanternbearer Monk }
  - { player: p2, do: pass }
  - { player: p1, do: pass }
  - { player: p2, do: choose, target: Mossback Tortoise }
  - { player: p1, do: play, card: Emberstorm }
  - { player: p1, do: target, target: Mossback Tortoise }
  - { player: p1, do: target, target: p2 }
  - { player: p1, do: target, target: p2 }
  - { player: p1, do: target, target: p2 }
  - { player: p1, do: target, target: p2 }
  - { player: p1, do: pass }
  - { player: p2, do: pass }
expect:
  decision: { player: p2, kind: replacement }
`;

function atTheChoice(): NovaState {
  const result = runScenario(loadScenario(TO_THE_CHOICE, 'damage-frame'));
  expect(result.failures).toEqual([]);
  return result.state as NovaState;
}

const answer = (s: NovaState, label: string): NovaState => {
  const p = nova.pending(s);
  const option = p?.options.find((o) => o.label.en === label);
  if (!p || !option) throw new Error(`no option "${label}"`);
  return nova.apply(s, p.player, { decisionId: p.id, choose: [option.id] });
};

describe('NOVA damage as a kernel frame (NOVA 802.1.3, 917)', () => {
  it('waits in a damage frame and its replacement frame above the resolving item, nothing in a fixed slot', () => {
    const s = atTheChoice();
    // The game and its priority window, Emberstorm resolving (its frame waits for its damage), the damage frame,
    // and the replacement loop's frame.
    expect(s.procedures.frames.map((f) => `${f.kind}:${f.step}`)).toEqual([
      'nova-game:turn',
      'priority-window:answered',
      'resolve:after-damage',
      'damage:deal',
      'damage-replacement:chosen',
    ]);
    const p = nova.pending(s);
    expect(p?.prompt.en).toBe(
      '100 damage would be dealt to Mossback Tortoise (p2): choose which reduction applies first. (NOVA 802.1.3.3)',
    );
    expect(p?.options.map((o) => o.label.en).sort()).toEqual([
      'Lanternbearer Monk (next damage): reduce by 200',
      'Ward of Stillwater: reduce by 100',
    ]);
    expect(nova.invariants?.(s)).toEqual([]);
  });

  it('a save and restore while the frame waits changes nothing', () => {
    const s = atTheChoice();
    const restored = JSON.parse(JSON.stringify(s)) as NovaState;
    expect(stateHash(restored)).toBe(stateHash(s));
    const a = answer(s, 'Ward of Stillwater: reduce by 100');
    const b = answer(restored, 'Ward of Stillwater: reduce by 100');
    expect(stateHash(b)).toBe(stateHash(a));
    expect(a.procedures.frames.map((f) => f.kind)).toEqual(['nova-game', 'priority-window']); // the damage dealt, Emberstorm has finished resolving
    // NOVA 917.1.2: Ward first leaves nothing, so the shield is not used; p2 took the other 400.
    expect(a.players.p2.life).toBe(1600);
    expect(a.effects.some((e) => e.kind === 'shield')).toBe(true);
  });

  it('the other order uses the shield up instead', () => {
    const a = answer(atTheChoice(), 'Lanternbearer Monk (next damage): reduce by 200');
    expect(a.procedures.frames.map((f) => f.kind)).toEqual(['nova-game', 'priority-window']);
    expect(a.effects.some((e) => e.kind === 'shield')).toBe(false);
  });
});

describe('NOVA effects as a handler table (core/effects.ts)', () => {
  it('has a handler for every effect of every card in the pool (spells and abilities)', () => {
    const effects: Effect[] = [];
    for (const card of NOVA_CARDS.values()) {
      effects.push(...card.effects);
      for (const a of card.abilities) if (a.kind === 'triggered' || a.kind === 'activated') effects.push(...a.effects);
    }
    expect(effects.length).toBeGreaterThan(20);
    expect(effects.filter((e) => !novaEffects.supports(e)).map((e) => e.do)).toEqual([]);
  });
});

/** Neris's draw-phase ability resolves and waits while its controller orders the two cards looked at (NOVA 303.6). */
const TO_THE_ORDER = `
rule: NOVA 303.6 (resolve frame test)
game: nova
setup:
  phase: standby
  p1:
    field: ["Neris, Tide Oracle"]
    deck: [Astral Convergence, Cataclysm Hymn, Mossback Tortoise]
script:
  - { passUntil: draw }
  - { player: p1, do: pass }
  - { player: p2, do: pass }
expect:
  decision: { player: p1, kind: order-deck }
`;

describe('NOVA resolution as a kernel frame (NOVA 804.3, 804.4)', () => {
  it('waits in its resolve frame for a choice on resolution, and goes on alike after a save and restore', () => {
    const result = runScenario(loadScenario(TO_THE_ORDER, 'resolve-frame'));
    expect(result.failures).toEqual([]);
    const s = result.state as NovaState;
    expect(s.procedures.frames.map((f) => `${f.kind}:${f.step}?${f.awaiting?.decision}`)).toEqual([
      'nova-game:turn?undefined',
      'priority-window:answered?undefined',
      'resolve:enter?order-deck',
    ]);
    // Only the looker sees the looked-at cards while choosing (NOVA 303.3).
    expect(nova.hiddenObjectIds?.(s, { kind: 'player', seat: 'p1' })).not.toContain(s.players.p1.zones.deck[0]);
    expect(nova.hiddenObjectIds?.(s, { kind: 'player', seat: 'p2' })).toContain(s.players.p1.zones.deck[0]);
    const restored = JSON.parse(JSON.stringify(s)) as NovaState;
    const order = (x: NovaState) => {
      const p = nova.pending(x);
      if (!p) throw new Error('no decision');
      return nova.apply(x, p.player, { decisionId: p.id, choose: [...p.options.map((o) => o.id)].reverse() });
    };
    const a = order(s);
    expect(stateHash(order(restored))).toBe(stateHash(a));
    expect(a.procedures.frames.map((f) => f.kind)).toEqual(['nova-game', 'priority-window']);
    expect(a.players.p1.zones.deck.slice(0, 2)).toEqual([...s.players.p1.zones.deck.slice(0, 2)].reverse());
  });
});

/** Emberstorm declared: its play waits in its frame for the first of its targets (NOVA 804.2.2). */
const TO_THE_TARGETS = `
rule: NOVA 804.2.2 (play frame test)
game: nova
setup:
  p1:
    hand: [Emberstorm]
    energy: [red, red, red, red, red, red, red]
  p2:
    field: [Mossback Tortoise]
script:
  - { player: p1, do: play, card: Emberstorm }
expect:
  decision: { player: p1, kind: target }
`;

describe('NOVA playing a card as a kernel frame (NOVA 804.2)', () => {
  it('waits in its play frame for each target, and is placed on the waiting area when the last is chosen', () => {
    const result = runScenario(loadScenario(TO_THE_TARGETS, 'play-frame'));
    expect(result.failures).toEqual([]);
    let s = result.state as NovaState;
    // The play runs inside its transaction (NOVA 804.2.4: an unpaid play is rewound), above the priority window.
    expect(s.procedures.frames.map((f) => `${f.kind}:${f.step}?${f.awaiting?.decision}`)).toEqual([
      'nova-game:turn?undefined',
      'priority-window:answered?undefined',
      'play-transaction:end?undefined',
      'play:continue?target',
    ]);
    // Each 100 of Emberstorm's damage goes to the opponent (the option that is a player, not a card).
    const toPlayer = (x: NovaState): NovaState => {
      const p = nova.pending(x);
      const option = p?.options.find((o) => o.objectId === undefined);
      if (!p || !option) throw new Error('no player to target');
      return nova.apply(x, p.player, { decisionId: p.id, choose: [option.id] });
    };
    const restored = JSON.parse(JSON.stringify(s)) as NovaState;
    expect(stateHash(toPlayer(restored))).toBe(stateHash(toPlayer(s)));
    for (let i = 0; i < 5 && s.procedures.frames.length > 0; i++) s = toPlayer(s);
    expect(s.procedures.frames.map((f) => f.kind)).toEqual(['nova-game', 'priority-window']);
    expect(s.waiting.map((w) => w.card)).toEqual([novaCardByName('Emberstorm')?.id]);
    expect(nova.pending(s)?.kind).toBe('priority');
  });
});
