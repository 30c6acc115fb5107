/**
 * Stage B: triggered abilities (CR 603), counters (121, 704.5q), tokens (110.5, 704.5d), the legend rule (704.5j)
 * and the stage-B keywords, each played through the engine's own decisions from a real game.
 */
import { describe, expect, it } from 'vitest';
import { type MtgLogEntry, type MtgState, objectOf, powerOf, toughnessOf } from '../../src/engine/games/mtg/state.ts';
import { choose, duel, optionIds, optionStarting, passUntil, pendingOf, put, respond } from './helpers.ts';

const passBoth = (s: MtgState) => choose(choose(s, 'pass'), 'pass');

/** Lands for `seat`, untapped and ready. */
function lands(s: MtgState, seat: 'p1' | 'p2', land: string, n: number): void {
  for (let i = 0; i < n; i++) put(s, seat, land, 'battlefield');
}

/** Casts a card from hand with these target option ids, paying automatically. */
function cast(s: MtgState, id: string, ...targets: string[]): MtgState {
  let out = choose(s, `cast:${id}`);
  for (const t of targets) out = choose(out, t);
  return pendingOf(out).kind === 'pay' ? choose(out, 'auto') : out;
}

const types = (s: MtgState) => (s.log as MtgLogEntry[]).map((e) => e.type);

const toCombat = (s: MtgState) => passBoth(passBoth(s));

describe('CR 603 triggered abilities', () => {
  it('603.6a, 603.3: an enters-the-battlefield trigger goes on the stack when a player would get priority', () => {
    let s = duel(['dawnbell-herald']);
    lands(s, 'p1', 'plains', 2);
    const herald = put(s, 'p1', 'dawnbell-herald', 'hand');
    s = cast(s, herald);
    s = passBoth(s); // the creature spell resolves
    expect(objectOf(s, herald).zone).toBe('battlefield');
    expect(s.stack.map((i) => i.kind)).toEqual(['trigger']);
    expect(types(s)).toContain('trigger');
    expect(s.players.p1.life).toBe(20);
    s = passBoth(s);
    expect(s.players.p1.life).toBe(22);
    expect(s.stack).toHaveLength(0);
  });

  it('603.3d: a trigger with no legal target is removed; with one, its target is chosen as it goes on the stack', () => {
    let s = duel(['blightcaller-adept', 'blightcaller-adept'], ['emberkin-raider']);
    lands(s, 'p1', 'swamp', 6);
    const first = put(s, 'p1', 'blightcaller-adept', 'hand');
    s = cast(s, first);
    s = passBoth(s);
    // No creature the controller doesn't control: removed, never on the stack.
    expect(s.stack).toHaveLength(0);
    expect(types(s)).toContain('trigger-removed');
    const raider = put(s, 'p2', 'emberkin-raider', 'battlefield');
    const second = put(s, 'p1', 'blightcaller-adept', 'hand');
    s = cast(s, second);
    s = passBoth(s);
    const p = pendingOf(s);
    expect(p.kind).toBe('target');
    expect(p.player).toBe('p1');
    // A trigger's target cannot be cancelled (603.3d), and only the opponent's creature may be chosen.
    expect(optionIds(s)).toEqual([`obj:${raider}`]);
    s = choose(s, `obj:${raider}`);
    expect(s.stack[0]?.targets).toEqual([{ object: { id: raider, inc: expect.any(Number) } }]);
    s = passBoth(s);
    // 2/1 with a -1/-1 counter: 1/0, put into the graveyard (704.5f).
    expect(objectOf(s, raider).zone).toBe('graveyard');
  });

  it('603.10a: "dies" looks back; a creature dying at the same time as another sees it die', () => {
    let s = duel(['ashen-downpour', 'gravecaller-wisp', 'gloomwing-courier']);
    lands(s, 'p1', 'mountain', 4);
    const wisp = put(s, 'p1', 'gravecaller-wisp', 'battlefield');
    const courier = put(s, 'p1', 'gloomwing-courier', 'battlefield');
    const downpour = put(s, 'p1', 'ashen-downpour', 'hand');
    s = cast(s, downpour);
    s = passBoth(s);
    // Both died in one state-based pass; two different triggers of p1: p1 orders them (603.3b).
    expect(objectOf(s, wisp).zone).toBe('graveyard');
    expect(objectOf(s, courier).zone).toBe('graveyard');
    const order = pendingOf(s);
    expect(order.kind).toBe('order-triggers');
    expect(order.player).toBe('p1');
    const options = order.shape === undefined || order.shape === 'pick' ? order.options : [];
    const byName = (name: string) => options.find((o) => o.cardName === name)?.id;
    const courierFirst = [byName('Gloomwing Courier'), byName('Gravecaller Wisp')];
    s = choose(s, ...courierFirst.map(String));
    expect(s.stack.map((i) => i.card)).toEqual(['gloomwing-courier', 'gravecaller-wisp']);
    s = passBoth(s); // the wisp's: p2 loses 2, p1 gains 2
    s = passBoth(s); // the courier's: p2 loses 1
    expect(s.players.p2.life).toBe(20 - 2 - 2 - 1);
    expect(s.players.p1.life).toBe(20 - 2 + 2);
  });

  it('603.3b: simultaneous triggers of both players go on the stack active player first (theirs resolve last)', () => {
    let s = duel(['ashen-downpour', 'gravecaller-wisp'], ['gravecaller-wisp']);
    lands(s, 'p1', 'mountain', 4);
    put(s, 'p1', 'gravecaller-wisp', 'battlefield');
    put(s, 'p2', 'gravecaller-wisp', 'battlefield');
    s = cast(s, put(s, 'p1', 'ashen-downpour', 'hand'));
    s = passBoth(s);
    expect(s.stack.map((i) => i.controller)).toEqual(['p1', 'p2']);
    s = passBoth(s); // p2's resolves first
    expect(s.players.p1.life).toBe(20 - 2 - 2);
    expect(s.players.p2.life).toBe(20 - 2 + 2);
  });

  it('603.4: an intervening "if" is checked when it triggers and again on resolution', () => {
    let s = duel(['mossback-tender', 'gatewarden-recruit', 'gatewarden-recruit', 'kiln-bolt'], ['kiln-bolt']);
    put(s, 'p1', 'mossback-tender', 'battlefield');
    const recruit = put(s, 'p1', 'gatewarden-recruit', 'battlefield');
    // Two creatures: no trigger in p1's next upkeep.
    s = passUntil(s, 'upkeep', 'p1');
    expect(s.stack).toHaveLength(0);
    s = passUntil(s, 'main1', 'p1');
    put(s, 'p1', 'gatewarden-recruit', 'battlefield');
    // Three creatures at p1's upkeep: it triggers; p2 bolts one in response, so it does nothing.
    lands(s, 'p2', 'mountain', 1);
    const bolt = put(s, 'p2', 'kiln-bolt', 'hand');
    s = passUntil(s, 'upkeep', 'p1');
    expect(s.stack.map((i) => i.card)).toEqual(['mossback-tender']);
    s = choose(s, 'pass');
    s = cast(s, bolt, `obj:${recruit}`);
    s = passBoth(s); // the bolt resolves; the recruit dies
    expect(objectOf(s, recruit).zone).toBe('graveyard');
    s = passBoth(s);
    expect(s.players.p1.life).toBe(20);
    expect(types(s)).toContain('no-effect');
  });

  it('603.5: "you may" is chosen on resolution', () => {
    let s = duel(['skyward-sentinel', 'skyward-sentinel']);
    lands(s, 'p1', 'island', 8);
    const hand = s.players.p1.hand.length;
    s = cast(s, put(s, 'p1', 'skyward-sentinel', 'hand'));
    s = passBoth(s);
    s = passBoth(s);
    expect(pendingOf(s).kind).toBe('may');
    s = choose(s, 'no');
    expect(s.players.p1.hand).toHaveLength(hand);
    s = cast(s, put(s, 'p1', 'skyward-sentinel', 'hand'));
    s = passBoth(s);
    s = passBoth(s);
    s = choose(s, 'yes');
    expect(s.players.p1.hand).toHaveLength(hand + 1);
  });

  it('603.7: a delayed trigger returns the exiled card at the next end step, as a new object whose ETB triggers', () => {
    let s = duel(['veilstep-shift', 'dawnbell-herald']);
    lands(s, 'p1', 'plains', 1);
    const herald = put(s, 'p1', 'dawnbell-herald', 'battlefield');
    s = cast(s, put(s, 'p1', 'veilstep-shift', 'hand'), `obj:${herald}`);
    s = passBoth(s);
    expect(objectOf(s, herald).zone).toBe('exile');
    expect(s.delayed).toHaveLength(1);
    s = passUntil(s, 'end', 'p1');
    // The delayed trigger is on the stack at the beginning of the end step.
    expect(s.stack.map((i) => i.special)).toEqual([{ delayed: 'return-to-battlefield' }]);
    expect(s.delayed).toHaveLength(0);
    s = passBoth(s);
    expect(objectOf(s, herald).zone).toBe('battlefield');
    s = passBoth(s); // its enters-the-battlefield trigger
    expect(s.players.p1.life).toBe(22);
  });

  it('508.3a: an attack trigger; 702.107a: prowess on a noncreature spell', () => {
    let s = duel(['cinderclaw-raider', 'pyre-acolyte', 'kiln-bolt']);
    lands(s, 'p1', 'mountain', 1);
    const raider = put(s, 'p1', 'cinderclaw-raider', 'battlefield');
    const acolyte = put(s, 'p1', 'pyre-acolyte', 'battlefield');
    s = cast(s, put(s, 'p1', 'kiln-bolt', 'hand'), 'player:p2');
    // Prowess triggers on the cast and resolves before the bolt.
    expect(s.stack.map((i) => i.kind)).toEqual(['spell', 'trigger']);
    s = passBoth(s);
    expect(powerOf(s, acolyte)).toBe(3);
    expect(toughnessOf(s, acolyte)).toBe(2);
    s = passBoth(s);
    s = toCombat(s);
    s = respond(s, { declare: { [raider]: ['attack'] } });
    expect(s.stack.map((i) => i.card)).toEqual(['cinderclaw-raider']);
    s = passBoth(s);
    expect(powerOf(s, raider)).toBe(3);
  });
});

describe('CR 121 counters, 110.5 tokens, 704.5 state-based actions', () => {
  it('704.5q: +1/+1 and -1/-1 counters on one creature cancel in pairs; 613.3d counters count in P/T', () => {
    let s = duel(['harvest-sprite'], ['blightcaller-adept']);
    lands(s, 'p1', 'forest', 2);
    const sprite = put(s, 'p1', 'harvest-sprite', 'hand');
    s = cast(s, sprite);
    s = passBoth(s);
    s = choose(s, `obj:${sprite}`);
    s = passBoth(s);
    expect(powerOf(s, sprite)).toBe(2);
    expect(objectOf(s, sprite).counters?.['+1/+1']).toBe(1);
    s = passUntil(s, 'main1', 'p2');
    lands(s, 'p2', 'swamp', 3);
    s = cast(s, put(s, 'p2', 'blightcaller-adept', 'hand'));
    s = passBoth(s);
    s = choose(s, `obj:${sprite}`);
    s = passBoth(s);
    expect(objectOf(s, sprite).counters?.['+1/+1'] ?? 0).toBe(0);
    expect(objectOf(s, sprite).counters?.['-1/-1'] ?? 0).toBe(0);
    expect(types(s)).toContain('counters-annihilate');
    expect(powerOf(s, sprite)).toBe(1);
  });

  it('110.5, 704.5d: tokens enter under their creator; one that leaves the battlefield ceases to exist', () => {
    let s = duel(['rallying-horn', 'ebbing-return']);
    lands(s, 'p1', 'plains', 3);
    lands(s, 'p1', 'island', 2);
    s = cast(s, put(s, 'p1', 'rallying-horn', 'hand'));
    s = passBoth(s);
    const tokens = s.battlefield.filter((id) => objectOf(s, id).token);
    expect(tokens).toHaveLength(2);
    expect(tokens.map((id) => objectOf(s, id).card)).toEqual(['dawn-soldier', 'dawn-soldier']);
    const [one] = tokens;
    if (!one) throw new Error('no token');
    s = cast(s, put(s, 'p1', 'ebbing-return', 'hand'), `obj:${one}`);
    s = passBoth(s);
    expect(s.objects[one]).toBeUndefined();
    expect(s.players.p1.hand).not.toContain(one);
    expect(types(s)).toContain('token-gone');
  });

  it('704.5j: two legendary permanents of one name: the controller keeps one', () => {
    let s = duel(['seraphine-dawn-marshal', 'seraphine-dawn-marshal']);
    lands(s, 'p1', 'plains', 4);
    const a = put(s, 'p1', 'seraphine-dawn-marshal', 'battlefield');
    const b = put(s, 'p1', 'seraphine-dawn-marshal', 'hand');
    s = cast(s, b);
    s = passBoth(s);
    expect(pendingOf(s).kind).toBe('legend-rule');
    s = choose(s, `keep:${b}`);
    expect(objectOf(s, a).zone).toBe('graveyard');
    expect(objectOf(s, b).zone).toBe('battlefield');
  });
});

describe('CR 702 stage-B keywords', () => {
  it('702.3b defender cannot attack; 702.110b menace is refused with one blocker and the game goes on', () => {
    let s = duel(['shieldwall-sentry', 'dreadmaw-brute'], ['gatewarden-recruit', 'gatewarden-recruit']);
    const sentry = put(s, 'p1', 'shieldwall-sentry', 'battlefield');
    const brute = put(s, 'p1', 'dreadmaw-brute', 'battlefield');
    const r1 = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    const r2 = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    s = toCombat(s);
    const p = pendingOf(s);
    expect(p.shape === 'declare' && p.slots.map((x) => x.id)).toEqual([brute]);
    expect(sentry).toBeTruthy();
    s = respond(s, { declare: { [brute]: ['attack'] } });
    s = passBoth(s);
    s = respond(s, { declare: { [r1]: [`block:${brute}`] } });
    const refused = pendingOf(s);
    expect(refused.kind).toBe('blockers');
    expect(refused.shape === 'declare' && refused.problem?.rule).toBe('702.110b');
    s = respond(s, { declare: { [r1]: [`block:${brute}`], [r2]: [`block:${brute}`] } });
    expect(s.combat?.attackers[brute]?.blockers).toHaveLength(2);
  });

  it('702.11b hexproof: the opponent cannot target it, its controller can', () => {
    let s = duel(['kiln-bolt', 'duelists-resolve'], ['mistcloak-drake']);
    lands(s, 'p1', 'mountain', 1);
    const drake = put(s, 'p2', 'mistcloak-drake', 'battlefield');
    const bolt = put(s, 'p1', 'kiln-bolt', 'hand');
    s = choose(s, `cast:${bolt}`);
    expect(optionIds(s)).not.toContain(`obj:${drake}`);
    expect(optionIds(s)).toContain('player:p2');
  });

  it('702.12b indestructible: lethal damage and "destroy" do not destroy it', () => {
    let s = duel(['oathbound-colossus'], ['kiln-bolt', 'kiln-bolt', 'hollow-verdict']);
    const colossus = put(s, 'p1', 'oathbound-colossus', 'battlefield');
    s = passUntil(s, 'main1', 'p2');
    lands(s, 'p2', 'mountain', 2);
    lands(s, 'p2', 'swamp', 3);
    s = cast(s, put(s, 'p2', 'kiln-bolt', 'hand'), `obj:${colossus}`);
    s = passBoth(s);
    s = cast(s, put(s, 'p2', 'kiln-bolt', 'hand'), `obj:${colossus}`);
    s = passBoth(s);
    expect(objectOf(s, colossus).damage).toBe(4);
    s = cast(s, put(s, 'p2', 'hollow-verdict', 'hand'), `obj:${colossus}`);
    s = passBoth(s);
    expect(objectOf(s, colossus).zone).toBe('battlefield');
  });

  it("702.8a flash: a creature cast in the opponent's turn", () => {
    let s = duel([], ['reefwatch-lurker']);
    lands(s, 'p2', 'island', 3);
    const lurker = put(s, 'p2', 'reefwatch-lurker', 'hand');
    s = choose(s, 'pass');
    expect(pendingOf(s).player).toBe('p2');
    expect(optionIds(s)).toContain(`cast:${lurker}`);
    s = cast(s, lurker);
    s = passBoth(s);
    expect(objectOf(s, lurker).zone).toBe('battlefield');
    expect(optionStarting(s, 'pass')).toBe('pass');
  });
});
