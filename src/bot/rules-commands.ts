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
import { GAME_IDS, type GameId } from '../engine/core/game.ts';
import { NOVA_CARDS, novaCardByName } from '../engine/games/nova/cards/pool.ts';
import type { NovaCard } from '../engine/games/nova/cards/schema.ts';
import { cardText, keywordName } from '../engine/games/nova/cards/text.ts';
import type { CardFace } from '../render/table-model.ts';
import type { RuleAnswer } from '../rules/answer.ts';
import { answerText } from '../rules/answer-text.ts';
import { importRules, type RulesImportReport, rulesImportConfigFromEnv } from '../rules/import.ts';
import { autocompleteRules, lookupRules } from '../rules/lookup.ts';
import { RulesIndexStore } from '../store/rules-index.ts';
import type { Store } from '../store/store.ts';
import type { BotContext } from './context.ts';
import { localeOf } from './i18n.ts';

const indexes = new WeakMap<Store, RulesIndexStore>();

function rulesIndex(store: Store): RulesIndexStore {
  let index = indexes.get(store);
  if (!index) {
    index = new RulesIndexStore(store.db);
    indexes.set(store, index);
  }
  return index;
}

/** At start: (re)import our reference and any official documents in RULES_DIR; unchanged files are skipped. */
export function importRulesAtStart(store: Store): RulesImportReport {
  return importRules(rulesIndex(store), rulesImportConfigFromEnv());
}

/** `/arbiter import-rules [force]` (server managers): import again after RULES_DIR's documents changed. */
export async function importRulesCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
    await interaction.editReply('Only server managers (Manage Server) can do this.');
    return;
  }
  const report = importRules(rulesIndex(ctx.store), rulesImportConfigFromEnv(), {
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

function gameOption(interaction: ChatInputCommandInteraction | AutocompleteInteraction): GameId {
  const raw = interaction.options.getString('game') ?? 'nova';
  return (GAME_IDS as readonly string[]).includes(raw) ? (raw as GameId) : 'nova';
}

/** A rule as an embed, with its cross-references as buttons that open them. */
function ruleMessage(answer: RuleAnswer) {
  const text = answerText(answer);
  const embed = new EmbedBuilder()
    .setTitle(text.title)
    .setDescription(text.description || '—')
    .setFooter({ text: text.footer });
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
          .setLabel(`${ref.number}${ref.title ? ` ${ref.title}` : ''}`.slice(0, 80))
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
  const found = lookupRules(rulesIndex(ctx.store), gameOption(interaction), query);
  if (!found.answer) {
    await interaction.editReply(
      locale === 'ja' ? `「${query}」に当たるルールは見つかりませんでした。` : `No rule matches "${query}".`,
    );
    return;
  }
  await interaction.editReply(ruleMessage(found.answer));
}

export async function rulesAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const partial = String(interaction.options.getFocused() ?? '');
  await interaction.respond(autocompleteRules(rulesIndex(ctx.store), gameOption(interaction), partial));
}

/** A cross-reference button: that rule, for the clicker only. */
export async function rulesButton(ctx: BotContext, interaction: ButtonInteraction): Promise<void> {
  const [, game, ...rest] = interaction.customId.split(':');
  const number = rest.join(':');
  const g = (GAME_IDS as readonly string[]).includes(game ?? '') ? (game as GameId) : 'nova';
  const found = lookupRules(rulesIndex(ctx.store), g, number);
  if (!found.answer) {
    await interaction.reply({ content: `Rule ${number} is not in the index.`, flags: MessageFlags.Ephemeral });
    return;
  }
  await interaction.reply({ ...ruleMessage(found.answer), flags: MessageFlags.Ephemeral });
}

const COLOUR_PIPS: [keyof NonNullable<NovaCard['cost']>, string][] = [
  ['red', 'red'],
  ['blue', 'blue'],
  ['green', 'green'],
  ['white', 'white'],
  ['black', 'black'],
];

/** The card-face model for the renderer (NOVA; other games add theirs when their engines land). */
function novaFace(card: NovaCard, locale: 'en' | 'ja'): CardFace {
  const cost: CardFace['cost'] = [];
  for (const [key, colour] of COLOUR_PIPS)
    for (let i = 0; i < (card.cost?.[key] ?? 0); i++) cost.push({ colour, text: '' });
  if ((card.cost?.generic ?? 0) > 0) cost.push({ colour: 'generic', text: String(card.cost?.generic) });
  const stats: CardFace['stats'] = [];
  if (card.atk !== undefined) stats.push({ label: 'ATK', value: card.atk });
  if (card.hp !== undefined) stats.push({ label: 'HP', value: card.hp });
  if (card.level !== undefined) stats.push({ label: locale === 'ja' ? 'Lv' : 'Level', value: card.level });
  const type = { servant: 'Servant', spell: 'Spell', 'magic-item': 'Magic Item', character: 'Character' }[card.type];
  const races = card.races.length > 0 ? ` — ${card.races.join(' / ')}` : '';
  return {
    game: 'nova',
    locale,
    name: card.name[locale],
    colours: [card.color],
    cost,
    typeLine: `${type}${races}`,
    text: cardText(card)[locale],
    stats,
  };
}

export async function cardCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const isPrivate = interaction.options.getBoolean('private') ?? false;
  await interaction.deferReply(isPrivate ? { flags: MessageFlags.Ephemeral } : {});
  const game = gameOption(interaction);
  const name = interaction.options.getString('name', true);
  if (game !== 'nova') {
    await interaction.editReply(
      locale === 'ja'
        ? 'このゲームのカードはまだありません（NOVAのみ）。'
        : 'Card look-up covers NOVA so far; the other games come with their engines.',
    );
    return;
  }
  const card = novaCardByName(name);
  if (!card) {
    await interaction.editReply(
      locale === 'ja' ? `「${name}」というカードは見つかりません。` : `No NOVA card is called "${name}".`,
    );
    return;
  }
  const text = cardText(card)[locale];
  const embed = new EmbedBuilder()
    .setTitle(card.name[locale])
    .setDescription(text || (locale === 'ja' ? '（能力なし）' : '(no abilities)'));
  // The rules of each keyword the card has (NOVA 1001–1005), from the rules index.
  for (const k of card.keywords.slice(0, 5)) {
    const word = keywordName(k)[locale].replace(/[【】.]/g, '');
    const found = lookupRules(rulesIndex(ctx.store), 'nova', word, 1).answer;
    if (found)
      embed.addFields({
        name: `${word} — ${found.number}`,
        value: answerText(found).description.slice(0, 1000) || '—',
      });
  }
  const files: AttachmentBuilder[] = [];
  if (ctx.renderer) {
    const png = await ctx.renderer('card', novaFace(card, locale));
    files.push(new AttachmentBuilder(png, { name: 'card.png' }));
    embed.setImage('attachment://card.png');
  }
  await interaction.editReply({ embeds: [embed], files });
}

export async function cardAutocomplete(_ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = String(interaction.options.getFocused() ?? '').toLowerCase();
  const choices = [...NOVA_CARDS.values()]
    .filter((c) => c.name.en.toLowerCase().includes(typed) || c.name.ja.includes(typed))
    .slice(0, 25)
    .map((c) => ({ name: `${c.name.en} / ${c.name.ja}`.slice(0, 100), value: c.name.en.slice(0, 100) }));
  await interaction.respond(choices);
}
