// `/deck list|show|import|delete|validate` and the deck autocomplete. Answers are ephemeral.
import { type AutocompleteInteraction, type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { GAME_IDS, type GameId } from '../engine/core/game.ts';
import type { BotContext } from './context.ts';
import { clip } from './controls.ts';
import { parseDeckText, preconsOf } from './decks.ts';
import { localeOf, T } from './i18n.ts';

function gameOption(interaction: ChatInputCommandInteraction | AutocompleteInteraction): GameId {
  const raw = interaction.options.getString('game');
  return raw && (GAME_IDS as readonly string[]).includes(raw) ? (raw as GameId) : 'nova';
}

export async function deckCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const guildId = interaction.guildId;
  if (!guildId) {
    await interaction.editReply(T.onlyInGuild[locale]);
    return;
  }
  const userId = interaction.user.id;
  const game = gameOption(interaction);
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
      const name = interaction.options.getString('name', true);
      const file = interaction.options.getAttachment('file');
      let text = interaction.options.getString('list') ?? '';
      try {
        if (file) text = await (await fetch(file.url)).text();
        const saved = ctx.store.decks.save(guildId, userId, game, name, parseDeckText(text), ctx.now());
        const problems = saved.problems.map((p) => `· ${p.message[locale]} (${p.rule})`);
        await reply([T.deckSaved(saved.name, saved.legal)[locale], ...problems].join('\n'));
      } catch (error) {
        await reply(T.badDeckFile((error as Error).message)[locale]);
      }
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
  const game = gameOption(interaction);
  const saved = interaction.guildId ? ctx.store.decks.list(interaction.guildId, interaction.user.id, game) : [];
  const choices = [
    ...saved.map((d) => ({ name: clip(d.name, 100), value: d.name })),
    ...preconsOf(ctx.precons, game).map((d) => ({ name: clip(`${d.name.en} (${d.id})`, 100), value: d.id })),
  ].filter((c) => c.name.toLowerCase().includes(typed));
  await interaction.respond(choices.slice(0, 25));
}
