// `npm run store -- copy --to postgres://…` (src/store/copy-to-postgres.ts): a SQLite store with matches (one in
// play, paused, with a clock and an AI seat; one pending), settings and preferences is copied into an empty
// PostgreSQL; the PostgreSQL store then restores the match at the same state and plays on from the same log. A
// second copy into the now filled database is refused in one line without the URL's password, and a SQLite file
// with a table the copy does not know is refused before anything is written.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseState } from '../../src/engine/core/game.ts';
import { COPIED_TABLES, copyToPostgres, withoutPassword } from '../../src/store/copy-to-postgres.ts';
import { MatchClockSchema } from '../../src/store/match-clocks.ts';
import { openPostgresStore } from '../../src/store/postgres/pg-store.ts';
import { openPool } from '../../src/store/postgres/pool.ts';
import { openStore } from '../../src/store/store.ts';
import { havePostgres, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { tempDir, toyResolver } from './temp-store.ts';
import { type ToyState, toyMove, toySetup } from './toy-game.ts';

const root = join(import.meta.dirname, '..', '..');
const { dir, cleanup } = tempDir();
afterAll(cleanup);

/** A SQLite store with something in most tables; returns the active match's state. */
function fillSqlite(path: string): BaseState {
  const store = openStore({ path, snapshotEvery: 5 }, toyResolver);
  const newMatch = (matchId: string) =>
    store.matches.createMatch({
      matchId,
      guildId: 'g1',
      channelId: 'c1',
      game: 'nova',
      format: 'toy',
      players: { p1: 'u1', p2: 'u2' },
    });
  newMatch('m1');
  newMatch('m2'); // pending: no seed, no log
  let state = store.matches.startMatch('m1', toySetup(1000), 'seed');
  for (let i = 0; i < 12; i++) {
    const move = toyMove(state as ToyState, i);
    state = store.matches.commitDecision('m1', move.seat, move.response).state;
  }
  store.pauses.pause('m1', 'thread-deleted', 5);
  store.clocks.put('m1', MatchClockSchema.parse({ bankMs: { p1: 1000, p2: 2000 }, asked: 'v3' }), 6);
  store.guilds.update('g1', { locale: 'ja' }, 7);
  store.preferences.update('g1', 'u1', { dmNotifications: true }, 8);
  store.close();
  return state;
}

describe.skipIf(!havePostgres)('copying a SQLite store to PostgreSQL', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.stop());

  it('copies every table, checked, and PostgreSQL plays on from the same log', async () => {
    const path = join(dir, 'full.db');
    const state = fillSqlite(path);
    const url = await server.createDatabase();
    const lines: string[] = [];
    const report = await copyToPostgres(path, url, (line) => lines.push(line));
    const rows = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    expect(report.tables.map((t) => t.table)).toEqual([...COPIED_TABLES]);
    expect(rows).toMatchObject({ matches: 2, match_decisions: 12, match_pauses: 1, match_clocks: 1, guilds: 1 });
    expect(rows.match_snapshots).toBeGreaterThan(0);
    expect(rows.user_preferences).toBe(1);
    expect(report.matchesChecked).toBe(2);
    expect(lines).toContain('match_decisions: 12 row(s)');

    const pg = await openPostgresStore(url, toyResolver, { snapshotEvery: 5 });
    try {
      expect((await pg.matches.restoreActiveMatches()).restored).toBe(1);
      expect(await pg.matches.currentState('m1')).toEqual(state);
      expect(await pg.matches.match('m2')).toMatchObject({ status: 'pending' });
      expect(await pg.pauses.isPaused('m1')).toBe(true);
      expect((await pg.clocks.get('m1'))?.bankMs).toEqual({ p1: 1000, p2: 2000 });
      expect((await pg.guilds.get('g1')).locale).toBe('ja');
      expect((await pg.preferences.get('g1', 'u1')).dmNotifications).toBe(true);
      // The log goes on from the copied decisions.
      await pg.pauses.resume('m1', { channelId: 'c1', threadId: 't2' }, 9);
      const move = toyMove(state as ToyState, 12);
      const next = await pg.matches.commitDecision('m1', move.seat, move.response);
      expect(next.kind).toBe('applied');
      expect((await pg.matches.match('m1'))?.decisionCount).toBe(13);
    } finally {
      await pg.close();
    }

    // Once more into the same (now filled) database: refused in one line, the password not printed.
    const withPassword = url.replace('postgres://arbiter@', 'postgres://arbiter:s3cret-pw@');
    expect(withPassword).not.toBe(url);
    const again = spawnSync(
      join(root, 'node_modules', '.bin', 'tsx'),
      [join(root, 'scripts', 'store.ts'), 'copy', '--to', withPassword, '--from', path],
      { encoding: 'utf8', env: { ...process.env, ARBITER_DEBUG: '' }, timeout: 60_000 },
    );
    expect(again.status).toBe(2);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/^store: the PostgreSQL database is not empty: guilds \(1\), .*matches \(2\)/);
    expect(again.stdout + again.stderr).not.toContain('s3cret-pw');
  }, 60_000);

  it('refuses a SQLite file with a table it does not know, and leaves the target empty', async () => {
    const path = join(dir, 'surprise.db');
    fillSqlite(path);
    const raw = new Database(path);
    raw.exec('CREATE TABLE tournament_brackets (id TEXT)');
    raw.close();
    const url = await server.createDatabase();
    await expect(copyToPostgres(path, url)).rejects.toThrow(/table\(s\) the copy does not know: tournament_brackets/);
    const pool = openPool(url);
    try {
      const exists = await pool.query("SELECT to_regclass('matches') AS t");
      if (exists.rows[0]?.t) expect((await pool.query('SELECT count(*)::int AS n FROM matches')).rows[0]?.n).toBe(0);
    } finally {
      await pool.end();
    }
  }, 30_000);

  it('names the table when PostgreSQL refuses a value SQLite kept, and copies nothing', async () => {
    const path = join(dir, 'odd-value.db');
    fillSqlite(path);
    const raw = new Database(path);
    // A turn number past PostgreSQL's INTEGER (4 bytes); SQLite's INTEGER holds 8.
    raw.exec("INSERT INTO match_posts (match_id, board_turn) VALUES ('m1', 1099511627776)");
    raw.close();
    const url = await server.createDatabase();
    await expect(copyToPostgres(path, url)).rejects.toThrow(
      /^match_posts: PostgreSQL refused a row .*out of range.*nothing was copied/,
    );
    const pool = openPool(url);
    try {
      expect((await pool.query('SELECT count(*)::int AS n FROM matches')).rows[0]?.n).toBe(0);
    } finally {
      await pool.end();
    }
  }, 30_000);

  it('blanks the password of a URL for messages', () => {
    expect(withoutPassword('postgres://arbiter:pw@db:5432/x')).toBe('postgres://arbiter:***@db:5432/x');
    expect(withoutPassword('postgresql://arbiter@db/x')).toBe('postgresql://arbiter@db/x');
  });
});
