// Phantom Magic Vision in the sandbox (issue 19, "end to end ... in the sandbox"): Alice challenges Bob to `/duel
// challenge game:pmv` and the match is played to its end through the sandbox server's action API, the requests the
// page sends (slash, click, select), each as the person who decides. No browser and no images, to keep it cheap: the
// page's own drawing is covered by sandbox.e2e.test.ts. The match passes through a nested interference (an attack
// caused by Spirit Duel Edict's effect, §6.3.5, §1.12.7) and a graze (§6.5.3), both read from the structured state
// and log of the match replayed from its stored decisions, not from the words shown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLogged } from '../../src/engine/core/replay.ts';
import { cardOf, type PmvLogEntry, type PmvState } from '../../src/engine/games/pmv/state.ts';
import { gameModule } from '../../src/engine/registry.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/start.ts';
import { rng } from '../bot/bot-harness.ts';

/**
 * A fixed match seed: the same shuffles every run, so the match (and its nested interference and graze) is the
 * same. A change to the precons or to what the engine offers plays a different match: if it then holds no nested
 * interference or no graze, or runs long, pick another seed.
 */
const SEED = process.env.PMV_SANDBOX_SEED ?? 'sandbox-pmv-1';
let dir: string;
let sandbox: Sandbox;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'arbiter-sandbox-pmv-'));
  sandbox = await startSandbox({
    port: 0,
    dbPath: join(dir, 'arbiter.db'),
    images: false,
    log: () => {},
    seedFor: () => SEED,
  });
});

afterAll(async () => {
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Raw = Record<string, unknown>;
type Step = { action: 'click'; customId: string } | { action: 'select'; customId: string; values: string[] };

const people = () => sandbox.internals.world.people;
const userOf = (key: string) => {
  const found = people().find((p) => p.key === key);
  if (!found) throw new Error(`the sandbox has no ${key}`);
  return found.user;
};

/** One request as the page sends it; a refusal or a failed interaction fails the test with its reason. */
async function post(action: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200 || answer.state === 'failed')
    throw new Error(`${action} ${JSON.stringify(body)}: ${JSON.stringify(answer)}`);
  await sandbox.internals.bot.idle();
  return answer;
}

function liveComponents(channelId: string, messageId: string): Raw[] {
  const record = sandbox.internals.discord.store.message(channelId, messageId);
  const out: Raw[] = [];
  for (const row of record.components as Raw[]) out.push(...((row.components as Raw[] | undefined) ?? []));
  return out.filter((c) => c.disabled !== true && typeof c.custom_id === 'string');
}

const idOf = (c: Raw) => String(c.custom_id);

function randomValues(c: Raw, pick: (n: number) => number): string[] {
  const left = (c.options as Raw[]).map((o) => String(o.value));
  const min = Number(c.min_values ?? 1);
  const max = Number(c.max_values ?? 1);
  const chosen: string[] = [];
  for (let i = min + pick(max - min + 1); i > 0; i--) chosen.push(left.splice(pick(left.length), 1)[0] as string);
  return chosen;
}

/** Every engine option the controls offer, with the step that picks it (a button, or a value of a one-pick menu). */
function offered(controls: Raw[]): { option: string; step: Step }[] {
  const out: { option: string; step: Step }[] = [];
  for (const c of controls) {
    const id = idOf(c);
    if (c.type === 2 && id.startsWith('a:'))
      out.push({ option: id.split(':').slice(3).join(':'), step: { action: 'click', customId: id } });
    if (c.type === 3 && Number(c.max_values ?? 1) === 1 && /^[ao]:/.test(id))
      for (const o of c.options as Raw[])
        out.push({ option: String(o.value), step: { action: 'select', customId: id, values: [String(o.value)] } });
  }
  return out;
}

/**
 * The steering that keeps the match short and sure to hold what it must: graze whenever asked, play free or pay
 * automatically, play Spirit Duel Edict (an attack caused by an effect: a nested interference) whenever it is
 * offered, set a node, play a character, attack whenever possible, else pass (nobody defends, so attacks reach the
 * player and graze). Any other question (targets, orders, discards) is answered at random, never by cancelling.
 */
function chooseSteps(s: PmvState, controls: Raw[], pick: (n: number) => number): Step[] {
  const options = offered(controls);
  const cardOfOption = (option: string) => s.objects[option.split(':')[1] ?? '']?.card ?? '';
  const isCharacterCard = (option: string) => cardOf(cardOfOption(option)).type === 'character';
  const wanted: ((option: string) => boolean)[] = [
    (o) => o === 'graze',
    (o) => o === 'free',
    (o) => o === 'auto',
    (o) => o.startsWith('play:') && cardOfOption(o) === 'spirit-duel-edict',
    (o) => o.startsWith('node:') && cardOfOption(o) !== 'spirit-duel-edict',
    (o) => o.startsWith('play:') && isCharacterCard(o),
    (o) => o.startsWith('attack:'),
    (o) => o === 'pass',
  ];
  for (const test of wanted) {
    const found = options.filter((o) => test(o.option));
    if (found.length > 0) return [(found[pick(found.length)] as { step: Step }).step];
  }
  const ids = controls.map(idOf);
  const slots = controls.filter((c) => idOf(c).startsWith('l:'));
  const done = ids.find((id) => id.startsWith('f:'));
  if (slots.length > 0 && done) {
    return [
      ...slots.map((c): Step => ({ action: 'select', customId: idOf(c), values: randomValues(c, pick) })),
      { action: 'click', customId: done },
    ];
  }
  const choices = options.filter((o) => o.option !== 'cancel');
  const chosen = choices[pick(choices.length)];
  if (chosen) return [chosen.step];
  const decisive = controls.filter((c) => /^[anomq]:/.test(idOf(c)) && !idOf(c).endsWith(':cancel'));
  const c = decisive[pick(decisive.length)];
  if (!c) throw new Error(`nothing to answer with among ${ids.join(', ')}`);
  return c.type === 3
    ? [{ action: 'select', customId: idOf(c), values: randomValues(c, pick) }]
    : [{ action: 'click', customId: idOf(c) }];
}

/** The match replayed from its stored setup, seed and decisions (the store's own record): every state's log
 * entries, and the deepest nesting of interferences any state held. */
function replayed(matchId: string): { log: PmvLogEntry[]; deepest: number } {
  const record = sandbox.internals.bot.store.exportMatch(matchId);
  if (!record.setup || !record.seed) throw new Error('the match has no stored setup');
  const game = gameModule('pmv');
  let state = game.setup(record.setup, record.seed) as PmvState;
  const log = [...state.log];
  let deepest = state.interferences.length;
  for (const { decision } of record.decisions) {
    if ('unreadable' in decision) throw new Error(decision.unreadable);
    state = applyLogged(game, state, decision) as PmvState;
    log.push(...state.log);
    deepest = Math.max(deepest, state.interferences.length);
  }
  return { log, deepest };
}

describe('Phantom Magic Vision in the sandbox', () => {
  it('/duel challenge game:pmv plays to its end through the page API, through a nested interference and a graze', async () => {
    const started = Date.now();
    const general = sandbox.internals.world.general.channelId;
    const bob = userOf('bob');
    await post('slash', {
      as: 'alice',
      channelId: general,
      command: 'duel challenge',
      options: { opponent: bob.id, game: 'pmv', deck: 'pmv-tengu-skirmish' },
    });
    const offer = bob
      .messages({ channelId: general })
      .filter((m) => m.buttons.some((b) => b.customId?.startsWith('c:accept:')))
      .at(-1);
    const accept = offer?.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId;
    if (!offer || !accept) throw new Error('no challenge for Bob to accept');
    await post('click', { as: 'bob', channelId: general, messageId: offer.id, customId: accept });
    const matchId = offer.id;
    const { store } = sandbox.internals.bot;
    expect(store.matches.match(matchId)?.status).toBe('active');
    const keyOf = { p1: 'alice', p2: 'bob' } as const;

    const pick = rng(19);
    let answered = 0;
    for (let round = 0; round < 3000; round++) {
      const state = store.matches.currentState(matchId) as PmvState;
      const pending = gameModule('pmv').pending(state);
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
      const before = store.matches.match(matchId)?.decisionCount ?? 0;
      for (const step of chooseSteps(state, liveComponents(matchId, hand.id), pick)) {
        await post(step.action, { as: who, channelId: matchId, messageId: hand.id, ...step });
      }
      if ((store.matches.match(matchId)?.decisionCount ?? 0) > before) answered += 1;
    }

    expect(store.matches.match(matchId)?.status).toBe('finished');
    expect(answered).toBeGreaterThan(20);
    const { log, deepest } = replayed(matchId);
    // §6.3.5, §1.12.7: an attack caused by an effect, opening an interference inside the one resolving.
    expect(
      log.some((e) => e.type === 'attack' && e.rule === '6.3.5'),
      `no effect attack in the match of seed ${SEED}`,
    ).toBe(true);
    expect(deepest, `no nested interference in the match of seed ${SEED}`).toBeGreaterThan(1);
    // §6.5.3: a graze that moved at least one card.
    expect(
      log.some((e) => e.type === 'graze' && (e.amount ?? 0) > 0),
      `no graze in the match of seed ${SEED}`,
    ).toBe(true);
    // The result reaches the thread, where both players and the watcher read it.
    expect(userOf('carol').read({ channelId: matchId })).toMatch(/Result: /);
    if (process.env.PMV_SANDBOX_SEED)
      console.log(`seed ${SEED}: ${answered} decisions in ${Date.now() - started} ms, depth ${deepest}`);
  }, 240_000); // 28 s at load 14, 92 s at load 30 (two cores): room for a loaded machine
});
