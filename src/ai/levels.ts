/** The AI's strengths (issue 21): easy plays a one-turn look-ahead heuristic, normal and hard search (ISMCTS). */
export const AI_LEVELS = ['easy', 'normal', 'hard'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

export function isAiLevel(value: string): value is AiLevel {
  return (AI_LEVELS as readonly string[]).includes(value);
}
