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
import { preconsOf, readDeckText } from './decks.ts';
import { localeOf, T } from './i18n.ts';

/** Discord's limit for a text input's value (and so for a list typed in the form). */
export const FORM_LIST_MAX = 4000;
const DECK_NAME_MAX = 80;
/** Problems listed in one answer (Discord's 2,000 characters). */
const LISTED_PROBLEMS = 15;
/** Drafts kept per bot (one per user and guild, the newest). */
const MAX_DRAFTS = 1000;

/** custom_ids: the form, and the "Edit and try again" button under a refused or illegal import. */
export const deckFormId = (game: GameId) => `deck:import:${game}`;
export const deckEditId = (game: GameId) => `deck:edit:${game}`;

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
      const saved = ctx.store.decks.list(guildId, userId, game);
      const precons = preconsOf(ctx.precons, game).map((d) => `\`${d.id}\` ${d.name[locale]}`);
      const own = saved.map((d) => `\`${d.name}\`${d.legal ? '' : ' ⚠️'}`);
      await reply([own.length > 0 ? own.join('\n') : T.noDecks[locale], '', ...precons].join('\n'));
      return;
    }
    case 'show':
    case 'validate': {
      const name = interaction.options.getString('name', true);
      const deck = ctx.store.decks.get(guildId, userId, game, name);
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
      try {
        if (file) text = await (await fetch(file.url)).text();
      } catch (error) {
        await reply(T.badDeckFile((error as Error).message)[locale]);
        return;
      }
      await interaction.editReply(importDeck(ctx, { guildId, userId, game }, { name, text }, locale, false));
      return;
    }
    case 'delete': {
      const name = interaction.options.getString('name', true);
      const gone = ctx.store.decks.delete(guildId, userId, game, name);
      await reply(gone ? T.deckDeleted(name)[locale] : T.unknownDeck(name)[locale]);
      return;
    }
  }
}

/** Deck names: the user's saved decks and the game's precons that contain what was typed. */
export async function deckAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = interaction.options.getFocused().toLowerCase();
  const game = gameOption(ctx, interaction);
  const saved = interaction.guildId ? ctx.store.decks.list(interaction.guildId, interaction.user.id, game) : [];
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
  await interaction.editReply(importDeck(ctx, where, draft, locale, true));
}

/** "Edit and try again": the form again, with the draft that was not saved as a legal deck. */
export async function deckEditButton(ctx: BotContext, interaction: ButtonInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const game = deckGameOf(ctx.games, interaction.customId);
  const draft = interaction.guildId ? draftsOf(ctx).get(`${interaction.guildId}:${interaction.user.id}`) : undefined;
  if (!game || !draft) {
    await interaction.reply({ content: T.deckDraftGone[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  await interaction.showModal(deckForm(ctx, game, draft, locale));
}

interface ImportAnswer {
  content: string;
  components: ActionRowBuilder<ButtonBuilder>[];
  files: AttachmentBuilder[];
}

/**
 * Reads, validates and saves a deck list; the answer names every problem with its line. A list with unreadable lines
 * is not saved: the answer gives it back as a file and an "Edit and try again" button reopens the form with it.
 */
export function importDeck(
  ctx: BotContext,
  where: { guildId: string; userId: string; game: GameId },
  draft: Draft,
  locale: Locale,
  fromForm: boolean,
): ImportAnswer {
  const name = draft.name.trim();
  const pool = cardPool(where.game, ctx.games);
  const read = readDeckText(draft.text, (id) => pool?.byId(id)?.name.en);
  const lines: string[] = [];
  let stored = false;
  let legal = false;
  if (!name) {
    lines.push(T.deckNameMissing[locale]);
  } else if (!read.list) {
    lines.push(T.deckNotSaved[locale]);
    for (const p of read.problems)
      lines.push(`· ${p.line > 0 ? `${T.deckLine(p.line, clip(p.text, 60))[locale]}: ` : ''}${p.reason[locale]}`);
  } else {
    try {
      const deck = ctx.store.decks.save(where.guildId, where.userId, where.game, name, read.list, ctx.now());
      stored = true;
      legal = deck.legal;
      const counts = Object.entries(deck.list).map(([section, cards]) => `${section} ${cards.length}`);
      lines.push(`${T.deckSaved(deck.name, deck.legal)[locale]} (${counts.join(' · ')})`);
      for (const p of deck.problems) {
        const at = read.linesOf(p.section, p.card).map((l) => T.deckLine(l.line, clip(l.text, 60))[locale]);
        lines.push(`· ${at.length > 0 ? `${at.join(', ')}: ` : ''}${p.message[locale]} (${p.rule})`);
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
  all.set(key, draft);
  if (all.size > MAX_DRAFTS) all.delete(all.keys().next().value as string);
  const edit = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(deckEditId(where.game)).setLabel(T.deckEdit[locale]).setStyle(ButtonStyle.Primary),
  );
  // Nothing was saved: the list comes back as a file, so a restart cannot lose it either.
  const files =
    stored || !draft.text ? [] : [new AttachmentBuilder(Buffer.from(draft.text, 'utf8'), { name: 'deck-list.txt' })];
  return { content: clipLines(lines, locale), components: draft.text.length <= FORM_LIST_MAX ? [edit] : [], files };
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
