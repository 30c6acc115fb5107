// The one `interactionCreate` entry point: decode, dispatch, and make sure every interaction is answered.

import { type Interaction, Locale, MessageFlags } from 'discord.js';
import { guildDeleteData, guildExportData, matchAbort, matchExport, matchInspect } from './admin-commands.ts';
import { duelAi } from './ai-duel.ts';
import { showCardDetails } from './card-details.ts';
import { acceptWithDeck, answerChallenge, challenge, practice } from './challenge.ts';
import type { BotContext } from './context.ts';
import { type ControlId, decodeControl, decodeNumberModal } from './custom-id.ts';
import { deckAutocomplete, deckCommand, deckEditButton, deckFormSubmit } from './deck-commands.ts';
import { clientLocales, localeOf, T } from './i18n.ts';
import { hereButton, judgeButton, leagueAutocomplete, leagueCommand, ratingCommand } from './league/league-commands.ts';
import {
  concede,
  matchStatus,
  onConcedeAnswer,
  onMatchControl,
  onNumberModal,
  openNumberModal,
  showHand,
  showLog,
} from './play.ts';
import { matchResume } from './resume.ts';
import {
  cardAutocomplete,
  cardCommand,
  importRulesCommand,
  rulesAutocomplete,
  rulesButton,
  rulesCommand,
} from './rules-commands.ts';
import { settingsCommand } from './settings-command.ts';

export async function routeInteraction(ctx: BotContext, interaction: Interaction): Promise<void> {
  try {
    await dispatch(ctx, interaction);
  } catch (error) {
    ctx.log(`interaction ${interaction.id} failed: ${(error as Error).stack ?? String(error)}`);
    if (!interaction.isRepliable()) return;
    const content = T.somethingWrong[localeOf(interaction.locale)];
    try {
      if (interaction.deferred || interaction.replied)
        await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
      else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
    } catch {
      // The interaction may have expired; the log line above is all we can do.
    }
  }
}

async function dispatch(ctx: BotContext, interaction: Interaction): Promise<void> {
  await applyLanguageOverride(ctx, interaction);
  ctx.notifier.rememberLocale(interaction.user.id, interaction.locale);
  if (interaction.isChatInputCommand()) {
    const sub = interaction.options.getSubcommand(false);
    switch (`${interaction.commandName}${sub ? ` ${sub}` : ''}`) {
      case 'duel challenge':
        return challenge(ctx, interaction);
      case 'duel practice':
        return practice(ctx, interaction);
      case 'duel ai':
        return duelAi(ctx, interaction);
      case 'concede':
        return concede(ctx, interaction);
      case 'match status':
        return matchStatus(ctx, interaction);
      case 'match abort':
        return matchAbort(ctx, interaction);
      case 'match inspect':
        return matchInspect(ctx, interaction);
      case 'match export':
        return matchExport(ctx, interaction);
      case 'match resume':
        return matchResume(ctx, interaction);
      case 'rules':
        return rulesCommand(ctx, interaction);
      case 'card':
        return cardCommand(ctx, interaction);
      case 'arbiter import-rules':
        return importRulesCommand(ctx, interaction);
      case 'arbiter export-data':
        return guildExportData(ctx, interaction);
      case 'arbiter delete-data':
        return guildDeleteData(ctx, interaction);
      case 'settings guild':
      case 'settings user':
        return settingsCommand(ctx, interaction);
      default:
        if (interaction.commandName === 'deck') return deckCommand(ctx, interaction);
        if (interaction.commandName === 'league') return leagueCommand(ctx, interaction);
        if (interaction.commandName === 'rating') return ratingCommand(ctx, interaction);
        await interaction.reply({
          content: `Unknown command /${interaction.commandName}`,
          flags: MessageFlags.Ephemeral,
        });
        return;
    }
  }
  if (interaction.isAutocomplete()) {
    if (interaction.commandName === 'rules') return rulesAutocomplete(ctx, interaction);
    if (interaction.commandName === 'card') return cardAutocomplete(ctx, interaction);
    if (interaction.commandName === 'league') return leagueAutocomplete(ctx, interaction);
    return deckAutocomplete(ctx, interaction);
  }
  if (interaction.isModalSubmit()) {
    if (interaction.customId.startsWith('deck:import:')) return deckFormSubmit(ctx, interaction);
    if (decodeNumberModal(interaction.customId)) return onNumberModal(ctx, interaction);
    await interaction.reply({ content: T.outOfDate[localeOf(interaction.locale)], flags: MessageFlags.Ephemeral });
    return;
  }
  if (interaction.isButton() && interaction.customId.startsWith('deck:edit:')) return deckEditButton(ctx, interaction);
  if (interaction.isButton() && interaction.customId.startsWith('rule:')) return rulesButton(ctx, interaction);
  if (interaction.isButton() && interaction.customId.startsWith('lg:here:')) return hereButton(ctx, interaction);
  if (interaction.isButton() && interaction.customId.startsWith('lg:judge:')) return judgeButton(ctx, interaction);
  if (interaction.isButton() || interaction.isStringSelectMenu()) {
    const control = decodeControl(interaction.customId);
    if (!control) {
      await interaction.reply({ content: T.outOfDate[localeOf(interaction.locale)], flags: MessageFlags.Ephemeral });
      return;
    }
    if (control.kind === 'challenge') {
      if (interaction.isButton()) return answerChallenge(ctx, interaction, control);
      return;
    }
    if (control.kind === 'challenge-deck') {
      if (interaction.isStringSelectMenu()) return acceptWithDeck(ctx, interaction, control.messageId);
      return;
    }
    if (control.kind === 'concede') {
      if (interaction.isButton()) return onConcedeAnswer(ctx, interaction, control);
      return;
    }
    if (control.kind === 'hand') {
      if (interaction.isButton()) return showHand(ctx, interaction, control.matchId);
      return;
    }
    if (control.kind === 'log') {
      if (interaction.isButton()) return showLog(ctx, interaction, control.matchId, control.page);
      return;
    }
    if (control.kind === 'card-details') return showCardDetails(ctx, interaction, control.matchId);
    // A decision's controls are only ever sent on their owner's ephemeral message: one arriving on a public message
    // (the board, a challenge) was forged, and is answered privately without touching that message.
    if (DECISION_CONTROLS.has(control.kind) && !interaction.message.flags.has(MessageFlags.Ephemeral)) {
      await interaction.reply({ content: T.outOfDate[localeOf(interaction.locale)], flags: MessageFlags.Ephemeral });
      return;
    }
    // A modal is the first answer to its click: it opens before anything is deferred.
    if (control.kind === 'number-modal' && interaction.isButton()) return openNumberModal(ctx, interaction, control);
    return onMatchControl(ctx, interaction, control);
  }
}

/** The controls that answer or page a decision (custom-id.ts): sent only on the deciding player's ephemeral message. */
const DECISION_CONTROLS: ReadonlySet<ControlId['kind']> = new Set<ControlId['kind']>([
  'option',
  'none',
  'multi',
  'pick',
  'done',
  'reset',
  'back',
  'adjust',
  'slot',
  'number',
  'number-modal',
  'page',
  'pass-mode',
  'outdated',
]);

/**
 * A user's language from `/settings user language` replaces their client's for everything the bot says to them:
 * every handler reads `interaction.locale`, so it is set here once (a plain data field of discord.js interactions).
 */
async function applyLanguageOverride(ctx: BotContext, interaction: Interaction): Promise<void> {
  if (!interaction.guildId) return;
  const chosen = (await ctx.store.preferences.get(interaction.guildId, interaction.user.id)).locale;
  if (!chosen) return;
  clientLocales.set(interaction, interaction.locale);
  interaction.locale = chosen === 'ja' ? Locale.Japanese : Locale.EnglishUS;
}
