// `npm start` with a token, as deployed (src/main.ts -> src/bot/run.ts), against the fake Discord: configured only by
// the environment (DISCORD_TOKEN, DISCORD_REST_URL, ARBITER_DB, ARBITER_LOG_LEVEL, ARBITER_ADMIN_PORT=0). Its stdout
// is JSON lines without the token; the admin server it announces answers /healthz, /readyz and /metrics; SIGTERM
// stops it with exit code 0; a bad variable stops it at once with exit code 2 and the variable's name.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../../src/devtools/fake-discord/index.ts';
import { tempDir } from '../store/temp-store.ts';

const main = join(fileURLToPath(new URL('.', import.meta.url)), '../../src/main.ts');
let discord: FakeDiscord;
const { dir, cleanup } = tempDir();
beforeAll(async () => {
  discord = await FakeDiscord.start();
});
afterAll(async () => {
  await discord?.close();
  cleanup();
});

function start(env: Record<string, string>): { proc: ChildProcess; output: () => { out: string; err: string } } {
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let out = '';
  let err = '';
  proc.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  proc.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return { proc, output: () => ({ out, err }) };
}

function exited(proc: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => proc.once('close', (code) => resolve(code)));
}

async function until<T>(what: string, probe: () => T | undefined, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm start with a token', () => {
  it('logs JSON lines, serves health and metrics, and stops on SIGTERM with exit code 0', async () => {
    const guild = discord.createGuild('Start');
    const { proc, output } = start({
      DISCORD_TOKEN: discord.botToken,
      DISCORD_REST_URL: discord.restUrl,
      DISCORD_GUILD_ID: guild.id,
      ARBITER_DB: join(dir, 'start.db'),
      ARBITER_IMAGES: 'off',
      ARBITER_LOG_LEVEL: 'debug',
      ARBITER_ADMIN_PORT: '0',
    });
    const done = exited(proc);
    const records = () =>
      output()
        .out.split('\n')
        .filter((l) => l.length > 0)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const admin = await until(
      'the admin server',
      () => records().find((r) => typeof r.url === 'string')?.url as string,
    );
    expect(admin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await until('online', () => records().find((r) => String(r.msg).startsWith('Arbiter is online')));

    expect(await (await fetch(`${admin}/healthz`)).text()).toBe('ok\n');
    const ready = await fetch(`${admin}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([200, 'ready\n']);
    const metrics = await (await fetch(`${admin}/metrics`)).text();
    expect(metrics).toMatch(/^arbiter_matches\{status="active"\} 0$/m);
    expect(metrics).toMatch(/^process_cpu_seconds_total /m);

    proc.kill('SIGTERM');
    expect(await done).toBe(0);
    const { out, err } = output();
    expect(err).toBe('');
    // Every line is a JSON object with a level; the token is nowhere.
    for (const record of records()) expect(typeof record.level).toBe('number');
    expect(records().map((r) => r.msg)).toContain('stopped');
    expect(out).not.toContain(discord.botToken);
  }, 120_000);

  it('refuses a bad variable at once, naming it', async () => {
    const { proc, output } = start({ DISCORD_TOKEN: discord.botToken, ARBITER_LOG_LEVEL: 'chatty' });
    expect(await exited(proc)).toBe(2);
    expect(output().err).toMatch(/ARBITER_LOG_LEVEL/);
    expect(output().err).not.toContain(discord.botToken);
    // The store's variables are read by npm start too (they were ignored before issue 24).
    const store = start({ DISCORD_TOKEN: discord.botToken, ARBITER_SNAPSHOT_EVERY: '0' });
    expect(await exited(store.proc)).toBe(2);
    expect(store.output().err).toMatch(/ARBITER_SNAPSHOT_EVERY/);
  }, 60_000);
});
