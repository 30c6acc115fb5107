// Per game: the steps a player can put a stop on, and where a state is (turn, step, whether something waits to
// resolve). Everything here is public information. The bot's auto-pass and stops (auto-pass.ts) go through this
// table, so they stay game-agnostic.
import type { BaseState, GameId, Seat } from '../engine/core/game.ts';
import type { Label } from '../engine/core/label.ts';
import type { NovaState } from '../engine/games/nova/state.ts';
import { PHASE_NAMES } from '../engine/games/nova/turn.ts';

export interface StepInfo {
  id: string;
  name: Label;
}

/** Where a match stands, for pass decisions: the turn, whose it is, the step, and the size of the stack. */
export interface Position {
  turn: number;
  active: Seat;
  step: string;
  /** Items waiting to resolve (NOVA's waiting area, a stack). */
  waiting: number;
}

export interface GameSteps {
  steps: readonly StepInfo[];
  position(state: BaseState): Position;
}

const novaSteps: GameSteps = {
  steps: Object.entries(PHASE_NAMES).map(([id, name]) => ({ id, name })),
  position(state) {
    const s = state as NovaState;
    return { turn: s.turn.number, active: s.turn.active, step: s.turn.phase, waiting: s.waiting.length };
  },
};

const STEPS: Partial<Record<GameId, GameSteps>> = { nova: novaSteps };

export function stepsFor(game: GameId): GameSteps | null {
  return STEPS[game] ?? null;
}

/**
 * Parses a stop list typed by a user ("main1, end", "none"); returns the step ids or the unknown words.
 * Accepts ids or English/Japanese step names, case-insensitively.
 */
export function parseStops(
  game: GameId,
  text: string,
): { ok: true; stops: string[] } | { ok: false; unknown: string[]; valid: string[] } {
  const steps = stepsFor(game)?.steps ?? [];
  const words = text
    .split(/[,、\n]/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
  if (words.length === 1 && /^(none|なし)$/i.test(words[0] as string)) return { ok: true, stops: [] };
  const stops: string[] = [];
  const unknown: string[] = [];
  for (const word of words) {
    const lower = word.toLowerCase();
    const step = steps.find(
      (s) => s.id.toLowerCase() === lower || s.name.en.toLowerCase() === lower || s.name.ja === word,
    );
    if (!step) unknown.push(word);
    else if (!stops.includes(step.id)) stops.push(step.id);
  }
  if (unknown.length > 0 || stops.length === 0) return { ok: false, unknown, valid: steps.map((s) => s.id) };
  return { ok: true, stops };
}
