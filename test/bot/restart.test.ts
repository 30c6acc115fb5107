// What a restarted bot remembers of its own posts (store migration 51): the board of the current turn is edited,
// not posted again; and a match whose result a crash kept from being announced gets its result message and its
// onMatchEnd call at the next boot, exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameResult } from '../../src/engine/core/game.ts';
import { availableGames, gameModule } from '../../src/engine/registry.ts';
import type { MatchInfo } from '../../src/store/match-records.ts';
import { openStore } from '../../src/store/store.ts';
import {
  type BotHarness,
  challengeAndAccept,
  concedeConfirmed,
  current,
  latestBoard,
  playRandomly,
  startBotHarness,
  thread,
} from './bot-harness.ts';

let h: BotHarness;
const ended: { match: MatchInfo; result: GameResult }[] = [];

beforeAll(async () => {
  h = await startBotHarness({ mentions: false, onMatchEnd: (match, result) => ended.push({ match, result }) });
});
afterAll(async () => {
  await h?.close();
});

/** The thread's messages as carol (a spectator) sees them. */
const publicMessages = (matchId: string) => h.carol.messages(thread(h, matchId)).filter((m) => !m.ephemeral);
const boards = (matchId: string) => publicMessages(matchId).filter((m) => m.embeds.length > 0 && !isResult(m));
const isResult = (m: { attachments: { filename: string }[] }) =>
  m.attachments.some((a) => a.filename === 'match-log.txt');
/** What a process that crashed right after committing a concession left behind: the commit, nothing else. */
function concedeWhileDown(matchId: string, seat: 'p1' | 'p2'): void {
  const store = openStore({ path: h.dbPath }, (id) => (availableGames().includes(id) ? gameModule(id) : undefined));
  try {
    store.matches.restoreActiveMatches();
    expect(store.matches.commitDecision(matchId, seat, 'concede').kind).toBe('applied');
    expect(store.posts.unannounced()).toContain(matchId);
  } finally {
    store.close();
  }
}
const turnOf = (matchId: string) => (current(h, matchId).state as unknown as { turn: { number: number } }).turn.number;

describe('a restart', () => {
  it('in the middle of a turn: the next update edits the board of that turn instead of posting a new one', async () => {
    const matchId = await challengeAndAccept(h);
    await playRandomly(h, matchId, { seed: 5, stop: (_turn, n) => n >= 3 });
    const turn = turnOf(matchId);
    const before = boards(matchId);
    const board = latestBoard(h, h.carol, matchId);

    await h.restart();
    const edits: string[] = [];
    const created: string[] = [];
    const watch = (e: { kind: string; channelId: string; message: { id: string } }) => {
      if (e.channelId !== matchId) return;
      (e.kind === 'create' ? created : edits).push(e.message.id);
    };
    h.discord.events.on('message', watch);
    await h.bot.context.boards.request(matchId);
    await h.bot.idle();
    h.discord.events.off('message', watch);

    expect(turnOf(matchId)).toBe(turn);
    expect(created).toEqual([]);
    expect(edits).toContain(board.id);
    expect(boards(matchId).map((m) => m.id)).toEqual(before.map((m) => m.id));
    expect(latestBoard(h, h.carol, matchId).id).toBe(board.id);
    expect(h.bot.store.posts.board(matchId)).toEqual({ channelId: matchId, messageId: board.id, turn });
  });

  it('after a crash between the final commit and the result post: one result message and one onMatchEnd', async () => {
    const matchId = await challengeAndAccept(h);
    await playRandomly(h, matchId, { seed: 8, stop: (_turn, n) => n >= 2 });
    const board = latestBoard(h, h.carol, matchId);
    const calls = ended.length;

    // The crashed process committed alice's concession and died before telling Discord anything.
    await h.restart(() => concedeWhileDown(matchId, 'p1'));
    await h.bot.idle();

    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    const results = publicMessages(matchId).filter(isResult);
    expect(results).toHaveLength(1);
    expect(results[0]?.embeds[0]?.title).toMatch(/bob/);
    expect(ended.slice(calls).map((e) => e.match.matchId)).toEqual([matchId]);
    expect(ended.at(-1)?.result.kind).toBe('win');
    // The board of that turn was edited to the final state and lost its button; no other board was posted.
    expect(boards(matchId).at(-1)?.id).toBe(board.id);
    expect(boards(matchId).at(-1)?.buttons).toEqual([]);
    expect(h.bot.store.posts.unannounced()).toEqual([]);
    expect(h.logs.some((l) => l.includes('announcing the result of 1 finished match'))).toBe(true);

    // Another restart announces nothing again.
    await h.restart();
    await h.bot.idle();
    expect(publicMessages(matchId).filter(isResult)).toHaveLength(1);
    expect(ended.slice(calls)).toHaveLength(1);
  });

  it('a match finished while the bot runs is announced once, and not again after a restart', async () => {
    const matchId = await challengeAndAccept(h);
    const calls = ended.length;
    const { clicked } = await concedeConfirmed(h.bob, thread(h, matchId), () => h.bot.idle());
    expect(clicked.state).toBe('acknowledged');
    expect(publicMessages(matchId).filter(isResult)).toHaveLength(1);
    expect(h.bot.store.posts.isAnnounced(matchId)).toBe(true);
    await h.restart();
    await h.bot.idle();
    expect(publicMessages(matchId).filter(isResult)).toHaveLength(1);
    expect(ended.slice(calls).map((e) => e.match.matchId)).toEqual([matchId]);
  });

  it('a finished, unannounced match whose thread is gone: the result goes to the channel, onMatchEnd once', async () => {
    const matchId = await challengeAndAccept(h);
    const calls = ended.length;
    const before = h.carol.messages(h.guild.channel()).filter(isResult).length;
    await h.restart(() => {
      concedeWhileDown(matchId, 'p2');
      h.discord.store.removeChannel(matchId); // deleted while the bot was down
    });
    await h.bot.idle();
    const results = h.carol.messages(h.guild.channel()).filter(isResult);
    expect(results).toHaveLength(before + 1);
    expect(results.at(-1)?.embeds[0]?.title).toMatch(/alice wins/);
    expect(ended.slice(calls).map((e) => e.match.matchId)).toEqual([matchId]);
    expect(h.bot.store.pauses.isPaused(matchId)).toBe(false);
    await h.restart();
    await h.bot.idle();
    expect(h.carol.messages(h.guild.channel()).filter(isResult)).toHaveLength(before + 1);
    expect(ended.slice(calls)).toHaveLength(1);
  });
});
