/**
 * Stage-A rules of the CR of 2019-01-25, one scenario each, named after the rule. Each test sets up a board from
 * a real game (helpers.ts `duel`, `put`) and plays it through the engine's own decisions.
 */
import { describe, expect, it } from 'vitest';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import { type MtgLogEntry, type MtgState, moveObject, objectOf } from '../../src/engine/games/mtg/state.ts';

const logOf = (s: MtgState): MtgLogEntry[] => s.log;

import { choose, duel, optionIds, optionStarting, passUntil, pendingOf, put, respond } from './helpers.ts';

const passBoth = (s: ReturnType<typeof duel>) => choose(choose(s, 'pass'), 'pass');

describe('CR 103 starting the game', () => {
  it('103.2: a random player chooses; 103.7a: the starting player skips the first draw', () => {
    const s = duel();
    expect(s.startingPlayer).toBe('p1');
    expect(s.players.p1.hand).toHaveLength(7);
    const t2 = passUntil(s, 'main1', 'p2');
    expect(t2.players.p2.hand).toHaveLength(8); // 7 + the draw of turn 2
  });

  it('103.4 (2019): a mulligan draws one fewer, then the player scries 1; the prompt says it is the 2019 rule', () => {
    let s = mtg.setup(
      { game: 'mtg', decks: { p1: { main: Array(60).fill('plains') }, p2: { main: Array(60).fill('island') } } },
      'm',
    );
    s = choose(s, 'play');
    const p = pendingOf(s);
    expect(p.kind).toBe('mulligan');
    expect(p.prompt.en).toContain('2019');
    expect(p.prompt.en).toContain('Vancouver');
    const first = p.player;
    s = choose(s, 'mulligan');
    s = choose(s, 'keep'); // the other player keeps
    expect(s.players[first].hand).toHaveLength(6);
    s = choose(s, 'keep');
    const scry = pendingOf(s);
    expect(scry.kind).toBe('scry');
    expect(scry.player).toBe(first);
    // A player who knows today's London mulligan is told this scry is the 2019 rule's, in both languages.
    expect(scry.prompt.en).toMatch(/2019 rules, CR 103\.4.*Vancouver/);
    expect(scry.prompt.ja).toContain('2019年のルール103.4');
  });
});

describe('CR 305 lands and 500.4 mana', () => {
  it('305.2: one land per turn', () => {
    let s = duel(['mountain', 'mountain']);
    const land = optionStarting(s, 'land:');
    s = choose(s, land);
    expect(optionIds(s).some((id) => id.startsWith('land:'))).toBe(false);
  });

  it('500.4: mana left in the pool empties when the step ends (no mana burn)', () => {
    let s = duel();
    put(s, 'p1', 'mountain', 'battlefield');
    s = choose(s, optionStarting(s, 'mana:'));
    expect(s.players.p1.pool).toHaveLength(1);
    s = passBoth(s);
    expect(s.turn.step).toBe('beginning-of-combat');
    expect(s.players.p1.pool).toHaveLength(0);
    expect(s.players.p1.life).toBe(20);
  });
});

describe('CR 601 casting, 608 resolving, 721 rewinding', () => {
  it('601.2c, 608.2b: the second bolt at a creature that already died does not resolve', () => {
    let s = duel(['kiln-bolt', 'kiln-bolt'], ['gatewarden-recruit']);
    put(s, 'p1', 'mountain', 'battlefield');
    put(s, 'p1', 'mountain', 'battlefield');
    const a = put(s, 'p1', 'kiln-bolt', 'hand');
    const b = put(s, 'p1', 'kiln-bolt', 'hand');
    const recruit = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    for (const bolt of [a, b]) {
      s = choose(s, `cast:${bolt}`);
      s = choose(s, `obj:${recruit}`);
      s = choose(s, 'auto');
    }
    expect(s.stack).toHaveLength(2);
    s = passBoth(s);
    expect(objectOf(s, recruit).zone).toBe('graveyard'); // 704.5g
    s = passBoth(s);
    expect(s.stack).toHaveLength(0);
    expect(logOf(s).some((e) => e.type === 'fizzle' && e.rule === '608.2b')).toBe(true);
    expect(objectOf(s, a).zone).toBe('graveyard');
  });

  it('608.2b: a partly illegal spell still does what it can (Forked Cinders)', () => {
    let s = duel(['forked-cinders'], ['gatewarden-recruit']);
    put(s, 'p1', 'mountain', 'battlefield');
    put(s, 'p1', 'mountain', 'battlefield');
    const spell = put(s, 'p1', 'forked-cinders', 'hand');
    const recruit = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    s = choose(s, `cast:${spell}`);
    s = choose(s, `obj:${recruit}`);
    expect(optionIds(s)).not.toContain(`obj:${recruit}`); // "another target" (601.2c)
    s = choose(s, 'player:p2');
    s = choose(s, 'auto');
    // The recruit leaves before the spell resolves (test set-up): only the player's part happens.
    s = structuredClone(s);
    moveObject(s, recruit, 'hand');
    s = passBoth(s);
    expect(s.players.p2.life).toBe(19);
    expect(logOf(s).some((e) => e.type === 'fizzle')).toBe(false);
  });

  it('721: cancelling a cast puts everything back, mana abilities included', () => {
    let s = duel(['kiln-bolt']);
    put(s, 'p1', 'mountain', 'battlefield');
    const bolt = put(s, 'p1', 'kiln-bolt', 'hand');
    const before = structuredClone(s);
    s = choose(s, `cast:${bolt}`);
    s = choose(s, 'player:p2');
    s = choose(s, optionStarting(s, 'tap:')); // one source at a time
    expect(s.stack).toHaveLength(1);
    const pay = pendingOf(s);
    expect(pay.kind).toBe('priority');
    // Paid in full with one mountain: the spell is cast. Now cancel a second spell's payment instead.
    s = passBoth(s);
    expect(s.players.p2.life).toBe(18);
    let t = before;
    t = choose(t, `cast:${bolt}`);
    t = choose(t, 'player:p2');
    t = choose(t, 'cancel');
    expect(t.players.p1.hand).toContain(bolt);
    expect(t.stack).toHaveLength(0);
    expect(t.battlefield.every((id) => !objectOf(t, id).tapped)).toBe(true);
    expect(t.version).toBeGreaterThan(before.version);
  });

  it('107.3, 601.2b: X is a number chosen on casting; Searing Cascade deals X', () => {
    let s = duel(['searing-cascade']);
    for (let i = 0; i < 4; i++) put(s, 'p1', 'mountain', 'battlefield');
    const spell = put(s, 'p1', 'searing-cascade', 'hand');
    s = choose(s, `cast:${spell}`);
    const x = pendingOf(s);
    expect(x.shape).toBe('number');
    if (x.shape !== 'number') return;
    expect(x.max).toBe(3);
    s = respond(s, { number: 3 });
    s = choose(s, 'player:p2');
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(s.players.p2.life).toBe(17);
  });

  it('601.2h, 117.8: an additional sacrifice cost is paid on casting', () => {
    let s = duel(['carrion-toll', 'mirewhisper-adder']);
    put(s, 'p1', 'swamp', 'battlefield');
    const adder = put(s, 'p1', 'mirewhisper-adder', 'battlefield');
    const toll = put(s, 'p1', 'carrion-toll', 'hand');
    const hand = s.players.p1.hand.length;
    s = choose(s, `cast:${toll}`);
    s = choose(s, `obj:${adder}`);
    s = choose(s, 'auto');
    expect(objectOf(s, adder).zone).toBe('graveyard');
    s = passBoth(s);
    expect(s.players.p1.hand.length).toBe(hand - 1 + 2);
  });

  it('307.1: a sorcery is not offered with a spell on the stack; an instant is', () => {
    let s = duel(['kiln-bolt', 'glimpse-the-shoals']);
    put(s, 'p1', 'mountain', 'battlefield');
    put(s, 'p1', 'island', 'battlefield');
    const bolt = put(s, 'p1', 'kiln-bolt', 'hand');
    const sorcery = put(s, 'p1', 'glimpse-the-shoals', 'hand');
    expect(optionIds(s)).toContain(`cast:${sorcery}`);
    s = choose(s, `cast:${bolt}`);
    s = choose(s, 'player:p2');
    s = choose(s, 'auto');
    expect(optionIds(s)).not.toContain(`cast:${sorcery}`);
  });
});

describe('CR 506–511 combat', () => {
  const toCombat = (s: ReturnType<typeof duel>) => {
    let out = choose(s, 'pass');
    out = choose(out, 'pass'); // main 1 ends
    out = choose(out, 'pass');
    return choose(out, 'pass'); // beginning of combat ends
  };

  it('302.6, 702.10: a creature that just arrived cannot attack unless it has haste', () => {
    let s = duel(['gatewarden-recruit', 'emberkin-raider']);
    const sick = put(s, 'p1', 'gatewarden-recruit', 'battlefield', true);
    const hasty = put(s, 'p1', 'emberkin-raider', 'battlefield', true);
    s = toCombat(s);
    const p = pendingOf(s);
    expect(p.kind).toBe('attackers');
    if (p.shape !== 'declare') return;
    expect(p.slots.map((x) => x.id)).toEqual([hasty]);
    expect(sick).toBeTruthy();
  });

  it('508.1c: an attack breaking a restriction is refused whole, named, and the game goes on', () => {
    let s = duel(['brinebreaker-serpent']);
    const serpent = put(s, 'p1', 'brinebreaker-serpent', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [serpent]: ['attack'] } });
    const again = pendingOf(s);
    expect(again.kind).toBe('attackers');
    if (again.shape !== 'declare') return;
    expect(again.problem?.rule).toBe('508.1c');
    expect(again.draft[serpent]).toEqual(['attack']);
    expect(again.prompt.en).toContain('Island');
    s = respond(s, { declare: {} });
    expect(pendingOf(s).kind).toBe('priority');
  });

  it('508.1f, 702.20b: attackers tap unless they have vigilance', () => {
    let s = duel(['gatewarden-recruit', 'emberkin-raider']);
    const vig = put(s, 'p1', 'gatewarden-recruit', 'battlefield');
    const raider = put(s, 'p1', 'emberkin-raider', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [vig]: ['attack'], [raider]: ['attack'] } });
    expect(objectOf(s, vig).tapped).toBe(false);
    expect(objectOf(s, raider).tapped).toBe(true);
    s = passUntil(s, 'main2', 'p1');
    expect(s.players.p2.life).toBe(20 - 1 - 2);
  });

  it('702.9b, 702.17b: a flyer can be blocked by reach but not by a ground creature', () => {
    let s = duel(['skylance-courier'], ['gatewarden-recruit', 'vinelash-spider']);
    const flyer = put(s, 'p1', 'skylance-courier', 'battlefield');
    const ground = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    const spider = put(s, 'p2', 'vinelash-spider', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [flyer]: ['attack'] } });
    s = passBoth(s);
    expect(pendingOf(s).kind).toBe('blockers');
    s = respond(s, { declare: { [ground]: [`block:${flyer}`] } });
    const refused = pendingOf(s);
    expect(refused.shape === 'declare' && refused.problem?.rule).toBe('702.9b');
    s = respond(s, { declare: { [spider]: [`block:${flyer}`] } });
    expect(s.combat?.attackers[flyer]?.blocked).toBe(true);
  });

  it('509.1b: a creature that cannot block is refused', () => {
    let s = duel(['gatewarden-recruit'], ['emberkin-raider']);
    const attacker = put(s, 'p1', 'gatewarden-recruit', 'battlefield');
    const raider = put(s, 'p2', 'emberkin-raider', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [attacker]: ['attack'] } });
    s = passBoth(s);
    s = respond(s, { declare: { [raider]: [`block:${attacker}`] } });
    const p = pendingOf(s);
    expect(p.shape === 'declare' && p.problem?.code).toBe('cant-block');
  });

  it('509.2 (2019), 510.1c: damage assignment order, then lethal in order with the rest to the last', () => {
    let s = duel(['grovehorn-titan'], ['gatewarden-recruit', 'vinelash-spider']);
    const titan = put(s, 'p1', 'grovehorn-titan', 'battlefield');
    const recruit = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    const spider = put(s, 'p2', 'vinelash-spider', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [titan]: ['attack'] } });
    s = passBoth(s);
    s = respond(s, { declare: { [recruit]: [`block:${titan}`], [spider]: [`block:${titan}`] } });
    const order = pendingOf(s);
    expect(order.kind).toBe('damage-order');
    expect(order.prompt.en).toContain('2019');
    expect(order.prompt.ja).toContain('2019年のルール509.2');
    s = choose(s, `obj:${spider}`, `obj:${recruit}`);
    expect(s.combat?.attackers[titan]?.blockers).toEqual([spider, recruit]);
    s = passBoth(s);
    const assign = pendingOf(s);
    expect(assign.kind).toBe('assign-damage');
    // Two blockers: the player is told the 2019 order binds the division (today's rules have none).
    expect(assign.prompt.en).toMatch(/2019 rules, CR 510\.1c/);
    expect(assign.prompt.ja).toContain('2019年のルール510.1c');
    s = choose(s, 'customise');
    const split = pendingOf(s);
    expect(split.kind).toBe('assign-split');
    expect(split.prompt.en).toMatch(/2019 rules, CR 510\.1c/);
    // 1 to the spider (not lethal) and 5 to the recruit breaks 510.1c: refused, asked again.
    s = respond(s, { split: { [`obj:${spider}`]: 1, [`obj:${recruit}`]: 5 } });
    const again = pendingOf(s);
    expect(again.kind).toBe('assign-damage');
    expect(again.prompt.en).toContain('510.1c');
    s = choose(s, 'default');
    expect(objectOf(s, spider).zone).toBe('graveyard'); // 4 lethal to the spider
    expect(objectOf(s, recruit).zone).toBe('graveyard'); // the rest, 2, to the recruit
    expect(s.players.p2.life).toBe(20);
  });

  it('702.19b: trample assigns lethal to the blocker and the rest to the player', () => {
    let s = duel(['slagpit-ogre'], ['gatewarden-recruit']);
    const ogre = put(s, 'p1', 'slagpit-ogre', 'battlefield');
    const recruit = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [ogre]: ['attack'] } });
    s = passBoth(s);
    s = respond(s, { declare: { [recruit]: [`block:${ogre}`] } });
    s = passBoth(s);
    // One blocker: no damage assignment order, so no note about the 2019 rule.
    expect(pendingOf(s).prompt.en).not.toContain('2019');
    s = choose(s, 'default');
    expect(s.players.p2.life).toBe(18);
    expect(objectOf(s, recruit).zone).toBe('graveyard');
    expect(objectOf(s, ogre).damage).toBe(1);
  });

  it('510.4, 702.7, 702.15: first strike kills the blocker first; lifelink gains the damage dealt', () => {
    let s = duel(['hallowmere-paladin'], ['slagpit-ogre']);
    const paladin = put(s, 'p1', 'hallowmere-paladin', 'battlefield');
    const ogre = put(s, 'p2', 'slagpit-ogre', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [paladin]: ['attack'] } });
    s = passBoth(s);
    s = respond(s, { declare: { [ogre]: [`block:${paladin}`] } });
    s = passBoth(s);
    expect(s.turn.step).toBe('first-strike-damage');
    expect(objectOf(s, ogre).zone).toBe('graveyard');
    expect(s.players.p1.life).toBe(23);
    s = passBoth(s);
    expect(objectOf(s, paladin).damage).toBe(0);
    expect(objectOf(s, paladin).zone).toBe('battlefield');
  });

  it('702.2b, 704.5h: any damage from deathtouch is lethal', () => {
    let s = duel(['grovehorn-titan'], ['mirewhisper-adder']);
    const titan = put(s, 'p1', 'grovehorn-titan', 'battlefield');
    const adder = put(s, 'p2', 'mirewhisper-adder', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [titan]: ['attack'] } });
    s = passBoth(s);
    s = respond(s, { declare: { [adder]: [`block:${titan}`] } });
    s = passBoth(s);
    // The titan tramples: 1 damage is lethal to a creature when the attacker has deathtouch; here the blocker has it.
    s = choose(s, 'default');
    expect(s.players.p2.life).toBe(20 - 5);
    expect(objectOf(s, titan).zone).toBe('graveyard');
    expect(objectOf(s, adder).zone).toBe('graveyard');
  });

  it('506.4: a creature removed from combat deals no combat damage', () => {
    let s = duel(['gatewarden-recruit', 'kiln-bolt']);
    put(s, 'p1', 'mountain', 'battlefield');
    const recruit = put(s, 'p1', 'gatewarden-recruit', 'battlefield');
    s = toCombat(s);
    s = respond(s, { declare: { [recruit]: ['attack'] } });
    const bolt = put(s, 'p1', 'kiln-bolt', 'hand');
    s = choose(s, `cast:${bolt}`);
    s = choose(s, `obj:${recruit}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(s.combat?.attackers[recruit]).toBeUndefined();
    s = passUntil(s, 'main2', 'p1');
    expect(s.players.p2.life).toBe(20);
  });
});

describe('CR 514 cleanup, 704 state-based actions, 104 game end', () => {
  it('514.1: the active player discards to seven; 514.2: damage wears off', () => {
    let s = duel(['tollgate-sentinel', 'kiln-bolt']);
    put(s, 'p1', 'mountain', 'battlefield');
    const wall = put(s, 'p1', 'tollgate-sentinel', 'battlefield');
    const bolt = put(s, 'p1', 'kiln-bolt', 'hand');
    s = choose(s, `cast:${bolt}`);
    s = choose(s, `obj:${wall}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(objectOf(s, wall).damage).toBe(2);
    for (let i = 0; i < 3; i++) put(s, 'p1', 'plains', 'hand');
    s = passUntil(s, 'end', 'p1');
    s = passBoth(s);
    expect(pendingOf(s).kind).toBe('discard');
    const discard = pendingOf(s);
    if (discard.shape === undefined) s = choose(s, ...discard.defaultOnTimeout);
    expect(s.players.p1.hand).toHaveLength(7);
    expect(objectOf(s, wall).damage).toBe(0);
  });

  it('704.5b: drawing from an empty library loses the game', () => {
    let s = duel();
    s.players.p2.library = [];
    for (const o of Object.values(s.objects)) if (o.owner === 'p2' && o.zone === 'library') o.zone = 'exile';
    for (const o of Object.values(s.objects)) if (o.owner === 'p2' && o.zone === 'exile') s.players.p2.exile.push(o.id);
    s = passUntil(s, 'end', 'p1');
    for (let i = 0; i < 10 && !s.result; i++) s = choose(s, 'pass');
    expect(s.turn).toMatchObject({ number: 2, active: 'p2', step: 'draw' });
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'decked', rule: '704.5b' });
  });

  it('104.4a: both players at 0 life at once is a draw (Ashen Downpour)', () => {
    let s = duel(['ashen-downpour']);
    for (const land of ['mountain', 'mountain', 'mountain', 'mountain']) put(s, 'p1', land, 'battlefield');
    s.players.p1.life = 2;
    s.players.p2.life = 2;
    const spell = put(s, 'p1', 'ashen-downpour', 'hand');
    s = choose(s, `cast:${spell}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(s.result).toMatchObject({ kind: 'draw', rule: '104.4a' });
    expect(mtg.describeResult(s.result ?? { kind: 'draw', reason: '', rule: '' }).en).toContain('draw');
  });

  it('104.3a: a player may concede at any time', () => {
    const s = mtg.concede(duel(), 'p2');
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'conceded' });
    expect(mtg.pending(s)).toBeNull();
  });
});

describe('views (the digest §4)', () => {
  it('a player sees their own hand, not the other hand or any library', () => {
    const s = duel();
    const v = mtg.view(s, { kind: 'player', seat: 'p1' });
    expect(v.players.p1.hand).toHaveLength(7);
    expect(v.players.p2.hand).toBeUndefined();
    expect(v.players.p2.handCount).toBe(7);
    const text = JSON.stringify(v);
    for (const id of [...s.players.p2.hand, ...s.players.p1.library]) expect(text).not.toContain(`"${id}"`);
    expect(mtg.log(s, { kind: 'spectator' }).every((l) => typeof l.text.en === 'string')).toBe(true);
  });
});
