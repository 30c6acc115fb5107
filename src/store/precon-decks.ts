// The store reads precons through the engine's one loader (src/engine/precons.ts); this file only re-exports it
// for the store's and the bot's imports.
export {
  loadPreconDecks,
  type PreconDeck,
  PreconDeckSchema,
  preconDeckList,
  preconsForGame,
} from '../engine/precons.ts';
