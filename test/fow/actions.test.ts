// Defined game actions added for issue 18 part 2: heal (1024), search (1014.2), shuffle (1021), each asserting what a
// wrong engine would break: knowledge kept after a shuffle, a search seen by the opponent, an unhealed ruler.
import { describe, expect, it } from 'vitest';
import { identityLeaks, learn } from '../../src/engine/core/hidden.ts';
import { fow, unstoppableLoopDraw } from '../../src/engine/games/fow/index.ts';
import { describeResult } from '../../src/engine/games/fow/log-text.ts';
import type { FowState } from '../../src/engine/games/fow/state.ts';
import { fowSecrets } from '../../src/engine/games/fow/view.ts';
import { choose, giveWill, passUntil, pending, pick, put, startP1 } from './helpers.ts';

const mainTiming = (s: FowState) =>
  passUntil(s, (x) => x.turn.phase === 'main' && pending(x).kind === 'priority' && x.chase.length === 0);
const chaseEmpty = (s: FowState) => passUntil(s, (x) => x.chase.length === 0 && pending(x).kind === 'priority');

describe('1021 shuffle', () => {
  it('1021.1a: the whole main deck is reordered and every seat forgets which face-down card is where', () => {
    let s = mainTiming(startP1());
    const before = [...s.players.p1.main];
    // As after a Foresee or a pre-game exchange (302.4): p1 knows its top three and bottom two.
    s.known = learn(s.known, 'p1', [...before.slice(0, 3), ...before.slice(-2)]);
    const augury = put(s, 'p1', 'tidewash-augury', 'hand');
    giveWill(s, 'p1', 'U');
    s = chaseEmpty(choose(s, `play:${augury}`));
    const after = s.players.p1.main;
    expect(after).toHaveLength(before.length - 1); // then draws one
    expect([...after, ...s.players.p1.hand].filter((id) => before.includes(id)).sort()).toEqual([...before].sort());
    expect(after).not.toEqual(before.filter((id) => after.includes(id)));
    expect((s.known.p1 ?? []).filter((id) => after.includes(id))).toEqual([]);
  });
});

describe('1014.2 search', () => {
  it('the searcher sees the resonator cards privately; the opponent sees only the found card, revealed', () => {
    let s = mainTiming(startP1());
    const call = put(s, 'p1', 'pathfinders-call', 'hand');
    const kite = put(s, 'p1', 'skyveil-kite', 'main');
    giveWill(s, 'p1', 'GG');
    s = passUntil(choose(s, `play:${call}`), (x) => pending(x).kind === 'search');
    const offered = pick(s).options.map((o) => o.id);
    expect(offered).toContain(`card:${kite}`);
    expect(pending(s).player).toBe('p1');
    // Every option but "find nothing" is a resonator card of p1's main deck.
    for (const id of offered.filter((o) => o !== 'find-nothing'))
      expect(s.players.p1.main).toContain(id.slice('card:'.length));
    const p2 = { kind: 'player', seat: 'p2' } as const;
    expect(identityLeaks(fow.view(s, p2), fowSecrets(s, p2))).toEqual([]);
    expect(fowSecrets(s, p2).hidden.map((h) => h.objectId)).toContain(kite);
    s = chaseEmpty(choose(s, `card:${kite}`));
    expect(s.players.p1.hand).toContain(kite);
    expect(fowSecrets(s, p2).hidden.map((h) => h.objectId)).not.toContain(kite); // revealed (1005.1)
    expect(identityLeaks(fow.view(s, p2), fowSecrets(s, p2))).toEqual([]);
    const p1 = { kind: 'player', seat: 'p1' } as const;
    // After the shuffle p1 no longer knows where the other resonator cards are.
    expect(fowSecrets(s, p1).hidden.map((h) => h.objectId)).toEqual(expect.arrayContaining(s.players.p1.main));
  });
});

describe('1301.1c an unstoppable loop', () => {
  it('the kernel step bound ends a FoW game in a draw by 1301.1c, described as a loop', () => {
    const s = mainTiming(startP1());
    unstoppableLoopDraw(s);
    expect(s.result).toEqual({ kind: 'draw', reason: 'loop', rule: '1301.1c' });
    expect(fow.pending(s)).toBeNull();
    expect(describeResult({ kind: 'draw', reason: 'loop', rule: '1301.1c' }).en).toBe(
      'A draw: a loop no player can stop (1301.1c).',
    );
  });
});
