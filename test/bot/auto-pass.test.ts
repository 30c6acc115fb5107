// The pure rule of when the bot passes for a player (src/bot/auto-pass.ts), the stop parser, and the priority
// controls' custom_ids. The end-to-end behaviour is in priority.test.ts.
import { describe, expect, it } from 'vitest';
import { passChoice } from '../../src/bot/auto-pass.ts';
import { decodeControl, encodeControl } from '../../src/bot/custom-id.ts';
import { defaultStops, parseStops, resourceKinds, untilDecisionStops } from '../../src/bot/game-steps.ts';
import type { OptionRole, PendingDecision, PickDecision } from '../../src/engine/core/game.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { SeatModeSchema } from '../../src/store/match-clocks.ts';

const option = (id: string, kind: string, role: OptionRole) => ({ id, kind, role, label: { en: id, ja: id } });
const priority = (...extra: string[]): PickDecision => ({
  id: 'v10',
  player: 'p1',
  kind: 'priority',
  role: 'priority',
  prompt: { en: '', ja: '' },
  options: [option('pass', 'pass', 'pass'), ...extra.map((id) => option(id, 'play', 'play'))],
  min: 1,
  max: 1,
  ordered: false,
  defaultOnTimeout: ['pass'],
});
const block: PendingDecision = {
  ...priority(),
  kind: 'block',
  role: 'choice',
  options: [option('no-block', 'no-block', 'passive')],
};
const at = (step: string, waiting = 0, turn = 3) => ({ turn, active: 'p1' as const, step, waiting });
const mode = (m: Partial<ReturnType<typeof SeatModeSchema.parse>> = {}) => SeatModeSchema.parse(m);

const NOVA_UNTIL = untilDecisionStops(GAMES, 'nova');

describe('passChoice', () => {
  const base = { autoPass: true, stops: [] as string[], untilDecision: NOVA_UNTIL, mode: mode() };

  it('passes when pass is the only option, even at a stop; never with auto-pass off; never a non-priority decision', () => {
    const only = { ...base, position: at('main1') };
    expect(passChoice({ ...only, pending: priority() })).toMatchObject({ passId: 'pass', reason: 'only-pass' });
    expect(passChoice({ ...only, pending: priority(), stops: ['main1'] })).toMatchObject({ reason: 'only-pass' });
    expect(passChoice({ ...only, pending: priority(), autoPass: false }).passId).toBeNull();
    expect(passChoice({ ...only, pending: block }).passId).toBeNull();
  });

  it('options that only make mana or energy do not stop "only pass"; a card\'s own energy ability does (issue 16)', () => {
    const waitingItem = { ...base, position: at('main1', 1), stops: ['main1'] };
    const withEnergy: PickDecision = {
      ...priority(),
      options: [...priority().options, option('energy:o7', 'energy-ability', 'act')],
    };
    const withOwnAbility: PickDecision = {
      ...priority(),
      options: [...withEnergy.options, option('act:o3:0', 'activate', 'act')],
    };
    const nova = resourceKinds('nova');
    expect(passChoice({ ...waitingItem, pending: withEnergy, resourceKinds: nova })).toMatchObject({
      passId: 'pass',
      reason: 'only-pass',
    });
    // Without the game's list the energy option counts: the player is asked while something waits.
    expect(passChoice({ ...waitingItem, pending: withEnergy }).passId).toBeNull();
    expect(passChoice({ ...waitingItem, pending: withOwnAbility, resourceKinds: nova }).passId).toBeNull();
    const mtgMana: PickDecision = {
      ...priority(),
      options: [...priority().options, option('mana:o2:0', 'mana', 'act')],
    };
    expect(passChoice({ ...waitingItem, pending: mtgMana, resourceKinds: resourceKinds('mtg') }).reason).toBe(
      'only-pass',
    );
  });

  it('with options: asked at a stop, passed elsewhere, asked whenever something waits to resolve (issue 26)', () => {
    const playable = { ...base, pending: priority('play:o1'), stops: ['main1'] };
    expect(passChoice({ ...playable, position: at('main1') }).passId).toBeNull();
    expect(passChoice({ ...playable, position: at('draw') })).toMatchObject({ passId: 'pass', reason: 'not-a-stop' });
    expect(passChoice({ ...playable, position: at('draw', 1) }).passId).toBeNull();
    // Full control (auto-pass off): asked at every priority.
    expect(passChoice({ ...playable, position: at('draw'), autoPass: false }).passId).toBeNull();
  });

  it("the game's default stops: own main phases, being attacked, the opponent's end; nothing else", () => {
    const stops = defaultStops(GAMES, 'nova');
    const asked = (step: string, active: 'p1' | 'p2') =>
      passChoice({ ...base, stops, pending: priority('play:o1'), position: { ...at(step), active } }).passId === null;
    const mine = [
      'standby',
      'draw',
      'main1',
      'attackStart',
      'attackDeclare',
      'block',
      'battle',
      'attackEnd',
      'main2',
      'end',
    ];
    expect(mine.filter((step) => asked(step, 'p1'))).toEqual(['main1', 'main2']);
    expect(mine.filter((step) => asked(step, 'p2'))).toEqual(['block', 'end']);
  });

  it('reads roles, not kinds: a pass under another name is passed, a priority-named choice is not', () => {
    const only = { ...base, position: at('main1') };
    const renamed: PendingDecision = { ...priority(), kind: 'main', options: [option('skip', 'done', 'pass')] };
    expect(passChoice({ ...only, pending: renamed })).toMatchObject({ passId: 'skip', reason: 'only-pass' });
    const notPriority: PendingDecision = { ...priority(), role: 'choice' };
    expect(passChoice({ ...only, pending: notPriority }).passId).toBeNull();
    const passKindNotRole: PendingDecision = { ...priority(), options: [option('pass', 'pass', 'choice')] };
    expect(passChoice({ ...only, pending: passKindNotRole }).passId).toBeNull();
  });

  it("a stop for one side holds only in that side's turns", () => {
    const sided = { ...base, pending: priority('play:o1'), stops: ['their:end', 'my:main1'] };
    // p1 is the deciding seat: at its own end it passes, in the opponent's end it is asked.
    expect(passChoice({ ...sided, position: at('end') }).passId).toBe('pass');
    expect(passChoice({ ...sided, position: { ...at('end'), active: 'p2' } }).passId).toBeNull();
    expect(passChoice({ ...sided, position: at('main1') }).passId).toBeNull();
    expect(passChoice({ ...sided, position: { ...at('main1'), active: 'p2' } }).passId).toBe('pass');
  });

  it('after an action that waits to resolve, passes unless the player holds priority', () => {
    const acting = { ...base, pending: priority('play:o2'), position: at('main1', 1), stops: ['main1'] };
    const after = passChoice({ ...acting, mode: mode({ acted: true }) });
    expect(after).toMatchObject({ passId: 'pass', reason: 'after-action' });
    expect(after.mode.acted).toBe(false);
    expect(passChoice({ ...acting, mode: mode({ acted: true, hold: true }) }).passId).toBeNull();
    // Holding also keeps an only-pass priority right after the action.
    expect(passChoice({ ...acting, pending: priority(), mode: mode({ acted: true, hold: true }) }).passId).toBeNull();
    // Nothing waiting (setting energy uses no waiting area): the player keeps priority at their stop.
    expect(passChoice({ ...acting, position: at('main1', 0), mode: mode({ acted: true }) }).passId).toBeNull();
  });

  it('pass to end of turn passes every priority of that turn, even with options, and ends with the turn', () => {
    const eot = mode({ passUntil: 'end-of-turn', turn: 3 });
    const rest = { ...base, position: at('main2', 1), autoPass: false, stops: ['main2'], mode: eot };
    expect(passChoice({ ...rest, pending: priority('play:o1') })).toMatchObject({ reason: 'end-of-turn' });
    const blockAsked = passChoice({ ...rest, pending: block });
    expect(blockAsked.passId).toBeNull();
    expect(blockAsked.mode.passUntil).toBe('end-of-turn');
    const nextTurn = passChoice({ ...rest, position: at('standby', 0, 4), pending: priority('play:o1') });
    expect(nextTurn.passId).toBeNull();
    expect(nextTurn.mode.passUntil).toBe('none');
  });

  it('pass until my next decision stops at my main phase, being attacked, a decision, or something waiting', () => {
    const until = mode({ passUntil: 'decision', turn: 3 });
    const rest = { ...base, autoPass: false, mode: until, pending: priority('play:o1') };
    // Standby and draw of my own turn: passed (this is the bug of issue 26 item 3: main 1 was skipped too).
    expect(passChoice({ ...rest, position: at('standby') })).toMatchObject({ reason: 'until-decision' });
    expect(passChoice({ ...rest, position: at('draw') })).toMatchObject({ reason: 'until-decision' });
    const main = passChoice({ ...rest, position: at('main1') });
    expect(main.passId).toBeNull();
    expect(main.mode.passUntil).toBe('none');
    // The opponent's turn: passed through their main phase, stopped when they attack (the block step).
    const theirs = (step: string) => ({ ...at(step), active: 'p2' as const });
    expect(passChoice({ ...rest, position: theirs('main1') })).toMatchObject({ reason: 'until-decision' });
    expect(passChoice({ ...rest, position: theirs('block') }).passId).toBeNull();
    expect(passChoice({ ...rest, pending: block, position: at('main1') }).mode.passUntil).toBe('none');
    const answered = passChoice({ ...rest, position: at('draw', 1) });
    expect(answered.passId).toBeNull();
    expect(answered.mode.passUntil).toBe('none');
  });
});

describe('stops and priority controls', () => {
  it('parses step ids and names in either language, and names unknown steps', () => {
    expect(parseStops(GAMES, 'nova', 'main1, End phase、ドローフェイズ')).toEqual({
      ok: true,
      stops: ['main1', 'end', 'draw'],
    });
    expect(parseStops(GAMES, 'nova', 'none')).toEqual({ ok: true, stops: [] });
    expect(parseStops(GAMES, 'nova', 'their:end, my:Main phase 1, 相手：block')).toEqual({
      ok: true,
      stops: ['their:end', 'my:main1', 'their:block'],
    });
    expect(parseStops(GAMES, 'nova', 'your:end')).toMatchObject({ ok: false, unknown: ['your:end'] });
    const bad = parseStops(GAMES, 'nova', 'main1, lunch');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.unknown).toEqual(['lunch']);
      expect(bad.valid).toContain('attackDeclare');
    }
  });

  it('round-trips the priority controls and refuses unknown modes', () => {
    for (const mode of ['u', 'e', 'h'] as const) {
      const c = { kind: 'pass-mode' as const, matchId: '123456789012345678', version: 42, mode };
      expect(decodeControl(encodeControl(c))).toEqual(c);
    }
    expect(decodeControl('x:123:4:z')).toBeNull();
  });
});
