import { IllegalAction } from './errors.ts';
import {
  type DecisionProblem,
  type DecisionResponse,
  DecisionResponseSchema,
  type DeclareDecision,
  type DeclareSlot,
  type DistributeDecision,
  type NumberDecision,
  type PendingDecision,
  type PickDecision,
  RESPONSE_ENTRIES_MAX,
} from './game.ts';
import { type Label, label } from './label.ts';

/** The id of the decision awaited at a given state version: a response carrying another id is stale. */
export function decisionIdFor(version: number): string {
  return `v${version}`;
}

/** The shape of a decision: a decision without one (every decision before shapes existed) is a pick. */
export function shapeOf(pending: PendingDecision): NonNullable<PendingDecision['shape']> {
  return pending.shape ?? 'pick';
}

/** Narrows to a pick decision. */
export function isPick(pending: PendingDecision): pending is PickDecision {
  return pending.shape === undefined || pending.shape === 'pick';
}

/** The pick decision, for callers that know their game asks only picks (NOVA today); throws for any other shape. */
export function asPick(pending: PendingDecision | null): PickDecision | null {
  if (pending && !isPick(pending)) throw new Error(`expected a pick decision, got a ${pending.shape} decision`);
  return pending;
}

/** Through the schema: its answer, or IllegalAction when the response is malformed. */
function parseResponse(raw: unknown): DecisionResponse {
  const parsed = DecisionResponseSchema.safeParse(raw);
  if (!parsed.success) throw new IllegalAction(label('That answer is malformed.', '回答の形式が正しくありません。'));
  return parsed.data;
}

const shortId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 40;
const plainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

function idList(v: unknown): v is string[] {
  if (!Array.isArray(v) || v.length > RESPONSE_ENTRIES_MAX) return false;
  for (let i = 0; i < v.length; i++) if (!shortId(v[i])) return false; // by index: holes are malformed
  return true;
}

function mapOf(v: unknown, entry: (value: unknown) => boolean): boolean {
  if (!plainObject(v)) return false;
  const keys = Object.keys(v);
  if (keys.length > RESPONSE_ENTRIES_MAX) return false;
  for (const k of keys) if (!shortId(k) || k === '__proto__' || !entry(v[k])) return false;
  return true;
}

const amount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1_000_000;
const signedNumber = (v: unknown) => Number.isSafeInteger(v) && Math.abs(v as number) <= 1_000_000;

/**
 * A response the schema certainly accepts as it is (the usual case), checked without zod, which cost ~3% of a
 * random game. Anything else goes through the schema, which decides: the same answers are accepted either way.
 * For such a response the schema's answer is `copyResponse(raw)` (other keys are dropped).
 */
export function wellFormed(raw: unknown): raw is DecisionResponse {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const r = raw as Record<string, unknown>;
  if (!shortId(r.decisionId) || !idList(r.choose)) return false;
  // The rarer fields: present means checked, absent (or undefined, as zod's optional reads it) means absent.
  if (r.number !== undefined && !signedNumber(r.number)) return false;
  if (r.split !== undefined && !mapOf(r.split, amount)) return false;
  if (r.declare !== undefined && !mapOf(r.declare, idList)) return false;
  if (r.control !== undefined && r.control !== 'back' && r.control !== 'reset') return false;
  return true;
}

/** The schema's answer for a well-formed response: a copy, with only the response's own fields. */
export function copyResponse(r: DecisionResponse): DecisionResponse {
  const copy: DecisionResponse = { decisionId: r.decisionId, choose: r.choose.slice() };
  if (r.number !== undefined) copy.number = r.number;
  if (r.split !== undefined) copy.split = Object.fromEntries(Object.entries(r.split));
  if (r.declare !== undefined)
    copy.declare = Object.fromEntries(Object.entries(r.declare).map(([k, v]) => [k, v.slice()]));
  if (r.control !== undefined) copy.control = r.control;
  return copy;
}

/** A response as the schema returns it: the fast path when it applies, the schema otherwise. */
export function readResponse(raw: unknown): DecisionResponse {
  return wellFormed(raw) ? copyResponse(raw) : parseResponse(raw);
}

/** A validated answer, by the shape of the decision it answers. */
export type DecisionAnswer =
  | { shape: 'pick'; choose: string[] }
  | { shape: 'number'; value: number }
  /** Every listed target with its amount (0 for those the response left out), in the decision's order. */
  | { shape: 'distribute'; split: Record<string, number> }
  /** Every slot with its chosen option ids ([] for those the response left out), in the decision's order. */
  | { shape: 'declare'; declare: Record<string, string[]> }
  | { shape: 'declare'; control: 'back' | 'reset' };

const illegal = (en: string, ja: string) => new IllegalAction(label(en, ja));

function checkTurn(pending: PendingDecision | null, seat: string, response: DecisionResponse): PendingDecision {
  if (!pending) throw illegal('The game is over.', 'ゲームは終了しています。');
  if (response.decisionId !== pending.id)
    throw illegal('This choice is out of date.', 'この選択肢は古くなっています。');
  if (pending.player !== seat) throw illegal('It is not your decision.', 'あなたの選択ではありません。');
  return pending;
}

/** Chosen ids among `options`: known, no repeats, between min and max. */
function checkPicks(options: readonly { id: string }[], chosen: readonly string[], min: number, max: number): void {
  const known = new Set(options.map((o) => o.id));
  const seen = new Set<string>();
  for (const id of chosen) {
    if (!known.has(id)) throw illegal(`Unknown option "${id}".`, `不明な選択肢「${id}」です。`);
    if (seen.has(id)) throw illegal('An option was chosen twice.', '同じ選択肢が二度選ばれました。');
    seen.add(id);
  }
  if (chosen.length < min || chosen.length > max) {
    const range = min === max ? `${min}` : `${min}–${max}`;
    throw illegal(`Choose ${range} option(s).`, `${range}個選んでください。`);
  }
}

/** Only the fields of the answer's own shape: a number sent to a pick (or the like) is malformed. */
function onlyFields(response: DecisionResponse, allowed: readonly (keyof DecisionResponse)[]): void {
  const extra = (['number', 'split', 'declare', 'control'] as const).some(
    (k) => response[k] !== undefined && !allowed.includes(k),
  );
  if (extra || (!allowed.includes('choose') && response.choose.length > 0)) {
    throw illegal('That answer does not fit this decision.', 'この選択に合わない回答です。');
  }
}

/** What is wrong with a number for this decision, or null. */
export function numberProblem(pending: NumberDecision, value: number): DecisionProblem | null {
  if (value < pending.min || value > pending.max) return { rule: 'kernel', code: 'out-of-range' };
  if ((value - pending.min) % (pending.step ?? 1) !== 0) return { rule: 'kernel', code: 'off-step' };
  return null;
}

/**
 * What is wrong with a distribution as a whole, or null: unknown targets, an amount outside minEach..maxEach
 * (a target left out counts as 0), or a sum other than the total (more than it, when less is allowed).
 */
export function distributeProblem(pending: DistributeDecision, split: Record<string, number>): DecisionProblem | null {
  const ids = pending.targets.map((t) => t.id);
  const unknown = Object.keys(split).filter((k) => !ids.includes(k));
  if (unknown.length > 0) return { rule: 'kernel', code: 'unknown-target', slots: unknown };
  const low = ids.filter((id) => (split[id] ?? 0) < pending.minEach);
  if (low.length > 0) return { rule: 'kernel', code: 'below-min-each', slots: low };
  const high = ids.filter((id) => (split[id] ?? 0) > pending.maxEach);
  if (high.length > 0) return { rule: 'kernel', code: 'above-max-each', slots: high };
  const sum = ids.reduce((n, id) => n + (split[id] ?? 0), 0);
  if (sum > pending.total) return { rule: 'kernel', code: 'over-total' };
  if (sum < pending.total && !pending.allowLess) return { rule: 'kernel', code: 'under-total' };
  return null;
}

/** What is wrong with one slot's picks, or null: its own options only, no repeats, within its min..max. */
export function slotProblem(slot: DeclareSlot, chosen: readonly string[]): DecisionProblem | null {
  const known = new Set(slot.options.map((o) => o.id));
  if (chosen.some((id) => !known.has(id)) || new Set(chosen).size !== chosen.length)
    return { rule: 'kernel', code: 'unknown-option', slots: [slot.id] };
  if (chosen.length < slot.min || chosen.length > slot.max)
    return { rule: 'kernel', code: 'slot-count', slots: [slot.id] };
  return null;
}

/** The kernel's words for its own shape problems; a game's problems are worded by the game (at view time). */
export function kernelProblemText(problem: DecisionProblem): Label | null {
  switch (problem.code) {
    case 'out-of-range':
      return label('That number is out of range.', 'その数は範囲外です。');
    case 'off-step':
      return label('That number is not one of the allowed values.', 'その数は選べません。');
    case 'unknown-target':
      return label('That is not one of the listed targets.', '一覧にない対象です。');
    case 'below-min-each':
      return label(
        'Each target needs at least the minimum amount.',
        'それぞれの対象に最低量以上を割り振ってください。',
      );
    case 'above-max-each':
      return label('A target got more than it may.', '割り振りの上限を超えた対象があります。');
    case 'over-total':
      return label('That is more than the total.', '合計を超えています。');
    case 'under-total':
      return label('Assign the whole total.', '合計をすべて割り振ってください。');
    case 'unknown-option':
      return label('That is not one of the listed options.', '一覧にない選択肢です。');
    case 'slot-count':
      return label('A slot has too many or too few choices.', '選択数が合わない項目があります。');
    default:
      return null;
  }
}

function refuse(problem: DecisionProblem): never {
  const text = kernelProblemText(problem) ?? label('That answer is not allowed.', 'その回答はできません。');
  throw new IllegalAction(text);
}

/**
 * Checks a response against the pending decision of any shape: right player, current decision, the fields of its
 * shape only, and the shape's own limits (ids, counts, range, sums). What the kernel cannot judge (a declaration
 * as a whole) is the game's: see `answerDeclaration`. Throws IllegalAction for anything else.
 */
export function validateAnswer(pending: PendingDecision | null, seat: string, raw: DecisionResponse): DecisionAnswer {
  const response = readResponse(raw);
  const p = checkTurn(pending, seat, response);
  switch (p.shape) {
    default: // a pick: its shape is 'pick' or absent
      onlyFields(response, ['choose']);
      checkPicks(p.options, response.choose, p.min, p.max);
      return { shape: 'pick', choose: response.choose };
    case 'number': {
      onlyFields(response, ['number']);
      if (response.number === undefined) throw illegal('Give a number.', '数を入力してください。');
      const problem = numberProblem(p, response.number);
      if (problem) refuse(problem);
      return { shape: 'number', value: response.number };
    }
    case 'distribute': {
      onlyFields(response, ['split']);
      const split = response.split ?? {};
      const problem = distributeProblem(p, split);
      if (problem) refuse(problem);
      return { shape: 'distribute', split: Object.fromEntries(p.targets.map((t) => [t.id, split[t.id] ?? 0])) };
    }
    case 'declare': {
      if (response.control !== undefined) {
        onlyFields(response, ['control']);
        if (response.control === 'back' && !p.canGoBack)
          throw illegal('There is no earlier step to go back to.', '戻れる前の手順はありません。');
        return { shape: 'declare', control: response.control };
      }
      onlyFields(response, ['declare']);
      const given = response.declare ?? {};
      const unknown = Object.keys(given).find((k) => !p.slots.some((s) => s.id === k));
      if (unknown !== undefined) throw illegal(`Unknown slot "${unknown}".`, `不明な項目「${unknown}」です。`);
      const declare: Record<string, string[]> = {};
      for (const slot of p.slots) {
        const chosen = given[slot.id] ?? [];
        const problem = slotProblem(slot, chosen);
        if (problem) refuse(problem);
        declare[slot.id] = chosen;
      }
      return { shape: 'declare', declare };
    }
  }
}

/**
 * Checks a response to a pick decision (see validateAnswer): returns the chosen ids in the order given.
 * A response to a decision of another shape is refused.
 */
export function validateResponse(pending: PendingDecision | null, seat: string, raw: DecisionResponse): string[] {
  const answer = validateAnswer(pending, seat, raw);
  if (answer.shape !== 'pick') throw illegal('That answer does not fit this decision.', 'この選択に合わない回答です。');
  return answer.choose;
}

/** The response the clock gives for a player who ran out of time: the decision's own rules-legal default. */
export function timeoutResponse(pending: PendingDecision): DecisionResponse {
  switch (pending.shape) {
    default: // a pick: its shape is 'pick' or absent
      return { decisionId: pending.id, choose: pending.defaultOnTimeout };
    case 'number':
      return { decisionId: pending.id, choose: [], number: pending.defaultOnTimeout };
    case 'distribute':
      return { decisionId: pending.id, choose: [], split: pending.defaultOnTimeout };
    case 'declare':
      return { decisionId: pending.id, choose: [], declare: pending.defaultOnTimeout };
  }
}

/** A declaration as a game keeps it between attempts: the last answer refused, and why. */
export interface DeclarationRetry {
  draft: Record<string, string[]>;
  problem: DecisionProblem;
}

/** Builds a declaration decision, with the refused draft and its problem when this is a retry. */
export function declareDecision(
  fields: Omit<DeclareDecision, 'shape' | 'draft' | 'problem'>,
  retry: DeclarationRetry | null,
): DeclareDecision {
  return { ...fields, shape: 'declare', draft: retry?.draft ?? {}, problem: retry?.problem ?? null };
}

/**
 * What became of an answer to a declaration, for the game to act on; in every case the answer is a logged decision
 * and nothing is thrown:
 * - `accepted`: legal as a whole; carry it out;
 * - `refused`: the game's check named a problem; ask the same declaration again with `retry` (draft kept);
 * - `reset`: ask the same declaration again with an empty draft;
 * - `back`: re-open the step before the declaration.
 */
export type DeclarationOutcome =
  | { kind: 'accepted'; declare: Record<string, string[]> }
  | { kind: 'refused'; retry: DeclarationRetry }
  | { kind: 'reset' }
  | { kind: 'back' };

/**
 * The kernel half of whole-declaration validation: the response is checked for shape (validateAnswer throws only
 * for malformed or stale answers, which change nothing), then the game's `check` judges the whole declaration
 * (CR 508.1c-d restrictions and requirements, 509.1c, ...) and returns the problem, or null when it is legal.
 */
export function answerDeclaration(
  pending: DeclareDecision,
  seat: string,
  response: DecisionResponse,
  check: (declare: Record<string, string[]>) => DecisionProblem | null,
): DeclarationOutcome {
  const answer = validateAnswer(pending, seat, response);
  if (answer.shape !== 'declare')
    throw illegal('That answer does not fit this decision.', 'この選択に合わない回答です。');
  if ('control' in answer) return { kind: answer.control };
  const problem = check(answer.declare);
  return problem
    ? { kind: 'refused', retry: { draft: answer.declare, problem } }
    : { kind: 'accepted', declare: answer.declare };
}
