// `/deck list|show|import|delete|validate` and the deck autocomplete. Answers are ephemeral. `/deck import` without
// a list or file opens a form (a modal) with the name and a paragraph for the list; both paths read and validate
// the list the same way (`importDeck`).
import {
  ActionRowBuilder,
  AttachmentBuilder,
  type AutocompleteInteraction,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { cardPool } from '../engine/cards-registry.ts';
import { DEFAULT_GAME_ID, type GameId } from '../engine/core/game.ts';
import type { Locale } from '../engine/core/label.ts';
import type { GameRegistry } from '../engine/registry.ts';
import type { BotContext } from './context.ts';
import { clip } from './controls.ts';
import { DECK_WORDS as W } from './deck-words.ts';
import { preconsOf, readDeckText } from './decks.ts';
import { localeOf, T } from './i18n.ts';
import { MAX_DECK_FILE_BYTES, readDeckFile } from './league/league-decks.ts';

/** Discord's limit for a text input's value (and so for a list typed in the form). */
export const FORM_LIST_MAX = 4000;
const DECK_NAME_MAX = 80;
/**
 * The longest list read, in characters, however it comes (the file option is capped at the same number of bytes
 * before it is downloaded): a 60-card list is well under 2 KB, and with the reader linear no list this long can hold
 * the event loop (bench: `npm run bench`, "deck import").
 */
export const MAX_DECK_TEXT = MAX_DECK_FILE_BYTES;
/** Problems listed in one answer (Discord's 2,000 characters). */
const LISTED_PROBLEMS = 15;
/** Drafts kept per bot (one per user and guild, the newest). */
const MAX_DRAFTS = 1000;

/** custom_ids: the form, and the "Edit and try again" button under a refused or illegal import. */
export const deckFormId = (game: GameId) => `deck:import:${game}`;
export const deckEditId = (game: GameId) => `deck:edit:${game}`;
/** "Replace it anyway": save the draft over the saved deck of the same name, although it is not legal. */
export const deckReplaceId = (game: GameId) => `deck:edit:${game}:replace`;

export function deckGameOf(games: GameRegistry, customId: string): GameId | null {
  const game = customId.split(':')[2] ?? '';
  return games.find(game) ? game : null;
}

interface Draft {
  name: string;
  text: string;
}
/** The last import that was not saved as a legal deck, per user and guild, so the form can open with it again. */
const drafts = new WeakMap<BotContext, Map<string, Draft>>();
function draftsOf(ctx: BotContext): Map<string, Draft> {
  let map = drafts.get(ctx);
  if (!map) {
    map = new Map();
    drafts.set(ctx, map);
  }
  return map;
}

function gameOption(ctx: BotContext, interaction: ChatInputCommandInteraction | AutocompleteInteraction): GameId {
  const raw = interaction.options.getString('game');
  return raw && ctx.games.find(raw) ? raw : DEFAULT_GAME_ID;
}

export async function deckCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  if (interaction.options.getSubcommand() === 'import' && interaction.guildId) {
    // No list and no file, or no name: the form, filled with what was given (a modal must be the first answer).
    const name = interaction.options.getString('name') ?? '';
    const list = interaction.options.getString('list');
    const file = interaction.options.getAttachment('file');
    if ((!list && !file) || (!name && !file)) {
      await interaction.showModal(deckForm(ctx, gameOption(ctx, interaction), { name, text: list ?? '' }, locale));
      return;
    }
  }
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const guildId = interaction.guildId;
  if (!guildId) {
    await interaction.editReply(T.onlyInGuild[locale]);
    return;
  }
  const userId = interaction.user.id;
  const game = gameOption(ctx, interaction);
  const sub = interaction.options.getSubcommand();
  const reply = (text: string) => interaction.editReply(clip(text, 2000));
  switch (sub) {
    case 'list': {
      const saved = await ctx.store.decks.list(guildId, userId, game);
      const precons = preconsOf(ctx.precons, game).map((d) => `\`${d.id}\` ${d.name[locale]}`);
      const own = saved.map((d) => `\`${d.name}\`${d.legal ? '' : ' ⚠️'}`);
      await reply([own.length > 0 ? own.join('\n') : T.noDecks[locale], '', ...precons].join('\n'));
      return;
    }
    case 'show':
    case 'validate': {
      const name = interaction.options.getString('name', true);
      const deck = await ctx.store.decks.get(guildId, userId, game, name);
      if (!deck) {
        await reply(T.unknownDeck(name)[locale]);
        return;
      }
      if (sub === 'validate') {
        const problems = ctx.store.requireGame(game).validateDeck(deck.list);
        await reply(
          problems.length === 0
            ? T.deckLegal[locale]
            : problems.map((p) => `· ${p.message[locale]} (${p.rule})`).join('\n'),
        );
        return;
      }
      const lines = Object.entries(deck.list).map(([section, cards]) => {
        const counts = new Map<string, number>();
        for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
        return `**${section}** (${cards.length})\n${[...counts].map(([c, n]) => `${n} ${c}`).join('\n')}`;
      });
      await reply(`**${deck.name}**\n${lines.join('\n')}`);
      return;
    }
    case 'import': {
      const name = interaction.options.getString('name') ?? '';
      const file = interaction.options.getAttachment('file');
      let text = interaction.options.getString('list') ?? '';
      if (file) {
        // Size, type and encoding are checked before the bytes are read (Discord reports them with the attachment).
        const read = await readDeckFile(file);
        if (!read.ok) {
          await reply(read.reason[locale]);
          return;
        }
        text = read.text;
      }
      await interaction.editReply(await importDeck(ctx, { guildId, userId, game }, { name, text }, locale, false));
      return;
    }
    case 'delete': {
      const name = interaction.options.getString('name', true);
      const gone = await ctx.store.decks.delete(guildId, userId, game, name);
      await reply(gone ? T.deckDeleted(name)[locale] : T.unknownDeck(name)[locale]);
      return;
    }
  }
}

/** Deck names: the user's saved decks and the game's precons that contain what was typed. */
export async function deckAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = interaction.options.getFocused().toLowerCase();
  const game = gameOption(ctx, interaction);
  const saved = interaction.guildId ? await ctx.store.decks.list(interaction.guildId, interaction.user.id, game) : [];
  const choices = [
    ...saved.map((d) => ({ name: clip(d.name, 100), value: d.name })),
    ...preconsOf(ctx.precons, game).map((d) => ({ name: clip(`${d.name.en} (${d.id})`, 100), value: d.id })),
  ].filter((c) => c.name.toLowerCase().includes(typed));
  await interaction.respond(choices.slice(0, 25));
}

/** The import form: a name and a paragraph for the list, pre-filled with `draft`. */
function deckForm(ctx: BotContext, game: GameId, draft: Draft, locale: Locale): ModalBuilder {
  const name = new TextInputBuilder()
    .setCustomId('name')
    .setLabel(T.deckFormName[locale])
    .setStyle(TextInputStyle.Short)
    .setMinLength(1)
    .setMaxLength(DECK_NAME_MAX)
    .setRequired(true);
  if (draft.name) name.setValue(clip(draft.name, DECK_NAME_MAX));
  const list = new TextInputBuilder()
    .setCustomId('list')
    .setLabel(T.deckFormList[locale])
    .setStyle(TextInputStyle.Paragraph)
    .setMaxLength(FORM_LIST_MAX)
    .setPlaceholder(clip(T.deckFormPlaceholder[locale], 100))
    .setRequired(true);
  // A longer draft (from the list option or a file) does not fit: the form opens empty rather than cut it.
  if (draft.text && draft.text.length <= FORM_LIST_MAX) list.setValue(draft.text);
  return new ModalBuilder()
    .setCustomId(deckFormId(game))
    .setTitle(clip(T.deckFormTitle(ctx.games.get(game).name[locale])[locale], 45))
    .addComponents(
      new ActionRowBuilder<TextInputBuilder>().addComponents(name),
      new ActionRowBuilder<TextInputBuilder>().addComponents(list),
    );
}

/** The form was submitted: read and save exactly as `/deck import list:` does. */
export async function deckFormSubmit(ctx: BotContext, interaction: ModalSubmitInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = deckGameOf(ctx.games, interaction.customId);
  if (!interaction.guildId || !game) {
    await interaction.editReply(T.onlyInGuild[locale]);
    return;
  }
  const draft = {
    name: interaction.fields.getTextInputValue('name'),
    text: interaction.fields.getTextInputValue('list'),
  };
  const where = { guildId: interaction.guildId, userId: interaction.user.id, game };
  await interaction.editReply(await importDeck(ctx, where, draft, locale, true));
}

/**
 * "Edit and try again": the form again, with the draft that was not saved as a legal deck; "Replace it anyway": the
 * draft saved over the deck of the same name.
 */
export async function deckEditButton(ctx: BotContext, interaction: ButtonInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const game = deckGameOf(ctx.games, interaction.customId);
  const guildId = interaction.guildId;
  const draft = guildId ? draftsOf(ctx).get(`${guildId}:${interaction.user.id}`) : undefined;
  if (!game || !draft || !guildId) {
    await interaction.reply({ content: T.deckDraftGone[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  if (interaction.customId === deckReplaceId(game)) {
    await interaction.deferUpdate();
    const where = { guildId, userId: interaction.user.id, game };
    await interaction.editReply(await importDeck(ctx, where, draft, locale, false, true));
    return;
  }
  await interaction.showModal(deckForm(ctx, game, draft, locale));
}

interface ImportAnswer {
  content: string;
  components: ActionRowBuilder<ButtonBuilder>[];
  files: AttachmentBuilder[];
}

/** A deck name as saved: trimmed, without invisible format characters (right-to-left overrides, zero-width spaces). */
export function deckNameOf(typed: string): string {
  return typed.replace(/\p{Cf}/gu, '').trim();
}

/**
 * Reads, validates and saves a deck list; the answer names every distinct problem with its line. A list with
 * unreadable lines is not saved: the answer gives it back as a file and an "Edit and try again" button reopens the
 * form with it. A list that is not legal is not saved over a legal deck of the same name unless `replace` (the
 * "Replace it anyway" button).
 */
export async function importDeck(
  ctx: BotContext,
  where: { guildId: string; userId: string; game: GameId },
  draft: Draft,
  locale: Locale,
  fromForm: boolean,
  replace = false,
): Promise<ImportAnswer> {
  const name = deckNameOf(draft.name);
  const pool = cardPool(where.game, ctx.games);
  const tooLong = draft.text.length > MAX_DECK_TEXT;
  const read = tooLong ? null : readDeckText(draft.text, (id) => pool?.byId(id)?.name.en);
  const lines: string[] = [];
  let stored = false;
  let legal = false;
  let kept = false;
  if (!name) {
    lines.push(draft.name.trim() ? W.nameInvisible[locale] : T.deckNameMissing[locale]);
  } else if (!read) {
    lines.push(W.listTooLong(draft.text.length, MAX_DECK_TEXT)[locale]);
  } else if (!read.list) {
    lines.push(T.deckNotSaved[locale]);
    for (const p of read.problems)
      lines.push(`· ${p.line > 0 ? `${T.deckLine(p.line, clip(p.text, 60))[locale]}: ` : ''}${p.reason[locale]}`);
  } else {
    try {
      const existing = await ctx.store.decks.get(where.guildId, where.userId, where.game, name);
      const problems = ctx.store.decks.check(where.game, read.list);
      if (existing?.legal && problems.length > 0 && !replace) {
        kept = true;
        lines.push(W.notOverwritten(existing.name)[locale]);
      } else {
        const deck = await ctx.store.decks.save(where.guildId, where.userId, where.game, name, read.list, ctx.now());
        stored = true;
        legal = deck.legal;
        // Cards the pool does not know are counted apart, so a total never includes them.
        const unknown = (id: string) => pool !== undefined && pool.byId(id) === undefined;
        const counts = Object.entries(deck.list).map(([s, cards]) => `${s} ${cards.filter((c) => !unknown(c)).length}`);
        const unknownCount = Object.values(deck.list).reduce((n, cards) => n + cards.filter(unknown).length, 0);
        if (unknownCount > 0) counts.push(W.unknownCards(unknownCount)[locale]);
        lines.push(`${T.deckSaved(deck.name, deck.legal)[locale]} (${counts.join(' · ')})`);
        // One line per distinct problem: the game reports some per copy.
        const seen = new Set<string>();
        for (const p of deck.problems) {
          const key = `${p.section}\u0000${p.card ?? ''}\u0000${p.rule}\u0000${p.message.en}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const at = read.linesOf(p.section, p.card).map((l) => T.deckLine(l.line, clip(l.text, 60))[locale]);
          lines.push(`· ${at.length > 0 ? `${at.join(', ')}: ` : ''}${p.message[locale]} (${p.rule})`);
        }
        if (existing) lines.push(W.replaced(existing.name)[locale]);
      }
    } catch (error) {
      lines.length = 0;
      lines.push(T.badDeckFile((error as Error).message)[locale]);
    }
  }
  if (fromForm && draft.text.length >= FORM_LIST_MAX) lines.push(T.deckMayBeCut(FORM_LIST_MAX)[locale]);
  const key = `${where.guildId}:${where.userId}`;
  const all = draftsOf(ctx);
  all.delete(key);
  if (legal) return { content: clipLines(lines, locale), components: [], files: [] };
  // A draft is kept only as long as the form could hold it or the reader would read it.
  if (!tooLong) all.set(key, draft);
  if (all.size > MAX_DRAFTS) all.delete(all.keys().next().value as string);
  const row = new ActionRowBuilder<ButtonBuilder>();
  if (kept)
    row.addComponents(
      new ButtonBuilder()
        .setCustomId(deckReplaceId(where.game))
        .setLabel(W.replaceAnyway[locale])
        .setStyle(ButtonStyle.Danger),
    );
  if (draft.text.length <= FORM_LIST_MAX)
    row.addComponents(
      new ButtonBuilder()
        .setCustomId(deckEditId(where.game))
        .setLabel(T.deckEdit[locale])
        .setStyle(ButtonStyle.Primary),
    );
  // Nothing was saved: the list comes back as a file, so a restart cannot lose it either.
  const files =
    stored || !draft.text ? [] : [new AttachmentBuilder(Buffer.from(draft.text, 'utf8'), { name: 'deck-list.txt' })];
  return { content: clipLines(lines, locale), components: row.components.length > 0 ? [row] : [], files };
}

/** The first line and up to LISTED_PROBLEMS problems, within Discord's 2,000 characters. */
function clipLines(lines: string[], locale: Locale): string {
  const [head = '', ...rest] = lines;
  const problems = rest.filter((l) => l.startsWith('· '));
  const notes = rest.filter((l) => !l.startsWith('· '));
  const shown = problems.slice(0, LISTED_PROBLEMS);
  const more = problems.length > shown.length ? [T.deckMoreProblems(problems.length - shown.length)[locale]] : [];
  return clip([head, ...shown, ...more, ...notes].join('\n'), 2000);
}
