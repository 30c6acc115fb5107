// `/rules` and `/card` (issue 8): answers from the rules index (official documents when RULES_DIR is set, our own
// reference always), cross-references as buttons, and card look-up with the rendered card face. Rule text is
// public information, so these answers may be public; `private: True` keeps one to the asker.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  type AutocompleteInteraction,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
} from 'discord.js';
import { type CardMatch, cardPool, findCard, gamesWithCardPools, searchCards } from '../engine/cards-registry.ts';
import { DEFAULT_GAME_ID, type GameId } from '../engine/core/game.ts';
import type { GameRegistry } from '../engine/registry.ts';
import { cardFace } from '../render/games/card-faces.ts';
import type { RuleAnswer } from '../rules/answer.ts';
import { type AnswerLocale, answerText, namedRule } from '../rules/answer-text.ts';
import { importRules, type RulesImportReport, rulesImportConfigFromEnv } from '../rules/import.ts';
import { autocompleteRules, lookupRules, lookupRulesEverywhere } from '../rules/lookup.ts';
import type { RulesIndexStore } from '../store/rules-index.ts';
import type { BotContext } from './context.ts';
import { localeOf } from './i18n.ts';

/** At start: (re)import our reference and any official documents in RULES_DIR; unchanged files are skipped. */
export function importRulesAtStart(index: RulesIndexStore): RulesImportReport {
  return importRules(index, rulesImportConfigFromEnv());
}

/** `/arbiter import-rules [force]` (server managers): import again after RULES_DIR's documents changed. */
export async function importRulesCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
    await interaction.editReply('Only server managers (Manage Server) can do this.');
    return;
  }
  const report = importRules(ctx.rules, rulesImportConfigFromEnv(), {
    force: interaction.options.getBoolean('force') ?? false,
  });
  const lines = [
    ...report.official.map(
      (o) =>
        `${o.game}: official ${o.status}${o.version ? ` (v${o.version}${o.date ? `, ${o.date}` : ''})` : ''}${o.status === 'imported' ? `, ${o.rules} rules` : ''}`,
    ),
    ...report.references.map(
      (r) => `${r.game}: reference ${r.status}${r.status === 'imported' ? `, ${r.entries} entries` : ''}`,
    ),
    ...report.skipped.map((f) => `skipped ${f} (not a known rules document)`),
    ...report.problems.map((p) => `problem: ${p}`),
  ];
  if (report.official.length === 0) lines.unshift('No official documents: RULES_DIR is not set or holds none.');
  await interaction.editReply(lines.join('\n').slice(0, 1900));
}

async function gameOption(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction | AutocompleteInteraction,
): Promise<GameId> {
  const raw = interaction.options.getString('game');
  if (raw && ctx.games.find(raw)) return raw;
  // No game chosen: the match's in this thread, else the server's default.
  const match = interaction.channelId ? await ctx.store.matches.matchIn(interaction.channelId) : null;
  if (match) return match.game;
  const guildGame = interaction.guildId
    ? (await ctx.store.guilds.get(interaction.guildId)).defaultGame
    : DEFAULT_GAME_ID;
  return ctx.games.find(guildGame) ? guildGame : DEFAULT_GAME_ID;
}

/**
 * The game `/rules` searches: the one chosen, else the match's in this thread, else the server's default; `chosen`
 * says whether the user named it (otherwise every game is searched when that one has no answer).
 */
async function rulesGame(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
): Promise<{ game: GameId; chosen: boolean }> {
  const raw = interaction.options.getString('game');
  return { game: await gameOption(ctx, interaction), chosen: raw !== null && ctx.games.find(raw) !== undefined };
}

/** A rule as an embed (labelled with its game), with its cross-references as buttons that open them. */
function ruleMessage(answer: RuleAnswer, locale: AnswerLocale, gameName?: string) {
  const text = answerText(answer, locale);
  const embed = new EmbedBuilder()
    .setTitle(text.title)
    .setDescription(text.description || '—')
    .setFooter({ text: text.footer });
  if (gameName) embed.setAuthor({ name: gameName });
  if (text.fields.length > 0) embed.addFields(text.fields.slice(0, 25));
  const refs = answer.references.slice(0, 10);
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < refs.length; i += 5) {
    const row = new ActionRowBuilder<ButtonBuilder>();
    for (const ref of refs.slice(i, i + 5)) {
      const id = `rule:${answer.game}:${ref.number}`;
      if (id.length > 100) continue;
      row.addComponents(
        new ButtonBuilder()
          .setCustomId(id)
          .setLabel(namedRule(ref, locale).slice(0, 80))
          .setStyle(ButtonStyle.Secondary),
      );
    }
    if (row.components.length > 0) rows.push(row);
  }
  return { embeds: [embed], components: rows };
}

export async function rulesCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const isPrivate = interaction.options.getBoolean('private') ?? false;
  await interaction.deferReply(isPrivate ? { flags: MessageFlags.Ephemeral } : {});
  const query = interaction.options.getString('query', true);
  const { game, chosen } = await rulesGame(ctx, interaction);
  const index = ctx.rules;
  const found = chosen ? lookupRules(index, game, query) : lookupRulesEverywhere(index, game, query);
  if (!found.answer) {
    await interaction.editReply(
      locale === 'ja' ? `「${query}」に当たるルールは見つかりませんでした。` : `No rule matches "${query}".`,
    );
    return;
  }
  const gameName = ctx.games.find(found.game)?.name[locale] ?? found.game;
  // A number the document lacks is answered with its nearest ancestor, and says so.
  const nearest = found.nearestTo
    ? locale === 'ja'
      ? `${gameName}に${found.nearestTo}はありません。いちばん近いルールは${found.answer.number}です。`
      : `${gameName} has no rule ${found.nearestTo}; the nearest is ${found.answer.number}.`
    : undefined;
  await interaction.editReply({
    ...ruleMessage(found.answer, locale, gameName),
    ...(nearest ? { content: nearest } : {}),
  });
}

export async function rulesAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const partial = String(interaction.options.getFocused() ?? '');
  await interaction.respond(autocompleteRules(ctx.rules, await gameOption(ctx, interaction), partial));
}

/** A cross-reference button: that rule, for the clicker only. */
export async function rulesButton(ctx: BotContext, interaction: ButtonInteraction): Promise<void> {
  const [, game, ...rest] = interaction.customId.split(':');
  const number = rest.join(':');
  const g = game && ctx.games.find(game) ? game : DEFAULT_GAME_ID;
  const found = lookupRules(ctx.rules, g, number);
  if (!found.answer) {
    await interaction.reply({ content: `Rule ${number} is not in the index.`, flags: MessageFlags.Ephemeral });
    return;
  }
  await interaction.reply({
    ...ruleMessage(found.answer, localeOf(interaction.locale)),
    flags: MessageFlags.Ephemeral,
  });
}

/**
 * Which card `/card` means: an autocomplete value (`mtg:kiln-bolt`), or a typed name in the chosen game, or, with no
 * game chosen, the first pool (in the registry's order) that has a card of that name.
 */
function resolveCard(
  games: GameRegistry,
  rawGame: string | null,
  name: string,
): CardMatch | { error: 'game' | 'card'; game?: GameId } {
  // An autocomplete value names its game, which wins over the game option (changed after choosing, say).
  const prefixed = /^([a-z]+):([a-z0-9-]+)$/.exec(name.trim());
  const prefixGame = prefixed?.[1] ?? '';
  if (prefixed && games.find(prefixGame)) {
    const card = findCard(prefixGame, prefixed[2] ?? '', games);
    if (card) return { game: prefixGame, card };
  }
  if (rawGame !== null) {
    if (!cardPool(rawGame, games)) return { error: 'game' };
    const card = findCard(rawGame, name, games);
    return card ? { game: rawGame, card } : { error: 'card', game: rawGame };
  }
  for (const game of gamesWithCardPools(games)) {
    const card = findCard(game, name, games);
    if (card) return { game, card };
  }
  return { error: 'card' };
}

export async function cardCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const isPrivate = interaction.options.getBoolean('private') ?? false;
  await interaction.deferReply(isPrivate ? { flags: MessageFlags.Ephemeral } : {});
  const rawGame = interaction.options.getString('game');
  const name = interaction.options.getString('name', true);
  const found = resolveCard(ctx.games, rawGame, name);
  if ('error' in found) {
    const pools = gamesWithCardPools(ctx.games).join(', ');
    if (found.error === 'game') {
      await interaction.editReply(
        locale === 'ja'
          ? `「${rawGame}」のカードはありません。カードを調べられるゲーム：${pools}`
          : `There are no cards for "${rawGame}". Games with cards: ${pools}.`,
      );
      return;
    }
    // Suggestions: names containing what was typed, else names containing one of its words.
    const games = found.game ? [found.game] : gamesWithCardPools(ctx.games);
    let near = searchCards(games, name, 3, ctx.games);
    for (const word of name.split(/\s+/).filter((w) => w.length >= 3)) {
      if (near.length > 0) break;
      near = searchCards(games, word, 3, ctx.games);
    }
    const nearNames = near.map((m) => m.card.name[locale]);
    const where = found.game ? ctx.games.get(found.game).name[locale] : '';
    const hint =
      nearNames.length > 0
        ? locale === 'ja'
          ? ` 候補：${nearNames.join('、')}`
          : ` Did you mean: ${nearNames.join(', ')}?`
        : '';
    await interaction.editReply(
      (locale === 'ja'
        ? `「${name}」という${where}カードは見つかりません。`
        : `No ${where ? `${where} ` : ''}card is called "${name}".`) + hint,
    );
    return;
  }
  const { game, card } = found;
  const pool = cardPool(game, ctx.games);
  if (!pool) return;
  const text = pool.text(card)[locale];
  const embed = new EmbedBuilder()
    .setTitle(card.name[locale])
    .setDescription(text || (locale === 'ja' ? '（能力なし）' : '(no abilities)'))
    .setFooter({ text: ctx.games.get(game).name[locale] });
  // The rules of each keyword the card has, from the rules index (official document first, else our reference).
  for (const k of pool.keywords(card).slice(0, 5)) {
    const rule = lookupRules(ctx.rules, game, k.rule, 1).answer;
    if (rule)
      embed.addFields({
        name: `${k.name[locale]} — ${rule.number}`,
        value: answerText(rule, locale).description.slice(0, 1000) || '—',
      });
  }
  const files: AttachmentBuilder[] = [];
  const face = cardFace(game, card, locale, ctx.games);
  if (ctx.renderer && face) {
    const png = await ctx.renderer('card', face);
    files.push(new AttachmentBuilder(png, { name: 'card.png' }));
    embed.setImage('attachment://card.png');
  }
  await interaction.editReply({ embeds: [embed], files });
}

/** Names in the chosen game's pool (every pool when no game is chosen), the user's language first. */
export async function cardAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const other = locale === 'ja' ? 'en' : 'ja';
  const typed = String(interaction.options.getFocused() ?? '');
  const rawGame = interaction.options.getString('game');
  const games = rawGame === null ? gamesWithCardPools(ctx.games) : ctx.games.find(rawGame) ? [rawGame] : [];
  const choices = searchCards(games, typed, 25, ctx.games).map(({ game, card }) => ({
    name: `${card.name[locale]} / ${card.name[other]}${games.length > 1 ? ` · ${ctx.games.get(game).name[locale]}` : ''}`.slice(
      0,
      100,
    ),
    value: `${game}:${card.id}`.slice(0, 100),
  }));
  await interaction.respond(choices);
}
