// "Card details" on the public board (issue 26 item 6): the rules text, keywords and current state (stats against
// their printed values, damage, counters, tapped/rested/frozen, attacking, what is attached and to what) of any
// face-up card on either side, as the clicker may see it. Built from the clicker's own projection: a player's view
// of their seat, anyone else's the spectator view, through the game's table adapter, so a face-down card is not in
// the list at all (the model holds no identity for it). The words come from the card's pool entry (its printed rules
// text and keywords) and the game's style (the word for each state).
import {
  ActionRowBuilder,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  MessageFlags,
  StringSelectMenuBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { Seat, Viewer } from '../engine/core/game.ts';
import type { Locale } from '../engine/core/label.ts';
import type { CardPool, KeywordRef } from '../engine/definition.ts';
import { markTableCopies } from '../render/copy-marks.ts';
import type { GameStyle } from '../render/styles/game-style.ts';
import type { FaceUpCard, TableCard, TableModel } from '../render/table-model.ts';
import type { BotContext } from './context.ts';
import { clip } from './controls.ts';
import { encodeControl } from './custom-id.ts';
import { presenterFor } from './game-presenters.ts';
import { localeOf, T } from './i18n.ts';
import { embedOf, namedTable, seatNames, seatsOf } from './presenter.ts';

/** One face-up card on a side of the table, where it is and what it is attached to. */
export interface FieldCard {
  card: FaceUpCard;
  seat: Seat;
  area: string;
  /** The card this one is attached to (its host's name as drawn), when it is an attachment. */
  host: string | null;
}

/** Select menus of one message (Discord allows five rows) of 25 options each. */
const PER_SELECT = 25;
const MAX_SELECTS = 5;

/** Every face-up card on both sides, the viewer's table order (side, area, card, then its attachments). */
export function fieldCards(table: TableModel): FieldCard[] {
  const out: FieldCard[] = [];
  const walk = (card: TableCard, seat: Seat, area: string, host: string | null) => {
    if (card.face === 'up') out.push({ card, seat, area, host });
    const hostName = card.face === 'up' ? card.name : null;
    for (const a of card.attachments) walk(a, seat, area, hostName);
  };
  for (const seat of ['p1', 'p2'] as const) {
    for (const area of table.players[seat].areas) for (const card of area.cards) walk(card, seat, area.name, null);
  }
  return out;
}

/** The lines of one card's details: what it is, its state now, then its rules text and keywords. */
export function cardDetailLines(
  entry: FieldCard,
  pool: CardPool | undefined,
  style: Pick<GameStyle, 'states'>,
  names: Record<Seat, string>,
  locale: Locale,
): { title: string; lines: string[] } {
  const { card } = entry;
  const lines: string[] = [];
  lines.push(`${card.typeLine} · ${T.cardSide(names[entry.seat], entry.area)[locale]}`);
  const stats = card.stats.map((s) =>
    s.base !== undefined && s.base !== s.value
      ? `${s.label} ${s.value} (${T.printed(s.base)[locale]})`
      : `${s.label} ${s.value}`,
  );
  if (stats.length > 0) lines.push(stats.join(' · '));
  const state = [
    ...card.states.map((s) => style.states[s][locale]),
    ...(card.damage > 0 ? [T.damageMarked(card.damage)[locale]] : []),
    ...card.counters.filter((c) => c.count !== 0).map((c) => `${c.name} ×${c.count}`),
  ];
  lines.push(`**${T.cardState[locale]}** ${state.length > 0 ? state.join(' · ') : '—'}`);
  if (entry.host) lines.push(`**${T.attachedTo[locale]}** ${entry.host}`);
  const attached = card.attachments.map((a) => (a.face === 'up' ? a.name : T.faceDownCard[locale]));
  if (attached.length > 0) lines.push(`**${T.attachments[locale]}** ${attached.join(' · ')}`);
  const printed = card.cardId !== undefined ? pool?.byId(card.cardId) : undefined;
  if (printed && pool) {
    lines.push(...keywordLines(card, pool.keywords(printed), pool, locale));
    lines.push('', pool.text(printed)[locale] || '—');
  } else lines.push('', T.noRulesText[locale]);
  return { title: card.name, lines };
}

/**
 * The keywords line: what the card has now when its game's view says (granted ones marked as coming from an effect),
 * then the printed ones it has lost; the printed ones alone where the view says nothing. A keyword the adapter names
 * without a rule takes the rule its name has anywhere in the pool.
 */
function keywordLines(card: FaceUpCard, printed: KeywordRef[], pool: CardPool, locale: Locale): string[] {
  const named = (name: string, rule: string | undefined, note?: string) => {
    const extra = [rule, note].filter((x) => x !== undefined);
    return extra.length > 0 ? `${name} (${extra.join(', ')})` : name;
  };
  if (card.keywords === undefined) {
    const all = printed.map((k) => named(k.name[locale], k.rule));
    return all.length > 0 ? [`**${T.keywords[locale]}** ${all.join(' · ')}`] : [];
  }
  const printedNames = new Set(printed.map((k) => k.name[locale]));
  const nowNames = new Set(card.keywords.map((k) => k.name));
  const now = card.keywords.map((k) =>
    named(
      k.name,
      k.rule ?? ruleInPool(pool, k.name, locale),
      printedNames.has(k.name) ? undefined : T.grantedKeyword[locale],
    ),
  );
  const lost = printed.filter((k) => !nowNames.has(k.name[locale])).map((k) => named(k.name[locale], k.rule));
  return [
    ...(now.length > 0 ? [`**${T.keywords[locale]}** ${now.join(' · ')}`] : []),
    ...(lost.length > 0 ? [`**${T.lostKeywords[locale]}** ${lost.join(' · ')}`] : []),
  ];
}

function ruleInPool(pool: CardPool, name: string, locale: Locale): string | undefined {
  for (const card of pool.cards) {
    const found = pool.keywords(card).find((k) => k.name[locale] === name);
    if (found) return found.rule;
  }
  return undefined;
}

/** A select's option label for a card: its name as drawn, and whose side it is on. */
function optionOf(entry: FieldCard, names: Record<Seat, string>, locale: Locale) {
  const where = entry.host ? `${entry.area} · ${T.attachedTo[locale]} ${entry.host}` : entry.area;
  return {
    label: clip(entry.card.name, 100),
    value: entry.card.id,
    description: clip(`${names[entry.seat]} · ${where}`, 100),
  };
}

/** The viewer a user is: their seat's view if they play (the deciding seat in practice), else a spectator's. */
function viewerOf(seats: readonly Seat[]): Viewer {
  const seat = seats[0];
  return seat ? { kind: 'player', seat } : { kind: 'spectator' };
}

/**
 * "Card details" (the board's button) and a card picked in its selects: an ephemeral with the picked card's details
 * (none yet from the button) and one select per 25 face-up cards on the table as the clicker sees it now.
 */
export async function showCardDetails(
  ctx: BotContext,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  matchId: string,
): Promise<void> {
  const locale = localeOf(interaction.locale);
  const fromDetails = interaction.message.flags.has(MessageFlags.Ephemeral);
  const answer = async (content: string) => {
    if (fromDetails) await interaction.update({ content, embeds: [], components: [] });
    else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  };
  const row = await ctx.store.matches.match(matchId);
  if (!row || row.status === 'pending') {
    await answer(T.noMatchHere[locale]);
    return;
  }
  const game = ctx.store.requireGame(row.game);
  const state = await ctx.store.matches.currentState(matchId);
  const names = await seatNames(ctx, row);
  const seats = seatsOf(row, interaction.user.id);
  const pending = game.pending(state);
  const seat = pending && seats.includes(pending.player) ? [pending.player] : seats;
  const view = game.view(state, viewerOf(seat));
  const presenter = presenterFor(ctx.games, row.game);
  const table = markTableCopies(namedTable(presenter.table(view, { locale, names }), names)).table;
  const cards = fieldCards(table);
  if (cards.length === 0) {
    await answer(T.noFieldCards[locale]);
    return;
  }
  const picked = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
  const entry = picked !== undefined ? cards.find((c) => c.card.id === picked) : undefined;
  const pool = ctx.games.find(row.game)?.pool;
  const embeds = entry
    ? (() => {
        const { title, lines } = cardDetailLines(entry, pool, ctx.games.styleOf(row.game), names, locale);
        return [embedOf({ title: clip(title, 256), description: clip(lines.join('\n'), 4000) })];
      })()
    : [];
  const shown = cards.slice(0, PER_SELECT * MAX_SELECTS);
  const components: ActionRowBuilder<MessageActionRowComponentBuilder>[] = [];
  for (let i = 0; i < shown.length; i += PER_SELECT) {
    const chunk = shown.slice(i, i + PER_SELECT);
    components.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(encodeControl({ kind: 'card-details', matchId, chunk: i / PER_SELECT }))
          .setPlaceholder(clip(T.pickCard(i + 1, i + chunk.length, cards.length)[locale], 150))
          .addOptions(chunk.map((c) => ({ ...optionOf(c, names, locale), default: c === entry }))),
      ),
    );
  }
  const gone = picked !== undefined && !entry ? T.cardGone[locale] : '';
  const more = cards.length > shown.length ? T.moreCards(cards.length - shown.length)[locale] : '';
  const content = [gone, more].filter((s) => s !== '').join('\n');
  const message = { content, embeds, components };
  if (fromDetails) await interaction.update(message);
  else await interaction.reply({ ...message, flags: MessageFlags.Ephemeral });
}
