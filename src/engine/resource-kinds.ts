import type { DecisionOption, GameId } from './core/game.ts';

/**
 * Option kinds that only add mana, energy or will to a pool: CR 605.1a mana abilities (MTG `mana`), NOVA 310.4, an
 * energy-zone card's own ability (`energy-ability`), and Force of Will's will abilities (FoW 907.2, `will`: will
 * payments list the same stones and coins). Taken alone they change nothing a player can see the use of yet:
 * payments draw on the same sources. The bot's auto-pass does not count them against "only pass"
 * (src/bot/auto-pass.ts), and the AI does not consider them as actions of their own (src/ai/candidates.ts).
 * A card's own energy ability is not listed: it freezes its card, which can matter (issue 16's freeze in response).
 */
const RESOURCE_KINDS: Readonly<Partial<Record<GameId, readonly string[]>>> = {
  mtg: ['mana'],
  nova: ['energy-ability'],
  fow: ['will'],
};

export function resourceKinds(game: GameId): readonly string[] {
  return RESOURCE_KINDS[game] ?? [];
}

const ANY_RESOURCE_KIND = new Set(Object.values(RESOURCE_KINDS).flat());

/** Whether a priority option only makes mana, energy or will, in whichever game (the kinds above are unique to theirs). */
export function onlyMakesResources(option: DecisionOption): boolean {
  return ANY_RESOURCE_KIND.has(option.kind);
}
