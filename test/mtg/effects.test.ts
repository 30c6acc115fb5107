/** Card effects and costs of the stage-A pool, through real casts (CR 601, 602, 605, 608, 700.2, 701). */
import { describe, expect, it } from 'vitest';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import { type MtgState, objectOf } from '../../src/engine/games/mtg/state.ts';
import { choose, duel, optionIds, passUntil, pendingOf, put } from './helpers.ts';

const passBoth = (s: MtgState) => choose(choose(s, 'pass'), 'pass');

describe('modes, countering, hybrid mana', () => {
  it('700.2, 701.5: Riptide Sparks in its counter mode counters a spell of converted mana cost 2 or less', () => {
    let s = duel(['kiln-bolt'], ['riptide-sparks']);
    put(s, 'p1', 'mountain', 'battlefield');
    put(s, 'p2', 'island', 'battlefield');
    put(s, 'p2', 'mountain', 'battlefield');
    const bolt = put(s, 'p1', 'kiln-bolt', 'hand');
    const sparks = put(s, 'p2', 'riptide-sparks', 'hand');
    s = choose(s, `cast:${bolt}`);
    s = choose(s, 'player:p2');
    s = choose(s, 'auto');
    s = choose(s, 'pass'); // p1 passes; p2 responds
    s = choose(s, `cast:${sparks}`);
    expect(pendingOf(s).kind).toBe('mode');
    s = choose(s, 'mode:1');
    s = choose(s, `obj:${bolt}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(objectOf(s, bolt).zone).toBe('graveyard');
    expect(s.stack).toHaveLength(0);
    expect(s.players.p2.life).toBe(20);
  });

  it('107.4e: a hybrid cost {R/G}{R/G} is paid with one mountain and one forest', () => {
    let s = duel(['brindleborn-scout']);
    put(s, 'p1', 'mountain', 'battlefield');
    put(s, 'p1', 'forest', 'battlefield');
    const scout = put(s, 'p1', 'brindleborn-scout', 'hand');
    s = choose(s, `cast:${scout}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(objectOf(s, scout).zone).toBe('battlefield');
  });

  it('119.4, 605: a mana ability with a life cost is never auto-paid, and is offered one source at a time', () => {
    let s = duel(['kiln-bolt', 'cragmoor-crossing']);
    const crossing = put(s, 'p1', 'cragmoor-crossing', 'battlefield');
    const bolt = put(s, 'p1', 'kiln-bolt', 'hand');
    s = choose(s, `cast:${bolt}`);
    s = choose(s, 'player:p2');
    expect(optionIds(s)).not.toContain('auto');
    s = choose(s, `tap:${crossing}:1`); // {T}, pay 1 life: add {R}
    expect(s.players.p1.life).toBe(19);
    s = passBoth(s);
    expect(s.players.p2.life).toBe(18);
  });
});

describe('abilities (602, 605) and summoning sickness (302.6)', () => {
  it('302.6: a creature with a {T} mana ability cannot use it the turn it arrives, nor in the next opponent turn', () => {
    let s = duel(['rootweave-druid']);
    const druid = put(s, 'p1', 'rootweave-druid', 'battlefield', true);
    expect(optionIds(s).some((id) => id.startsWith(`mana:${druid}`))).toBe(false);
    s = passUntil(s, 'main1', 'p2');
    expect(optionIds(choose(s, 'pass')).some((id) => id.startsWith(`mana:${druid}`))).toBe(false);
    s = passUntil(s, 'main1', 'p1');
    expect(optionIds(s)).toContain(`mana:${druid}:0`);
  });

  it('602.2: Cryptborn Reaver pays {B} and 2 life for +2/+0 until end of turn (514.2 ends it)', () => {
    let s = duel(['cryptborn-reaver']);
    put(s, 'p1', 'swamp', 'battlefield');
    const reaver = put(s, 'p1', 'cryptborn-reaver', 'battlefield');
    s = choose(s, `act:${reaver}:0`);
    s = choose(s, 'auto');
    expect(s.players.p1.life).toBe(18);
    s = passBoth(s);
    expect(mtg.view(s, { kind: 'spectator' }).battlefield.find((c) => c.id === reaver)?.power).toBe(6);
    s = passUntil(s, 'main1', 'p2');
    expect(mtg.view(s, { kind: 'spectator' }).battlefield.find((c) => c.id === reaver)?.power).toBe(4);
  });

  it('701.16a: Tallystone sacrifices itself as a cost; the draw still happens', () => {
    let s = duel(['tallystone']);
    put(s, 'p1', 'plains', 'battlefield');
    const stone = put(s, 'p1', 'tallystone', 'battlefield');
    const hand = s.players.p1.hand.length;
    s = choose(s, `act:${stone}:1`);
    s = choose(s, 'auto');
    expect(objectOf(s, stone).zone).toBe('graveyard');
    s = passBoth(s);
    expect(s.players.p1.hand.length).toBe(hand + 1);
  });
});

describe('effects that ask (701.8, 701.17, 701.18) and fights (701.12)', () => {
  it('701.8a: Whisper of Ruin: the opponent chooses the two cards they discard', () => {
    let s = duel(['whisper-of-ruin']);
    put(s, 'p1', 'swamp', 'battlefield');
    put(s, 'p1', 'swamp', 'battlefield');
    const spell = put(s, 'p1', 'whisper-of-ruin', 'hand');
    s = choose(s, `cast:${spell}`);
    s = choose(s, 'player:p2');
    s = choose(s, 'auto');
    s = passBoth(s);
    const p = pendingOf(s);
    expect(p).toMatchObject({ kind: 'discard', player: 'p2', min: 2, max: 2 });
    const [a, b] = s.players.p2.hand;
    s = choose(s, `obj:${a}`, `obj:${b}`);
    expect(s.players.p2.hand).toHaveLength(5);
    expect(s.players.p2.graveyard).toEqual([a, b]);
  });

  it('701.18, 701.19: Pathfinder’s Trek puts a basic land onto the battlefield tapped and shuffles', () => {
    let s = duel(['pathfinders-trek']);
    put(s, 'p1', 'forest', 'battlefield');
    put(s, 'p1', 'forest', 'battlefield');
    const spell = put(s, 'p1', 'pathfinders-trek', 'hand');
    s = choose(s, `cast:${spell}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(pendingOf(s).kind).toBe('search');
    expect(optionIds(s)).toContain('none');
    const before = s.battlefield.length;
    s = choose(s, 'card:island');
    expect(s.battlefield).toHaveLength(before + 1);
    const found = s.battlefield.at(-1) ?? '';
    expect(objectOf(s, found)).toMatchObject({ card: 'island', tapped: true });
  });

  it('701.17a: Glimpse the Shoals: scry 2 then draw; the card kept on top is the one drawn', () => {
    let s = duel(['glimpse-the-shoals']);
    put(s, 'p1', 'island', 'battlefield');
    const spell = put(s, 'p1', 'glimpse-the-shoals', 'hand');
    s = choose(s, `cast:${spell}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    const [first, second] = s.players.p1.library;
    s = choose(s, `card:${second}`, 'rest-to-bottom', `card:${first}`);
    expect(s.players.p1.hand).toContain(second);
    expect(s.players.p1.library.at(-1)).toBe(first);
    expect(s.known.p1 ?? []).not.toContain(second);
  });

  it('701.12a: Horn Against Fang: each creature deals damage equal to its power to the other', () => {
    let s = duel(['horn-against-fang', 'fernstep-elk'], ['gatewarden-recruit']);
    put(s, 'p1', 'forest', 'battlefield');
    put(s, 'p1', 'forest', 'battlefield');
    const elk = put(s, 'p1', 'fernstep-elk', 'battlefield');
    const recruit = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
    const spell = put(s, 'p1', 'horn-against-fang', 'hand');
    s = choose(s, `cast:${spell}`);
    s = choose(s, `obj:${elk}`);
    s = choose(s, `obj:${recruit}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(objectOf(s, recruit).zone).toBe('graveyard');
    expect(objectOf(s, elk).damage).toBe(1);
  });

  it('608.2g: Vesper Tribunal gives the exiled creature’s controller life equal to its last-known power', () => {
    let s = duel(['vesper-tribunal', 'thicketblood-surge'], ['slagpit-ogre']);
    for (const land of ['plains', 'swamp', 'swamp']) put(s, 'p1', land, 'battlefield');
    const ogre = put(s, 'p2', 'slagpit-ogre', 'battlefield');
    const spell = put(s, 'p1', 'vesper-tribunal', 'hand');
    s = choose(s, `cast:${spell}`);
    s = choose(s, `obj:${ogre}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(objectOf(s, ogre).zone).toBe('exile');
    expect(s.players.p2.life).toBe(24);
  });

  it('CR 404 (no mill action in this CR): Mind Silt puts the top X cards into the graveyard', () => {
    let s = duel(['mind-silt']);
    for (let i = 0; i < 3; i++) put(s, 'p1', 'island', 'battlefield');
    const spell = put(s, 'p1', 'mind-silt', 'hand');
    const top = s.players.p2.library.slice(0, 2);
    s = choose(s, `cast:${spell}`);
    const x = pendingOf(s);
    s = mtg.apply(s, 'p1', { decisionId: x.id, choose: [], number: 2 });
    s = choose(s, 'player:p2');
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(s.players.p2.graveyard).toEqual(top);
  });
});

describe('invariants', () => {
  it('hold on a mid-game position', () => {
    const s = duel();
    expect(mtg.invariants?.(s)).toEqual([]);
  });
});
