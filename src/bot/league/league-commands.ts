// /league …, /rating …, league-name autocomplete and the "I'm here" button. Each handler checks its input (with a
// clear English or Japanese answer), picks the actor's role (organiser: the league's creator or a server manager),
// and hands the command to the league service; the core's own refusals are shown as they are.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  EmbedBuilder,
  type InteractionReplyOptions,
  MessageFlags,
  PermissionFlagsBits,
} from 'discord.js';
import { IllegalAction, InvalidData } from '../../engine/core/errors.ts';
import type { Label, Locale } from '../../engine/core/label.ts';
import {
  type Actor,
  currentRound,
  type GameScore,
  type LeagueCreate,
  type LogEntry,
  roundComplete,
} from '../../league/league.ts';
import type { LeagueCommandInput } from '../../league/league-commands.ts';
import { leagueJson, roundsCsv } from '../../league/league-export.ts';
import { createLeague, undoTarget } from '../../league/league-log.ts';
import { auditTrail, leagueStandings, playDrawChoosers, playerHistory } from '../../league/league-queries.ts';
import { waitlistPlace } from '../../league/league-registration.ts';
import { HIDDEN_DECK, leagueViewFor } from '../../league/league-view.ts';
import { tiebreakersForMatchLength } from '../../league/tiebreakers.ts';
import { LeagueNameTaken, type LeagueRecord, LeagueUnavailable } from '../../store/league-store.ts';
import type { BotContext } from '../context.ts';
import { displayName } from '../context.ts';
import { clip } from '../controls.ts';
import { localeOf } from '../i18n.ts';
import { deckProblems, MAX_DECK_CHARS, readDeckFile } from './league-decks.ts';
import {
  auditLine,
  chunks,
  csvAttachment,
  exportAttachment,
  historyEmbed,
  infoEmbed,
  leaderboardEmbed,
  namesOf,
  stageText,
  standingsEmbed,
  standingsModel,
  tableLines,
} from './league-presenter.ts';
import { leagueServiceOf } from './league-service.ts';
import { W } from './league-words.ts';

/** A refusal the user should read (as opposed to a bug, which the router answers with "something went wrong"). */
class Refusal extends Error {
  constructor(readonly text: Label) {
    super(text.en);
  }
}
const refuse = (text: Label): never => {
  throw new Refusal(text);
};

type Slash = ChatInputCommandInteraction;

function isManager(interaction: Slash | ButtonInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/** The league's creator or a server manager: the only ones who name judges. */
function isOwner(interaction: Slash | ButtonInteraction, record: LeagueRecord): boolean {
  return isManager(interaction) || record.ownerId === interaction.user.id;
}

/** Organisers: the creator, server managers, and the league's judges (co-organisers). */
function isOrganiser(interaction: Slash | ButtonInteraction, record: LeagueRecord): boolean {
  return isOwner(interaction, record) || record.league.judges.includes(interaction.user.id);
}

function actorFor(interaction: Slash | ButtonInteraction, record: LeagueRecord): Actor {
  return { userId: interaction.user.id, role: isOrganiser(interaction, record) ? 'organiser' : 'player' };
}

/** The league named by the `league` option; without it, the only open league (this channel's first). */
async function leagueFor(ctx: BotContext, interaction: Slash): Promise<LeagueRecord> {
  const guildId = interaction.guildId ?? refuse(W.onlyInGuild);
  const named = interaction.options.getString('league');
  if (named) return (await ctx.store.leagues.find(guildId, named)) ?? refuse(W.noSuchLeague(named));
  const open = await ctx.store.leagues.list(guildId, ['registration', 'running']);
  const here = open.filter((l) => l.channelId === interaction.channelId || l.channelId === parentOf(interaction));
  const candidates = here.length === 1 ? here : open.length > 0 ? open : await ctx.store.leagues.list(guildId);
  if (candidates.length === 0) refuse(W.noLeagues);
  if (candidates.length > 1) refuse(W.whichLeague);
  return ctx.store.leagues.require((candidates[0] as { leagueId: string }).leagueId);
}

function parentOf(interaction: Slash): string | null {
  const channel = interaction.channel;
  return channel && 'parentId' in channel ? channel.parentId : null;
}

function requireOrganiser(interaction: Slash, record: LeagueRecord): Actor {
  if (!isOrganiser(interaction, record)) refuse(W.organiserOnly);
  return { userId: interaction.user.id, role: 'organiser' };
}

/** The player a command is about: yourself, or (organisers only) the `player` option. */
function subjectOf(interaction: Slash, record: LeagueRecord): { player: string; actor: Actor } {
  const other = interaction.options.getUser('player');
  const actor = actorFor(interaction, record);
  if (other && other.id !== interaction.user.id && actor.role !== 'organiser') refuse(W.organiserOnly);
  return { player: other?.id ?? interaction.user.id, actor };
}

/** Shows refusals (ours, the core's, the store's) to the user; anything else is a bug for the router. */
async function answering(interaction: Slash | ButtonInteraction, locale: Locale, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    let text: string | null = null;
    if (error instanceof Refusal) text = error.text[locale];
    else if (error instanceof IllegalAction) text = error.reason[locale].replace(/\b(\d{15,21})\b/g, '<@$1>');
    else if (error instanceof InvalidData) text = W.invalid(error.message)[locale];
    else if (error instanceof LeagueNameTaken) text = W.nameTaken(error.leagueName)[locale];
    else if (error instanceof LeagueUnavailable)
      text = error.message.includes('frozen')
        ? W.frozen(error.message)[locale]
        : error.message.includes('busy pairing')
          ? W.busyPairing[locale]
          : W.busy[locale];
    if (text === null) throw error;
    await say(interaction, { content: clip(text, 2000) });
  }
}

async function say(interaction: Slash | ButtonInteraction, options: InteractionReplyOptions, ephemeral = true) {
  const payload = { ...options, ...(ephemeral ? { flags: MessageFlags.Ephemeral as const } : {}) };
  // An edit cannot change ephemerality (Discord ignores the flag there): the deferral decided it.
  if (interaction.deferred) await interaction.editReply(options as never);
  else if (interaction.replied) await interaction.followUp(payload);
  else await interaction.reply(payload);
}

export async function leagueCommand(ctx: BotContext, interaction: Slash): Promise<void> {
  const locale = localeOf(interaction.locale);
  await answering(interaction, locale, async () => {
    if (!interaction.guildId) refuse(W.onlyInGuild);
    const group = interaction.options.getSubcommandGroup(false);
    const sub = group ? `${group} ${interaction.options.getSubcommand()}` : interaction.options.getSubcommand();
    const handler = HANDLERS[sub] ?? MANAGE[sub];
    if (!handler) throw new Error(`unknown /league ${sub}`);
    await handler(ctx, interaction, locale);
  });
}

type Handler = (ctx: BotContext, interaction: Slash, locale: Locale) => Promise<void>;

/** Runs a command through the service and confirms with `text` (ephemeral). */
async function command(
  ctx: BotContext,
  interaction: Slash,
  record: LeagueRecord,
  actor: Actor,
  input: LeagueCommandInput,
  text: Label,
  locale: Locale,
): Promise<LeagueRecord> {
  if (record.status === 'frozen') refuse(W.frozen(record.statusReason ?? ''));
  // Announcements can take a moment (threads, names): acknowledge first, within Discord's 3 seconds.
  if (!interaction.deferred) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const after = await leagueServiceOf(ctx).run(record, actor, input);
  await interaction.editReply({ content: text[locale] });
  return after;
}

const HANDLERS: Record<string, Handler> = {
  create: createCommand,
  list: async (ctx, interaction, locale) => {
    const rows = await ctx.store.leagues.list(interaction.guildId as string);
    const lines = rows.map(
      (r) => `**${r.name}** · ${r.game} · ${(W.phases[r.status] as Label)[locale]} · <#${r.channelId}>`,
    );
    await say(interaction, {
      embeds: [
        new EmbedBuilder()
          .setTitle(W.listTitle[locale])
          .setDescription(clip(lines.join('\n') || W.noLeagues[locale], 4000)),
      ],
    });
  },
  join: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const { player, actor } = subjectOf(interaction, record);
    const text = player === interaction.user.id ? W.joined(record.name) : W.joinedFor(`<@${player}>`, record.name);
    const after = await command(ctx, interaction, record, actor, { type: 'join', player }, text, locale);
    const place = waitlistPlace(after.league, player);
    if (place !== null) {
      const cap = after.league.config.cap ?? 0;
      await interaction.editReply({ content: W.waitlisted(`<@${player}>`, record.name, cap, place)[locale] });
    }
  },
  drop: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const { player, actor } = subjectOf(interaction, record);
    const waiting = waitlistPlace(record.league, player) !== null;
    const text = (waiting ? W.leftWaitlist : W.dropped)(`<@${player}>`, record.name);
    await command(ctx, interaction, record, actor, { type: 'drop', player }, text, locale);
  },
  deck: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const typed = interaction.options.getString('list');
    const file = interaction.options.getAttachment('file');
    if (typed !== null && file !== null) refuse(W.deckListAndFile);
    if (file === null && typed === null) {
      // Reading a list: whose it is and whether the asker may see it is the league view's decision.
      const whose = interaction.options.getUser('player')?.id ?? interaction.user.id;
      await showDeck(ctx, interaction, record, whose, locale);
      return;
    }
    const { player, actor } = subjectOf(interaction, record);
    if (file === null && !typed?.trim()) refuse(W.deckEmpty);
    if (record.status === 'frozen') refuse(W.frozen(record.statusReason ?? ''));
    // Downloading can take a moment: acknowledge first, within Discord's 3 seconds.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    let deck = typed ?? '';
    if (file) {
      const read = await readDeckFile(file);
      deck = read.ok ? read.text : refuse(read.reason);
    }
    deck = deck.trim();
    const anyCard = deck.split(/\r?\n|,/).some((line) => line.trim() !== '' && !line.trim().startsWith('#'));
    if (!anyCard) refuse(file ? W.deckFileEmpty(file.name) : W.deckEmpty);
    if (deck.length > MAX_DECK_CHARS) refuse(W.deckTooLong(deck.length, MAX_DECK_CHARS));
    const problems = deckProblems(ctx, record.game, deck);
    if (problems) refuse(W.deckRefused(record.name, clip(problems.map((p) => `· ${p[locale]}`).join('\n'), 1700)));
    await command(ctx, interaction, record, actor, { type: 'set-deck', player, deck }, W.deckSet(record.name), locale);
  },
  checkin: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const { player, actor } = subjectOf(interaction, record);
    await command(ctx, interaction, record, actor, { type: 'check-in', player }, W.checkedIn(`<@${player}>`), locale);
  },
  standings: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const rows = leagueStandings(record.league);
    const names = await namesOf(
      ctx,
      rows.map((r) => r.player),
    );
    const embed = standingsEmbed(ctx.games, record, rows, names, locale);
    const wantImage = interaction.options.getBoolean('image') ?? true;
    const files = [];
    if (wantImage && ctx.renderer && rows.length > 0) {
      const png = await ctx.renderer(
        'standings',
        standingsModel(ctx.games, record, rows, names, locale, interaction.user.id),
      );
      files.push({ attachment: png, name: 'standings.png' });
      embed.setImage('attachment://standings.png');
    }
    await interaction.editReply({ embeds: [embed], files });
  },
  pairings: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const asked = interaction.options.getInteger('round');
    const league = record.league;
    const round = asked === null ? currentRound(league) : league.rounds[asked - 1];
    if (!round) refuse(asked === null ? W.noRound : W.noSuchRound(asked as number));
    const r = round as NonNullable<typeof round>;
    const title = W.roundTitle(record.name, r.number, stageText(league, r, locale))[locale];
    const embeds = chunks(tableLines(r, locale, playDrawChoosers(league, r)))
      .slice(0, 10)
      .map((d) => new EmbedBuilder().setTitle(clip(title, 256)).setDescription(d));
    await say(interaction, { embeds });
  },
  history: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const who = interaction.options.getUser('player') ?? interaction.user;
    const lines = playerHistory(record.league, who.id);
    await say(interaction, { embeds: [historyEmbed(record, await displayName(ctx, who.id), lines, locale)] });
  },
  info: async (ctx, interaction, locale) => {
    // The first look at a league another command changed replays its log (league-store.ts): for thousands of players
    // that can outlast Discord's 3 seconds on a busy machine, so acknowledge first.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const record = await leagueFor(ctx, interaction);
    await say(interaction, { embeds: [infoEmbed(ctx.games, record, locale)] });
  },
  report: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const score = {
      won: interaction.options.getInteger('won', true),
      lost: interaction.options.getInteger('lost', true),
      drawn: interaction.options.getInteger('drawn') ?? 0,
    };
    const actor: Actor = { userId: interaction.user.id, role: 'player' };
    const after = await command(
      ctx,
      interaction,
      record,
      actor,
      { type: 'report', player: interaction.user.id, score },
      W.reported,
      locale,
    );
    const round = currentRound(after.league);
    const table = round?.tables.find((t) => t.a === interaction.user.id || t.b === interaction.user.id);
    if (table?.result) await interaction.editReply({ content: W.reportAgreed[locale] });
    else if (table?.disputed) await interaction.editReply({ content: W.reportDisputed[locale] });
  },
  registration: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const open = interaction.options.getBoolean('open', true);
    await command(
      ctx,
      interaction,
      record,
      actor,
      { type: open ? 'open-registration' : 'close-registration' },
      W.registration(open),
      locale,
    );
  },
  'next-round': async (ctx, interaction, locale) => {
    // Acknowledge first: loading a league of thousands of players and asking Discord who is still a member can take
    // longer than Discord's 3 seconds on a busy machine (test/bot/league-large.test.ts).
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const next = record.league.rounds.length + 1;
    if (record.status === 'frozen') refuse(W.frozen(record.statusReason ?? ''));
    const current = await leagueServiceOf(ctx).dropDeparted(record);
    await command(ctx, interaction, current, actor, { type: 'start-round' }, W.roundStarted(next), locale);
  },
  're-pair': async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    await command(
      ctx,
      interaction,
      record,
      actor,
      { type: 'repair-round' },
      W.repaired(record.league.rounds.length),
      locale,
    );
  },
  result: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const round = interaction.options.getInteger('round', true);
    const table = interaction.options.getInteger('table', true);
    const bothLose = interaction.options.getBoolean('both-lose') ?? false;
    const raw = interaction.options.getString('score');
    let score: GameScore = { gamesWonA: 0, gamesWonB: 0, gamesDrawn: 0 };
    if (raw !== null) score = parseScore(raw) ?? refuse(W.badScore(raw));
    else if (!bothLose) refuse(W.scoreOrBothLose);
    await command(
      ctx,
      interaction,
      record,
      actor,
      { type: 'set-result', round, table, score, bothLose },
      W.resultSet(round, table),
      locale,
    );
  },
  bye: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const player = interaction.options.getUser('player', true).id;
    await command(ctx, interaction, record, actor, { type: 'award-bye', player }, W.byeAwarded(`<@${player}>`), locale);
  },
  'no-show': async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const table = interaction.options.getInteger('table', true);
    const absent = [interaction.options.getUser('absent', true).id];
    const also = interaction.options.getUser('also-absent');
    if (also && !absent.includes(also.id)) absent.push(also.id);
    await command(ctx, interaction, record, actor, { type: 'no-show', table, absent }, W.noShowRecorded(table), locale);
  },
  penalty: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const player = interaction.options.getUser('player', true).id;
    const kind = interaction.options.getString('kind', true) as 'warning' | 'game-loss' | 'match-loss';
    const reason = interaction.options.getString('reason', true);
    const input = { type: 'penalty' as const, player, kind, reason };
    await command(ctx, interaction, record, actor, input, W.penaltyGiven(`<@${player}>`, kind), locale);
  },
  disqualify: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const player = interaction.options.getUser('player', true).id;
    const reason = interaction.options.getString('reason', true);
    const input = { type: 'disqualify' as const, player, reason };
    await command(ctx, interaction, record, actor, input, W.disqualified(`<@${player}>`), locale);
  },
  reinstate: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const player = interaction.options.getUser('player', true).id;
    await command(ctx, interaction, record, actor, { type: 'reinstate', player }, W.reinstated(`<@${player}>`), locale);
  },
  undo: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const confirmed = interaction.options.getInteger('confirm');
    const target = undoTarget(record.league);
    if (!target) refuse(W.nothingToUndo);
    const shown = target as LogEntry;
    if (confirmed === null) {
      // Ask first: say exactly which change would be reverted, and how to confirm it.
      const lines = [W.undoPreview(auditLine(shown, locale), shown.seq)[locale]];
      const laterDrop = record.league.log.find(
        (e) => e.seq > shown.seq && !e.admin && e.command.type === 'drop' && e.undoneBy === null,
      );
      if (laterDrop) lines.push(W.undoSkipsDrops(`<@${String(laterDrop.command.player)}>`)[locale]);
      await say(interaction, { content: clip(lines.join('\n'), 2000) });
      return;
    }
    const what = `#${shown.seq} ${String(shown.command.type)}`;
    await command(ctx, interaction, record, actor, { type: 'undo', target: confirmed }, W.undone(what), locale);
  },
  audit: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const view = leagueViewFor(record.league, actorFor(interaction, record));
    const lines = auditTrail(view).map((e) => auditLine(e, locale));
    // The newest entries matter most: show the tail that fits in one embed.
    const newestFirst = chunks(lines.length > 0 ? [...lines].reverse() : [W.noAudit[locale]])[0] as string;
    const shown = newestFirst.split('\n').reverse().join('\n');
    await say(interaction, {
      embeds: [new EmbedBuilder().setTitle(clip(W.auditTitle(record.name)[locale], 256)).setDescription(shown)],
    });
  },
  export: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    requireOrganiser(interaction, record);
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const what = interaction.options.getString('what') ?? 'standings';
    const rows = leagueStandings(record.league);
    const names = await namesOf(
      ctx,
      rows.map((r) => r.player),
    );
    if (what === 'decklists') {
      const names = await namesOf(
        ctx,
        record.league.players.map((p) => p.id),
      );
      const text = decklistsText(record, names);
      await interaction.editReply({
        content: W.exportDecklistsDone(record.name)[locale],
        files: [exportAttachment(record, 'decklists.txt', text)],
      });
      return;
    }
    const file =
      what === 'rounds'
        ? exportAttachment(record, 'rounds.csv', roundsCsv(record.league, names))
        : what === 'json'
          ? exportAttachment(record, 'league.json', leagueJson(record.league, names))
          : csvAttachment(record, rows, names);
    const done = what === 'rounds' ? W.exportRoundsDone : what === 'json' ? W.exportJsonDone : W.exportDone;
    await interaction.editReply({ content: done(record.name)[locale], files: [file] });
  },
  finish: async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    // Finishing with matches unplayed (e.g. the final) loses them: ask for confirmation first.
    const round = currentRound(record.league);
    const open = round?.tables.filter((t) => t.result === null).length ?? 0;
    if (round && open > 0 && interaction.options.getBoolean('confirm') !== true)
      refuse(W.finishWithOpenTables(round.number, open));
    await command(ctx, interaction, record, actor, { type: 'finish' }, W.finished(record.name), locale);
  },
};

/** `/league deck` without a list: a player's submitted list, to themselves, organisers, or anyone once published. */
async function showDeck(ctx: BotContext, interaction: Slash, record: LeagueRecord, player: string, locale: Locale) {
  const view = leagueViewFor(record.league, actorFor(interaction, record));
  const entry = view.players.find((p) => p.id === player);
  if (!entry) refuse(W.playerNotInLeague(`<@${player}>`));
  const deck = (entry as { deck: string | null }).deck;
  if (deck === null) refuse(W.noDeckYet(`<@${player}>`));
  if (deck === HIDDEN_DECK) refuse(W.deckPrivate);
  // Never send a list the viewer may not read, whatever the view says (belt and braces for hidden information).
  if (player !== interaction.user.id && !isOrganiser(interaction, record) && !record.league.decklists.published)
    refuse(W.deckPrivate);
  const problems = deckProblems(ctx, record.game, deck as string);
  const check = problems
    ? W.deckCheckFailed(clip(problems.map((p) => `· ${p[locale]}`).join('\n'), 900))[locale]
    : W.deckCheckPassed[locale];
  await say(interaction, {
    content: clip(`${W.deckOf(`<@${player}>`, record.name)[locale]}\n\`\`\`\n${deck}\n\`\`\`\n${check}`, 2000),
    allowedMentions: { parse: [] },
  });
}

/** Every submitted list, one block per player, for the organiser's deck checks and publishing. */
function decklistsText(record: LeagueRecord, names: Readonly<Record<string, string>>): string {
  const blocks = record.league.players
    .filter((p) => p.deck !== null)
    .map((p) => `# ${names[p.id] ?? p.id} (${p.id})${p.droppedAfterRound !== null ? ' [dropped]' : ''}\n${p.deck}\n`);
  return blocks.length > 0 ? blocks.join('\n') : '# no decklists submitted\n';
}

/** A player option and the `other` option of /league manage, as two different ids. */
function twoPlayers(interaction: Slash): { a: string; b: string } {
  const a = interaction.options.getUser('player', true).id;
  const b = interaction.options.getUser('other', true).id;
  if (a === b) refuse(W.twoDifferent);
  return { a, b };
}

/** `manage pair|swap|keep-apart`: an organiser command about the `player` and `other` options. */
function twoPlayerCommand(
  type: 'pair-players' | 'swap-players' | 'keep-apart',
  done: (a: string, b: string) => Label,
): Handler {
  return async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const { a, b } = twoPlayers(interaction);
    await command(ctx, interaction, record, actor, { type, a, b }, done(`<@${a}>`, `<@${b}>`), locale);
  };
}

/** `manage judge-add|judge-remove`: only the creator or a server manager names judges (not the judges themselves). */
function judgeCommand(type: 'add-judge' | 'remove-judge', done: (who: string) => Label): Handler {
  return async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    if (!isOwner(interaction, record)) refuse(W.ownerOnly);
    const player = interaction.options.getUser('player', true).id;
    const actor: Actor = { userId: interaction.user.id, role: 'organiser' };
    await command(ctx, interaction, record, actor, { type, player }, done(`<@${player}>`), locale);
  };
}

/** /league manage …: the organiser tools of issue 22. Judges are named by the creator or a server manager only. */
const MANAGE: Record<string, Handler> = {
  'manage judge-add': judgeCommand('add-judge', W.judgeAdded),
  'manage judge-remove': judgeCommand('remove-judge', W.judgeRemoved),
  'manage decklists': async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const required = interaction.options.getBoolean('required');
    const published = interaction.options.getBoolean('published');
    if (required === null && published === null) refuse(W.decklistPolicyEmpty);
    const input = {
      type: 'decklist-policy' as const,
      ...(required === null ? {} : { required }),
      ...(published === null ? {} : { published }),
    };
    await command(ctx, interaction, record, actor, input, W.decklistPolicySet(required, published), locale);
  },
  'manage pair': twoPlayerCommand('pair-players', W.paired),
  'manage swap': twoPlayerCommand('swap-players', W.swapped),
  'manage keep-apart': twoPlayerCommand('keep-apart', W.keptApart),
  'manage late-entry': async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const untilRound = interaction.options.getInteger('until-round', true);
    const missedRoundsLose = interaction.options.getBoolean('missed-rounds-lose') ?? true;
    const input = { type: 'late-entry' as const, untilRound, missedRoundsLose };
    await command(ctx, interaction, record, actor, input, W.lateEntrySet(untilRound, missedRoundsLose), locale);
  },
  'manage clock': async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const action = interaction.options.getString('action', true);
    if (action === 'pause') {
      await command(ctx, interaction, record, actor, { type: 'pause-clock' }, W.clockPaused, locale);
      return;
    }
    if (action === 'resume') {
      await command(ctx, interaction, record, actor, { type: 'resume-clock' }, W.clockResumed, locale);
      return;
    }
    const table = interaction.options.getInteger('table');
    const minutes = interaction.options.getInteger('minutes');
    if (table === null || minutes === null) refuse(W.extendNeedsTableAndMinutes);
    const input = { type: 'extend-time' as const, table: table as number, minutes: minutes as number };
    await command(ctx, interaction, record, actor, input, W.extended(table as number, minutes as number), locale);
  },
  'manage report-deadline': async (ctx, interaction, locale) => {
    const record = await leagueFor(ctx, interaction);
    const actor = requireOrganiser(interaction, record);
    const given = interaction.options.getInteger('minutes', true);
    const minutes = given === 0 ? null : given;
    const input = { type: 'report-deadline' as const, minutes };
    await command(ctx, interaction, record, actor, input, W.reportDeadlineSet(minutes), locale);
  },
};

/** "2-1" or "1-1-1": games won by the table's first player, the second's, and drawn games. */
export function parseScore(raw: string): GameScore | null {
  const m = /^\s*(\d)\s*[-–:]\s*(\d)(?:\s*[-–:]\s*(\d))?\s*$/.exec(raw);
  if (!m) return null;
  return { gamesWonA: Number(m[1]), gamesWonB: Number(m[2]), gamesDrawn: Number(m[3] ?? 0) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** New leagues: a report the opponent leaves unanswered this long stands as the result. */
export const DEFAULT_REPORT_DEADLINE_MINUTES = 30;

function dateOption(interaction: Slash, name: string): string | null {
  const raw = interaction.options.getString(name);
  if (raw === null) return null;
  const value = raw.trim();
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
    refuse(W.badDate(name, raw));
  return value;
}

async function createCommand(ctx: BotContext, interaction: Slash, locale: Locale): Promise<void> {
  if (!isManager(interaction)) refuse(W.createNeedsManager);
  const guildId = interaction.guildId as string;
  const game = interaction.options.getString('game', true);
  try {
    ctx.store.requireGame(game);
  } catch {
    refuse(W.gameUnavailable(game));
  }
  const kind = interaction.options.getString('format', true) as 'swiss' | 'round-robin' | 'ladder';
  const rounds = interaction.options.getInteger('rounds');
  const topCut = interaction.options.getInteger('top-cut');
  const cutMaxLosses = interaction.options.getInteger('cut-max-losses');
  if (kind !== 'swiss' && (rounds !== null || topCut !== null || cutMaxLosses !== null)) refuse(W.roundsNotSwiss);
  if (cutMaxLosses !== null && topCut === 0) refuse(W.cutByRecordWithoutCut);
  const startsAt = dateOption(interaction, 'starts');
  const endsAt = dateOption(interaction, 'ends');
  if (startsAt && endsAt && endsAt < startsAt) refuse(W.endsBeforeStart);
  const channel = interaction.options.getChannel('channel') ?? interaction.channel;
  if (channel?.type !== 0) refuse(W.notTextChannel);
  const channelId = (channel as { id: string }).id;
  const format: LeagueCreate['format'] =
    kind === 'swiss' ? { kind, rounds, topCut, cutMaxLosses } : kind === 'round-robin' ? { kind } : { kind };
  const matchLength = (interaction.options.getString('match-length') ?? 'bo3') as 'bo1' | 'bo3';
  const input: LeagueCreate = {
    id: `lg${randomBytes(5).toString('hex')}`,
    name: interaction.options.getString('name', true).trim(),
    game: game as LeagueCreate['game'],
    format,
    matchLength,
    startsAt,
    endsAt,
    settings: {
      tiebreakers: tiebreakersForMatchLength(matchLength),
      checkInRequired: interaction.options.getBoolean('check-in') ?? false,
      noShowMinutes: interaction.options.getInteger('no-show-minutes'),
      // An unanswered report stands after this long (the opponent is reminded at once); /league manage changes it.
      reportDeadlineMinutes: DEFAULT_REPORT_DEADLINE_MINUTES,
    },
    // Issue 22: entries close when round 1 starts unless the organiser opens late entry (/league manage late-entry).
    lateEntry: { untilRound: 0, missedRoundsLose: true },
    cap: interaction.options.getInteger('cap'),
    seed: randomUUID(),
  };
  const organiser: Actor = { userId: interaction.user.id, role: 'organiser' };
  const league = createLeague(input, organiser, leagueServiceOf(ctx).isoNow());
  const record = await ctx.store.leagues.create({
    guildId,
    channelId,
    ownerId: interaction.user.id,
    roundMinutes: interaction.options.getInteger('round-minutes'),
    threads: interaction.options.getBoolean('threads') ?? true,
    league,
  });
  await say(interaction, { content: W.created(record.name, `<#${channelId}>`)[locale] });
  const sendable = await ctx.client.channels.fetch(channelId).catch(() => null);
  const shared = (await ctx.store.guilds.get(guildId)).locale;
  if (sendable?.isSendable())
    await sendable.send({
      content: W.createdPublic(record.name)[shared],
      embeds: [infoEmbed(ctx.games, record, shared)],
    });
}

export async function leagueAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = interaction.options.getFocused().toLowerCase();
  const leagues = interaction.guildId ? await ctx.store.leagues.list(interaction.guildId) : [];
  // Open leagues first, then finished ones.
  const order = (s: string) => (s === 'finished' || s === 'frozen' ? 1 : 0);
  const choices = leagues
    .filter((l) => l.name.toLowerCase().includes(typed))
    .sort((x, y) => order(x.status) - order(y.status))
    .slice(0, 25)
    .map((l) => ({ name: clip(l.name, 100), value: l.name }));
  await interaction.respond(choices);
}

/** "I'm here": marks the clicker present at their table of that round (the no-show check reads it). */
export async function hereButton(ctx: BotContext, interaction: ButtonInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await answering(interaction, locale, async () => {
    const [, , leagueId, roundText] = interaction.customId.split(':');
    const record = (await ctx.store.leagues.get(leagueId ?? '')) ?? refuse(W.hereOld);
    const round = currentRound(record.league);
    if (!round || round.number !== Number(roundText) || roundComplete(round)) refuse(W.hereOld);
    const r = round as NonNullable<typeof round>;
    const seated = r.tables.some((t) => t.b !== null && (t.a === interaction.user.id || t.b === interaction.user.id));
    if (!seated) refuse(W.hereNotPaired);
    await ctx.store.leagues.markPresent(record.leagueId, r.number, interaction.user.id);
    await say(interaction, { content: W.here[locale] });
  });
}

/** "Call a judge" in a pairing thread: a player of that table (or staff) calls the judges into the thread. */
export async function judgeButton(ctx: BotContext, interaction: ButtonInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await answering(interaction, locale, async () => {
    const [, , leagueId, roundText, tableText] = interaction.customId.split(':');
    const record = (await ctx.store.leagues.get(leagueId ?? '')) ?? refuse(W.judgeCallOld);
    const round = currentRound(record.league);
    if (record.league.phase === 'finished' || !round || round.number !== Number(roundText)) refuse(W.judgeCallOld);
    const table = round?.tables.find((t) => t.number === Number(tableText));
    const seated = table && (table.a === interaction.user.id || table.b === interaction.user.id);
    if (!seated && !isOrganiser(interaction, record)) refuse(W.hereNotPaired);
    const sent = await leagueServiceOf(ctx).callJudge(
      record,
      Number(roundText),
      Number(tableText),
      interaction.user.id,
    );
    await say(interaction, { content: (sent ? W.judgeCallSent : W.judgeCallTooSoon)[locale] });
  });
}

export async function ratingCommand(ctx: BotContext, interaction: Slash): Promise<void> {
  const locale = localeOf(interaction.locale);
  await answering(interaction, locale, async () => {
    const guildId = interaction.guildId ?? refuse(W.onlyInGuild);
    const game = interaction.options.getString('game', true);
    const sub = interaction.options.getSubcommand();
    const ratings = ctx.store.ratings;
    if (sub === 'leaderboard') {
      const rows = await ratings.leaderboard(guildId, game);
      const names = await namesOf(
        ctx,
        rows.slice(0, 40).map((r) => r.player),
      );
      const season = await ratings.currentSeason(guildId, game);
      const label = season ? ` · ${season.name}` : '';
      await say(interaction, { embeds: [leaderboardEmbed(ctx.games, game, label, rows, names, locale)] });
      return;
    }
    if (!isManager(interaction)) refuse(W.organiserOnly);
    if (sub === 'season-start') {
      const season = await ratings.startSeason(guildId, game, interaction.options.getString('name', true).trim());
      await say(interaction, { content: W.seasonStarted(season.number, season.name)[locale] }, false);
      return;
    }
    const ended = (await ratings.endSeason(guildId, game)) ?? refuse(W.noSeason);
    await say(interaction, { content: W.seasonEnded(ended.number, ended.name)[locale] }, false);
  });
}
