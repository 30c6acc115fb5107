// League state → Discord: embeds (standings, pairings, history, info, audit, leaderboard), the standings image model
// and the CSV file. Everything shown goes through `leagueViewFor`, so decklists stay private.
import { AttachmentBuilder, EmbedBuilder } from 'discord.js';
import type { Label, Locale } from '../../engine/core/label.ts';
import type { GameRegistry } from '../../engine/registry.ts';
import type { GameScore, League, LeagueRound, LeagueTable, LogEntry } from '../../league/league.ts';
import type { HistoryLine } from '../../league/league-queries.ts';
import type { LeaderboardRow } from '../../league/ratings.ts';
import type { StandingRow } from '../../league/standings.ts';
import { standingsCsv } from '../../league/standings-csv.ts';
import type { StandingsModel } from '../../render/table-model.ts';
import type { LeagueRecord } from '../../store/league-store.ts';
import type { BotContext } from '../context.ts';
import { displayName } from '../context.ts';
import { clip } from '../controls.ts';
import { W } from './league-words.ts';

/** A game's name as the registry spells it (the raw id for a game the registry no longer holds). */
function gameName(games: GameRegistry, id: string, locale: Locale): string {
  return games.find(id)?.name[locale] ?? id;
}

/** Rows shown in an embed; the image shows up to 64 and the CSV everyone. */
const EMBED_ROWS = 32;

export const mention = (id: string) => `<@${id}>`;

/** Discord user ids in the core's messages become mentions, which Discord shows as names. */
export function withMentions(text: string): string {
  return text.replace(/\b(\d{15,21})\b/g, '<@$1>');
}

export function percent(x: number): string {
  return `${(x * 100).toFixed(1)}`;
}

/** A score in table order: 2-1, or 1-1-1 with drawn games. */
export function scoreText(s: GameScore): string {
  return s.gamesDrawn > 0 ? `${s.gamesWonA}-${s.gamesWonB}-${s.gamesDrawn}` : `${s.gamesWonA}-${s.gamesWonB}`;
}

/** One finished table as a sentence: who beat whom, a draw, or a double loss. */
export function resultText(t: LeagueTable, locale: Locale): string {
  const r = t.result;
  if (!r || t.b === null) return '';
  const [a, b] = [mention(t.a), mention(t.b)];
  if (r.bothLose) return W.bothLost(a, b)[locale];
  const s = r.score;
  if (s.gamesWonA > s.gamesWonB) return W.beat(a, b, scoreText(s))[locale];
  if (s.gamesWonB > s.gamesWonA)
    return W.beat(b, a, scoreText({ gamesWonA: s.gamesWonB, gamesWonB: s.gamesWonA, gamesDrawn: s.gamesDrawn }))[
      locale
    ];
  return W.drew(a, b, scoreText(s))[locale];
}

export function stageText(_league: League, round: LeagueRound, locale: Locale): string {
  return round.stage === 'top-cut' ? W.topCutStage(round.tables.length * 2)[locale] : '';
}

export async function namesOf(ctx: BotContext, ids: readonly string[]): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const id of ids) names[id] = await displayName(ctx, id);
  return names;
}

function recordText(r: StandingRow): string {
  return `${r.wins}-${r.losses}-${r.draws}`;
}

export function standingsEmbed(
  games: GameRegistry,
  record: LeagueRecord,
  rows: readonly StandingRow[],
  names: Record<string, string>,
  locale: Locale,
): EmbedBuilder {
  const league = record.league;
  const played = league.rounds.filter((r) => r.stage !== 'top-cut').length;
  const lines = rows.slice(0, EMBED_ROWS).map((r) => {
    const who = clip(names[r.player] ?? r.player, 32);
    const dropped = r.dropped ? ` (${W.droppedMark[locale]})` : '';
    return `**${r.rank}.** ${who}${dropped}: ${r.matchPoints} pts (${recordText(r)}) · OMW ${percent(r.opponentMatchWin)} · GW ${percent(r.gameWin)} · OGW ${percent(r.opponentGameWin)}`;
  });
  if (rows.length > EMBED_ROWS) lines.push(W.more(rows.length - EMBED_ROWS)[locale]);
  return new EmbedBuilder()
    .setTitle(clip(W.standingsTitle(record.name)[locale], 256))
    .setDescription(lines.length > 0 ? lines.join('\n') : W.noStandings[locale])
    .setFooter({ text: W.standingsSubtitle(gameName(games, record.game, locale), played)[locale] });
}

export function standingsModel(
  games: GameRegistry,
  record: LeagueRecord,
  rows: readonly StandingRow[],
  names: Record<string, string>,
  locale: Locale,
  highlight: string | null,
): StandingsModel {
  const c = W.columns;
  const played = record.league.rounds.filter((r) => r.stage !== 'top-cut').length;
  return {
    game: record.game as StandingsModel['game'],
    locale,
    title: clip(W.standingsTitle(record.name)[locale], 100),
    subtitle: W.standingsSubtitle(gameName(games, record.game, locale), played)[locale],
    columns: [
      { label: c.rank[locale], align: 'right' },
      { label: c.player[locale], align: 'left' },
      { label: c.points[locale], align: 'right' },
      { label: c.record[locale], align: 'right' },
      { label: c.omw[locale], align: 'right' },
      { label: c.gw[locale], align: 'right' },
      { label: c.ogw[locale], align: 'right' },
    ],
    rows: rows.slice(0, 64).map((r) => ({
      cells: [
        String(r.rank),
        clip(`${names[r.player] ?? r.player}${r.dropped ? ` (${W.droppedMark[locale]})` : ''}`, 40),
        String(r.matchPoints),
        recordText(r),
        percent(r.opponentMatchWin),
        percent(r.gameWin),
        percent(r.opponentGameWin),
      ],
      highlight: r.player === highlight,
    })),
  };
}

export function csvAttachment(record: LeagueRecord, rows: readonly StandingRow[], names: Record<string, string>) {
  return exportAttachment(record, 'standings.csv', standingsCsv(rows, names));
}

/** A file named after the league: `Friday-NOVA-rounds.csv`. */
export function exportAttachment(record: LeagueRecord, suffix: string, text: string) {
  const safe = record.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 60) || 'league';
  return new AttachmentBuilder(Buffer.from(text, 'utf8'), { name: `${safe}-${suffix}` });
}

/**
 * Table lines of a round: "Table 1: @a vs @b · 2-1" (results in table order). `choosers`: top-cut tables whose
 * higher Swiss seed chooses to play or draw (`playDrawChoosers`).
 */
export function tableLines(
  round: LeagueRound,
  locale: Locale,
  choosers: ReadonlyMap<number, string> = new Map(),
): string[] {
  return round.tables.map((t) => {
    const head = `**${W.table(t.number)[locale]}**: ${mention(t.a)}`;
    if (t.b === null) return `${head} · ${W.bye[locale]}`;
    const status = t.result
      ? t.result.bothLose
        ? W.bothLost('', '')[locale].trim()
        : scoreText(t.result.score)
      : t.disputed
        ? W.disputed[locale]
        : W.pending[locale];
    const chooser = choosers.get(t.number);
    const choice = chooser ? ` · ${W.choosesPlayDraw(mention(chooser))[locale]}` : '';
    return `${head} ${W.vs[locale]} ${mention(t.b)} · ${status}${choice}`;
  });
}

/** Splits lines into embed descriptions within Discord's 4,096 characters (with room to spare). */
export function chunks(lines: readonly string[], max = 3800): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current.length + line.length + 1 > max && current) {
      out.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) out.push(current);
  return out;
}

export function historyEmbed(record: LeagueRecord, who: string, lines: readonly HistoryLine[], locale: Locale) {
  const text = lines.map((h) => {
    const opponent = h.opponent ? mention(h.opponent) : h.outcome === 'missed' ? '—' : W.bye[locale];
    const score = h.score ? ` ${h.score.won}-${h.score.lost}${h.score.drawn ? `-${h.score.drawn}` : ''}` : '';
    const stage = h.stage === 'top-cut' ? ' (top cut)' : '';
    return `R${h.round}${stage}: ${opponent} · ${(W.outcome[h.outcome] as Label)[locale]}${score}`;
  });
  return new EmbedBuilder()
    .setTitle(clip(W.historyTitle(record.name, who)[locale], 256))
    .setDescription(text.length > 0 ? clip(text.join('\n'), 4000) : W.noHistory[locale]);
}

export function infoEmbed(games: GameRegistry, record: LeagueRecord, locale: Locale): EmbedBuilder {
  const league = record.league;
  const f = league.config.format;
  const i = W.info;
  let format = (W.formats[f.kind] as Label)[locale];
  if (f.kind === 'swiss') {
    const rounds = league.plannedRounds ?? f.rounds;
    const cut = league.plannedTopCut ?? f.topCut;
    format += ` · ${rounds ?? W.auto[locale]} ${i.rounds[locale].toLowerCase()}`;
    if (f.cutMaxLosses !== null) format += ` · ${W.cutByRecord(f.cutMaxLosses)[locale]}`;
    else format += cut === null ? ` · top cut ${W.auto[locale]}` : cut >= 2 ? ` · ${W.topCut(cut)[locale]}` : '';
  }
  const active = league.players.filter((p) => p.droppedAfterRound === null).length;
  const dates = [league.config.startsAt, league.config.endsAt].map((d) => d ?? '–').join(' → ');
  const fields = [
    { name: i.game[locale], value: gameName(games, record.game, locale), inline: true },
    { name: i.format[locale], value: format, inline: true },
    { name: i.matchLength[locale], value: W[league.config.matchLength][locale], inline: true },
    { name: i.phase[locale], value: (W.phases[record.status] as Label)[locale], inline: true },
    {
      name: i.players[locale],
      value: league.config.cap === null ? `${active} / ${league.players.length}` : `${active} / ${league.config.cap}`,
      inline: true,
    },
    { name: i.rounds[locale], value: String(league.rounds.length), inline: true },
    { name: i.dates[locale], value: dates, inline: true },
    { name: i.organiser[locale], value: mention(record.ownerId), inline: true },
    {
      name: i.timer[locale],
      value: [
        record.roundMinutes ? W.minutes(record.roundMinutes)[locale] : '–',
        league.config.settings.noShowMinutes
          ? `no-show ${W.minutes(league.config.settings.noShowMinutes)[locale]}`
          : '',
        W.infoReportDeadline(league.config.settings.reportDeadlineMinutes)[locale],
      ]
        .filter(Boolean)
        .join(' · '),
      inline: true,
    },
  ];
  fields.push(
    {
      name: W.infoDecklistsTitle[locale],
      value: W.infoDecklists(league.decklists.required, league.decklists.published)[locale],
      inline: true,
    },
    {
      name: W.infoLateEntryTitle[locale],
      value: W.infoLateEntry(league.lateEntry.untilRound, league.lateEntry.missedRoundsLose)[locale],
      inline: true,
    },
  );
  if (league.judges.length > 0)
    fields.push({ name: W.infoJudges[locale], value: clip(league.judges.map(mention).join(' '), 1024), inline: true });
  if (league.config.cap !== null || league.waitlist.length > 0) {
    const waiting = league.waitlist.map((w, n) => `${n + 1}. ${mention(w.id)}`);
    fields.push({ name: i.waitlist[locale], value: clip(waiting.join('\n') || '–', 1024), inline: false });
  }
  return new EmbedBuilder().setTitle(clip(record.name, 256)).addFields(fields);
}

/** A log entry as one line: "#12 <time> @org set-result round 2 table 1 → 2-0 (undone by #14)". */
export function auditLine(entry: LogEntry, locale: Locale): string {
  const { type, ...rest } = entry.command;
  const details = Object.entries(rest)
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
  const undone = entry.undoneBy !== null ? ` (${W.undoneBy(entry.undoneBy)[locale]})` : '';
  const time = entry.at.slice(0, 16).replace('T', ' ');
  // Only the details hold bare ids; the actor is already a mention and must not be wrapped twice.
  return `#${entry.seq} ${time} ${mention(entry.actor.userId)} **${String(type)}** ${withMentions(clip(details, 160))}${undone}`;
}

export function leaderboardEmbed(
  games: GameRegistry,
  game: string,
  season: string,
  rows: readonly LeaderboardRow[],
  names: Record<string, string>,
  locale: Locale,
): EmbedBuilder {
  const lines = rows.slice(0, 40).map((r) => {
    const rank = r.rank === null ? `(${W.provisional[locale]})` : `**${r.rank}.**`;
    return `${rank} ${clip(names[r.player] ?? r.player, 32)}: ${Math.round(r.rating)} ±${Math.round(2 * r.deviation)} · ${r.games}`;
  });
  return new EmbedBuilder()
    .setTitle(W.leaderboardTitle(gameName(games, game, locale), season)[locale])
    .setDescription(lines.length > 0 ? lines.join('\n') : W.noRatings[locale]);
}
