/**
 * A real PostgreSQL for tests (issue 24): `initdb` into a temporary folder, a free loopback port, `pg_ctl start`, a
 * fresh database per test file (or per test), stopped and removed when the tests are done or the process exits.
 * The server binaries come from Debian's `postgresql` package (on PATH or under /usr/lib/postgresql/<n>/bin).
 *
 * Where PostgreSQL is missing, the suites that need it skip (`describe.skipIf(!havePostgres)`) after one line saying
 * how to get it; with ARBITER_REQUIRE_ALL_TESTS=1 (set by .ci/run) asking for it throws instead, so CI never skips.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { REQUIRE_ALL_TESTS } from './surroundings.ts';

/** The folder holding initdb, pg_ctl and postgres, or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = join(root, v, 'bin');
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

const HOW = "install Debian's postgresql package (apt-get install postgresql), which provides initdb and pg_ctl";

/** True when PostgreSQL can be started here; false (to skip, said once) unless CI requires every test, then throws. */
export const havePostgres: boolean = (() => {
  if (postgresBinDir() !== null) return true;
  if (REQUIRE_ALL_TESTS) throw new Error(`ARBITER_REQUIRE_ALL_TESTS=1 but PostgreSQL is missing: ${HOW}`);
  console.warn(`Skipped the PostgreSQL store tests: PostgreSQL is missing; ${HOW}, then run the tests again.`);
  return false;
})();

export interface TestPostgres {
  port: number;
  /** A new, empty database; returns its connection URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and removes its folder. */
  stop(): void;
}

/**
 * The server refuses to run as root, so as root (a container, CI) the binaries run as the `postgres` user the
 * Debian package creates (or `nobody`), owning the temporary folder.
 */
function serverUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const entry = spawnSync('getent', ['passwd', name], { encoding: 'utf8' }).stdout.trim();
    const fields = entry.split(':');
    if (fields.length >= 4) return { name, uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  throw new Error('running as root and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

function run(bin: string, args: string[], user: { name: string } | null): string {
  const [file, argv] = user ? ['runuser', ['-u', user.name, '--', bin, ...args]] : [bin, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${bin} ${args[0] ?? ''} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let counter = 0;

/** Starts a private PostgreSQL cluster on a free loopback port (trust authentication, user `arbiter`). */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(`PostgreSQL is missing: ${HOW}`);
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(join(data, 'postmaster.pid'))) {
      spawnSync(user ? 'runuser' : join(bin, 'pg_ctl'), [
        ...(user ? ['-u', user.name, '--', join(bin, 'pg_ctl')] : []),
        'stop',
        '-D',
        data,
        '-m',
        'immediate',
        '-w',
      ]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  try {
    run(join(bin, 'initdb'), ['-D', data, '-U', 'arbiter', '--auth=trust', '-E', 'UTF8', '--no-sync'], user);
    let port = 0;
    // Another engineer's process may take the port between looking and listening: try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off`;
      try {
        run(
          join(bin, 'pg_ctl'),
          ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', options],
          user,
        );
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    const admin = `postgres://arbiter@127.0.0.1:${port}/postgres`;
    return {
      port,
      async createDatabase(name = `t${process.pid}_${++counter}`) {
        const client = new pg.Client({ connectionString: admin });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE "${name}"`);
        } finally {
          await client.end();
        }
        return `postgres://arbiter@127.0.0.1:${port}/${name}`;
      },
      stop() {
        process.removeListener('exit', stop);
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
