// The decision as a player reads it (issue 26 items 2 and 7): names for seats, and two copies of a card give two
// different buttons.
import { describe, expect, it } from 'vitest';
import { readableDecision } from '../../src/bot/controls.ts';
import type { PickDecision } from '../../src/engine/core/game.ts';

const label = (en: string, ja = en) => ({ en, ja });
const names = { p1: 'Alice', p2: 'Bob' };

describe('readableDecision', () => {
  const pending: PickDecision = {
    id: '9',
    player: 'p1',
    kind: 'priority',
    role: 'priority',
    prompt: label('p1, you have priority'),
    options: [
      { id: 'a', kind: 'play', role: 'play', label: label('Play Ember Whelp', 'エンバーウェルプをプレイ') },
      { id: 'b', kind: 'play', role: 'play', label: label('Play Ember Whelp', 'エンバーウェルプをプレイ') },
      { id: 'c', kind: 'target', role: 'choice', label: label('player p2', 'プレイヤーp2') },
      { id: 'd', kind: 'pass', role: 'pass', label: label('Pass') },
    ],
    min: 1,
    max: 1,
    ordered: false,
    defaultOnTimeout: ['d'],
  };
  const readable = readableDecision(pending, names);

  it('numbers equal labels so each button differs, in both languages', () => {
    expect(readable.options.map((o) => o.label.en)).toEqual([
      'Play Ember Whelp · 1',
      'Play Ember Whelp · 2',
      'player Bob',
      'Pass',
    ]);
    expect(new Set(readable.options.map((o) => o.label.ja)).size).toBe(4);
  });

  it('names people instead of seats in labels and the prompt, and keeps ids', () => {
    expect(readable.options[2]?.label.ja).toBe('プレイヤーBob');
    expect(readable.prompt.en).toBe('Alice, you have priority');
    expect(readable.options.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
