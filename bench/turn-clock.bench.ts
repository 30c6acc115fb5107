// `npx tsx bench/run.ts turn-clock`: what the bot adds to every committed decision for the turn timer and
// auto-pass (`MatchFlow.afterCommit`: settings, preferences and clock read, pass rule, clock written, timer armed),
// measured on random legal NOVA play in a temporary database, with auto-pass off and on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BotContext } from '../src/bot/context.ts';
import { MatchFlow } from '../src/bot/turn-clock.ts';
import type { MatchSetup } from '../src/engine/core/game.ts';
import { seedRng } from '../src/engine/core/rng.ts';
import { randomResponse } from '../src/engine/fuzz/random-play.ts';
import { gamePrecons, preconDeckList } from '../src/engine/precons.ts';
import { GAMES, gameModule } from '../src/engine/registry.ts';
import { openStore } from '../src/store/store.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const AREA = 'turn-clock';
const MATCHES = 6;
const GUILD = '100000000000000001';

function run(autoPass: boolean, dir: string) {
  const store = openStore({ path: join(dir, `clock-${autoPass}.db`) }, (id) => GAMES.find(id)?.play?.module);
  store.guilds.update(GUILD, { autoPass: { enabled: autoPass, stops: {} } });
  const flow = new MatchFlow({ now: () => Date.now(), setTimer: () => () => undefined });
  const ctx = {
    store,
    games: GAMES,
    boards: { request: async () => undefined },
    log: () => undefined,
  } as unknown as BotContext;
  flow.attach(ctx);
  const game = gameModule('nova');
  const [a, b] = gamePrecons('nova');
  if (!a || !b) throw new Error('bench: NOVA needs two precons');
  const setup: MatchSetup = { game: 'nova', decks: { p1: preconDeckList(a), p2: preconDeckList(b) }, options: {} };
  const samples: number[] = [];
  let byPlayers = 0;
  let total = 0;
  for (let m = 0; m < MATCHES; m++) {
    const matchId = `bench-${m}`;
    store.matches.createMatch({
      matchId,
      guildId: GUILD,
      channelId: '100000000000000002',
      game: 'nova',
      format: 'bench',
      players: { p1: '100000000000000003', p2: '100000000000000004' },
    });
    store.matches.startMatch(matchId, setup, `seed-${m}`);
    flow.afterCommit(matchId);
    let rng = seedRng(`bench-${m}`);
    for (let i = 0; i < 3000; i++) {
      const state = store.matches.currentState(matchId);
      const pending = state.result ? null : game.pending(state);
      if (!pending) break;
      const [response, next] = randomResponse(pending, rng, 60);
      rng = next;
      store.matches.commitDecision(matchId, pending.player, response);
      byPlayers++;
      const started = performance.now();
      flow.afterCommit(matchId, { kind: 'player', seat: pending.player });
      samples.push(performance.now() - started);
    }
    total += store.matches.match(matchId)?.decisionCount ?? 0;
  }
  flow.stop();
  store.close();
  return { ...percentiles(samples), byPlayers, total };
}

export async function bench(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-clock-bench-'));
  try {
    const off = run(false, dir);
    const on = run(true, dir);
    const f = (name: string, value: number, unit: string): BenchFigure => ({ area: AREA, name, value, unit });
    return [
      f('afterCommit p50, auto-pass off', off.p50, 'ms'),
      f('afterCommit p99, auto-pass off', off.p99, 'ms'),
      f('afterCommit p50, auto-pass on (its passes included)', on.p50, 'ms'),
      f('afterCommit p99, auto-pass on (its passes included)', on.p99, 'ms'),
      f('share of decisions the bot passed (auto-pass on)', (on.total - on.byPlayers) / on.total, ''),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
