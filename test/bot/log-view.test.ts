// The whole public log from the match (issue 26 item 5): "Log" on the board opens it for anyone, newest page
// first; paging back reaches the first entry, and every page together is exactly the replayed public log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView } from '../../src/devtools/fake-discord/index.ts';
import {
  type BotHarness,
  challengeAndAccept,
  latestBoard,
  playRandomly,
  refreshed,
  startBotHarness,
} from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ matchOptions: { startingLife: 400 } });
});
afterAll(async () => {
  await h?.close();
});

const lineSeqs = (message: MessageView) =>
  (message.embeds[0]?.description ?? '')
    .split('\n')
    .map((line) => Number(/^(\d+)\. /.exec(line)?.[1]))
    .filter((n) => Number.isFinite(n));

describe('the Log view', () => {
  it('pages through the whole public log, for a spectator too', async () => {
    const matchId = await challengeAndAccept(h);
    await playRandomly(h, matchId, { seed: 5, stop: (turn) => turn >= 6, activity: 85 });
    const entries = h.bot.store.matches.publicLog(matchId);
    expect(entries.length).toBeGreaterThan(30);
    const click = await h.carol.click(latestBoard(h, h.carol, matchId), `g:${matchId}:0`);
    await h.bot.idle();
    let view = click.reply();
    if (!view) throw new Error('no log view');
    expect(view.ephemeral).toBe(true);
    const seen: number[] = [];
    // Newest page first: it ends with the last entry.
    expect(lineSeqs(view).at(-1)).toBe(entries.at(-1)?.seq);
    for (let i = 0; i < 50; i++) {
      seen.unshift(...lineSeqs(view));
      const older = view.buttons.find((b) => b.label.includes('Older'));
      if (!older?.customId || older.disabled) break;
      await h.carol.click(view, older.customId);
      await h.bot.idle();
      view = refreshed(h.carol, view);
    }
    expect(seen).toEqual(entries.map((e) => e.seq));
    expect(view.embeds[0]?.footer).toMatch(/^Page 1 of /);
  });
});
