// A whole match in the sandbox through the page's action API (the requests the page sends: slash, click, select,
// modal), each as the person who decides, for the per-game sandbox tests (aqa, fow, pmv). No browser and no images,
// to keep them cheap: the page's own drawing is covered by sandbox.e2e.test.ts. What each test asserts is read from
// the match's structured log replayed from its stored decisions, never from the words shown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { BaseState, GameId, PendingDecision } from '../../src/engine/core/game.ts';
import { applyLogged } from '../../src/engine/core/replay.ts';
import { gameModule } from '../../src/engine/registry.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/start.ts';

export type Raw = Record<string, unknown>;
export type Step =
  | { action: 'click'; customId: string }
  | { action: 'select'; customId: string; values: string[] }
  | { action: 'modal'; customId: string; fields: Record<string, string> };

export const idOf = (c: Raw) => String(c.custom_id);

/** A random choice of a select's values within its bounds. */
export function randomValues(c: Raw, pick: (n: number) => number): string[] {
  const left = (c.options as Raw[]).map((o) => String(o.value));
  const min = Number(c.min_values ?? 1);
  const max = Number(c.max_values ?? 1);
  const chosen: string[] = [];
  for (let i = min + pick(max - min + 1); i > 0; i--) chosen.push(left.splice(pick(left.length), 1)[0] as string);
  return chosen;
}

/** A declaration's controls answered as the page would: a random value in every slot, then Done; else undefined. */
export function declarationSteps(controls: Raw[], pick: (n: number) => number): Step[] | undefined {
  const slots = controls.filter((c) => idOf(c).startsWith('l:'));
  const done = controls.map(idOf).find((id) => id.startsWith('f:'));
  if (slots.length === 0 || !done) return undefined;
  return [
    ...slots.map((c): Step => ({ action: 'select', customId: idOf(c), values: randomValues(c, pick) })),
    { action: 'click', customId: done },
  ];
}

/** What a test's player is told when it is their turn to answer. */
export interface Turn<S> {
  who: 'alice' | 'bob';
  state: S;
  pending: PendingDecision;
  /** The ephemeral opened by "My hand / act", holding the decision's controls. */
  handId: string;
}

export interface PageApi {
  sandbox(): Sandbox;
  userOf(key: string): Sandbox['internals']['world']['people'][number]['user'];
  /** One request as the page sends it; a refusal or a failed interaction fails the test with its reason. */
  post(action: string, body: Record<string, unknown>): Promise<Raw>;
  /** The enabled controls with a custom id on a message. */
  liveComponents(channelId: string, messageId: string): Raw[];
  /** Alice challenges Bob to `/duel challenge game:<game>` (with Alice's deck, if given), Bob accepts: the match id. */
  challengeAccepted(game: GameId, deck?: string): Promise<string>;
  /** Opens the deciding player's hand and lets `answer` act on it until the match ends: how many answers counted. */
  playToEnd<S extends BaseState>(
    matchId: string,
    answer: (turn: Turn<S>) => Promise<void>,
    rounds: number,
  ): Promise<number>;
  /** The match replayed from its stored setup, seed and decisions (the store's own record): each state keeps only
   * its own decision's log entries, so the whole log is collected state by state; `each` sees every state. */
  replayedLog<S extends BaseState & { log: readonly unknown[] }>(
    matchId: string,
    each?: (state: S) => void,
  ): S['log'][number][];
}

/** Starts a sandbox (images off, every match on `seed`) for the file's tests and stops it after them. */
/** Clicks through the pages of an ephemeral until a control `find` recognises is on it (`p:` is the next page). */
export async function onPage(
  page: Pick<PageApi, 'post' | 'liveComponents'>,
  who: string,
  matchId: string,
  messageId: string,
  find: (c: Raw) => boolean,
): Promise<Raw> {
  for (let turn = 0; turn < 20; turn++) {
    const controls = page.liveComponents(matchId, messageId);
    const found = controls.find(find);
    if (found) return found;
    const next = controls.filter((c) => idOf(c).startsWith('p:')).at(-1);
    if (!next) break;
    await page.post('click', { as: who, channelId: matchId, messageId, customId: idOf(next) });
  }
  throw new Error(`no control for the answer among ${page.liveComponents(matchId, messageId).map(idOf).join(', ')}`);
}

export function pageApiSandbox(name: string, seed: string): PageApi {
  let dir = '';
  let running: Sandbox | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `arbiter-sandbox-${name}-`));
    running = await startSandbox({
      port: 0,
      dbPath: join(dir, 'arbiter.db'),
      images: false,
      log: () => {},
      seedFor: () => seed,
    });
  });
  afterAll(async () => {
    await running?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const sandbox = () => {
    if (!running) throw new Error('the sandbox has not started');
    return running;
  };
  const userOf = (key: string) => {
    const found = sandbox().internals.world.people.find((p) => p.key === key);
    if (!found) throw new Error(`the sandbox has no ${key}`);
    return found.user;
  };
  const post = async (action: string, body: Record<string, unknown>): Promise<Raw> => {
    const response = await fetch(`${sandbox().url}api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Raw;
    if (response.status !== 200 || answer.state === 'failed')
      throw new Error(`${action} ${JSON.stringify(body)}: ${JSON.stringify(answer)}`);
    await sandbox().internals.bot.idle();
    return answer;
  };
  const liveComponents = (channelId: string, messageId: string): Raw[] => {
    const record = sandbox().internals.discord.store.message(channelId, messageId);
    const out: Raw[] = [];
    for (const row of record.components as Raw[]) out.push(...((row.components as Raw[] | undefined) ?? []));
    return out.filter((c) => c.disabled !== true && typeof c.custom_id === 'string');
  };
  const matches = () => sandbox().internals.bot.store.matches;

  return {
    sandbox,
    userOf,
    post,
    liveComponents,
    async challengeAccepted(game, deck) {
      const general = sandbox().internals.world.general.channelId;
      const bob = userOf('bob');
      await post('slash', {
        as: 'alice',
        channelId: general,
        command: 'duel challenge',
        options: { opponent: bob.id, game, ...(deck ? { deck } : {}) },
      });
      const offer = bob
        .messages({ channelId: general })
        .filter((m) => m.buttons.some((b) => b.customId?.startsWith('c:accept:')))
        .at(-1);
      const accept = offer?.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId;
      if (!offer || !accept) throw new Error('no challenge for Bob to accept');
      await post('click', { as: 'bob', channelId: general, messageId: offer.id, customId: accept });
      expect(matches().match(offer.id)?.status).toBe('active');
      return offer.id;
    },
    async playToEnd(matchId, answer, rounds) {
      const keyOf = { p1: 'alice', p2: 'bob' } as const;
      let answered = 0;
      for (let round = 0; round < rounds; round++) {
        const state = matches().currentState(matchId);
        const pending = gameModule(state.game).pending(state);
        if (state.result || !pending) break;
        const who = keyOf[pending.player as 'p1' | 'p2'];
        const user = userOf(who);
        const board = user
          .messages({ channelId: matchId })
          .filter((m) => !m.ephemeral && m.buttons.some((b) => b.customId === `h:${matchId}`))
          .at(-1);
        if (!board) throw new Error('no board with a hand button');
        await post('click', { as: who, channelId: matchId, messageId: board.id, customId: `h:${matchId}` });
        const hand = user
          .messages({ channelId: matchId })
          .filter((m) => m.ephemeral)
          .at(-1);
        if (!hand) throw new Error(`${who}'s hand did not open`);
        const before = matches().match(matchId)?.decisionCount ?? 0;
        await answer({ who, state: state as never, pending, handId: hand.id });
        if ((matches().match(matchId)?.decisionCount ?? 0) > before) answered += 1;
      }
      return answered;
    },
    replayedLog(matchId, each) {
      const record = sandbox().internals.bot.store.exportMatch(matchId);
      if (!record.setup || !record.seed) throw new Error('the match has no stored setup');
      const game = gameModule(record.game as GameId);
      let state = game.setup(record.setup, record.seed) as never as Parameters<NonNullable<typeof each>>[0];
      const log = [...state.log];
      each?.(state);
      for (const { decision } of record.decisions) {
        if ('unreadable' in decision) throw new Error(decision.unreadable);
        state = applyLogged(game, state as never, decision) as never;
        log.push(...state.log);
        each?.(state);
      }
      return log;
    },
  };
}
