// After every change of a match: pass for players per their settings and pass modes (auto-pass.ts), time the next
// decision, and ask for a board update. The turn timer: each decision has the guild's per-decision time plus the
// deciding player's remaining bank time; the bank is spent only beyond the per-decision time. When both run out
// the engine's rules-legal default for the decision (`defaultOnTimeout`: pass, keep hand, no block, ...) is
// committed like any decision and announced in the thread; after the guild's number of timeouts in a row the player
// concedes. The deadline is in the store (match_clocks), so a restarted bot re-arms every timer.

import type { AiLevel } from '../ai/levels.ts';
import { timeoutResponse } from '../engine/core/decision.ts';
import { IllegalAction } from '../engine/core/errors.ts';
import type { BaseState, PendingDecision, Seat } from '../engine/core/game.ts';
import type { Locale } from '../engine/core/label.ts';
import type { GuildSettings } from '../store/guild-settings.ts';
import { type MatchClock, MatchClockSchema } from '../store/match-clocks.ts';
import { MatchNotPlayable } from '../store/match-errors.ts';
import type { MatchInfo } from '../store/match-records.ts';
import type { RunStep } from '../store/match-step.ts';
import type { UserPreferences } from '../store/user-preferences.ts';
import { passChoice } from './auto-pass.ts';
import type { BotClock } from './clock.ts';
import type { BotContext } from './context.ts';
import { decisionKindName } from './game-presenters.ts';
import { defaultStops, resourceKinds, stepsFor, untilDecisionStops } from './game-steps.ts';
import { T } from './i18n.ts';
import { seatNames } from './presenter.ts';

/**
 * Why a match changed. A player's own answer resets their run of timeouts; answering priority themselves ends a
 * pass-until mode, and an action (anything but pass) may be followed by an automatic pass (auto-pass.ts).
 */
export type Change =
  | {
      kind: 'player';
      seat: Seat;
      priority?: 'acted' | 'passed';
      /** The pass mode the player just chose (set after the answer that came with it). */
      passUntil?: { mode: 'decision' | 'end-of-turn'; turn: number };
    }
  | { kind: 'other' };

/** More automatic passes in one go than any real turn has means something is wrong: stop and ask. */
const MAX_AUTO_PASSES = 500;

export class MatchFlow {
  private readonly armed = new Map<string, () => void>();
  private readonly running = new Set<Promise<void>>();
  /** Each match's clock work in flight (`serialized`). */
  private readonly queues = new Map<string, Promise<void>>();
  private stopped = false;
  private context: BotContext | null = null;

  constructor(private readonly clock: BotClock) {}

  attach(ctx: BotContext): void {
    this.context = ctx;
  }

  private get ctx(): BotContext {
    if (!this.context) throw new Error('match flow not attached');
    return this.context;
  }

  /** Call after any commit (or a match start): auto-passes, times the next decision, updates the board. */
  async changed(matchId: string, change: Change = { kind: 'other' }): Promise<void> {
    await this.afterCommit(matchId, change);
    await this.ctx.boards.request(matchId);
  }

  /**
   * At boot: re-arms the timer of every active match that has a clock (a deadline already past fires now), in the
   * guilds of this process's shards (another process times the others).
   */
  async rearmAll(): Promise<number> {
    const ids: string[] = [];
    for (const matchId of await this.ctx.store.clocks.activeMatchIds()) {
      const guildId = (await this.ctx.store.matches.match(matchId))?.guildId;
      if (guildId !== undefined && this.ctx.ownsGuild(guildId)) ids.push(matchId);
    }
    for (const matchId of ids) this.track(this.changed(matchId));
    return ids.length;
  }

  /** The clock of a match, for the player's ephemeral ("answer by …"). */
  clockOf(matchId: string): Promise<MatchClock | null> {
    return this.ctx.store.clocks.get(matchId);
  }

  /** The board's line for a timed decision (a deadline is public, like a chess clock): none when untimed. */
  async publicClockLine(matchId: string, pendingId: string, locale: Locale): Promise<string[]> {
    const timing = (await this.ctx.store.clocks.get(matchId))?.timing;
    if (!timing || timing.decisionId !== pendingId) return [];
    return [T.clockPublic(Math.floor(timing.deadline / 1000))[locale]];
  }

  /** Records a seat's pass mode (the priority controls); returns the updated clock. */
  updateMode(matchId: string, seat: Seat, update: (mode: MatchClock['modes'][Seat]) => void): Promise<MatchClock> {
    return this.serialized(matchId, async () => {
      const row = await this.ctx.store.matches.match(matchId);
      if (!row) throw new Error(`no match ${matchId}`);
      const clock = (await this.ctx.store.clocks.get(matchId)) ?? (await this.freshClock(row));
      update(clock.modes[seat]);
      await this.ctx.store.clocks.put(matchId, clock, this.clock.now());
      return clock;
    });
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  stop(): void {
    this.stopped = true;
    for (const cancel of this.armed.values()) cancel();
    this.armed.clear();
  }

  private track(run: Promise<void>): void {
    const guarded = run.catch((error: unknown) => this.ctx.log(`match flow: ${(error as Error).stack ?? error}`));
    this.running.add(guarded);
    void guarded.finally(() => this.running.delete(guarded));
  }

  /**
   * Runs `work` after the match's earlier clock work has finished: reading the state, the automatic passes and the
   * clock's write are one step per match, as they were when the store answered synchronously (no other handler's
   * clock work for the match runs in between; the commits themselves are exactly-once in the store).
   */
  private serialized<T>(matchId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(matchId) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(matchId, settled);
    void settled.then(() => {
      if (this.queues.get(matchId) === settled) this.queues.delete(matchId);
    });
    return run;
  }

  private async freshClock(row: MatchInfo): Promise<MatchClock> {
    const bank = (await this.ctx.store.guilds.get(row.guildId)).bankSeconds * 1000;
    return MatchClockSchema.parse({ bankMs: { p1: bank, p2: bank } });
  }

  /**
   * The part of `changed` before the board update (a click handler edits its ephemeral in between). One step per
   * match (`serialized`): no other clock work for the match runs between reading the state and committing the
   * automatic passes.
   */
  afterCommit(matchId: string, change: Change = { kind: 'other' }): Promise<void> {
    return this.serialized(matchId, () => this.passAndTime(matchId, change));
  }

  private async passAndTime(matchId: string, change: Change): Promise<void> {
    const { store } = this.ctx;
    const row = await store.matches.match(matchId);
    if (row?.status !== 'active') {
      this.disarm(matchId);
      if (row && row.status !== 'pending') await store.clocks.delete(matchId);
      return;
    }
    if (await store.pauses.isPaused(matchId)) {
      this.disarm(matchId);
      return;
    }
    const now = this.clock.now();
    const settings = await store.guilds.get(row.guildId);
    const game = store.requireGame(row.game);
    const steps = stepsFor(this.ctx.games, row.game);
    const clock = (await store.clocks.get(matchId)) ?? (await this.freshClock(row));
    if (change.kind === 'player') {
      clock.timeouts[change.seat] = 0;
      const mode = clock.modes[change.seat];
      if (change.priority) {
        mode.passUntil = 'none';
        mode.acted = change.priority === 'acted';
      }
      if (change.passUntil) {
        mode.passUntil = change.passUntil.mode;
        mode.turn = change.passUntil.turn;
      }
    }
    let pending = null as PendingDecision | null; // set by the planner: the decision the run stopped at
    // Each seat's preferences and whether the AI plays it, read once for the loop (a pass changes neither).
    const preferences = new Map<Seat, UserPreferences>();
    const aiLevels = new Map<Seat, Promise<AiLevel | null>>();
    const aiLevel = (seat: Seat) => {
      let level = aiLevels.get(seat);
      if (!level) {
        level = store.aiSeats.levelOf(matchId, seat);
        aiLevels.set(seat, level);
      }
      return level;
    };
    // The automatic passes are planned on the state after each (read once at the start) and committed together in one
    // transaction (`commitRun`); if a click commits meanwhile, nothing of the run is written and it is planned again.
    let passes = 0;
    const plan = async (state: BaseState): Promise<RunStep | null> => {
      pending = state.result ? null : game.pending(state);
      if (!pending) return null;
      this.settle(clock, pending.id, now);
      if (!steps || clock.asked === pending.id || passes >= MAX_AUTO_PASSES) return null;
      const seat = pending.player;
      if (await aiLevel(seat)) return null; // the AI answers for itself (ai-duel.ts)
      let prefs = preferences.get(seat);
      if (!prefs) {
        prefs = await store.preferences.get(row.guildId, row.players[seat]);
        preferences.set(seat, prefs);
      }
      const choice = passChoice({
        pending,
        position: steps.position(state),
        autoPass: prefs.autoPass ?? settings.autoPass.enabled,
        stops: prefs.stops[row.game] ?? settings.autoPass.stops[row.game] ?? defaultStops(this.ctx.games, row.game),
        untilDecision: untilDecisionStops(this.ctx.games, row.game),
        resourceKinds: resourceKinds(row.game),
        mode: clock.modes[seat],
      });
      clock.modes[seat] = choice.mode;
      if (!choice.passId) return null;
      passes++;
      return { seat, response: { decisionId: pending.id, choose: [choice.passId] } };
    };
    let run = await store.matches.commitRun(matchId, plan);
    while (run.kind === 'moved') run = await store.matches.commitRun(matchId, plan);
    if (run.state.result) pending = null; // a pass ended the game: the run stops there without asking again
    if (!pending) {
      this.disarm(matchId);
      await store.clocks.delete(matchId);
      return;
    }
    clock.asked = pending.id;
    const practice = row.players.p1 === row.players.p2;
    const aiDecides = (await aiLevel(pending.player)) !== null;
    // No turn timer for the AI's seat (issue 21): it answers within its own time budget.
    if (!clock.timing && settings.turnTimerSeconds > 0 && !practice && !aiDecides) {
      const seat = pending.player;
      const deadline = now + settings.turnTimerSeconds * 1000 + clock.bankMs[seat];
      clock.timing = { decisionId: pending.id, seat, startedAt: now, deadline };
    }
    await store.clocks.put(matchId, clock, now);
    this.arm(matchId, clock);
    if (aiDecides) this.ctx.ai?.wake(matchId);
  }

  /** The timed decision was answered: whatever of the deadline was left beyond the bank is not bank time spent. */
  private settle(clock: MatchClock, pendingId: string, now: number): void {
    const timing = clock.timing;
    if (!timing || timing.decisionId === pendingId) return;
    const left = Math.max(0, timing.deadline - now);
    clock.bankMs[timing.seat] = Math.min(clock.bankMs[timing.seat], left);
    clock.timing = null;
  }

  private disarm(matchId: string): void {
    this.armed.get(matchId)?.();
    this.armed.delete(matchId);
  }

  private arm(matchId: string, clock: MatchClock): void {
    this.disarm(matchId);
    if (!clock.timing || this.stopped) return;
    const cancel = this.clock.setTimer(clock.timing.deadline - this.clock.now(), () => {
      this.armed.delete(matchId);
      if (!this.stopped) this.track(this.expire(matchId));
    });
    this.armed.set(matchId, cancel);
  }

  /** A deadline passed: commit the decision's default (or the concession) and announce it. */
  private async expire(matchId: string): Promise<void> {
    const timedOut = await this.serialized(matchId, () => this.commitTimeout(matchId));
    if (timedOut === 'none') return;
    if (timedOut === 'answered') {
      // Answered in the meantime, or woken early: bring the clock up to date instead.
      await this.changed(matchId);
      return;
    }
    const { row, seat, clock, settings, pending, concedes } = timedOut;
    const names = await seatNames(this.ctx, row);
    const locale = settings.locale;
    const kind = decisionKindName(this.ctx.games, row.game, pending.kind, locale);
    const text = concedes
      ? T.timeoutConceded(names[seat], clock.timeouts[seat])[locale]
      : T.timedOut(names[seat], kind, clock.timeouts[seat], settings.timeoutsToConcede)[locale];
    const channel = await this.ctx.client.channels.fetch(row.threadId ?? row.channelId).catch(() => null);
    if (channel?.isSendable()) await channel.send({ content: text, allowedMentions: { parse: [] } });
    else this.ctx.log(`match ${matchId}: cannot announce the timeout in ${row.threadId ?? row.channelId}`);
    await this.changed(matchId);
  }

  /** The timed decision's default (or the concession) committed, as one step of the match's clock work. */
  private async commitTimeout(matchId: string): Promise<TimedOut | 'answered' | 'none'> {
    const { store } = this.ctx;
    const row = await store.matches.match(matchId);
    const clock = await store.clocks.get(matchId);
    // A paused match (its thread was deleted, resume.ts) is not timed: nobody can answer it.
    if (row?.status !== 'active' || !clock?.timing || (await store.pauses.isPaused(matchId))) return 'none';
    const timing = clock.timing;
    const game = store.requireGame(row.game);
    const pending = game.pending(await store.matches.currentState(matchId));
    if (!pending || pending.id !== timing.decisionId || this.clock.now() < timing.deadline) return 'answered';
    const seat = timing.seat;
    const settings = await store.guilds.get(row.guildId);
    clock.timeouts[seat] += 1;
    clock.bankMs[seat] = 0;
    clock.timing = null;
    clock.modes[seat].acted = false;
    await store.clocks.put(matchId, clock, this.clock.now());
    const concedes = clock.timeouts[seat] >= settings.timeoutsToConcede;
    try {
      await store.matches.commitDecision(matchId, seat, concedes ? 'concede' : timeoutResponse(pending));
    } catch (error) {
      if (error instanceof IllegalAction || error instanceof MatchNotPlayable) {
        this.ctx.log(`match ${matchId}: timeout default refused: ${(error as Error).message}`);
        return 'none';
      }
      throw error;
    }
    return { row, seat, clock, settings, pending, concedes };
  }
}

/** A timeout committed: what its announcement says. */
interface TimedOut {
  row: MatchInfo;
  seat: Seat;
  clock: MatchClock;
  settings: GuildSettings;
  pending: PendingDecision;
  concedes: boolean;
}
