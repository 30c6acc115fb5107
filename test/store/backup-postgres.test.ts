// `npm run backup` with ARBITER_DATABASE_URL set: the store is PostgreSQL, whose backups are pg_dump. The script says
// so in one line and fails (a scheduled backup must not look done), without printing the URL's password, and
// without touching a SQLite file that ARBITER_DB may still name.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/store/postgres/pg-store.ts';
import { havePostgres, postgresBinDir, startPostgres } from '../support/postgres.ts';
import { SLOW_UNDER_LOAD, toyResolver } from './temp-store.ts';
import { toyMove, toySetup } from './toy-game.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'arbiter-backup-pg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function backup(env: Record<string, string>) {
  const result = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'scripts', 'backup.ts')], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ARBITER_DEBUG: '', ...env },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run backup on PostgreSQL', () => {
  it('says in one line that backups are pg_dump, and how, without the password or a SQLite copy', {
    timeout: SLOW_UNDER_LOAD,
  }, () => {
    const sqlite = join(dir, 'arbiter.db');
    new Database(sqlite).close(); // a SQLite file is there too: it must not be what gets backed up
    const { code, stdout, stderr } = backup({
      ARBITER_DB: sqlite,
      ARBITER_DATABASE_URL: 'postgres://arbiter:s3cret-pw@db.internal:5432/arbiter',
    });
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^backup: ARBITER_DATABASE_URL is set, .*PostgreSQL.* pg_dump --format=custom .*"\$ARBITER_DATABASE_URL"/,
    );
    expect(stdout + stderr).not.toContain('s3cret-pw');
    expect(existsSync(join(dir, 'backups'))).toBe(false);
  });

  it('still backs up SQLite when the variable is unset', { timeout: SLOW_UNDER_LOAD }, () => {
    const sqlite = join(dir, 'plain.db');
    new Database(sqlite).close();
    const { code, stdout } = backup({ ARBITER_DB: sqlite, ARBITER_DATABASE_URL: '' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^backed up .*plain\.db to .*backups.*arbiter-\d{8}T\d{6}Z\.db/);
  });
});

describe.skipIf(!havePostgres)('the pg_dump backup docs/deploy.md gives', () => {
  it('restores with pg_restore into an empty database that the store then plays on from the same log', {
    timeout: SLOW_UNDER_LOAD,
  }, async () => {
    const server = await startPostgres();
    try {
      const url = await server.createDatabase();
      const store = await openPostgresStore(url, toyResolver, { snapshotEvery: 5 });
      await store.matches.createMatch({
        matchId: 'm1',
        guildId: 'g1',
        channelId: 'c1',
        game: 'nova',
        format: 'toy',
        players: { p1: 'u1', p2: 'u2' },
      });
      let state = await store.matches.startMatch('m1', toySetup(1000), 'seed');
      for (let i = 0; i < 7; i++) {
        const move = toyMove(state as Parameters<typeof toyMove>[0], i);
        state = (await store.matches.commitDecision('m1', move.seat, move.response)).state;
      }
      await store.pauses.pause('m1', 'thread-deleted', 5);
      await store.close();

      // The client tools beside the server's, else on PATH (Debian links only some of them into PATH).
      const bin = postgresBinDir() ?? '';
      const tool = (name: string) => (existsSync(join(bin, name)) ? join(bin, name) : name);
      const file = join(dir, 'arbiter.dump');
      const dump = spawnSync(tool('pg_dump'), ['--format=custom', `--file=${file}`, url], { encoding: 'utf8' });
      expect(dump.stderr).toBe('');
      expect(dump.status).toBe(0);
      const target = await server.createDatabase();
      const restore = spawnSync(tool('pg_restore'), ['--no-owner', `--dbname=${target}`, file], {
        encoding: 'utf8',
      });
      expect(restore.stderr).toBe('');
      expect(restore.status).toBe(0);

      const restored = await openPostgresStore(target, toyResolver, { snapshotEvery: 5 });
      try {
        expect((await restored.matches.restoreActiveMatches()).restored).toBe(1);
        expect(await restored.matches.match('m1')).toMatchObject({ decisionCount: 7, status: 'active' });
        expect(await restored.matches.currentState('m1')).toEqual(state);
        expect(await restored.pauses.isPaused('m1')).toBe(true);
      } finally {
        await restored.close();
      }
    } finally {
      server.stop();
    }
  });
});
