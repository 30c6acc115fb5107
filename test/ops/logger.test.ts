// The structured logger (src/ops/logger.ts): JSON lines with level, message and the ids of the scope they were
// logged in; secrets never written, wherever they appear; the level and format from the environment.
import { describe, expect, it } from 'vitest';
import { OpsConfigError, opsConfigFromEnv } from '../../src/ops/config.ts';
import { REDACTED, scrub } from '../../src/ops/logger.ts';
import { captureLogging } from './log-capture.ts';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.secret-part-of-the-token_0123456789';

describe('the logger', () => {
  it('writes one JSON object per line with the level, the message and the scope ids', async () => {
    const log = captureLogging('info');
    log.logger.info({ ms: 12.5 }, 'outside');
    await log.scope.run({ interaction: '111', guild: '222' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      // Nested scopes add to the outer one, across awaits.
      await log.scope.run({ match: '333' }, async () => {
        await Promise.resolve();
        log.logger.warn('inside');
      });
    });
    log.logger.debug('below the level');
    const [outside, inside, ...rest] = log.records();
    expect(rest).toEqual([]);
    expect(outside).toMatchObject({ level: 30, msg: 'outside', ms: 12.5 });
    expect(outside).not.toHaveProperty('interaction');
    expect(inside).toMatchObject({ level: 40, msg: 'inside', interaction: '111', guild: '222', match: '333' });
    expect(typeof inside?.time).toBe('number');
  });

  it('never writes a secret: not in a message, a field, an error or a token-named field', () => {
    const log = captureLogging('trace', [TOKEN]);
    log.logger.info(`logging in with ${TOKEN}`);
    log.logger.info({ request: { url: `https://x/${TOKEN}/y` } }, 'request');
    log.logger.error({ err: new Error(`refused: ${TOKEN}`) }, 'failed');
    log.logger.info({ token: 'another-credential-value', headers: { authorization: 'Bot abcdefghijkl' } }, 'fields');
    const text = log.lines.join('');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('secret-part');
    expect(text).not.toContain('another-credential-value');
    expect(text).not.toContain('abcdefghijkl');
    expect(text.split(REDACTED).length - 1).toBeGreaterThanOrEqual(6);
    // What is not secret stays.
    expect(log.records().map((r) => r.msg)).toEqual([`logging in with ${REDACTED}`, 'request', 'failed', 'fields']);
  });

  it('scrubs the JSON-escaped form of a secret too, and leaves short strings alone', () => {
    expect(scrub('{"a":"x\\"y-secret-value"}', ['x"y-secret-value'])).toBe(`{"a":"${REDACTED}"}`);
    expect(scrub('a short one', ['short'])).toBe('a short one');
  });
});

describe('ARBITER_LOG_LEVEL and the admin settings', () => {
  it('reads the level, the format, and the admin port and host (loopback by default)', () => {
    expect(opsConfigFromEnv({})).toEqual({
      logLevel: 'info',
      adminHost: '127.0.0.1',
      shards: { count: 1, ids: 'all' },
      globalRateLimit: 50,
    });
    expect(
      opsConfigFromEnv({
        ARBITER_LOG_LEVEL: 'DEBUG',
        ARBITER_LOG_FORMAT: 'json',
        ARBITER_ADMIN_PORT: '9464',
        ARBITER_GLOBAL_RATE_LIMIT: '250',
      }),
    ).toEqual({
      logLevel: 'debug',
      logFormat: 'json',
      adminPort: 9464,
      adminHost: '127.0.0.1',
      shards: { count: 1, ids: 'all' },
      globalRateLimit: 250,
    });
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      opsConfigFromEnv({ ARBITER_LOG_LEVEL: 'loud', ARBITER_ADMIN_PORT: 'http' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(OpsConfigError);
    expect((error as Error).message).toMatch(/ARBITER_LOG_LEVEL/);
    expect((error as Error).message).toMatch(/ARBITER_ADMIN_PORT/);
  });
});
