// Presenter lines checked as text: what Discord would show.
import { describe, expect, it } from 'vitest';
import { auditLine } from '../../src/bot/league/league-presenter.ts';

describe('audit lines', () => {
  it('mention the actor once and the player in the details once (issue 22, defect 4)', () => {
    const line = auditLine(
      {
        seq: 3,
        at: '2026-07-03T18:00:00.000Z',
        actor: { userId: '157540353434871399', role: 'organiser' },
        admin: true,
        command: { type: 'award-bye', player: '157540353434871400' },
        undoneBy: null,
      },
      'en',
    );
    expect(line).toBe('#3 2026-07-03 18:00 <@157540353434871399> **award-bye** player <@157540353434871400>');
    expect(line).not.toContain('<@<@');
  });
});
