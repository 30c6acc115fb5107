// A NOVA match on the fake Discord with the structured logger at debug and the metrics on an admin server, as
// `npm start` runs them with ARBITER_LOG_LEVEL=debug and ARBITER_ADMIN_PORT. The metrics are scraped in the middle of
// the match; the match is played to its end; then every log line (and every message the bot logged) is searched for
// the name of each card in either deck, in English and Japanese, and for the bot token: none may appear.
import { Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPool } from '../../src/engine/cards-registry.ts';
import { type AdminServer, startAdminServer } from '../../src/ops/admin-server.ts';
import { Metrics } from '../../src/ops/metrics.ts';
import { type BotHarness, challengeAndAccept, playRandomly, startBotHarness } from '../bot/bot-harness.ts';
import { type CapturedLogging, captureLogging } from './log-capture.ts';

let h: BotHarness;
let logging: CapturedLogging;
let metrics: Metrics;
let admin: AdminServer;
let matchId: string;

beforeAll(async () => {
  // No secrets configured: the token must stay out because nothing logs it, not because it is scrubbed.
  logging = captureLogging('debug');
  metrics = new Metrics();
  h = await startBotHarness({ images: true, matchOptions: { startingLife: 400 }, ops: { logging, metrics } });
  admin = await startAdminServer({ port: 0, host: '127.0.0.1', metrics, ready: () => h.bot.readiness() });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await admin?.close();
});

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${admin.url}${path}`);
  return { status: response.status, text: await response.text() };
}

/** The value of one sample in Prometheus' text format (0 when absent). */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('metrics and health during a match', () => {
  it('serve latencies, counts, the render queue, the event loop and refusals while a match is played', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, text: 'ok\n' });
    expect(await get('/readyz')).toEqual({ status: 200, text: 'ready\n' });
    matchId = await challengeAndAccept(h);
    const decisions = await playRandomly(h, matchId, { seed: 5, stop: (_turn, n) => n >= 12 });
    // A request Discord refuses (an unknown channel), counted by status and JSON code.
    await h.bot.client.rest.get(Routes.channel('123456789012345678')).catch(() => {});
    await h.bot.idle();

    const { status, text } = await get('/metrics');
    expect(status).toBe(200);
    const committed = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;
    expect(committed).toBeGreaterThanOrEqual(decisions);
    expect(sample(text, 'arbiter_decisions_committed_total', '{game="nova"}')).toBe(committed);
    expect(sample(text, 'arbiter_db_commit_seconds_count')).toBe(committed);
    expect(sample(text, 'arbiter_matches', '{status="active"}')).toBe(1);
    expect(sample(text, 'arbiter_matches', '{status="paused"}')).toBe(0);
    // Every click and command was acknowledged and timed: at least one per decision, plus the challenge.
    expect(
      sample(text, 'arbiter_interaction_ack_seconds_count', '{kind="component",shard="0"}'),
    ).toBeGreaterThanOrEqual(decisions);
    expect(sample(text, 'arbiter_interaction_ack_seconds_count', '{kind="command",shard="0"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      sample(text, 'arbiter_interactions_total', '{kind="component",outcome="handled",shard="0"}'),
    ).toBeGreaterThan(0);
    expect(sample(text, 'arbiter_board_update_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'arbiter_render_seconds_count', '{kind="board"}')).toBeGreaterThan(0);
    expect(sample(text, 'arbiter_render_seconds_count', '{kind="hand"}')).toBeGreaterThan(0);
    expect(text).toMatch(/^arbiter_render_queue_depth \d+$/m);
    expect(sample(text, 'arbiter_discord_refusals_total', '{status="404",code="10003"}')).toBe(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^# TYPE arbiter_discord_rate_limit_wait_seconds histogram$/m);
  }, 120_000);

  it('logs no card name of either deck and not the token, over a whole match at debug level', async () => {
    await playRandomly(h, matchId, { seed: 21, stop: (_turn, n) => n >= 1500, activity: 85 });
    await h.bot.idle();
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');

    const setup = h.bot.store.matches.setupOf(matchId);
    const pool = cardPool('nova');
    const names = new Set<string>();
    for (const deck of [setup.decks.p1, setup.decks.p2])
      for (const ids of Object.values(deck))
        for (const id of ids) {
          const card = pool?.byId(id);
          if (!card) throw new Error(`card ${id} is not in the pool`);
          names.add(card.name.en);
          names.add(card.name.ja);
        }
    expect(names.size).toBeGreaterThan(10);
    const leaks = (lines: readonly string[]) => [...names].filter((name) => lines.some((l) => l.includes(name)));

    // The capture works and is detailed: a debug line per interaction and per commit, with their ids.
    const records = logging.records();
    expect(records.filter((r) => r.msg === 'decision committed' && r.match === matchId).length).toBeGreaterThan(50);
    const clicks = records.filter((r) => r.msg === 'interaction' && r.match === matchId);
    expect(clicks.length).toBeGreaterThan(50);
    expect(clicks[0]).toMatchObject({ guild: h.guild.id, kind: 'component', level: 20 });
    expect(typeof clicks[0]?.interaction).toBe('string');
    expect(typeof clicks[0]?.ms).toBe('number');
    // The search would find a name that was there.
    const [someName] = names;
    expect(leaks([`{"msg":"hand: ${someName}"}`])).toEqual([someName]);

    const everything = [...logging.lines, ...h.logs];
    expect(leaks(everything)).toEqual([]);
    expect(everything.some((l) => l.includes(h.discord.botToken))).toBe(false);
  }, 300_000);

  it('says not ready once the bot stops', async () => {
    await h.bot.stop();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.text).toMatch(/stopping/);
    expect(ready.text).toMatch(/database: closed/);
    expect((await get('/healthz')).status).toBe(200);
  });
});
