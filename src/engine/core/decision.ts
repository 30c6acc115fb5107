import { IllegalAction } from './errors.ts';
import { type DecisionResponse, DecisionResponseSchema, type PendingDecision } from './game.ts';
import { label } from './label.ts';

/** The id of the decision awaited at a given state version: a response carrying another id is stale. */
export function decisionIdFor(version: number): string {
  return `v${version}`;
}

/** Through the schema: its answer, or IllegalAction when the response is malformed. */
function parseResponse(raw: unknown): DecisionResponse {
  const parsed = DecisionResponseSchema.safeParse(raw);
  if (!parsed.success) throw new IllegalAction(label('That answer is malformed.', '回答の形式が正しくありません。'));
  return parsed.data;
}

const shortId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 40;

/**
 * A response the schema certainly accepts as it is (the usual case), checked without zod, which cost ~3% of a
 * random game. Anything else goes through the schema, which decides: the same answers are accepted either way.
 * For such a response the schema's answer is `{ decisionId, choose: [...choose] }` (other keys are dropped).
 */
export function wellFormed(raw: unknown): raw is DecisionResponse {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const { decisionId, choose } = raw as Record<string, unknown>;
  if (!shortId(decisionId) || !Array.isArray(choose) || choose.length > 200) return false;
  for (let i = 0; i < choose.length; i++) if (!shortId(choose[i])) return false; // by index: holes are malformed
  return true;
}

/**
 * Checks a response against the pending decision: right player, current decision, known option ids,
 * no repeats, count within min..max. Returns the chosen ids in the order given.
 */
export function validateResponse(pending: PendingDecision | null, seat: string, raw: DecisionResponse): string[] {
  const response = wellFormed(raw) ? { decisionId: raw.decisionId, choose: raw.choose.slice() } : parseResponse(raw);
  if (!pending) throw new IllegalAction(label('The game is over.', 'ゲームは終了しています。'));
  if (response.decisionId !== pending.id) {
    throw new IllegalAction(label('This choice is out of date.', 'この選択肢は古くなっています。'));
  }
  if (pending.player !== seat) {
    throw new IllegalAction(label('It is not your decision.', 'あなたの選択ではありません。'));
  }
  const known = new Set(pending.options.map((o) => o.id));
  const seen = new Set<string>();
  for (const id of response.choose) {
    if (!known.has(id)) throw new IllegalAction(label(`Unknown option "${id}".`, `不明な選択肢「${id}」です。`));
    if (seen.has(id)) throw new IllegalAction(label('An option was chosen twice.', '同じ選択肢が二度選ばれました。'));
    seen.add(id);
  }
  if (response.choose.length < pending.min || response.choose.length > pending.max) {
    const range = pending.min === pending.max ? `${pending.min}` : `${pending.min}–${pending.max}`;
    throw new IllegalAction(label(`Choose ${range} option(s).`, `${range}個選んでください。`));
  }
  return response.choose;
}
