// Conformance to Discord's official API spec (issue 23, item 5). The bot's requests during a played match are checked
// against the spec's request schemas and the documented limits; the fake's answers and gateway events against the
// spec's object schemas. A self-test shows requests breaking one rule each are all flagged. Every vitest run checks
// every fake's traffic (conformance-setup.ts, the global setup); the last tests show a violation fails a whole run.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConformanceRecorder,
  checkRequest,
  describeViolations,
  type Violation,
} from '../../src/devtools/fake-discord/conformance.ts';
import { type BotHarness, challengeAndAccept, playRandomly, startBotHarness } from '../bot/bot-harness.ts';

const button = (customId: string) => ({ type: 2, style: 1, label: 'Go', custom_id: customId });
const row = (...components: unknown[]) => ({ type: 1, components });
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Option ${i}`, value: `v${i}` }));
const textInput = { type: 4, custom_id: 'name', style: 1, label: 'Name' };

const create = (body: unknown) => ({ method: 'POST', pattern: '/channels/:channelId/messages', body, fileCount: 0 });
const callback = (body: unknown) => ({
  method: 'POST',
  pattern: '/interactions/:interactionId/:token/callback',
  body,
  fileCount: 0,
});

/** Requests that break one rule each, with the field the violation must name. */
const BROKEN: { rule: string; request: ReturnType<typeof create>; field: RegExp }[] = [
  {
    rule: '6 action rows',
    request: create({ components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) }),
    field: /^components$/,
  },
  {
    rule: '101-character custom_id',
    request: create({ components: [row(button('x'.repeat(101)))] }),
    field: /custom_id$/,
  },
  {
    rule: '26 select options',
    request: create({ components: [row({ type: 3, custom_id: 'pick', options: options(26) })] }),
    field: /options$/,
  },
  {
    rule: '46-character modal title',
    request: callback({ type: 9, data: { custom_id: 'm', title: 't'.repeat(46), components: [row(textInput)] } }),
    field: /title$/,
  },
  {
    rule: '6 buttons in a row',
    request: create({ components: [row(...[1, 2, 3, 4, 5, 6].map((n) => button(`b${n}`)))] }),
    field: /components/,
  },
  { rule: '2,001-character content', request: create({ content: 'x'.repeat(2_001) }), field: /^content$/ },
  {
    rule: '11 embeds',
    request: create({ embeds: Array.from({ length: 11 }, () => ({ title: 'x' })) }),
    field: /^embeds$/,
  },
  {
    rule: '81-character button label',
    request: create({ components: [row({ ...button('b'), label: 'l'.repeat(81) })] }),
    field: /label$/,
  },
  {
    rule: 'an unknown callback type',
    request: callback({ type: 3, data: { content: 'x' } }),
    field: /^type$/,
  },
  {
    rule: 'a 2,001-character callback message',
    request: callback({ type: 4, data: { content: 'x'.repeat(2_001) } }),
    field: /content$/,
  },
  {
    rule: 'a 101-character thread name',
    request: {
      method: 'POST',
      pattern: '/channels/:channelId/threads',
      body: { name: 'n'.repeat(101), type: 12 },
      fileCount: 0,
    },
    field: /^name$/,
  },
  {
    rule: 'a 33-character command name',
    request: {
      method: 'PUT',
      pattern: '/applications/:applicationId/commands',
      body: [{ name: 'c'.repeat(33), description: 'd' }],
      fileCount: 0,
    },
    field: /^0\.name$/,
  },
  {
    rule: 'an empty message',
    request: create({ content: '' }),
    field: /.*/,
  },
];

describe('the conformance check flags each broken rule', () => {
  for (const { rule, request, field } of BROKEN) {
    it(rule, () => {
      const violations = checkRequest(request);
      expect(violations.length, `${rule}: nothing flagged`).toBeGreaterThan(0);
      expect(
        violations.some((v) => field.test(v.field)),
        describeViolations(violations),
      ).toBe(true);
    });
  }

  it('a well-formed request passes', () => {
    expect(checkRequest(create({ content: 'hello', components: [row(button('ok'))] }))).toEqual([]);
  });
});

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const bySide = (violations: readonly Violation[], side: Violation['side']) => violations.filter((v) => v.side === side);

describe('a played match conforms to the spec', () => {
  it("the bot's requests, the fake's answers and its gateway events", async () => {
    const recorder = h.discord.checkConformance();
    const matchId = await challengeAndAccept(h);
    await playRandomly(h, matchId, { seed: 23, stop: (_turn, decisions) => decisions >= 60 });
    await h.bot.idle();
    const report = recorder.snapshot();
    console.log(
      `conformance: ${report.requests} requests, ${report.responses} responses, ${report.events} events; ` +
        `${report.operations.length} operations (${report.operations.join(', ')}); ${report.violations.length} violations`,
    );
    expect(report.requests).toBeGreaterThan(20);
    expect(report.operations).toContain('create_interaction_response');
    expect(describeViolations(bySide(report.violations, 'request'))).toBe('');
    expect(describeViolations(bySide(report.violations, 'response'))).toBe('');
    expect(describeViolations(bySide(report.violations, 'event'))).toBe('');
  });
});

describe('a violation anywhere in a run fails the run (the global setup in vitest.config.ts)', () => {
  it('names the operation, the field, the payload and the test; a refusal a test expects is not counted', () => {
    // A vitest run of its own over fixtures/broken-reply.case.ts, whose tests pass: the exit code comes from the
    // conformance check at the end of the run. Its fakes must not write into this run's directory.
    const { FAKE_DISCORD_CONFORMANCE_DIR: _outer, ...env } = process.env;
    const run = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/fake-discord/fixtures/vitest.config.ts'],
      { env, encoding: 'utf8', timeout: 120_000 },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(1);
    expect(output).toContain('2 passed');
    expect(output).toContain('1 refusals expected by tests');
    expect(output).toContain('request create_interaction_response: data.components.0.components.0.custom_id');
    expect(output).toContain('payload: custom_id=mistake:');
    expect(output).toContain('in test/fake-discord/fixtures/broken-reply.case.ts > a bot sends a 101-character');
    expect(output).not.toContain('on-purpose');
  }, 150_000);
});

describe('expectRefusal covers one refused broken request, nothing else', () => {
  const longId = { type: 4, data: { content: 'x', components: [row(button('x'.repeat(101)))] } };
  const exchange = (status: number) => ({
    ...callback(longId),
    path: '/interactions/1/t/callback',
    query: '',
    status,
    response: status === 204 ? null : { code: 50035, message: 'Invalid Form Body' },
  });

  it('a refused broken request after expectRefusal is expected; the next one counts', () => {
    const recorder = new ConformanceRecorder();
    recorder.expectRefusal();
    recorder.exchange(exchange(400));
    expect(recorder.snapshot()).toMatchObject({ expectedRefusals: 1, violations: [] });
    recorder.exchange(exchange(400));
    expect(recorder.snapshot().violations.length).toBeGreaterThan(0);
  });

  it('a broken request the fake accepts still counts (a blind spot of the fake), and keeps the expectation', () => {
    const recorder = new ConformanceRecorder();
    recorder.expectRefusal();
    recorder.exchange(exchange(204));
    expect(recorder.snapshot().expectedRefusals).toBe(0);
    expect(recorder.snapshot().violations.some((v) => v.field.endsWith('custom_id'))).toBe(true);
  });

  it('a well-formed request refused for another reason (10062) does not use the expectation up', () => {
    const recorder = new ConformanceRecorder();
    recorder.expectRefusal();
    recorder.exchange({ ...exchange(404), body: { type: 4, data: { content: 'late' } } });
    recorder.exchange(exchange(400));
    expect(recorder.snapshot()).toMatchObject({ expectedRefusals: 1, violations: [] });
  });
});
