// Aquarian Age in the sandbox (issue 20, "the same in the sandbox"): Alice challenges Bob to `/duel challenge
// game:aqa` and the match is played to its end through the sandbox server's action API, the requests the page sends
// (slash, click, select, modal), each as the person who decides. What each person reads is what the page's stream
// would carry them (the fake Discord's per-person visibility). No browser and no images, to keep it cheap: the page's
// own drawing is covered by sandbox.e2e.test.ts. The match passes through a guard and a response chain (a second
// declaration answering an open one, §21-3), both read from the
// structured log of the match replayed from its stored decisions, not from the words shown.
import { describe, expect, it } from 'vitest';
import type { AqaState, DeclarationKind, LogEntry } from '../../src/engine/games/aqa/state.ts';
import { gameModule } from '../../src/engine/registry.ts';
import { rng } from '../bot/bot-harness.ts';
import { declarationSteps, idOf, pageApiSandbox, type Raw, randomValues, type Step } from './page-api.ts';

/**
 * A fixed match seed: the same shuffles every run, so the match (and its guard and response) is the same. A change to
 * the precons or to what the engine offers plays a different match: if it then holds no guard or no response, pick
 * another seed (sandbox-aqa-1 to -3 each hold guards; -3 also a response with this steering).
 */
const SEED = 'sandbox-aqa-3';
const page = pageApiSandbox('aqa', SEED);

/**
 * What a person clicks on their hand's ephemeral: a guard or an attack whenever one is offered (so the match holds
 * battles and guards), a card use or an effect in answer to any other declaration (so responses stack), else a random control,
 * usually one that does something. Declarations (one select per slot, then Done), distributions and numbers wider
 * than buttons are answered as the page would.
 */
function chooseSteps(controls: Raw[], answering: DeclarationKind | null, pick: (n: number) => number): Step[] {
  const ids = controls.map(idOf);
  const declared = declarationSteps(controls, pick);
  if (declared) return declared;
  if (ids.some((id) => id.startsWith('s:'))) {
    const done = ids.find((id) => id.startsWith('f:'));
    const plus = ids.filter((id) => id.startsWith('s:') && id.endsWith(':+'));
    return [{ action: 'click', customId: plus.length > 0 ? (plus[pick(plus.length)] as string) : (done ?? '') }];
  }
  const wide = ids.find((id) => id.startsWith('U:'));
  if (wide) {
    const [, matchId, version] = wide.split(':');
    const state = page.sandbox().internals.bot.store.matches.currentState(matchId ?? '');
    const pending = gameModule(state.game).pending(state);
    const min = pending?.shape === 'number' ? pending.min : 0;
    return [
      { action: 'click', customId: wide },
      { action: 'modal', customId: `N:${matchId}:${version}`, fields: { value: String(min) } },
    ];
  }
  const decisive = controls.filter((c) => /^[anomqu]:/.test(idOf(c)));
  const pool = decisive.length > 0 ? decisive : controls.filter((c) => /^p:/.test(idOf(c)));
  // A card use or an effect answers a declaration other than an attack (an attack is answered by a guard first).
  const wanted =
    answering === 'attack'
      ? ['use', 'effect', 'guard']
      : answering !== null && answering !== 'phase'
        ? ['use', 'effect', 'guard', 'attack']
        : ['guard', 'attack'];
  for (const kind of wanted) {
    const button = pool.find((c) => c.type === 2 && new RegExp(`^a:.*:${kind}:`).test(idOf(c)));
    if (button) return [{ action: 'click', customId: idOf(button) }];
    const menu = pool.find(
      (c) => c.type === 3 && (c.options as Raw[]).some((o) => String(o.value).startsWith(`${kind}:`)),
    );
    const value = (menu?.options as Raw[] | undefined)?.find((o) => String(o.value).startsWith(`${kind}:`))?.value;
    if (menu && value !== undefined) return [{ action: 'select', customId: idOf(menu), values: [String(value)] }];
  }
  const active = pool.filter((c) => c.type !== 2 || c.style === 1);
  const from = active.length > 0 && pick(100) < 85 ? active : pool;
  const c = from[pick(from.length)];
  if (!c) throw new Error(`nothing to answer with among ${ids.join(', ')}`);
  return c.type === 3
    ? [{ action: 'select', customId: idOf(c), values: randomValues(c, pick) }]
    : [{ action: 'click', customId: idOf(c) }];
}

/**
 * From the match's structured log: guards declared, and responses (§21-3: a declaration other than a guard made
 * while another declaration waits to resolve). Phase and faction-check declarations are not counted: the first
 * have no entry and the second resolve without one.
 */
function chainsIn(log: LogEntry[]): { guards: number; responses: number } {
  const open: string[] = [];
  let guards = 0;
  let responses = 0;
  for (const entry of log) {
    if (entry.type === 'declared' && entry.kind !== 'phase' && entry.kind !== 'faction-check') {
      if (entry.kind === 'guard') guards += 1;
      else if (open.length > 0) responses += 1;
      open.push(entry.kind);
    } else if (entry.type === 'resolved' || entry.type === 'failed') {
      open.pop();
    }
  }
  return { guards, responses };
}

describe('Aquarian Age in the sandbox', () => {
  it('/duel challenge game:aqa plays to its end through the page API, through a guard and a response chain', async () => {
    const matchId = await page.challengeAccepted('aqa');
    const { store } = page.sandbox().internals.bot;
    const pick = rng(20);
    const answered = await page.playToEnd<AqaState>(
      matchId,
      async ({ who, state, handId }) => {
        const controls = page.liveComponents(matchId, handId);
        for (const step of chooseSteps(controls, state.chain.at(-1)?.kind ?? null, pick))
          await page.post(step.action, { as: who, channelId: matchId, messageId: handId, ...step });
      },
      4000,
    );

    expect(store.matches.match(matchId)?.status).toBe('finished');
    expect(answered).toBeGreaterThan(20);
    const { guards, responses } = chainsIn(page.replayedLog<AqaState>(matchId) as LogEntry[]);
    expect(guards, `no guard in the match of seed ${SEED}`).toBeGreaterThan(0);
    expect(responses, `no response in the match of seed ${SEED}`).toBeGreaterThan(0);
    // The result reaches the thread, where both players and the watcher read it.
    expect(page.userOf('carol').read({ channelId: matchId })).toMatch(/Result: /);
  }, 120_000);
});
