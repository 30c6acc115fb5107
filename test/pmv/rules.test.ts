/**
 * Phantom Magic Vision rules v2.05, one case per rule, named after it. Each sets up a board from a real game
 * (helpers.ts `duel`, `put`) and plays it through the engine's own decisions.
 */
import { describe, expect, it } from 'vitest';
import { identityLeaks } from '../../src/engine/core/hidden.ts';
import { viewLeaks } from '../../src/engine/fuzz/random-play.ts';
import { PMV_CARDS } from '../../src/engine/games/pmv/cards/pool.ts';
import { pmv } from '../../src/engine/games/pmv/index.ts';
import { cardOf, moveObject, objectOf, type PmvLogEntry, type PmvState } from '../../src/engine/games/pmv/state.ts';
import { ACTIONS_NOT_ON_A_CARD, unsupportedReason } from '../../src/engine/games/pmv/support.ts';
import { pmvView } from '../../src/engine/games/pmv/view.ts';
import {
  choose,
  deckOf,
  duel,
  nodes,
  optionIds,
  pass,
  passBoth,
  passUntil,
  pendingOf,
  playCard,
  put,
} from './helpers.ts';

const logOf = (s: PmvState): PmvLogEntry[] => s.log;
const logTypes = (s: PmvState) => logOf(s).map((e) => e.type);

describe('§1.2 starting the game', () => {
  it('§1.2.7: 7 cards each and 25 LP; §1.2.8: the starting player skips the first draw, the other draws', () => {
    const s = duel();
    expect(s.players.p1.lp).toBe(25);
    expect(s.players.p1.hand).toHaveLength(7);
    expect(s.players.p2.hand).toHaveLength(7);
    const t2 = passUntil(s, 'main', 'p2');
    expect(t2.players.p2.hand).toHaveLength(8);
  });

  it('§1.5.3.b: a player who must draw from an empty deck loses at once', () => {
    let s = duel();
    for (const id of [...s.players.p2.deck]) moveObject(s, id, 'excluded');
    s = passUntil(s, 'maintenance', 'p2');
    expect(s.result).toBeNull();
    s = passBoth(s); // the draw phase begins: p2 must draw from an empty deck
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'decked' });
  });
});

describe('§1.8 nodes and costs', () => {
  it('§1.8.2–1.8.3: node set puts a hand card face down and active, once per turn, and priority stays', () => {
    let s = duel();
    const card = s.players.p1.hand[0] as string;
    s = choose(s, `node:${card}`);
    expect(s.players.p1.nodes).toEqual([card]);
    expect(objectOf(s, card).active).toBe(true);
    expect(pendingOf(s).player).toBe('p1');
    expect(optionIds(s).some((o) => o.startsWith('node:'))).toBe(false);
  });

  it('§3.5.3: the opponent sees a node face down; its owner remembers the card they set (ruling P3)', () => {
    let s = duel();
    const card = s.players.p1.hand[0] as string;
    s = choose(s, `node:${card}`);
    const theirs = pmv.view(s, { kind: 'player', seat: 'p2' }).players.p1.nodes[0];
    expect(theirs).toEqual({ id: card, faceDown: true, owner: 'p1', turned: false });
    const mine = pmv.view(s, { kind: 'player', seat: 'p1' }).players.p1.nodes[0];
    expect(mine).toMatchObject({ id: card, card: objectOf(s, card).card });
    expect(
      identityLeaks(
        pmv.view(s, { kind: 'player', seat: 'p2' }),
        pmv.hiddenIdentities(s, { kind: 'player', seat: 'p2' }),
      ),
    ).toEqual([]);
  });

  it("§3.9.3: the sideboard is its owner's to see; the opponent sees only how many cards it holds", () => {
    const others = ['fortune-split', 'silence-charm', 'borrowed-blade'].flatMap((c) => [c, c, c]);
    const side = ['second-card-kasumi-vale-crimson-bloom', ...others];
    const main = deckOf(['first-card-kasumi-vale']).main ?? [];
    const s = pmv.setup(
      { game: 'pmv', decks: { p1: { main, side }, p2: deckOf([]) }, options: { startingPlayer: 'p1' } },
      'side',
    );
    expect(s.players.p1.sideboard).toHaveLength(10);
    const theirs = pmv.view(s, { kind: 'player', seat: 'p2' }).players.p1;
    expect(theirs.sideboardCount).toBe(10);
    expect(theirs.sideboard).toBeUndefined();
    const mine = pmv.view(s, { kind: 'player', seat: 'p1' }).players.p1;
    expect(mine.sideboard?.map((o) => o.card)).toContain('second-card-kasumi-vale-crimson-bloom');
    expect(pmv.hiddenObjectIds(s, { kind: 'player', seat: 'p2' })).toEqual(
      expect.arrayContaining(s.players.p1.sideboard),
    );
    expect(
      identityLeaks(
        pmv.view(s, { kind: 'player', seat: 'p2' }),
        pmv.hiddenIdentities(s, { kind: 'player', seat: 'p2' }),
      ),
    ).toEqual([]);
  });

  it('§1.8.7: auto-pay sleeps active nodes first, then discards sleeping ones, never one node twice (d)', () => {
    let s = duel(['gorou-the-gate-breaker']);
    put(s, 'p1', 'gorou-the-gate-breaker', 'hand');
    const [a, b] = nodes(s, 'p1', 2, true);
    const [c, d] = nodes(s, 'p1', 2, false);
    s = choose(s, `play:${s.players.p1.hand.find((id) => objectOf(s, id).card === 'gorou-the-gate-breaker')}`);
    const pay = pendingOf(s);
    expect(pay.kind).toBe('pay');
    expect(pay.shape === undefined && pay.options.find((o) => o.id === 'auto')?.label.en).toContain('discards 1');
    s = choose(s, 'auto');
    expect(objectOf(s, a as string).active).toBe(false);
    expect(objectOf(s, b as string).active).toBe(false);
    // One sleeping node went to the netherworld, the other stays.
    const gone = [c, d].filter((id) => objectOf(s, id as string).zone === 'netherworld');
    expect(gone).toHaveLength(1);
    expect(s.players.p1.nodes).toHaveLength(3);
  });

  it('§1.8.7.d: a card whose cost exceeds the number of nodes is not offered', () => {
    const s = duel(['ilses-midnight-study']);
    const id = put(s, 'p1', 'gorou-the-gate-breaker', 'hand');
    nodes(s, 'p1', 2); // NODE 4 would not be met either
    expect(optionIds(s)).not.toContain(`play:${id}`);
  });

  it('§5.2.2.c: NODE counts sleeping nodes too', () => {
    const s = duel();
    const id = put(s, 'p1', 'thornback-sentinel', 'hand'); // NODE 2, COST 2
    nodes(s, 'p1', 1, true);
    nodes(s, 'p1', 1, false);
    expect(optionIds(s)).toContain(`play:${id}`);
  });

  it('§12.8: cancelling the payment takes the play back; the card returns to the hand and nothing is paid', () => {
    let s = duel();
    const id = put(s, 'p1', 'thornback-sentinel', 'hand');
    nodes(s, 'p1', 2);
    s = choose(s, `play:${id}`);
    s = choose(s, 'sleep:' + (s.players.p1.nodes[0] as string));
    s = choose(s, 'cancel');
    expect(objectOf(s, id).zone).toBe('hand');
    expect(s.players.p1.nodes.every((n) => objectOf(s, n).active)).toBe(true);
    expect(pendingOf(s).player).toBe('p1');
  });
});

describe('§5 playing cards', () => {
  it('§5.4.1.d, §5.4.2: one character per turn; it enters asleep; §10.2.2.a: Haste makes a played one active', () => {
    let s = duel();
    const sentinel = put(s, 'p1', 'thornback-sentinel', 'hand');
    const imp = put(s, 'p1', 'lantern-fairy-lookout', 'hand');
    nodes(s, 'p1', 4);
    s = playCard(s, `play:${sentinel}`);
    s = passBoth(s);
    expect(objectOf(s, sentinel).zone).toBe('field');
    expect(objectOf(s, sentinel).active).toBe(false);
    expect(optionIds(s)).not.toContain(`play:${imp}`); // the quota is used
    const t3 = passUntil(passUntil(s, 'main', 'p2'), 'main', 'p1');
    const hasty = put(t3, 'p1', 'hasty-courier-imp', 'hand');
    let u = playCard(t3, `play:${hasty}`);
    u = passBoth(u);
    expect(objectOf(u, hasty).active).toBe(true);
  });

  it('§5.4.1.e: a Doll has its own quota; ruling P4: an Ambush character is outside the quota', () => {
    let s = duel();
    const sentinel = put(s, 'p1', 'thornback-sentinel', 'hand');
    const doll = put(s, 'p1', 'paper-doll-sentry', 'hand');
    const scout = put(s, 'p1', 'cloud-step-tengu-scout', 'hand');
    nodes(s, 'p1', 6);
    s = passBoth(playCard(s, `play:${sentinel}`));
    expect(optionIds(s)).toContain(`play:${doll}`);
    s = passBoth(playCard(s, `play:${doll}`));
    expect(optionIds(s)).toContain(`play:${scout}`);
    s = passBoth(playCard(s, `play:${scout}`));
    expect(s.field).toEqual([sentinel, doll, scout]);
  });

  it('§5.5.6: with its caster on the field a spell is played without NODE and COST', () => {
    let s = duel();
    put(s, 'p1', 'ilse-marrow-lantern-scholar', 'field');
    const target = put(s, 'p2', 'riverbank-kappa-tinker', 'field');
    const bolt = put(s, 'p1', 'ilses-lantern-bolt', 'hand');
    expect(s.players.p1.nodes).toHaveLength(0);
    expect(optionIds(s)).toContain(`play:${bolt}`);
    s = choose(s, `play:${bolt}`);
    s = choose(s, `obj:${target}`);
    expect(optionIds(s)).toEqual(['free', 'cancel']);
    s = choose(s, 'free');
    s = passBoth(s);
    expect(objectOf(s, target).zone).toBe('netherworld');
    expect(objectOf(s, bolt).zone).toBe('netherworld');
  });

  it('§5.6.6: with two Tengu on the field Sudden Gust is free; §6.3.6: it cancels the attack (no battle, no graze)', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'gorou-the-gate-breaker', 'field');
    put(s, 'p2', 'cloud-step-tengu-scout', 'field');
    put(s, 'p2', 'cloud-step-tengu-scout', 'field');
    const gust = put(s, 'p2', 'sudden-gust', 'hand');
    s = choose(s, `attack:${attacker}`);
    expect(pendingOf(s).player).toBe('p2');
    s = choose(s, `play:${gust}`);
    expect(optionIds(s)).toContain('free');
    s = choose(s, 'free');
    s = pass(s); // p1
    s = pass(s); // p2: the interference resolves
    expect(s.players.p2.lp).toBe(25);
    expect(logTypes(s)).toContain('attack-cancelled');
    expect(logTypes(s)).not.toContain('battle');
    expect(pendingOf(s).player).toBe('p1'); // §1.12.8.e
  });
});

describe('§1.12 priority and the interference', () => {
  it('§1.12.8: the interference resolves last in first out in one pass, then the turn player gets priority', () => {
    let s = duel();
    const defender = put(s, 'p2', 'lantern-fairy-lookout', 'field'); // 2/1
    const bolt = put(s, 'p1', 'ilses-lantern-bolt', 'hand'); // 3 damage
    const barrier = put(s, 'p2', 'emergency-barrier', 'hand'); // ±0/+3 until end of battle
    nodes(s, 'p1', 2);
    nodes(s, 'p2', 1);
    s = playCard(s, `play:${bolt}`, `obj:${defender}`);
    expect(pendingOf(s).player).toBe('p2'); // §5.2.3.g
    s = playCard(s, `play:${barrier}`, `obj:${defender}`);
    expect(s.interferences[0]?.entries.map((e) => e.card)).toEqual(['ilses-lantern-bolt', 'emergency-barrier']);
    s = passBoth(s);
    // Barrier first (DEF 4), then 3 damage: the fairy survives.
    expect(objectOf(s, defender).zone).toBe('field');
    expect(objectOf(s, defender).effectDamage).toBe(3);
    expect(s.interferences).toHaveLength(0);
    expect(pendingOf(s).player).toBe('p1');
  });

  it('§8.2.5: a target gone before resolution makes the effect fail; the card still goes to the netherworld', () => {
    let s = duel();
    const target = put(s, 'p2', 'riverbank-kappa-tinker', 'field');
    const bolt = put(s, 'p1', 'ilses-lantern-bolt', 'hand');
    const whisper = put(s, 'p2', 'withering-whisper', 'hand');
    nodes(s, 'p1', 2);
    nodes(s, 'p2', 2);
    s = playCard(s, `play:${bolt}`, `obj:${target}`);
    // p2 answers by shrinking their own kappa to DEF 0: it is doomed at once (§9.2.2.b).
    s = playCard(s, `play:${whisper}`, `obj:${target}`);
    s = passBoth(s);
    expect(objectOf(s, target).zone).toBe('netherworld');
    expect(logOf(s).some((e) => e.type === 'fizzle' && e.card === 'ilses-lantern-bolt' && e.rule === '8.2.5')).toBe(
      true,
    );
    expect(objectOf(s, bolt).zone).toBe('netherworld');
  });

  it('§5.2.5: a nullified play does not count: the card is discarded and the character quota is still free', () => {
    let s = duel();
    const sentinel = put(s, 'p1', 'thornback-sentinel', 'hand');
    const imp = put(s, 'p1', 'hasty-courier-imp', 'hand');
    const unweave = put(s, 'p2', 'unweave-the-casting', 'hand');
    nodes(s, 'p1', 4);
    nodes(s, 'p2', 3);
    s = playCard(s, `play:${sentinel}`);
    s = playCard(s, `play:${unweave}`, `obj:${sentinel}`);
    s = passBoth(s);
    expect(objectOf(s, sentinel).zone).toBe('netherworld');
    expect(s.turn.character).toBe(false);
    expect(optionIds(s)).toContain(`play:${imp}`);
  });

  it('§1.5.3.a: LP at 0 or less loses only when a player would get priority', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'gorou-the-gate-breaker', 'field');
    s.players.p2.lp = 5;
    s = choose(s, `attack:${attacker}`);
    s = passBoth(s);
    // The battle dealt 5; graze is asked before anyone gets priority, so the game is not over yet.
    expect(s.players.p2.lp).toBe(0);
    expect(s.result).toBeNull();
    expect(pendingOf(s).kind).toBe('graze');
    s = choose(s, 'graze');
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'life', rule: '1.5.3.a' });
  });
});

describe('§6 battle', () => {
  it('§6.3.4: the attacker goes to sleep; §6.2.6.a: undefended, the player takes its ATK; §6.5: graze X = its GRAZE', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'gorou-the-gate-breaker', 'field'); // 5/3, graze 2
    s = choose(s, `attack:${attacker}`);
    expect(objectOf(s, attacker).active).toBe(false);
    s = passBoth(s);
    expect(s.players.p2.lp).toBe(20);
    const graze = pendingOf(s);
    expect(graze).toMatchObject({ kind: 'graze', player: 'p2' });
    s = choose(s, 'graze');
    expect(s.players.p2.nodes).toHaveLength(2);
    expect(s.players.p2.nodes.every((id) => !objectOf(s, id).active)).toBe(true); // §6.5.3.b: asleep
    expect(pmv.view(s, { kind: 'player', seat: 'p2' }).players.p2.nodes.every((n) => 'faceDown' in n)).toBe(true);
  });

  it('§6.4.2.a (ruling P5): defense is offered only in the first priority the attack gives', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'riverbank-kappa-tinker', 'field');
    const blocker = put(s, 'p2', 'thornback-sentinel', 'field');
    const barrier = put(s, 'p1', 'emergency-barrier', 'hand');
    nodes(s, 'p1', 1);
    s = choose(s, `attack:${attacker}`);
    expect(optionIds(s)).toContain(`defend:${blocker}`);
    s = pass(s); // p2 passes the defense window
    s = playCard(s, `play:${barrier}`, `obj:${attacker}`); // p1 acts, priority back to p2
    expect(pendingOf(s).player).toBe('p2');
    expect(optionIds(s)).not.toContain(`defend:${blocker}`);
  });

  it('§6.2.4.e: attacker and defender deal their ATK to each other at once; a doomed one is discarded (§9.2)', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'lantern-fairy-lookout', 'field'); // 2/1 first strike
    const imp = put(s, 'p1', 'hasty-courier-imp', 'field'); // 2/1
    const blocker = put(s, 'p2', 'riverbank-kappa-tinker', 'field'); // 1/2
    s = choose(s, `attack:${imp}`);
    s = choose(s, `defend:${blocker}`);
    expect(objectOf(s, blocker).active).toBe(false); // §6.4.4.b
    s = passBoth(s);
    expect(objectOf(s, imp).zone).toBe('netherworld');
    expect(objectOf(s, blocker).zone).toBe('netherworld');
    expect(s.players.p2.lp).toBe(25);
    expect(pendingOf(s).kind).toBe('priority'); // no graze: the player took no battle damage
    // §6.2.4.d: first strike kills the defender before it deals damage.
    const t3 = passUntil(passUntil(s, 'main', 'p2'), 'main', 'p1');
    const blocker2 = put(t3, 'p2', 'riverbank-kappa-tinker', 'field');
    let u = choose(t3, `attack:${attacker}`);
    u = choose(u, `defend:${blocker2}`);
    u = passBoth(u);
    expect(objectOf(u, blocker2).zone).toBe('netherworld');
    expect(objectOf(u, attacker).zone).toBe('field');
    expect(objectOf(u, attacker).battleDamage).toBe(0); // §6.2.4.h
  });

  it('§10.5.2.a: pierce deals ATK − DEF to the player as battle damage, with no graze (§6.5.2.b)', () => {
    let s = duel();
    const gorou = put(s, 'p1', 'gorou-the-gate-breaker', 'field'); // 5/3
    const blocker = put(s, 'p2', 'hasty-courier-imp', 'field'); // 2/1
    s = choose(s, `attack:${gorou}`);
    s = choose(s, `defend:${blocker}`);
    s = passBoth(s);
    expect(s.players.p2.lp).toBe(21);
    expect(objectOf(s, blocker).zone).toBe('netherworld');
    expect(pendingOf(s).kind).toBe('priority');
  });

  it('§10.8.2.a: instant death dooms the opposing character it damages, whatever its DEF', () => {
    let s = duel();
    const reaper = put(s, 'p1', 'reapers-apprentice', 'field'); // 1/2
    const wall = put(s, 'p2', 'thornback-sentinel', 'field'); // 1/4
    s = choose(s, `attack:${reaper}`);
    s = choose(s, `defend:${wall}`);
    s = passBoth(s);
    expect(objectOf(s, wall).zone).toBe('netherworld');
    expect(objectOf(s, reaper).zone).toBe('field');
  });

  it('§10.6.2.a: stealth cancels the defense of a character of another race at battle start', () => {
    let s = duel();
    const assassin = put(s, 'p1', 'mistveil-assassin', 'field'); // ghost 2/2, graze 1
    const blocker = put(s, 'p2', 'thornback-sentinel', 'field'); // beast
    s = choose(s, `attack:${assassin}`);
    s = choose(s, `defend:${blocker}`);
    s = passBoth(s);
    expect(logTypes(s)).toContain('stealth');
    expect(s.players.p2.lp).toBe(23);
    expect(objectOf(s, blocker).battleDamage).toBe(0);
    expect(pendingOf(s)).toMatchObject({ kind: 'graze', player: 'p2' });
  });

  it('§10.11.2.a: Resistance (Oni) takes no battle damage from an Oni character', () => {
    let s = duel();
    const gorou = put(s, 'p1', 'gorou-the-gate-breaker', 'field'); // oni 5/3, pierce
    const aoi = put(s, 'p2', 'shrine-warden-aoi', 'field'); // 3/4, resistance oni
    s = choose(s, `attack:${gorou}`);
    s = choose(s, `defend:${aoi}`);
    s = passBoth(s);
    expect(objectOf(s, aoi).zone).toBe('field');
    expect(objectOf(s, aoi).battleDamage).toBe(0);
    expect(s.players.p2.lp).toBe(25); // no damage dealt, so no pierce either (ruling A8)
    expect(objectOf(s, gorou).zone).toBe('netherworld'); // 3 damage from Aoi ≥ DEF 3
  });

  it("§10.7.2.a: Vigilance makes the character active at the start of the opponent's active phase", () => {
    let s = duel();
    const sentinel = put(s, 'p1', 'thornback-sentinel', 'field');
    s = choose(s, `attack:${sentinel}`);
    s = passBoth(s); // graze 0: nothing to graze
    expect(objectOf(s, sentinel).active).toBe(false);
    s = passUntil(s, 'active', 'p2');
    expect(objectOf(s, sentinel).active).toBe(true);
  });

  it('§10.9.2.a: a Doll cannot attack', () => {
    const s = duel();
    const doll = put(s, 'p1', 'paper-doll-sentry', 'field');
    expect(optionIds(s)).not.toContain(`attack:${doll}`);
  });

  it('§6.4.4.e: "when this character defends" γ: the Paper Doll gets +1/±0 until end of battle', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'hasty-courier-imp', 'field'); // 2/1
    const doll = put(s, 'p2', 'paper-doll-sentry', 'field'); // 0/3
    s = choose(s, `attack:${attacker}`);
    s = choose(s, `defend:${doll}`);
    expect(pmv.view(s, { kind: 'spectator' }).field.find((c) => c.id === doll)?.atk).toBe(1);
    s = passBoth(s);
    expect(objectOf(s, attacker).zone).toBe('netherworld'); // 1 damage ≥ DEF 1
    expect(s.modifiers).toHaveLength(0); // §6.2.4.i
  });

  it('§12.8: a play taken back in the defense window leaves the window open', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'riverbank-kappa-tinker', 'field');
    const blocker = put(s, 'p2', 'thornback-sentinel', 'field');
    const scout = put(s, 'p2', 'cloud-step-tengu-scout', 'hand');
    nodes(s, 'p2', 2);
    s = choose(s, `attack:${attacker}`);
    s = choose(s, `ambush-defend:${scout}`);
    s = choose(s, 'cancel');
    expect(objectOf(s, scout).zone).toBe('hand');
    expect(optionIds(s)).toContain(`defend:${blocker}`);
    expect(optionIds(s)).toContain(`ambush-defend:${scout}`);
  });

  it('§10.3.4: an Ambush + Haste character played to defend becomes the defender and stays asleep', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'riverbank-kappa-tinker', 'field'); // 1/2
    const scout = put(s, 'p2', 'cloud-step-tengu-scout', 'hand'); // 2/1
    nodes(s, 'p2', 2);
    s = choose(s, `attack:${attacker}`);
    s = playCard(s, `ambush-defend:${scout}`);
    expect(s.interferences[0]?.entries[0]).toMatchObject({ card: 'cloud-step-tengu-scout', defends: true });
    s = passBoth(s);
    expect(objectOf(s, scout).zone).toBe('netherworld'); // 1 damage ≥ DEF 1
    expect(objectOf(s, attacker).zone).toBe('netherworld'); // 2 damage ≥ DEF 2
    expect(s.players.p2.lp).toBe(25);
    expect(logTypes(s)).toContain('defend');
  });
});

describe('§1.12.7 nested interference', () => {
  it('§6.3.5: an effect attack opens a new interference inside the one resolving; priority to the attacked player', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'gorou-the-gate-breaker', 'field', false); // asleep: no activity needed
    const edict = put(s, 'p1', 'spirit-duel-edict', 'hand');
    const blocker = put(s, 'p2', 'thornback-sentinel', 'field');
    const barrier = put(s, 'p2', 'emergency-barrier', 'hand');
    nodes(s, 'p1', 3);
    nodes(s, 'p2', 1);
    s = playCard(s, `play:${edict}`, `obj:${attacker}`);
    s = passBoth(s);
    // The outer interference is resolving; a second one is open above it with the attack.
    expect(s.interferences).toHaveLength(2);
    expect(s.interferences[1]?.attack?.attacker.id).toBe(attacker);
    expect(pendingOf(s).player).toBe('p2');
    expect(optionIds(s)).toContain(`defend:${blocker}`);
    s = choose(s, `defend:${blocker}`);
    s = pass(s); // p1
    s = playCard(s, `play:${barrier}`, `obj:${blocker}`); // p2 plays into the nested interference
    expect(s.interferences[1]?.entries).toHaveLength(1);
    s = passBoth(s);
    // Barrier (+3 DEF → 7) first, then battle: 5 to the Sentinel (survives), pierce 5−7 ≤ 0: nothing.
    expect(objectOf(s, blocker).zone).toBe('field');
    expect(s.players.p2.lp).toBe(25);
    expect(s.interferences).toHaveLength(0);
    expect(objectOf(s, edict).zone).toBe('netherworld');
    expect(pendingOf(s)).toMatchObject({ kind: 'priority', player: 'p1' }); // ruling P2
  });

  it('§6.2.5.a: an effect attack while an attack exists does not happen', () => {
    let s = duel();
    const a = put(s, 'p1', 'riverbank-kappa-tinker', 'field');
    const b = put(s, 'p1', 'hasty-courier-imp', 'field', false);
    const edict = put(s, 'p1', 'spirit-duel-edict', 'hand');
    nodes(s, 'p1', 3);
    s = choose(s, `attack:${a}`);
    s = pass(s); // p2
    s = playCard(s, `play:${edict}`, `obj:${b}`);
    s = passBoth(s);
    expect(logOf(s).some((e) => e.type === 'fizzle' && e.rule === '6.2.5.a')).toBe(true);
    expect(s.players.p2.lp).toBe(24); // only the kappa's battle
  });
});

describe('§7.3 activated effects', () => {
  it('§10.12.2.a: Mana Charge sleeps the character and puts the top deck card into the nodes, asleep', () => {
    let s = duel();
    const ilse = put(s, 'p1', 'ilse-marrow-lantern-scholar', 'field');
    const top = s.players.p1.deck[0] as string;
    s = choose(s, `act:${ilse}:-1`);
    expect(objectOf(s, ilse).active).toBe(false);
    expect(s.interferences).toHaveLength(1); // §1.12.6.b
    s = passBoth(s);
    expect(s.players.p1.nodes).toEqual([top]);
    expect(objectOf(s, top).active).toBe(false);
  });

  it('§7.3.6: an activated effect of a card is used once per interference', () => {
    let s = duel();
    const aoi = put(s, 'p1', 'shrine-warden-aoi', 'field');
    const target = put(s, 'p2', 'riverbank-kappa-tinker', 'field');
    nodes(s, 'p1', 2);
    s = playCard(s, `act:${aoi}:0`, `obj:${target}`);
    s = pass(s); // p2
    expect(optionIds(s)).not.toContain(`act:${aoi}:0`);
    s = pass(s);
    expect(objectOf(s, target).zone).toBe('field');
    expect(pmv.view(s, { kind: 'spectator' }).field.find((c) => c.id === target)?.atk).toBe(0);
    expect(optionIds(s)).toContain(`act:${aoi}:0`);
  });
});

describe('§4 turn structure', () => {
  it('§4.4.1.a (ruling P10): the active phase makes field cards active but not nodes', () => {
    let s = duel();
    const sentinel = put(s, 'p1', 'thornback-sentinel', 'field', false);
    const [node] = nodes(s, 'p1', 1, false);
    s = passUntil(s, 'main', 'p2');
    s = passUntil(s, 'main', 'p1');
    expect(objectOf(s, sentinel).active).toBe(true);
    expect(objectOf(s, node as string).active).toBe(false);
  });

  it('§4.8.1.a: the turn player discards down to 7 in the discard phase, choosing', () => {
    let s = duel();
    for (let i = 0; i < 2; i++) put(s, 'p1', 'shrine-offering', 'hand');
    put(s, 'p1', 'sudden-gust', 'hand');
    s = passBoth(s); // main ends
    const p = pendingOf(s);
    expect(p).toMatchObject({ kind: 'discard', player: 'p1', min: 3, max: 3 });
  });

  it('§4.9.1.b: "until end of turn" ends at turn end; §4.3.1.a: damage resets', () => {
    let s = duel();
    const target = put(s, 'p2', 'thornback-sentinel', 'field');
    const whisper = put(s, 'p1', 'withering-whisper', 'hand');
    nodes(s, 'p1', 2);
    s = playCard(s, `play:${whisper}`, `obj:${target}`);
    s = passBoth(s);
    expect(pmv.view(s, { kind: 'spectator' }).field.find((c) => c.id === target)?.def).toBe(2);
    s = passUntil(s, 'active', 'p2');
    expect(pmv.view(s, { kind: 'spectator' }).field.find((c) => c.id === target)?.def).toBe(4);
  });
});

describe('§9 removal', () => {
  it('§11.3.9.d γ on entering: 1 effect damage to each opposing character; §9.3.4.g (P8): the owner orders the pile', () => {
    let s = duel(['celestial-arbiter-yuzuriha']);
    const arbiter = put(s, 'p1', 'celestial-arbiter-yuzuriha', 'hand');
    const imp = put(s, 'p2', 'hasty-courier-imp', 'field'); // DEF 1
    const fairy = put(s, 'p2', 'lantern-fairy-lookout', 'field'); // DEF 1
    const wall = put(s, 'p2', 'thornback-sentinel', 'field'); // DEF 4
    nodes(s, 'p1', 6);
    s = playCard(s, `play:${arbiter}`);
    s = passBoth(s);
    expect(objectOf(s, wall).effectDamage).toBe(1);
    const order = pendingOf(s);
    expect(order).toMatchObject({ kind: 'netherworld-order', player: 'p2', min: 2, max: 2, ordered: true });
    s = choose(s, `card:${fairy}`, `card:${imp}`);
    expect(s.players.p2.netherworld.slice(-2)).toEqual([fairy, imp]);
    expect(pendingOf(s)).toMatchObject({ kind: 'priority', player: 'p1' });
  });

  it('§9.2.2.b: a character whose DEF becomes 0 or less is doomed at once', () => {
    let s = duel();
    const target = put(s, 'p2', 'mistveil-assassin', 'field'); // 2/2
    const whisper = put(s, 'p1', 'withering-whisper', 'hand');
    nodes(s, 'p1', 2);
    s = playCard(s, `play:${whisper}`, `obj:${target}`);
    s = passBoth(s);
    expect(objectOf(s, target).zone).toBe('netherworld');
    expect(logOf(s).some((e) => e.type === 'doomed' && e.rule === '9.2.2.b')).toBe(true);
  });
});

describe('rulings', () => {
  it('P17: a card whose effect the engine does not implement is refused, naming the rule', () => {
    const recital = cardOf('mirror-recital');
    const unknown = { ...recital, effects: [{ do: 'code' as const, handler: 'no-such-effect', text: recital.text }] };
    expect(unsupportedReason(unknown)).toEqual({ rule: '7.1', what: 'the effect "no-such-effect"' });
  });

  it('§11, §12: every defined action is on a card (declaring a name, §12.1.3, the last); one that were not would be refused with its own rule', () => {
    expect(ACTIONS_NOT_ON_A_CARD).toEqual({});
    expect(unsupportedReason(cardOf('true-name-severance'))).toBeNull(); // §12.1.3, P55
    const recital = cardOf('mirror-recital');
    for (const [handler, rule] of Object.entries(ACTIONS_NOT_ON_A_CARD)) {
      const card = { ...recital, effects: [{ do: 'code' as const, handler, text: recital.text }] };
      expect(unsupportedReason(card)).toEqual({ rule, what: `the defined action "${handler}"` });
    }
  });

  it('P17: every card of the pool plays (Mirror Recital, §5.3, the last), so no deck is refused', () => {
    const refused = [...PMV_CARDS.values()].flatMap((c) => {
      const r = unsupportedReason(c);
      return r ? [`${c.id} ${r.rule}`] : [];
    });
    expect(refused).toEqual([]);
    expect(() =>
      pmv.setup({ game: 'pmv', decks: { p1: deckOf(['mirror-recital']), p2: deckOf([]) } }, 'x'),
    ).not.toThrow();
    expect(unsupportedReason(cardOf('mirror-recital'))).toBeNull(); // §5.3, P36
    expect(unsupportedReason(cardOf('hollow-mask-veil'))).toBeNull(); // §5.7, P34
    expect(unsupportedReason(cardOf('starfall-overdrive'))).toBeNull(); // §10.33, P29
    expect(unsupportedReason(cardOf('first-card-kasumi-vale'))).toBeNull(); // §10.18, P30
    expect(unsupportedReason(cardOf('tsubaki-hollow-shrine-leader'))).toBeNull(); // §10.34, P31
    expect(unsupportedReason(cardOf('tsubakis-final-prayer'))).toBeNull(); // §10.17, §10.32, P32
    expect(unsupportedReason(cardOf('eternal-night-garden'))).toBeNull(); // §10.27, §3.3.6, P33
  });

  it("P34 (§3.4.3.a, §5.7): a face-down character is a card back to the opponent and spectators, its face its owner's", () => {
    let s = duel(['hollow-mask-veil']);
    const gorou = put(s, 'p2', 'gorou-the-gate-breaker', 'field');
    const veil = put(s, 'p1', 'hollow-mask-veil', 'hand');
    nodes(s, 'p1', 2);
    // Every viewer saw Gorou face up before (the fuzzer's memory of seen cards, as in a played game).
    const seen = new Map<string, Set<string>>();
    expect(viewLeaks(pmv, s, 'before', seen)).toEqual([]);
    s = passBoth(playCard(s, `play:${veil}`, `obj:${gorou}`));
    expect(objectOf(s, gorou).faceDown).toBe(true);
    expect(viewLeaks(pmv, s, 'after', seen)).toEqual([]);
    // The opponent: a card back with the public 1/1, no card id; the log line naming the flip carries no object id.
    const p1 = { kind: 'player', seat: 'p1' } as const;
    const theirs = pmvView(s, p1, null);
    expect(theirs.field.find((c) => c.id === gorou)).toEqual({
      id: gorou,
      faceDown: true,
      owner: 'p2',
      turned: false,
      atk: 1,
      def: 1,
      damage: 0,
    });
    const flip = theirs.log.find((l) => l.entry.type === 'face-down')?.entry;
    expect(flip).toMatchObject({ card: 'gorou-the-gate-breaker', seat: 'p2' });
    expect(flip?.object).toBeUndefined();
    expect(pmv.hiddenIdentities(s, p1).hidden.map((h) => h.objectId)).toContain(gorou);
    // Its owner sees the face, marked face down, with the 1/1 the rules read and no keywords (§5.7.4).
    const mine = pmvView(s, { kind: 'player', seat: 'p2' }, null).field.find((c) => c.id === gorou);
    expect(mine).toMatchObject({ card: 'gorou-the-gate-breaker', turnedFaceDown: true, atk: 1, def: 1, keywords: [] });
    // A later line about it drops the card for the opponent, keeps it for the owner.
    s.log.push({ type: 'attack', seat: 'p2', card: 'gorou-the-gate-breaker', object: gorou });
    expect(pmvView(s, p1, null).log.at(-1)?.entry).toEqual({ type: 'attack', seat: 'p2', object: gorou });
    expect(pmvView(s, { kind: 'player', seat: 'p2' }, null).log.at(-1)?.entry.card).toBe('gorou-the-gate-breaker');
    // Beside another Gorou's card (its battle opponent), the face-down side loses its id, whichever way the line goes;
    // its owner still reads it (a fuzz find: the line read as naming the face-down card).
    const other = put(s, 'p1', 'gorou-the-gate-breaker', 'field');
    s.log.push({
      type: 'battle-damage',
      object: gorou,
      target: other,
      targetCard: 'gorou-the-gate-breaker',
      amount: 1,
    });
    s.log.push({ type: 'battle-damage', object: other, card: 'gorou-the-gate-breaker', target: gorou, amount: 5 });
    const [toOther, toFaceDown] = pmvView(s, p1, null)
      .log.slice(-2)
      .map((l) => l.entry);
    expect(toOther).toEqual({ type: 'battle-damage', target: other, targetCard: 'gorou-the-gate-breaker', amount: 1 });
    expect(toFaceDown).toEqual({ type: 'battle-damage', object: other, card: 'gorou-the-gate-breaker', amount: 5 });
    expect(viewLeaks(pmv, s, 'same name', seen)).toEqual([]);
    expect(pmvView(s, { kind: 'player', seat: 'p2' }, null).log.at(-1)?.entry.target).toBe(gorou);
    // A target option names it by what it is, never by an empty name (§6.1.7: it has none).
    const bolt = put(s, 'p1', 'ilses-lantern-bolt', 'hand');
    nodes(s, 'p1', 2);
    s = choose(s, `play:${bolt}`);
    const pending = pendingOf(s);
    const options = pending.shape === undefined || pending.shape === 'pick' ? pending.options : [];
    const option = options.find((o) => o.id === `obj:${gorou}`);
    expect(option?.label.en).toBe('a face-down character');
    // A line whose target went to a hidden zone loses the target's id (the card went to the opponent's hand).
    const inHand = s.players.p2.hand[0] as string;
    s.log.push({
      type: 'attached',
      seat: 'p1',
      card: 'borrowed-blade',
      target: inHand,
      targetCard: 'gorou-the-gate-breaker',
    });
    expect(pmvView(s, p1, null).log.at(-1)?.entry.target).toBeUndefined();
  });

  it('P33 (§3.3.6): with Eternal Night Garden on the field its player sees the netherworld called Hell, the other not', () => {
    const s = duel(['eternal-night-garden']);
    const viewer = { kind: 'player', seat: 'p2' } as const;
    expect(pmvView(s, viewer, null).players.p1.hell).toBeUndefined();
    const garden = put(s, 'p1', 'eternal-night-garden', 'field');
    expect(pmvView(s, viewer, null).players.p1.hell).toBe(true);
    expect(pmvView(s, viewer, null).players.p2.hell).toBeUndefined();
    moveObject(s, garden, 'netherworld'); // §3.3.6.c: the cards are netherworld cards again
    expect(pmvView(s, viewer, null).players.p1.hell).toBeUndefined();
  });

  it('P9 (§6.5.3.b): graze with a short deck moves the cards that are there, and nobody loses', () => {
    let s = duel();
    const attacker = put(s, 'p1', 'gorou-the-gate-breaker', 'field'); // graze 2
    const last = s.players.p2.deck[0] as string;
    for (const id of s.players.p2.deck.slice(1)) moveObject(s, id, 'excluded');
    expect(s.players.p2.deck).toEqual([last]);
    s = choose(s, `attack:${attacker}`);
    s = passBoth(s);
    s = choose(s, 'graze');
    expect(s.players.p2.nodes).toEqual([last]);
    expect(s.result).toBeNull();
  });

  it('P6 (§10.9.2.a): a Doll made to attack by an effect does not attack', () => {
    let s = duel();
    const doll = put(s, 'p1', 'paper-doll-sentry', 'field');
    const edict = put(s, 'p1', 'spirit-duel-edict', 'hand');
    nodes(s, 'p1', 3);
    s = playCard(s, `play:${edict}`, `obj:${doll}`);
    s = passBoth(s);
    expect(logOf(s).some((e) => e.type === 'fizzle' && e.rule === '10.9.2.a')).toBe(true);
    expect(s.players.p2.lp).toBe(25);
    expect(pendingOf(s)).toMatchObject({ kind: 'priority', player: 'p1' });
  });
});

describe('§10.13–10.16 cards that stay on the field', () => {
  it('§10.13: an equip attaches to a character of yours and lends it +2/±0 and its γ (draw 1 when it has attacked)', () => {
    let s = duel(['borrowed-blade', 'borrowed-blade']);
    const host = put(s, 'p1', 'riverbank-kappa-tinker', 'field'); // 1/2
    const blade = put(s, 'p1', 'borrowed-blade', 'hand');
    const blade2 = put(s, 'p1', 'borrowed-blade', 'hand');
    nodes(s, 'p1', 2);
    s = passBoth(playCard(s, `play:${blade}`, `obj:${host}`));
    expect(objectOf(s, blade)).toMatchObject({ zone: 'attached', host });
    const view = pmv.view(s, { kind: 'spectator' }).field.find((c) => c.id === host);
    expect(view?.atk).toBe(3);
    expect(view?.attachments?.map((a) => a.id)).toEqual([blade]);
    // §10.13.4: a second equip on the same character goes to the netherworld.
    s = passBoth(playCard(s, `play:${blade2}`, `obj:${host}`));
    expect(objectOf(s, blade2).zone).toBe('netherworld');
    const hand = s.players.p1.hand.length;
    s = choose(s, `attack:${host}`); // §6.3.4.f: the lent γ draws 1
    expect(s.players.p1.hand).toHaveLength(hand + 1);
    s = passBoth(s);
    expect(s.players.p2.lp).toBe(22);
  });

  it("§10.14: a talisman attaches to any character: −2/±0 and it can't attack; §11.3.3: it leaves with its host", () => {
    let s = duel(['chains-of-the-pale-moon']);
    const foe = put(s, 'p2', 'gorou-the-gate-breaker', 'field'); // 5/3
    const chains = put(s, 'p1', 'chains-of-the-pale-moon', 'hand');
    nodes(s, 'p1', 4);
    s = passBoth(playCard(s, `play:${chains}`, `obj:${foe}`));
    expect(objectOf(s, chains)).toMatchObject({ zone: 'attached', host: foe });
    expect(pmv.view(s, { kind: 'spectator' }).field.find((c) => c.id === foe)?.atk).toBe(3);
    const t2 = passUntil(s, 'main', 'p2');
    expect(optionIds(t2)).not.toContain(`attack:${foe}`);
    // Back in p1's turn: the bolt kills Gorou; the talisman goes to its owner's netherworld with it.
    let u = passUntil(t2, 'main', 'p1');
    const bolt = put(u, 'p1', 'ilses-lantern-bolt', 'hand');
    u = passBoth(playCard(u, `play:${bolt}`, `obj:${foe}`));
    expect(objectOf(u, foe).zone).toBe('netherworld');
    expect(objectOf(u, chains).zone).toBe('netherworld');
    expect(u.players.p1.netherworld).toContain(chains);
  });

  it('§10.15: an Equip/Field card enters active, one per player; its (your turn) S: wakes a sleeping character', () => {
    let s = duel(['watchtower-banner', 'watchtower-banner']);
    const banner = put(s, 'p1', 'watchtower-banner', 'hand');
    const banner2 = put(s, 'p1', 'watchtower-banner', 'hand');
    const sleeper = put(s, 'p1', 'thornback-sentinel', 'field', false);
    nodes(s, 'p1', 4);
    s = passBoth(playCard(s, `play:${banner}`));
    expect(objectOf(s, banner)).toMatchObject({ zone: 'field', active: true });
    s = passBoth(playCard(s, `play:${banner2}`));
    expect(objectOf(s, banner2).zone).toBe('netherworld');
    s = playCard(s, `act:${banner}:0`, `obj:${sleeper}`);
    expect(objectOf(s, banner).active).toBe(false); // §1.8.8.a: the card that used it sleeps
    s = passBoth(s);
    expect(objectOf(s, sleeper).active).toBe(true);
  });

  it('§10.16: a Phantasmal Creature is a character once on the field; §10.2.3: its Haste applies then', () => {
    let s = duel(['moonlit-familiar']);
    const familiar = put(s, 'p1', 'moonlit-familiar', 'hand');
    nodes(s, 'p1', 2);
    s = passBoth(playCard(s, `play:${familiar}`));
    expect(objectOf(s, familiar)).toMatchObject({ zone: 'field', active: true });
    expect(optionIds(s)).toContain(`attack:${familiar}`);
    expect(s.turn.character).toBe(false); // not a character card: no quota (§5.4.1.d)
  });
});

describe('§1.5.2.a effects that win', () => {
  it('Curtain of the Last Act: pay 3 LP; an opponent at 5 LP or less: you win; otherwise each player draws 2', () => {
    let s = duel(['curtain-of-the-last-act']);
    const curtain = put(s, 'p1', 'curtain-of-the-last-act', 'hand');
    nodes(s, 'p1', 9);
    s.players.p2.lp = 6;
    const before = { p1: s.players.p1.hand.length, p2: s.players.p2.hand.length };
    s = passBoth(playCard(s, `play:${curtain}`));
    expect(s.result).toBeNull();
    expect(s.players.p1.lp).toBe(22);
    expect(s.players.p1.hand).toHaveLength(before.p1 - 1 + 2);
    expect(s.players.p2.hand).toHaveLength(before.p2 + 2);
  });

  it('Curtain of the Last Act wins at once against 5 LP or less', () => {
    let s = duel(['curtain-of-the-last-act']);
    const curtain = put(s, 'p1', 'curtain-of-the-last-act', 'hand');
    nodes(s, 'p1', 9);
    s.players.p2.lp = 5;
    s = passBoth(playCard(s, `play:${curtain}`));
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'effect', rule: '1.5.2.a' });
  });
});

describe('§6.1.13 text lent by a talisman', () => {
  it("Silence Charm nullifies its host's original text: Gorou loses Pierce (keywords are text, §10.1)", () => {
    let s = duel(['silence-charm']);
    const gorou = put(s, 'p1', 'gorou-the-gate-breaker', 'field'); // 5/3 pierce
    const charm = put(s, 'p1', 'silence-charm', 'hand');
    const blocker = put(s, 'p2', 'hasty-courier-imp', 'field'); // 2/1
    nodes(s, 'p1', 3);
    s = passBoth(playCard(s, `play:${charm}`, `obj:${gorou}`));
    s = choose(s, `attack:${gorou}`);
    s = choose(s, `defend:${blocker}`);
    s = passBoth(s);
    expect(objectOf(s, blocker).zone).toBe('netherworld');
    expect(s.players.p2.lp).toBe(25); // no pierce
  });
});

describe('§1.9.4.b a chosen LP amount as a cost (ruling P40)', () => {
  it('X runs from 0 to the LP the player has, never above, and a player at 0 LP or less may only choose 0', () => {
    let s = duel(['vermilion-oath-hexer']);
    const hexer = put(s, 'p1', 'vermilion-oath-hexer', 'field');
    const target = put(s, 'p2', 'thornback-sentinel', 'field');
    s.players.p1.lp = 3;
    s = choose(choose(s, `act:${hexer}:0`), `obj:${target}`);
    expect(optionIds(s)).toEqual(['x:0', 'x:1', 'x:2', 'x:3', 'cancel']);
    s = choose(s, 'x:3');
    expect(s.players.p1.lp).toBe(0);
    let t = duel(['vermilion-oath-hexer']);
    const hexer2 = put(t, 'p1', 'vermilion-oath-hexer', 'field');
    const target2 = put(t, 'p2', 'thornback-sentinel', 'field');
    t.players.p1.lp = -2; // below 0 but not yet checked (§1.5.3.a checks when priority is given)
    t = choose(choose(t, `act:${hexer2}:0`), `obj:${target2}`);
    expect(optionIds(t)).toEqual(['x:0', 'cancel']);
  });
});
