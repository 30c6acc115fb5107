// Every decision shape gets a control within Discord's limits: 5 rows, 5 buttons a row, a select alone in its
// row with at most 25 options, custom_id ≤ 100 characters, label ≤ 80.
import { describe, expect, it } from 'vitest';
import { BotConfigError, botConfigFromEnv } from '../../src/bot/config.ts';
import { completedPicks, decisionControls } from '../../src/bot/controls.ts';
import {
  type ControlId,
  decodeControl,
  decodeNumberModal,
  encodeControl,
  numberModalId,
} from '../../src/bot/custom-id.ts';
import { parseDeckText, readDeckText } from '../../src/bot/decks.ts';
import type { DecisionOption, DistributeDecision, PendingDecision, PickDecision } from '../../src/engine/core/game.ts';
import { raid } from '../core/shapes-game.ts';

const MATCH = '1234567890123456789';

function decision(n: number, extra: Partial<PickDecision> = {}): PickDecision {
  const options: DecisionOption[] = Array.from({ length: n }, (_, i) => ({
    id: `play:o${100 + i}`,
    kind: 'play',
    role: 'play',
    label: { en: `Play a card with a very long name number ${i} `.repeat(4), ja: `カード${i}をプレイ` },
  }));
  return {
    id: 'v42',
    player: 'p1',
    kind: 'priority',
    role: 'priority',
    prompt: { en: 'You have priority.', ja: '優先権があります。' },
    options,
    min: 1,
    max: 1,
    ordered: false,
    defaultOnTimeout: [],
    ...extra,
  };
}

type Json = Record<string, unknown>;

function checkLimits(rows: { toJSON(): unknown }[]): Json[] {
  const json = rows.map((r) => r.toJSON() as Json);
  expect(json.length).toBeLessThanOrEqual(5);
  const ids = new Set<string>();
  for (const row of json) {
    const components = row.components as Json[];
    expect(components.length).toBeLessThanOrEqual(5);
    if (components.some((c) => c.type === 3)) expect(components).toHaveLength(1);
    for (const c of components) {
      const id = String(c.custom_id);
      expect(id.length).toBeLessThanOrEqual(100);
      expect(ids.has(id)).toBe(false);
      ids.add(id);
      if (typeof c.label === 'string') expect(c.label.length).toBeLessThanOrEqual(80);
      if (c.type === 3) expect((c.options as Json[]).length).toBeLessThanOrEqual(25);
    }
  }
  return json;
}

/** The components of row `i` (a missing row fails the test here). */
const comps = (json: Json[], i: number) => (json[i] as Json).components as Json[];

const optionIds = (json: Json[]) =>
  json.flatMap((r) => (r.components as Json[]).map((c) => String(c.custom_id))).filter((id) => id.startsWith('a:'));

describe('decision controls', () => {
  it('styles by role, not by kind: passing and declining are grey, the rest stand out', () => {
    const options: DecisionOption[] = [
      { id: 'a', kind: 'pass-turn', role: 'pass', label: { en: 'A', ja: 'A' } },
      { id: 'b', kind: 'hold-back', role: 'passive', label: { en: 'B', ja: 'B' } },
      { id: 'c', kind: 'pass', role: 'choice', label: { en: 'C', ja: 'C' } },
      { id: 'd', kind: 'no-block', role: 'act', label: { en: 'D', ja: 'D' } },
    ];
    const json = checkLimits(
      decisionControls({ matchId: MATCH, version: 42, pending: decision(0, { options }), locale: 'en' }).rows,
    );
    const styles = ((json[0] as Json).components as Json[]).map((c) => c.style);
    expect(styles).toEqual([2, 2, 1, 1]); // ButtonStyle.Secondary = 2, Primary = 1
  });

  it('single choice: 20 buttons a page, every option reachable through the pages', () => {
    const pending = decision(47);
    const seen = new Set<string>();
    for (let page = 0; page < 3; page++) {
      const json = checkLimits(decisionControls({ matchId: MATCH, version: 42, pending, locale: 'en', page }).rows);
      for (const id of optionIds(json)) seen.add(id);
    }
    expect(seen.size).toBe(47);
    expect([...seen].every((id) => decodeControl(id)?.kind === 'option')).toBe(true);
  });

  it('choose up to N: a select with min/max values and a "choose none" button', () => {
    const pending = decision(6, { kind: 'choose', min: 0, max: 2 });
    const json = checkLimits(decisionControls({ matchId: MATCH, version: 42, pending, locale: 'ja' }).rows);
    const select = ((json[0]?.components ?? []) as Json[])[0] as Json;
    expect(select.type).toBe(3);
    expect(select.min_values).toBe(0);
    expect(select.max_values).toBe(2);
    expect(JSON.stringify(json)).toContain('選ばない');
  });

  it('discard exactly N: a select with min = max = N', () => {
    const pending = decision(9, { kind: 'discard', min: 2, max: 2 });
    const json = checkLimits(decisionControls({ matchId: MATCH, version: 42, pending, locale: 'en' }).rows);
    const select = ((json[0]?.components ?? []) as Json[])[0] as Json;
    expect([select.min_values, select.max_values]).toEqual([2, 2]);
  });

  it('ordered: one pick at a time, the picks kept in the draft (not the custom_id), the last is implied', () => {
    const pending = decision(3, { kind: 'order-triggers', ordered: true, min: 3, max: 3 });
    const first = checkLimits(decisionControls({ matchId: MATCH, version: 42, pending, locale: 'en' }).rows);
    const ids = first.flatMap((r) => (r.components as Json[]).map((c) => String(c.custom_id)));
    expect(ids).toHaveLength(3);
    expect(decodeControl(ids[2] as string)).toEqual({ kind: 'pick', matchId: MATCH, version: 42, index: 2 });
    expect(completedPicks(pending, ['play:o102'])).toBeNull();
    expect(completedPicks(pending, ['play:o102', 'play:o100'])).toEqual(['play:o102', 'play:o100', 'play:o101']);
    const draft = { picks: ['play:o102'] };
    const next = decisionControls({ matchId: MATCH, version: 42, pending, locale: 'en', draft });
    expect(next.note).toMatch(/Order so far: Play a card .*2/);
    const nextIds = checkLimits(next.rows).flatMap((r) => (r.components as Json[]).map((c) => String(c.custom_id)));
    expect(nextIds.filter((id) => id.startsWith('q:'))).toEqual([`q:${MATCH}:42:0`, `q:${MATCH}:42:1`]);
  });

  it('ordered, some of the options (an exchange of part of a hand): Done once enough are picked', () => {
    const pending = decision(5, { kind: 'exchange-cards', ordered: true, min: 0, max: 5 });
    const draft = { picks: ['play:o103', 'play:o101'] };
    const controls = decisionControls({ matchId: MATCH, version: 42, pending, locale: 'en', draft });
    const ids = checkLimits(controls.rows).flatMap((r) => (r.components as Json[]).map((c) => String(c.custom_id)));
    expect(ids).toContain(`f:${MATCH}:42`);
    expect(ids.filter((id) => id.startsWith('q:'))).toHaveLength(3);
    expect(completedPicks(pending, ['play:o103', 'play:o101'])).toBeNull();
  });

  it('choose N among more than 25: picks one at a time across pages, Done once enough are picked', () => {
    const pending = decision(30, { kind: 'discard', min: 2, max: 3 });
    const first = checkLimits(decisionControls({ matchId: MATCH, version: 42, pending, locale: 'en' }).rows);
    const ids = first.flatMap((r) => (r.components as Json[]).map((c) => String(c.custom_id)));
    expect(ids.filter((id) => id.startsWith('q:'))).toHaveLength(20);
    expect(ids.some((id) => id.startsWith('f:'))).toBe(false);
    // After picking 25 and 3, on page 2: Done submits the draft; the ids carry no picks.
    const draft = { picks: ['play:o125', 'play:o103'] };
    const later = decisionControls({ matchId: MATCH, version: 42, pending, locale: 'en', draft, page: 1 });
    const laterIds = checkLimits(later.rows).flatMap((r) => (r.components as Json[]).map((c) => String(c.custom_id)));
    expect(laterIds).toContain(`f:${MATCH}:42`);
    expect(laterIds).toContain(`p:${MATCH}:42:0`);
    expect(laterIds.filter((id) => id.startsWith('q:'))).toHaveLength(8);
    expect(later.note).toMatch(/Chosen so far/);
    expect(completedPicks(pending, ['play:o125', 'play:o103'])).toBeNull();
  });

  it('any number of picks: 200 picks of 200 options stay within the limits (custom_ids no longer grow)', () => {
    const pending = decision(200, { kind: 'search', min: 0, max: 200 });
    const draft = { picks: pending.options.slice(0, 199).map((o) => o.id) };
    const controls = decisionControls({ matchId: MATCH, version: 123456, pending, locale: 'en', draft });
    const ids = checkLimits(controls.rows).flatMap((r) => (r.components as Json[]).map((c) => String(c.custom_id)));
    expect(ids).toContain(`q:${MATCH}:123456:199`);
    expect(Math.max(...ids.map((id) => id.length))).toBeLessThan(40);
  });
});

const raidDecision = (step: 'send' | 'divide' | 'declare', extra: object = {}) => {
  let s = raid.setup({ game: 'aqa', decks: { p1: {}, p2: {} } }, 's');
  if (step !== 'send') s = raid.apply(s, 'p1', { decisionId: 'v0', choose: [], number: 2 });
  if (step === 'declare') s = raid.apply(s, 'p1', { decisionId: 'v1', choose: [], split: { north: 3, south: 2 } });
  return { ...(raid.pending(s) as PendingDecision), ...extra } as PendingDecision;
};

describe('number, distribute and declare controls', () => {
  it('number: a button per value when few, a modal button when many', () => {
    const few = checkLimits(
      decisionControls({ matchId: MATCH, version: 0, pending: raidDecision('send'), locale: 'en' }).rows,
    );
    const labels = comps(few, 0).map((c) => c.label);
    expect(labels).toEqual(['0', '2', '4', '6']); // step 2 from 0
    expect(decodeControl(String(comps(few, 0)[2]?.custom_id))).toMatchObject({
      kind: 'number',
      value: 4,
    });
    const many = raidDecision('send', { max: 1000, step: 1 });
    const json = checkLimits(decisionControls({ matchId: MATCH, version: 0, pending: many, locale: 'ja' }).rows);
    const open = comps(json, 0)[0] as Json;
    expect(decodeControl(String(open.custom_id))).toEqual({ kind: 'number-modal', matchId: MATCH, version: 0 });
    expect(open.label).toBe('数を入力（0〜1000）');
  });

  it('distribute: − and + per target, 4 targets a page, the sum so far, + disabled at the total or maxEach', () => {
    const pending = raidDecision('divide');
    const controls = decisionControls({
      matchId: MATCH,
      version: 1,
      pending,
      locale: 'en',
      draft: { split: { north: 3, south: 1 } },
    });
    const json = checkLimits(controls.rows);
    expect(controls.note).toBe('Assigned 4 of 5');
    const north = json[0]?.components as Json[];
    expect(north.map((c) => c.label)).toEqual(['north: 3', '−', '+']);
    expect(north[2]?.disabled).toBe(true); // maxEach 3
    expect(comps(json, 1)[2]?.disabled).toBe(false);
    // Twelve targets: three pages of four rows, each page within the limits.
    const wide = {
      ...pending,
      targets: Array.from({ length: 12 }, (_, i) => ({ ...(pending as DistributeDecision).targets[0], id: `t${i}` })),
    } as PendingDecision;
    for (let page = 0; page < 3; page++)
      expect(
        checkLimits(decisionControls({ matchId: MATCH, version: 1, pending: wide, locale: 'en', page }).rows),
      ).toHaveLength(5);
  });

  it('declare: a select per slot with the draft as defaults, Done, Reset and Back, and the problem named', () => {
    const pending = raidDecision('declare', { problem: { rule: 'RAID 3.1', code: 'captain-stays' } });
    const draft = { declare: { captain: ['home'], scout: ['east'] } };
    const controls = decisionControls({ matchId: MATCH, version: 2, pending, locale: 'en', draft });
    const json = checkLimits(controls.rows);
    expect(json).toHaveLength(4); // three slots and the navigation row
    const captain = comps(json, 0)[0] as Json;
    expect(decodeControl(String(captain.custom_id))).toEqual({ kind: 'slot', matchId: MATCH, version: 2, index: 0 });
    expect((captain.options as Json[]).filter((o) => o.default).map((o) => o.value)).toEqual(['home']);
    const nav = comps(json, 3).map((c) => decodeControl(String(c.custom_id))?.kind);
    expect(nav).toEqual(['done', 'reset', 'back']);
    expect(controls.note).toBe('⚠️ Not allowed (RAID 3.1): rule broken: captain-stays');
  });
});

describe('custom ids', () => {
  it('round-trip, including option ids with colons', () => {
    const ids: ControlId[] = [
      { kind: 'hand', matchId: MATCH },
      { kind: 'option', matchId: MATCH, version: 7, optionId: 'act:o12:0' },
      { kind: 'none', matchId: MATCH, version: 7 },
      { kind: 'multi', matchId: MATCH, version: 7, page: 1 },
      { kind: 'pick', matchId: MATCH, version: 7, index: 199 },
      { kind: 'page', matchId: MATCH, version: 7, page: 2 },
      { kind: 'done', matchId: MATCH, version: 7 },
      { kind: 'reset', matchId: MATCH, version: 7 },
      { kind: 'back', matchId: MATCH, version: 7 },
      { kind: 'adjust', matchId: MATCH, version: 7, index: 3, delta: -1 },
      { kind: 'adjust', matchId: MATCH, version: 7, index: 0, delta: 1 },
      { kind: 'slot', matchId: MATCH, version: 7, index: 2 },
      { kind: 'number', matchId: MATCH, version: 7, value: -12 },
      { kind: 'number-modal', matchId: MATCH, version: 7 },
      { kind: 'challenge', answer: 'accept', key: '1333333333333333333' },
      { kind: 'concede', matchId: MATCH, userId: '1444444444444444444', confirm: true },
      { kind: 'concede', matchId: MATCH, userId: '1444444444444444444', confirm: false },
    ];
    for (const id of ids) expect(decodeControl(encodeControl(id))).toEqual(id);
    // A challenge's id carries only its key: not the challenger's deck (issue 25 item 5).
    expect(encodeControl({ kind: 'challenge', answer: 'choose', key: '1333333333333333333' })).toBe(
      'c:choose:1333333333333333333',
    );
    // The older form, which carried the challenge itself, names no challenge.
    expect(decodeControl('c:accept:111111111111111111:222222222222222222:nova:mwx7qktk:nova-dusk-vigil')).toEqual({
      kind: 'challenge',
      answer: 'accept',
      key: '',
    });
    expect(decodeNumberModal(numberModalId(MATCH, 7))).toEqual({ matchId: MATCH, version: 7 });
  });

  it('ids made before drafts moved to the store decode to "out of date", never to an action', () => {
    // An order pick and a Done with the picks so far, and a page carrying picks, as the old encoder made them.
    for (const old of [`o:${MATCH}:7:2.0:1`, `o:${MATCH}:7::1`, `d:${MATCH}:7:4.27`, `p:${MATCH}:7:1:4.27`])
      expect(decodeControl(old)).toEqual({ kind: 'outdated', matchId: MATCH });
    // A plain old page (no picks) is still a page: it only shows options.
    expect(decodeControl(`p:${MATCH}:7:1`)).toEqual({ kind: 'page', matchId: MATCH, version: 7, page: 1 });
  });

  it('refuses what Discord would refuse, and ignores ids it did not make', () => {
    expect(() => encodeControl({ kind: 'option', matchId: MATCH, version: 1, optionId: 'x'.repeat(90) })).toThrow(
      RangeError,
    );
    expect(decodeControl('accept')).toBeNull();
    expect(decodeControl('a:1:notanumber:pass')).toBeNull();
    expect(decodeControl(`s:${MATCH}:7:1:*`)).toBeNull();
    expect(decodeControl(`u:${MATCH}:7:1.5`)).toBeNull();
    expect(decodeControl(`f:${MATCH}:7:extra`)).toBeNull();
    expect(decodeControl(`v:${MATCH}:1444444444444444444:maybe`)).toBeNull();
    expect(decodeControl(`v:${MATCH}:y`)).toBeNull();
  });
});

describe('configuration', () => {
  it('names every bad variable at once', () => {
    try {
      botConfigFromEnv({ DISCORD_APPLICATION_ID: 'abc', ARBITER_IMAGES: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BotConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/DISCORD_TOKEN is missing/);
      expect(message).toMatch(/DISCORD_APPLICATION_ID: must be a Discord id/);
      expect(message).toMatch(/ARBITER_IMAGES/);
    }
  });

  it('defaults the database path', () => {
    const config = botConfigFromEnv({ DISCORD_TOKEN: 'x'.repeat(40) });
    expect(config.dbPath).toBe('./var/arbiter.db');
    expect(config.images).toBe('on');
  });
});

describe('deck lists', () => {
  it('reads "N card" lines under section headers', () => {
    expect(parseDeckText('3 ember-whelp\n1x fusebug\n[character]\nsister-vaela')).toEqual({
      main: ['ember-whelp', 'ember-whelp', 'ember-whelp', 'fusebug'],
      character: ['sister-vaela'],
    });
  });

  it('reports every unreadable line by number and keeps the lines of each card', () => {
    const read = readDeckText('2 a, 0 b\n# note\n[side]\n61 c\n1 d', (id) => (id === 'a' ? 'Alpha' : undefined));
    expect(read.list).toBeNull();
    expect(read.problems.map((p) => [p.line, p.text])).toEqual([
      [1, '0 b'],
      [4, '61 c'],
    ]);
    expect(read.linesOf('main', 'a')).toEqual([{ line: 1, entry: 1, text: '2 a' }]);
    expect(read.linesOf('main', 'Alpha')).toEqual([{ line: 1, entry: 1, text: '2 a' }]);
    expect(read.linesOf('side', 'unknown')).toEqual([{ line: 3, entry: 3, text: '[side]' }]);
    // Entries are counted across commas, so a one-line list can name its items.
    expect(readDeckText('3 a, 2 b, 1 c').linesOf('main', 'c')).toEqual([{ line: 1, entry: 3, text: '1 c' }]);
    expect(readDeckText('{"main": [').problems[0]?.reason.en).toMatch(/^the JSON could not be read/);
    expect(readDeckText(' \n# only a comment').problems[0]?.reason.en).toBe('the list has no cards');
    expect(() => parseDeckText('0 b')).toThrow('line 1: the number of copies must be 1 to 60');
  });
});
