// Admin and replay commands on the store's own methods: /match abort|inspect|export, /arbiter export-data|delete-data.
// Only server managers (Manage Server) may abort, inspect, or export or delete a server's data. A match's replay
// (seed and every decision, so every hidden card) never goes to a seat of the match, whatever their role: a player
// gets their own list and choices once the match is over, never the seed or the opponent's (`exportSeenBy`).
import { AttachmentBuilder, type ChatInputCommandInteraction, MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { Locale } from '../engine/core/label.ts';
import { exportSeenBy } from '../store/match-export.ts';
import type { BotContext } from './context.ts';
import { localeOf } from './i18n.ts';
import { seatsOf } from './presenter.ts';

const WORDS = {
  adminOnly: {
    en: 'Only server managers (Manage Server) can do this.',
    ja: 'サーバー管理者（サーバー管理権限）のみ実行できます。',
  },
  noMatch: { en: 'There is no match with that id here.', ja: 'その対戦は見つかりません。' },
  alreadyOver: { en: 'That match is already over.', ja: 'その対戦はすでに終了しています。' },
  notYours: {
    en: 'The replay reveals every hidden card, so a player gets it once the match is over, without the cards the opponent kept hidden (a server manager who does not play it may take it any time).',
    ja: 'リプレイは非公開情報をすべて含むため、参加者は対戦終了後に相手の非公開のカードを除いたものだけを取得できます（対戦していないサーバー管理者はいつでも取得できます）。',
  },
  deleteNeedsConfirm: {
    en: 'This deletes every match, deck and setting of this server. Run it again with confirm: True.',
    ja: 'このサーバーの対戦・デッキ・設定をすべて削除します。confirm: True を付けて再実行してください。',
  },
} as const;

function say(text: { en: string; ja: string }, locale: Locale): string {
  return text[locale];
}

function isManager(interaction: ChatInputCommandInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/** The match named by the `match` option, or the one whose thread this is. */
async function matchIn(ctx: BotContext, interaction: ChatInputCommandInteraction) {
  const id = interaction.options.getString('match') ?? interaction.channelId;
  const row = await ctx.store.matches.matchIn(id);
  return row && row.guildId === interaction.guildId ? row : null;
}

export async function matchAbort(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!isManager(interaction)) return void (await interaction.editReply(say(WORDS.adminOnly, locale)));
  const row = await matchIn(ctx, interaction);
  if (!row) return void (await interaction.editReply(say(WORDS.noMatch, locale)));
  if (row.status === 'finished' || row.status === 'aborted')
    return void (await interaction.editReply(say(WORDS.alreadyOver, locale)));
  const reason = interaction.options.getString('reason') ?? 'aborted by a server manager';
  await ctx.store.matches.abort(row.matchId, `${reason} (by ${interaction.user.id})`);
  ctx.boards.ended(row.matchId);
  ctx.notifier.forget(row.matchId);
  ctx.log(`match ${row.matchId} aborted by ${interaction.user.id}: ${reason}`);
  await interaction.editReply(
    locale === 'ja' ? `対戦 ${row.matchId} を中止しました。` : `Match ${row.matchId} aborted.`,
  );
  await interaction.followUp({
    content:
      locale === 'ja'
        ? `この対戦はサーバー管理者により中止されました：${reason}`
        : `This match was aborted by a server manager: ${reason}`,
  });
}

export async function matchInspect(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!isManager(interaction)) return void (await interaction.editReply(say(WORDS.adminOnly, locale)));
  const row = await matchIn(ctx, interaction);
  if (!row) return void (await interaction.editReply(say(WORDS.noMatch, locale)));
  const report = await ctx.store.matches.inspectMatch(row.matchId);
  const unsound = report.snapshots.filter((s) => !s.sound).map((s) => s.seq);
  const lines = [
    `match ${row.matchId} · ${row.game} · status ${row.status}${row.statusReason ? ` (${row.statusReason})` : ''}`,
    `decisions ${report.decisionCount} · snapshots ${report.snapshots.length}${unsound.length > 0 ? ` · unsound at ${unsound.join(', ')}` : ''}`,
    report.replayProblem ? `replay: ${report.replayProblem}` : 'replay: the whole log reproduces every logged hash',
  ];
  await interaction.editReply(lines.join('\n').slice(0, 1900));
}

export async function matchExport(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const row = await matchIn(ctx, interaction);
  if (!row) return void (await interaction.editReply(say(WORDS.noMatch, locale)));
  const over = row.status === 'finished' || row.status === 'aborted';
  const player = seatsOf(row, interaction.user.id).length > 0;
  // A seat never gets a running match's replay, whatever their role (it holds the opponent's hand and deck order).
  if (player ? !over : !isManager(interaction)) return void (await interaction.editReply(say(WORDS.notYours, locale)));
  const replay = exportSeenBy(await ctx.store.matches.exportMatch(row.matchId), interaction.user.id, true);
  const file = new AttachmentBuilder(Buffer.from(JSON.stringify(replay, null, 2)), {
    name: `match-${row.matchId}.json`,
  });
  const whole = replay.redacted === undefined;
  await interaction.editReply({
    content:
      locale === 'ja'
        ? whole
          ? 'リプレイ（JSON）'
          : 'リプレイ（JSON）：シードと相手のリスト・選択は含みません。'
        : whole
          ? 'Replay (JSON): setup, seed and every decision.'
          : "Replay (JSON): your list and choices; the seed and the opponent's list and choices are left out.",
    files: [file],
  });
}

export async function guildExportData(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!isManager(interaction) || !interaction.guildId)
    return void (await interaction.editReply(say(WORDS.adminOnly, locale)));
  // Only managers get here, so the reader is an organiser of every league (docs/leagues.md) and sees its lists.
  const data = await ctx.store.exportGuild(interaction.guildId, { userId: interaction.user.id, serverManager: true });
  const file = new AttachmentBuilder(Buffer.from(JSON.stringify(data)), {
    name: `arbiter-${interaction.guildId}.json`,
  });
  await interaction.editReply({
    content:
      locale === 'ja'
        ? 'このサーバーのデータ（JSON）。進行中の対戦のリプレイは含みません。'
        : "This server's data (JSON): finished matches' replays included, running matches' left out.",
    files: [file],
  });
}

export async function guildDeleteData(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!isManager(interaction) || !interaction.guildId)
    return void (await interaction.editReply(say(WORDS.adminOnly, locale)));
  if (interaction.options.getBoolean('confirm') !== true)
    return void (await interaction.editReply(say(WORDS.deleteNeedsConfirm, locale)));
  const { matches } = await ctx.store.deleteGuild(interaction.guildId);
  ctx.log(`guild ${interaction.guildId} data deleted by ${interaction.user.id} (${matches} matches)`);
  await interaction.editReply(
    locale === 'ja' ? `削除しました（対戦 ${matches} 件）。` : `Deleted this server's data (${matches} matches).`,
  );
}
