// `npm start` with ARBITER_DATABASE_URL runs the bot on PostgreSQL (docs/deploy.md, "PostgreSQL"). A database it
// cannot open stops it at once in one line, without the URL's password, rather than quietly using a SQLite file.
// (The bot running on a real PostgreSQL: test/ops/two-shards.test.ts.)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-store.ts';

const main = join(import.meta.dirname, '..', '..', 'src', 'main.ts');

describe('npm start with ARBITER_DATABASE_URL', () => {
  it('stops in one line on a database it cannot reach, without the password and without creating a SQLite file', () => {
    const { dir, cleanup } = tempDir();
    try {
      const db = join(dir, 'arbiter.db');
      const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DISCORD_TOKEN: `${'A'.repeat(24)}.${'B'.repeat(6)}.${'C'.repeat(38)}`, // shaped like a token, never used
          ARBITER_DB: db,
          ARBITER_DATABASE_URL: 'postgres://arbiter:s3cret-pw@127.0.0.1:1/arbiter',
        },
      });
      expect(result.status).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toEqual([
        expect.stringMatching(/^ARBITER_DATABASE_URL: cannot open the PostgreSQL store: .*ECONNREFUSED/),
      ]);
      expect(result.stdout + result.stderr).not.toContain('s3cret-pw');
      expect(existsSync(db)).toBe(false);
    } finally {
      cleanup();
    }
  });
});
