import { describe, expect, it } from 'vitest';
import { actedWithPriority, passPriority, startPriority } from '../../src/engine/core/priority.ts';
import { apnapGroups, apnapOrder, matchTriggers } from '../../src/engine/core/triggers.ts';

describe('priority rounds', () => {
  it('starts with the active player and no passes', () => {
    expect(startPriority('p2')).toEqual({ holder: 'p2', passesInRow: 0 });
  });

  it('a first pass hands priority to the other player; a second in a row ends the round', () => {
    const first = passPriority(startPriority('p1'));
    expect(first).toEqual({ kind: 'next', round: { holder: 'p2', passesInRow: 1 } });
    if (first.kind !== 'next') throw new Error('unreachable');
    expect(passPriority(first.round)).toEqual({ kind: 'all-passed' });
  });

  it('an action keeps priority with the same player and resets the run of passes', () => {
    const first = passPriority(startPriority('p1'));
    if (first.kind !== 'next') throw new Error('unreachable');
    const acted = actedWithPriority(first.round);
    expect(acted).toEqual({ holder: 'p2', passesInRow: 0 });
    // After acting, one pass is not enough to end the round.
    expect(passPriority(acted)).toEqual({ kind: 'next', round: { holder: 'p1', passesInRow: 1 } });
  });
});

describe('triggers', () => {
  const t = (id: string, controller: 'p1' | 'p2') => ({ id, controller });

  it('groups simultaneous triggers active player first, keeping the order each player listed (APNAP)', () => {
    const pending = [t('a', 'p2'), t('b', 'p1'), t('c', 'p2'), t('d', 'p1')];
    expect(apnapGroups(pending, 'p1')).toEqual([
      [t('b', 'p1'), t('d', 'p1')],
      [t('a', 'p2'), t('c', 'p2')],
    ]);
    expect(apnapOrder(pending, 'p2').map((x) => x.id)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('matches every watcher against every event of a batch, in watcher then event order', () => {
    const batch = [
      { type: 'died', who: 'x' },
      { type: 'drew', who: 'y' },
      { type: 'died', who: 'z' },
    ];
    const watchers = [
      { id: 'w1', on: 'died' },
      { id: 'w2', on: 'drew' },
      { id: 'w3', on: 'cast' },
    ];
    const fired = matchTriggers(batch, watchers, (w, e) => (e.type === w.on ? `${w.id}:${e.who}` : null));
    expect(fired).toEqual(['w1:x', 'w1:z', 'w2:y']);
  });
});
