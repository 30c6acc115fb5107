// `npm start` with ARBITER_DATABASE_URL: the store runs on PostgreSQL but the bot's calls do not yet
// (docs/deploy.md, "PostgreSQL"), so the bot refuses at once in one line rather than quietly using a SQLite file.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-store.ts';

const main = join(import.meta.dirname, '..', '..', 'src', 'main.ts');

describe('npm start with ARBITER_DATABASE_URL', () => {
  it('refuses in one line, naming the variable, without the password and without creating a SQLite file', () => {
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
        expect.stringMatching(/^ARBITER_DATABASE_URL is set, but the bot does not run on PostgreSQL yet/),
      ]);
      expect(result.stdout + result.stderr).not.toContain('s3cret-pw');
      expect(existsSync(db)).toBe(false);
    } finally {
      cleanup();
    }
  });
});
