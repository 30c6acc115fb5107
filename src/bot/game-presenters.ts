// Per game: how a per-viewer view becomes render models and log lines. The bot stays game-agnostic by going
// through this table; adding a game here is the only bot change a new game needs.
import type { GameId, Seat } from '../engine/core/game.ts';
import type { Label, Locale } from '../engine/core/label.ts';
import type { NovaView } from '../engine/games/nova/view.ts';
import { novaHandModel, novaTableModel } from '../render/games/nova-table.ts';
import type { HandModel, TableModel } from '../render/table-model.ts';

export interface PresentOptions {
  locale: Locale;
  names: Record<Seat, string>;
}

export interface GamePresenter {
  table(view: unknown, options: PresentOptions): TableModel;
  hand(view: unknown, seat: Seat, options: PresentOptions & { playableIds: ReadonlySet<string> }): HandModel;
  log(view: unknown): { seq: number; text: Label }[];
  /** Names of the cards in that seat's hand in this view (the owner's view only has them). */
  handNames(view: unknown, seat: Seat, locale: Locale): string[];
}

const novaPresenter: GamePresenter = {
  table: (view, options) => novaTableModel(view as NovaView, options),
  hand: (view, seat, options) => novaHandModel(view as NovaView, seat, options),
  log: (view) => (view as NovaView).log,
  handNames: (view, seat, locale) => ((view as NovaView).players[seat].hand ?? []).map((c) => c.name[locale]),
};

const PRESENTERS: Partial<Record<GameId, GamePresenter>> = { nova: novaPresenter };

export function presenterFor(game: GameId): GamePresenter {
  const p = PRESENTERS[game];
  if (!p) throw new Error(`no presenter for game "${game}"`);
  return p;
}
