// `/settings guild` (server managers change, anyone may look) and `/settings user` (each player's own). Every
// answer is ephemeral, in the asker's language, and shows the settings as they now stand; a bad value is refused
// with what was wrong and nothing is saved.
import { type ChatInputCommandInteraction, MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { GameId } from '../engine/core/game.ts';
import type { Locale } from '../engine/core/label.ts';
import type { GameRegistry } from '../engine/registry.ts';
import type { GuildSettings, GuildSettingsPatch } from '../store/guild-settings.ts';
import type { UserPreferences, UserPreferencesPatch } from '../store/user-preferences.ts';
import type { BotContext } from './context.ts';
import { clip } from './controls.ts';
import { defaultStops, parseStops, stepsFor } from './game-steps.ts';
import { clientLocales, localeOf, T } from './i18n.ts';
import { dmRefusal, dmsSetting } from './notify.ts';

/** Below this a player cannot even open the hand and read it; 0 turns the timer off. */
export const MIN_DECISION_SECONDS = 10;

type Reply = { ok: true; lines: string[] } | { ok: false; error: string };

/**
 * The `/settings user` options, one entry each: how an option's value changes the preferences, and how the
 * preference reads. Later options (bot-resilience's `dms`, mapped to `dmNotifications`) add an entry here and an
 * option in commands/definitions.ts.
 */
export interface UserSettingOption {
  name: string;
  /** Applies the given option to the patch; returns an error text to refuse it. */
  apply(
    value: string | boolean | number,
    patch: UserPreferencesPatch,
    current: UserPreferences,
    locale: Locale,
  ): string | null;
  /** One line for the summary. */
  describe(prefs: UserPreferences, guild: GuildSettings, locale: Locale): string;
}

export const userSettingOptions: UserSettingOption[] = [
  {
    name: 'auto-pass',
    apply(value, patch) {
      patch.autoPass = value === 'default' ? undefined : value === 'on';
      return null;
    },
    describe(prefs, guild, locale) {
      const value = onOff(prefs.autoPass ?? guild.autoPass.enabled, locale);
      return setting(
        T.settingAutoPass[locale],
        prefs.autoPass === undefined ? T.fromServer(value)[locale] : value,
        locale,
      );
    },
  },
  {
    name: 'language',
    apply(value, patch) {
      patch.locale = value === 'en' || value === 'ja' ? value : undefined;
      return null;
    },
    describe(prefs, _guild, locale) {
      // The language by its name, never its code (issue 26: "言語: ja").
      return setting(
        T.settingLanguage[locale],
        prefs.locale ? LANGUAGE_NAMES[prefs.locale] : T.fromDiscord[locale],
        locale,
      );
    },
  },
  dmsSetting,
];

/** Languages by their own names, as a person reads them in either language. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ja: '日本語' };

/** "Name: value", with Japanese's full-width colon in Japanese (as the DM line writes it). */
function setting(name: string, value: string, locale: Locale): string {
  return `${name}${locale === 'ja' ? '：' : ': '}${value}`;
}

function onOff(on: boolean, locale: Locale): string {
  return on ? T.on[locale] : T.off[locale];
}

function stopsText(games: GameRegistry, game: GameId, stops: readonly string[] | undefined, locale: Locale): string {
  // None chosen: the game's default stops (game-steps.ts), said so.
  if (!stops) return T.gameDefault(stopsText(games, game, defaultStops(games, game), locale))[locale];
  if (stops.length === 0) return T.none[locale];
  const steps = stepsFor(games, game)?.steps ?? [];
  const nameOf = (id: string) => {
    const step = id.replace(/^(my|their):/, '');
    return steps.find((s) => s.id === step)?.name[locale] ?? step;
  };
  return stops.map((id) => `${id} (${nameOf(id)})`).join(', ');
}

/** "main1, end" → step ids for the game, or the refusal naming the unknown words and the valid ones. */
function stopsOption(
  games: GameRegistry,
  game: GameId,
  text: string,
  locale: Locale,
): { stops: string[] } | { error: string } {
  if (!stepsFor(games, game)) return { error: T.noStepsForGame(game)[locale] };
  const parsed = parseStops(games, game, text);
  if (!parsed.ok) {
    const words = parsed.unknown.length > 0 ? parsed.unknown.join(', ') : `"${text}"`;
    return { error: T.unknownStops(words, parsed.valid.join(', '))[locale] };
  }
  return { stops: parsed.stops };
}

function playableGame(ctx: BotContext, game: string): boolean {
  try {
    ctx.store.requireGame(game);
    return stepsFor(ctx.games, game) !== null;
  } catch {
    return false;
  }
}

function guildLines(games: GameRegistry, settings: GuildSettings, game: GameId, locale: Locale): string[] {
  const timer = settings.turnTimerSeconds;
  const lines = [
    `**${T.settingsGuildTitle[locale]}**`,
    setting(T.settingLocale[locale], LANGUAGE_NAMES[settings.locale], locale),
    setting(
      T.settingDefaultGame[locale],
      games.find(settings.defaultGame)?.name[locale] ?? settings.defaultGame,
      locale,
    ),
    setting(T.settingDecisionTime[locale], timer > 0 ? T.seconds(timer)[locale] : T.timerOff[locale], locale),
    setting(T.settingBankTime[locale], T.seconds(settings.bankSeconds)[locale], locale),
    setting(T.settingTimeouts[locale], String(settings.timeoutsToConcede), locale),
    setting(T.settingAutoPass[locale], onOff(settings.autoPass.enabled, locale), locale),
    setting(T.settingStops(game)[locale], stopsText(games, game, settings.autoPass.stops[game], locale), locale),
  ];
  if (settings.autoPass.enabled) lines.push('', T.autoPassExplained[locale], T.autoPassWarning[locale]);
  return lines;
}

async function guildSettings(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  guildId: string,
): Promise<Reply> {
  const locale = localeOf(interaction.locale);
  const o = interaction.options;
  const current = await ctx.store.guilds.get(guildId);
  const patch: GuildSettingsPatch = {};
  const game = (o.getString('game') ?? current.defaultGame) as GameId;
  const chosenLocale = o.getString('locale');
  if (chosenLocale === 'en' || chosenLocale === 'ja') patch.locale = chosenLocale;
  const defaultGame = o.getString('default-game');
  if (defaultGame !== null) {
    if (!playableGame(ctx, defaultGame)) {
      return { ok: false, error: T.gameUnavailable(defaultGame)[locale] };
    }
    patch.defaultGame = defaultGame;
  }
  const decision = o.getInteger('decision-seconds');
  if (decision !== null) {
    if (decision !== 0 && decision < MIN_DECISION_SECONDS) {
      return { ok: false, error: T.decisionTimeTooShort(MIN_DECISION_SECONDS)[locale] };
    }
    patch.turnTimerSeconds = decision;
  }
  const bank = o.getInteger('bank-seconds');
  if (bank !== null) patch.bankSeconds = bank;
  const timeouts = o.getInteger('timeouts');
  if (timeouts !== null) patch.timeoutsToConcede = timeouts;
  const autoPass = o.getBoolean('auto-pass');
  const stopsRaw = o.getString('stops');
  if (autoPass !== null || stopsRaw !== null) {
    const stops = { ...current.autoPass.stops };
    if (stopsRaw !== null) {
      const parsed = stopsOption(ctx.games, game, stopsRaw, locale);
      if ('error' in parsed) return { ok: false, error: parsed.error };
      stops[game] = parsed.stops;
    }
    patch.autoPass = { enabled: autoPass ?? current.autoPass.enabled, stops };
  }
  const changing = Object.keys(patch).length > 0;
  if (changing && !interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
    return { ok: false, error: T.settingsOnlyManagers[locale] };
  }
  const settings = changing ? await ctx.store.guilds.update(guildId, patch, ctx.now()) : current;
  return {
    ok: true,
    lines: [...(changing ? [T.settingsSaved[locale]] : []), ...guildLines(ctx.games, settings, game, locale)],
  };
}

async function userSettings(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  guildId: string,
): Promise<Reply> {
  const locale = localeOf(interaction.locale);
  const o = interaction.options;
  const userId = interaction.user.id;
  const guild = await ctx.store.guilds.get(guildId);
  const current = await ctx.store.preferences.get(guildId, userId);
  const game = (o.getString('game') ?? guild.defaultGame) as GameId;
  const patch: UserPreferencesPatch = {};
  for (const option of userSettingOptions) {
    const value = o.get(option.name)?.value;
    if (value === undefined) continue;
    const error = option.apply(value, patch, current, locale);
    if (error) return { ok: false, error };
  }
  const stopsRaw = o.getString('stops');
  if (stopsRaw !== null) {
    const stops = { ...current.stops };
    if (/^(default|既定)$/i.test(stopsRaw.trim())) delete stops[game];
    else {
      const parsed = stopsOption(ctx.games, game, stopsRaw, locale);
      if ('error' in parsed) return { ok: false, error: parsed.error };
      stops[game] = parsed.stops;
    }
    patch.stops = stops;
  }
  const changing = Object.keys(patch).length > 0;
  const prefs = changing ? await ctx.store.preferences.update(guildId, userId, patch, ctx.now()) : current;
  // The answer follows the language just chosen (the client's own when the choice was taken back).
  const shown: Locale = prefs.locale ?? localeOf(clientLocales.get(interaction) ?? interaction.locale);
  const userStops = prefs.stops[game];
  const stopsLine = setting(
    T.settingStops(game)[shown],
    userStops
      ? stopsText(ctx.games, game, userStops, shown)
      : T.fromServer(stopsText(ctx.games, game, guild.autoPass.stops[game], shown))[shown],
    shown,
  );
  const lines = [
    ...(changing ? [T.settingsSaved[shown]] : []),
    `**${T.settingsUserTitle[shown]}**`,
    ...userSettingOptions.map((option) => option.describe(prefs, guild, shown)),
    stopsLine,
  ];
  if (prefs.autoPass ?? guild.autoPass.enabled) lines.push('', T.autoPassExplained[shown], T.autoPassWarning[shown]);
  return { ok: true, lines };
}

export async function settingsCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const guildId = interaction.guildId;
  if (!guildId) {
    await interaction.reply({ content: T.onlyInGuild[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  const sub = interaction.options.getSubcommand(false);
  // Turning DMs on tries a DM first (notify.ts), which may take a moment: defer.
  const testDm = sub === 'user' && interaction.options.getBoolean('dms') === true;
  if (testDm) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const refusal = testDm ? await dmRefusal(ctx, interaction) : null;
  const reply: Reply = refusal
    ? { ok: false, error: refusal }
    : sub === 'user'
      ? await userSettings(ctx, interaction, guildId)
      : await guildSettings(ctx, interaction, guildId);
  const content = clip(reply.ok ? reply.lines.join('\n') : `⚠️ ${reply.error}`, 2000);
  if (testDm) await interaction.editReply(content);
  else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}
