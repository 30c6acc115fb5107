// `/duel challenge` and `/duel practice`. A challenge (who, whom, game, deck, expiry) is a row in the store keyed by
// the command's interaction id; its buttons carry only that key, so the challenger's deck is never sent to Discord
// (any client in the channel can read a custom_id), and a click counts only from the message the challenge was posted
// as (its interaction metadata names the key). It survives restarts. On accept the match gets a thread started from the
// challenge message: Discord gives that thread the message's id, which becomes the match id, so a second accept
// (double click, two processes) cannot create a second match.

import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  type Message,
  type MessageActionRowComponentBuilder,
  MessageFlags,
  StringSelectMenuBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { AiLevel } from '../ai/levels.ts';
import { DEFAULT_GAME_ID, type GameId, type Seat } from '../engine/core/game.ts';
import { isAiPlayerId } from '../store/ai-seats.ts';
import type { OpenChallenge } from '../store/challenges.ts';
import { forgetBefore } from './clock.ts';
import type { BotContext } from './context.ts';
import { displayName } from './context.ts';
import { clip } from './controls.ts';
import { type ControlId, decodeControl, encodeControl } from './custom-id.ts';
import { chooseDeck, type DeckChoice, preconsOf } from './decks.ts';
import { isPermissionError } from './discord-errors.ts';
import { localeOf, T } from './i18n.ts';
import { botPermissionsIn, matchChannelNeeds, missingBits, refusedForPermissions } from './permissions.ts';

const COOLDOWN_WORDS = {
  wait: (seconds: number) => ({
    en: `You challenged someone moments ago: you can send another challenge in ${seconds} s.`,
    ja: `少し前に対戦を申し込んだばかりです。あと${seconds}秒で次の申し込みができます。`,
  }),
  tooMany: (who: string, max: number) => ({
    en: `${who} already has ${max} matches going in this server: finish or /concede one first.`,
    ja: `${who}はこのサーバーで進行中の対戦がすでに${max}件あります。先にどれかを終えるか /concede してください。`,
  }),
};

/** Active matches one person may have in a server at once by default (practice included): abandoned ones cannot pile up. */
export const MAX_OPEN_MATCHES = 5;

/** The first of `userIds` who has `ctx.maxOpenMatches` active matches in the guild, or null. */
async function atMatchCap(ctx: BotContext, guildId: string, userIds: readonly string[]): Promise<string | null> {
  for (const id of userIds) {
    if ((await ctx.store.matches.activeMatchesOf(guildId, id)).length >= ctx.maxOpenMatches) return id;
  }
  return null;
}

/** A challenger's remaining cooldown in whole seconds (rounded up), or 0 when they may challenge. */
function cooldownLeft(ctx: BotContext, guildId: string, userId: string): number {
  const last = ctx.challengeCooldowns.get(`${guildId}:${userId}`);
  if (last === undefined) return 0;
  return Math.max(0, Math.ceil((last + ctx.challengeCooldownMs - ctx.now()) / 1000));
}

/** Discord refused to start the match (a permission): tell the user what is missing, and the managers. */
async function permissionRefusal(ctx: BotContext, guildId: string, channelId: string, locale: 'en' | 'ja') {
  const needs = matchChannelNeeds(ctx.renderer !== null);
  const missing = missingBits(await botPermissionsIn(ctx.client, channelId), needs);
  return {
    text: ctx.permissions.userText(channelId, missing, locale),
    tellAdmins: () => ctx.permissions.tellAdmins(guildId, channelId, missing),
  };
}

type ChallengeControl = Extract<ControlId, { kind: 'challenge' }>;

/**
 * The challenge a click on `message` names, or null when there is none or the control does not belong to the message:
 * a reply's interaction metadata is the id of the command that posted it, which is the challenge's key.
 */
async function challengeOn(ctx: BotContext, message: Message, key: string): Promise<OpenChallenge | null> {
  if (!key || message.interactionMetadata?.id !== key) return null;
  const c = await ctx.store.challenges.get(key);
  return c && c.channelId === message.channelId ? c : null;
}

const INTERACTION_TOKEN_MS = 15 * 60_000;

/** Challenge messages whose accept is being processed here: a second click is acknowledged and ignored. */
const accepting = new Set<string>();

export function gameOf(ctx: BotContext, raw: string | null): GameId | null {
  const game = raw ?? DEFAULT_GAME_ID;
  if (!ctx.games.find(game)) return null;
  try {
    ctx.store.requireGame(game);
    return game;
  } catch {
    return null;
  }
}

export async function challenge(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const fail = (text: string) => interaction.reply({ content: text, flags: MessageFlags.Ephemeral });
  if (!interaction.guildId) return void (await fail(T.onlyInGuild[locale]));
  if (interaction.channel?.isThread()) return void (await fail(T.notInThread[locale]));
  const opponent = interaction.options.getUser('opponent', true);
  if (opponent.id === interaction.user.id) return void (await fail(T.challengeSelf[locale]));
  if (opponent.bot) return void (await fail(T.challengeBot[locale]));
  const wait = cooldownLeft(ctx, interaction.guildId, interaction.user.id);
  if (wait > 0) return void (await fail(COOLDOWN_WORDS.wait(wait)[locale]));
  const full = await atMatchCap(ctx, interaction.guildId, [interaction.user.id, opponent.id]);
  if (full) return void (await fail(COOLDOWN_WORDS.tooMany(await displayName(ctx, full), ctx.maxOpenMatches)[locale]));
  if (await refusedForPermissions(ctx, interaction, locale, fail)) return;
  const rawGame =
    interaction.options.getString('game') ?? (await ctx.store.guilds.get(interaction.guildId)).defaultGame;
  const game = gameOf(ctx, rawGame);
  if (!game) return void (await fail(T.gameUnavailable(rawGame ?? '?')[locale]));
  const deck = await chooseDeck(
    ctx.store,
    ctx.precons,
    { guildId: interaction.guildId, userId: interaction.user.id, game },
    interaction.options.getString('deck'),
  );
  if (!deck.ok) return void (await fail(deck.reason[locale]));
  const base = { kind: 'challenge' as const, key: interaction.id };
  const shared = (await ctx.store.guilds.get(interaction.guildId)).locale;
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeControl({ ...base, answer: 'accept' }))
      .setLabel(T.accept[shared])
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(encodeControl({ ...base, answer: 'choose' }))
      .setLabel(T.acceptWithDeck[shared])
      .setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeControl({ ...base, answer: 'decline' }))
      .setLabel(T.decline[shared])
      .setStyle(ButtonStyle.Danger),
  );
  await ctx.store.challenges.open(
    {
      key: interaction.id,
      guildId: interaction.guildId,
      channelId: interaction.channelId,
      challenger: interaction.user.id,
      opponent: opponent.id,
      game,
      deck: deck.ref,
      expiresAt: ctx.now() + ctx.challengeTtlMs,
    },
    ctx.now(),
  );
  const gameName = ctx.games.get(game).name[shared];
  const minutes = Math.round(ctx.challengeTtlMs / 60_000);
  // The cooldown starts now, before the reply, so two quick commands cannot both get through.
  if (ctx.challengeCooldownMs > 0) {
    // Challengers past their cooldown are forgotten as others come, so the map holds only the last few seconds.
    forgetBefore(ctx.challengeCooldowns, ctx.now() - ctx.challengeCooldownMs);
    ctx.challengeCooldowns.set(`${interaction.guildId}:${interaction.user.id}`, ctx.now());
  }
  await interaction.reply({
    content: T.challenge(`<@${interaction.user.id}>`, `<@${opponent.id}>`, gameName, minutes)[shared],
    components: [row],
    allowedMentions: { users: [opponent.id] },
  });
  expireLater(ctx, interaction, T.expired[shared]);
}

/**
 * Greys out an unanswered challenge when it expires, through the command's own token (valid 15 minutes). Best
 * effort: after a restart the timer is gone, and a late click is still refused by the expiry kept in the store.
 */
function expireLater(ctx: BotContext, interaction: ChatInputCommandInteraction, text: string): void {
  if (ctx.challengeTtlMs > INTERACTION_TOKEN_MS - 60_000) return;
  // Only the token's webhook is kept until then, not the interaction (which holds its message, channel and member:
  // ~20 KB per challenge for the whole wait; issue 25 item 10).
  const webhook = interaction.webhook;
  ctx.later(ctx.challengeTtlMs, async () => {
    const message = await webhook.fetchMessage('@original').catch(() => null);
    const open = message?.components.some((row) => JSON.stringify(row.toJSON()).includes('"c:accept:'));
    if (!message || !open || (await ctx.store.matches.match(message.id))) return;
    await webhook.editMessage('@original', { content: text, components: [] }).catch(() => undefined);
  });
}

export async function answerChallenge(
  ctx: BotContext,
  interaction: ButtonInteraction,
  control: ChallengeControl,
): Promise<void> {
  const locale = localeOf(interaction.locale);
  // The challenge message is public: it speaks the guild's language, whoever clicks.
  const shared = interaction.guildId ? (await ctx.store.guilds.get(interaction.guildId)).locale : locale;
  const userId = interaction.user.id;
  const c = await challengeOn(ctx, interaction.message, control.key);
  if (!c) {
    // Unknown, from an older version, or not this message's: answered privately, and the message is left alone.
    await interaction.reply({ content: T.expired[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  // The challenger may withdraw; only the challenged person may accept.
  const allowed =
    control.answer === 'decline' ? userId === c.opponent || userId === c.challenger : userId === c.opponent;
  if (!allowed) {
    await interaction.reply({
      content: T.onlyOpponent(await displayName(ctx, c.opponent))[locale],
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  if (ctx.now() > c.expiresAt) {
    await interaction.update({ content: T.expired[shared], components: [] });
    return;
  }
  if (control.answer === 'decline') {
    await interaction.update({ content: T.declined(await displayName(ctx, userId))[shared], components: [] });
    return;
  }
  if (control.answer === 'choose') {
    await interaction.reply({
      content: T.chooseYourDeck[locale],
      components: [await deckSelect(ctx, interaction.guildId ?? '', c, interaction.message.id, locale)],
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  const ephemeral = (text: string) => interaction.reply({ content: text, flags: MessageFlags.Ephemeral });
  if (await refusedForPermissions(ctx, interaction, locale, ephemeral)) return;
  await interaction.deferUpdate();
  try {
    const outcome = await accept(ctx, interaction.message, c, null, shared);
    if (outcome) await interaction.editReply({ content: outcome, components: [] });
  } catch (error) {
    if (!isPermissionError(error)) throw error;
    // Nothing was stored (the thread comes first) and the challenge keeps its buttons: accept again once fixed.
    const refusal = await permissionRefusal(ctx, interaction.guildId ?? '', interaction.channelId, locale);
    await interaction.followUp({ content: refusal.text, flags: MessageFlags.Ephemeral });
    await refusal.tellAdmins();
  }
}

async function deckSelect(ctx: BotContext, guildId: string, c: OpenChallenge, messageId: string, locale: 'en' | 'ja') {
  const game = c.game as GameId;
  const saved = (await ctx.store.decks.list(guildId, c.opponent, game)).filter((d) => d.legal);
  const options = [
    ...saved.map((d) => ({ label: clip(d.name, 100), value: d.name })),
    ...preconsOf(ctx.precons, game).map((d) => ({ label: clip(d.name[locale], 100), value: d.id })),
  ].slice(0, 25);
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId(encodeControl({ kind: 'challenge-deck', messageId }))
      .setPlaceholder(T.chooseYourDeck[locale])
      .addOptions(options),
  );
}

/** The opponent picked a deck in the ephemeral select: accept the challenge on its message with that deck. */
export async function acceptWithDeck(
  ctx: BotContext,
  interaction: StringSelectMenuInteraction,
  messageId: string,
): Promise<void> {
  const locale = localeOf(interaction.locale);
  const shared = interaction.guildId ? (await ctx.store.guilds.get(interaction.guildId)).locale : locale;
  await interaction.deferUpdate();
  const channel = interaction.channel;
  const message = channel ? await channel.messages.fetch(messageId).catch(() => null) : null;
  // The challenge's parameters live in its Accept button, as for a click on it.
  const acceptId = (message?.components ?? [])
    .flatMap((row) => (row.toJSON() as { components?: { custom_id?: string }[] }).components ?? [])
    .map((component) => component.custom_id)
    .find((id): id is string => id?.startsWith('c:accept:') === true);
  const control = acceptId ? decodeControl(acceptId) : null;
  const c = message && control?.kind === 'challenge' ? await challengeOn(ctx, message, control.key) : null;
  if (!message || !c || c.opponent !== interaction.user.id) {
    await interaction.editReply({ content: T.expired[locale], components: [] });
    return;
  }
  if (ctx.now() > c.expiresAt) {
    await message.edit({ content: T.expired[shared], components: [] });
    await interaction.editReply({ content: T.expired[locale], components: [] });
    return;
  }
  let outcome: string | null;
  try {
    outcome = await accept(ctx, message, c, interaction.values[0] ?? null, shared);
  } catch (error) {
    if (!isPermissionError(error)) throw error;
    const refusal = await permissionRefusal(ctx, interaction.guildId ?? '', message.channelId, locale);
    await interaction.editReply({ content: refusal.text, components: [] });
    await refusal.tellAdmins();
    return;
  }
  if (!outcome) return void (await interaction.editReply({ content: T.expired[locale], components: [] }));
  // The public message says the match is on; the picker only confirms the deck (issue 26 item 7: not twice).
  await message.edit({ content: outcome, components: [] });
  const picked = interaction.values[0] ?? '';
  const deckName = ctx.precons.find((d) => d.id === picked)?.name[locale] ?? picked;
  await interaction.editReply({ content: T.acceptedWithDeck(deckName)[locale], components: [] });
}

/**
 * Starts the match from the challenge message; returns the text the challenge message should now show, or null
 * when another click is already starting (or has started) this match.
 */
async function accept(
  ctx: BotContext,
  message: Message,
  c: OpenChallenge,
  opponentDeck: string | null,
  shared: 'en' | 'ja',
): Promise<string | null> {
  if (accepting.has(message.id) || (await ctx.store.matches.match(message.id))) return null;
  accepting.add(message.id);
  try {
    const guildId = message.guildId ?? '';
    const game = c.game as GameId;
    // Either may have started other matches since the challenge was posted.
    const full = await atMatchCap(ctx, guildId, [c.challenger, c.opponent]);
    if (full) return COOLDOWN_WORDS.tooMany(await displayName(ctx, full), ctx.maxOpenMatches)[shared];
    const first = await chooseDeck(ctx.store, ctx.precons, { guildId, userId: c.challenger, game }, c.deck);
    const second = await chooseDeck(
      ctx.store,
      ctx.precons,
      { guildId, userId: c.opponent, game },
      opponentDeck,
      c.deck,
    );
    if (!first.ok) return first.reason[shared];
    if (!second.ok) return second.reason[shared];
    const [a, b] = await Promise.all([displayName(ctx, c.challenger), displayName(ctx, c.opponent)]);
    await startMatch(ctx, message, {
      guildId,
      channelId: message.channelId,
      game,
      players: { p1: c.challenger, p2: c.opponent },
      decks: { p1: first, p2: second },
      threadName: `${a} vs ${b}`,
    });
    return T.accepted(a, b)[shared];
  } finally {
    accepting.delete(message.id);
  }
}

/** `/duel practice`: one person plays both seats (each seat its own precon). */
export async function practice(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  if (!interaction.guildId) {
    await interaction.reply({ content: T.onlyInGuild[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  if (interaction.channel?.isThread()) {
    await interaction.reply({ content: T.notInThread[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  const rawGame =
    interaction.options.getString('game') ?? (await ctx.store.guilds.get(interaction.guildId)).defaultGame;
  const game = gameOf(ctx, rawGame);
  if (!game) {
    await interaction.reply({ content: T.gameUnavailable(rawGame)[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  const ephemeral = (text: string) => interaction.reply({ content: text, flags: MessageFlags.Ephemeral });
  if (await refusedForPermissions(ctx, interaction, locale, ephemeral)) return;
  if (await atMatchCap(ctx, interaction.guildId, [interaction.user.id])) {
    const who = await displayName(ctx, interaction.user.id);
    return void (await ephemeral(COOLDOWN_WORDS.tooMany(who, ctx.maxOpenMatches)[locale]));
  }
  const where = { guildId: interaction.guildId, userId: interaction.user.id, game };
  const first = await chooseDeck(ctx.store, ctx.precons, where, interaction.options.getString('deck'));
  if (!first.ok) {
    await interaction.reply({ content: first.reason[locale], flags: MessageFlags.Ephemeral });
    return;
  }
  const second = await chooseDeck(ctx.store, ctx.precons, where, null, first.ref);
  if (!second.ok) return;
  const name = await displayName(ctx, interaction.user.id);
  const shared = (await ctx.store.guilds.get(interaction.guildId)).locale;
  const response = await interaction.reply({ content: T.practice(name)[shared], withResponse: true });
  const message = response.resource?.message;
  if (!message) throw new Error('practice: the reply message was not returned');
  await startMatch(ctx, message, {
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    game,
    players: { p1: interaction.user.id, p2: interaction.user.id },
    decks: { p1: first, p2: second },
    threadName: `${name} · practice`,
  });
}

export interface MatchStart {
  guildId: string;
  channelId: string;
  game: GameId;
  players: { p1: string; p2: string };
  decks: { p1: Extract<DeckChoice, { ok: true }>; p2: Extract<DeckChoice, { ok: true }> };
  threadName: string;
  /** The seat the AI plays, and at which level (`/duel ai`). */
  ai?: { seat: Seat; level: AiLevel };
}

/** Discord's limit on a thread's name. */
const THREAD_NAME_LIMIT = 100;

/**
 * The new thread's name: who plays, the game, and from the second match of the same two people in this server on a
 * number (issue 26 item 7: rematches all named "Alice vs Bob" could not be told apart in the thread list). The
 * people's names are cut, never the game or the number.
 */
export async function threadTitle(
  ctx: BotContext,
  m: Pick<MatchStart, 'guildId' | 'game' | 'players' | 'threadName'>,
): Promise<string> {
  const locale = (await ctx.store.guilds.get(m.guildId)).locale;
  const earlier = await ctx.store.matches.pairingCount(m.guildId, m.players.p1, m.players.p2);
  const suffix = ` · ${ctx.games.get(m.game).name[locale]}${earlier > 0 ? ` #${earlier + 1}` : ''}`;
  const room = Math.max(1, THREAD_NAME_LIMIT - suffix.length);
  const people = m.threadName.length > room ? `${m.threadName.slice(0, room - 1)}…` : m.threadName;
  return `${people}${suffix}`.slice(0, THREAD_NAME_LIMIT);
}

export async function startMatch(ctx: BotContext, message: Message, m: MatchStart): Promise<string> {
  const thread = await message.startThread({ name: await threadTitle(ctx, m) });
  const people = [...new Set([m.players.p1, m.players.p2])].filter((id) => !isAiPlayerId(id));
  await Promise.all(people.map((id) => thread.members.add(id)));
  const matchId = thread.id;
  await ctx.store.matches.createMatch({
    matchId,
    guildId: m.guildId,
    channelId: m.channelId,
    threadId: thread.id,
    game: m.game,
    format: 'casual',
    players: m.players,
  });
  if (m.ai) await ctx.store.aiSeats.put(matchId, m.ai.seat, m.ai.level);
  const setup = {
    game: m.game,
    decks: { p1: m.decks.p1.list, p2: m.decks.p2.list },
    ...(ctx.matchOptions ? { options: ctx.matchOptions } : {}),
  };
  await ctx.store.matches.startMatch(matchId, setup, ctx.seedFor(matchId));
  await ctx.flow.changed(matchId);
  return matchId;
}
