// Results → messages. Public messages are built from the spectator view only; the ephemeral hand message from the
// owner's view. Nothing here reads the raw state except through `game.view` and `game.pending` (whose player and
// kind are public; its options are shown only to the deciding seat).
import {
  ActionRowBuilder,
  type APIEmbedField,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { isPick } from '../engine/core/decision.ts';
import type { BaseState, GameModule, LogEntry, PendingDecision, Seat } from '../engine/core/game.ts';
import type { Locale } from '../engine/core/label.ts';
import type { GamePresenter } from '../engine/definition.ts';
import { type CopyMarks, markHandCopies, markNames, markTableCopies } from '../render/copy-marks.ts';
import type { TableModel } from '../render/table-model.ts';
import { RenderWithdrawn } from '../render/worker-pool.ts';
import type { MatchInfo } from '../store/match-records.ts';
import { type BotContext, displayName } from './context.ts';
import { clip, decisionControls, readableDecision, withSeatNames } from './controls.ts';
import { encodeControl } from './custom-id.ts';
import { decisionKindName, presenterFor, problemWordsOf } from './game-presenters.ts';
import { T } from './i18n.ts';
import type { ImageRequest } from './image-cache.ts';

export interface OutgoingMessage {
  content?: string;
  embeds: EmbedBuilder[];
  files: AttachmentBuilder[];
  components: ActionRowBuilder<MessageActionRowComponentBuilder>[];
  /** Attachments to keep when this edits a message: [] replaces them with `files` (none: the old image goes). */
  attachments?: [] | { id: string }[];
  /**
   * The hand picture's image key (equal keys, equal pictures; null: no picture), so an edit of an ephemeral that
   * already shows it keeps it instead of uploading it again (play.ts `editOwner`). Not sent to Discord.
   */
  imageKey?: string | null;
  /**
   * The hand picture still being drawn when the message had to go (`pictureWithinMs`): the caller edits it in when
   * it comes, if the message still shows what it showed. Not sent to Discord.
   */
  pictureLater?: Promise<{ file: AttachmentBuilder; key: string } | null>;
}

/** The public board, the turn it shows (a new turn gets a new message) and its image's key (equal keys, equal images). */
export interface PublicBoard extends OutgoingMessage {
  turn: number;
  imageKey: string | null;
  /** The players' life in one line ("alice 1500 · bob 2000"), for the summary an older board shrinks to. */
  lifeLine: string;
}

export async function seatNames(ctx: Pick<BotContext, 'client'>, row: MatchInfo): Promise<Record<Seat, string>> {
  const [p1, p2] = await Promise.all([displayName(ctx, row.players.p1), displayName(ctx, row.players.p2)]);
  // Practice: one person in both seats; the seat's number (never its id) tells them apart.
  return p1 === p2 ? { p1: `${p1} (1)`, p2: `${p2} (2)` } : { p1, p2 };
}

/** Engine log lines say "p1"/"p2"; people read names. */
export function withNames(text: string, names: Record<Seat, string>): string {
  return withSeatNames(text, names);
}

/** A table model whose words name people, not seats (the last action and the waiting items come from the log). */
export function namedTable(table: TableModel, names: Record<Seat, string>): TableModel {
  return {
    ...table,
    stack: {
      ...table.stack,
      items: table.stack.items.map((item) => ({
        ...item,
        source: withNames(item.source, names),
        text: withNames(item.text, names),
        targets: item.targets.map((t) => withNames(t, names)),
      })),
    },
    lastAction: table.lastAction ? { ...table.lastAction, text: withNames(table.lastAction.text, names) } : null,
  };
}

export function seatsOf(row: MatchInfo, userId: string): Seat[] {
  const seats: Seat[] = [];
  if (row.players.p1 === userId) seats.push('p1');
  if (row.players.p2 === userId) seats.push('p2');
  return seats;
}

/** The seat a user acts for now: the deciding seat if it is theirs (practice plays both), else their first. */
export function actingSeat(seats: readonly Seat[], pending: PendingDecision | null): Seat | null {
  if (pending && seats.includes(pending.player)) return pending.player;
  return seats[0] ?? null;
}

function logLines(
  lines: { text: { en: string; ja: string } }[],
  locale: Locale,
  names: Record<Seat, string>,
  n: number,
  max: number,
): string {
  const out: string[] = [];
  let length = 0;
  for (const line of lines.slice(-n).reverse()) {
    const text = `· ${clip(withNames(line.text[locale], names), 200)}`;
    if (length + text.length + 1 > max) break;
    out.unshift(text);
    length += text.length + 1;
  }
  return out.join('\n') || '—';
}

async function image(
  ctx: BotContext,
  kind: 'board' | 'hand',
  model: unknown,
  request?: ImageRequest,
): Promise<{ file: AttachmentBuilder; key: string } | null> {
  if (!ctx.images) return null;
  try {
    const { png, key } = await ctx.images.image(kind, model, request);
    return { file: new AttachmentBuilder(png, { name: `${kind}.png` }), key };
  } catch (error) {
    // A hand picture withdrawn for a newer one of the same player: its message had moved on (image-cache.ts).
    if (!(error instanceof RenderWithdrawn)) ctx.log(`render ${kind} failed: ${(error as Error).message}`);
    return null;
  }
}

/** What the hot-path embeds hold (the board and the hand, built for every decision). */
interface EmbedData {
  title: string;
  description: string;
  fields?: APIEmbedField[];
  /** The attachment shown as the embed's image. */
  image?: string;
}

/**
 * The embed of `data`, equal to one built with the setters (`setTitle`, `setDescription`, `addFields`, `setImage`, in
 * that order). The setters validate with shapeshift, whose nullable checks construct an error object (stack trace
 * and all) for every non-null value, a sizeable part of building a board; when the data is within the same limits
 * (Discord's, as the setters check them) it is set directly, otherwise the setters run and throw as they always did.
 */
export function embedOf(data: EmbedData): EmbedBuilder {
  const embed = new EmbedBuilder();
  const { title, description, fields, image } = data;
  const within =
    title.length >= 1 &&
    title.length <= 256 &&
    description.length >= 1 &&
    description.length <= 4096 &&
    (fields ?? []).length <= 25 &&
    (fields ?? []).every(
      (f) =>
        typeof f.name === 'string' &&
        f.name.length <= 256 &&
        typeof f.value === 'string' &&
        f.value.length <= 1024 &&
        (f.inline === undefined || typeof f.inline === 'boolean'),
    ) &&
    (image === undefined || image.startsWith('attachment://'));
  if (!within) {
    embed.setTitle(title).setDescription(description);
    if (fields) embed.addFields(fields);
    if (image !== undefined) embed.setImage(image);
    return embed;
  }
  embed.data.title = title;
  embed.data.description = description;
  if (fields) embed.data.fields = fields;
  if (image !== undefined) embed.data.image = { url: image };
  return embed;
}

/**
 * The board image's model: the table without who holds priority, which changes on nearly every decision and is in
 * the message text already. The phase and step stay (issue 26 item 6: a board read alone says where the turn is);
 * they change once a step, so passes within a step still leave the image unchanged, and the image cache and the kept
 * attachment (board.ts) spare the render and the upload.
 */
export function boardImageModel(table: TableModel): TableModel {
  const { prioritySeat: _priority, ...slow } = table;
  return slow;
}

/** The public board: embed (turn, phase, whose decision, life, last log lines), board image, "My hand / act". */
export async function publicBoard(
  ctx: BotContext,
  row: MatchInfo,
  game: GameModule,
  state: BaseState,
  names: Record<Seat, string>,
  locale: Locale,
): Promise<PublicBoard> {
  const view = game.view(state, { kind: 'spectator' });
  const presenter = presenterFor(ctx.games, row.game);
  // Copies of one card on a field marked "(1)", "(2)" as the players' buttons mark them (copy-marks.ts).
  const table = markTableCopies(namedTable(presenter.table(view, { locale, names }), names)).table;
  const pending = game.pending(state);
  const fields: APIEmbedField[] = (['p1', 'p2'] as const).map((seat) => {
    const side = table.players[seat];
    const zones = side.zones.map((z) => `${z.label} ${z.count}`).join(' · ');
    return {
      name: clip(names[seat], 256),
      value: clip(`${T.life[locale]} ${side.life ?? '—'} · ${zones}`, 1024),
      inline: false,
    };
  });
  fields.push({ name: T.log[locale], value: logLines(presenter.log(view), locale, names, 6, 1000) });
  const title = clip(`${game.name[locale]} · ${names.p1} vs ${names.p2}`, 256);
  const description = [
    `**${T.turn[locale]}** ${table.turn} · **${T.phase[locale]}** ${table.phase ?? '—'}`,
    pending
      ? `**${T.decision[locale]}** ${names[pending.player]} (${decisionKindName(ctx.games, row.game, pending.kind, locale)})`
      : T.matchOver[locale],
    ...(pending ? await ctx.flow.publicClockLine(row.matchId, pending.id, locale) : []),
  ].join('\n');
  const picture = await image(ctx, 'board', boardImageModel(table));
  const embed = embedOf({ title, description, fields, ...(picture ? { image: 'attachment://board.png' } : {}) });
  const components = state.result
    ? []
    : [
        new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(encodeControl({ kind: 'hand', matchId: row.matchId }))
            .setLabel(T.handButton[locale])
            .setStyle(ButtonStyle.Primary),
          new ButtonBuilder()
            .setCustomId(encodeControl({ kind: 'log', matchId: row.matchId, page: 0 }))
            .setLabel(T.logButton[locale])
            .setStyle(ButtonStyle.Secondary),
          new ButtonBuilder()
            .setCustomId(encodeControl({ kind: 'card-details', matchId: row.matchId, chunk: 0 }))
            .setLabel(T.cardDetailsButton[locale])
            .setStyle(ButtonStyle.Secondary),
        ),
      ];
  return {
    embeds: [embed],
    files: picture ? [picture.file] : [],
    components,
    turn: table.turn,
    imageKey: picture?.key ?? null,
    lifeLine: (['p1', 'p2'] as const)
      .map((seat) => `${names[seat]} ${T.life[locale]} ${table.players[seat].life ?? '—'}`)
      .join(' · '),
  };
}

/**
 * What an older board of the thread becomes when a new turn's board is posted (issue 26 item 6): one line, no image
 * and no button, so the current board is the one that stands out. The same edit that used to remove its button.
 */
export function olderBoard(turn: number, lifeLine: string, locale: Locale): OutgoingMessage {
  return {
    content: clip(T.olderBoard(turn, lifeLine)[locale], 2000),
    embeds: [],
    files: [],
    components: [],
    attachments: [],
  };
}

/**
 * The end of a match: who won and why (the result's reason in words, `describeResult`), and the log. `publicLog`
 * is every entry a spectator may read, from the whole match (MatchStore.publicLog replays it): the embed shows its
 * last lines and the attached file all of them, so the file holds nothing a spectator may not read.
 */
export function resultMessage(
  game: GameModule,
  state: BaseState,
  names: Record<Seat, string>,
  locale: Locale,
  publicLog: readonly LogEntry[],
): OutgoingMessage {
  const r = state.result;
  const headline = !r ? T.matchOver[locale] : r.kind === 'win' ? T.wins(names[r.winner])[locale] : T.draw[locale];
  const reason = r ? game.describeResult(r)[locale] : '';
  const embed = new EmbedBuilder()
    .setTitle(clip(`${T.result[locale]}: ${headline}`, 256))
    .setDescription(r ? clip(`${withNames(reason, names)} (${game.name[locale]} ${r.rule})`, 4000) : '—')
    .addFields({ name: T.log[locale], value: logLines([...publicLog], locale, names, 20, 1024) });
  const fullLog = publicLog.map((line) => `${line.seq}. ${withNames(line.text[locale], names)}`).join('\n');
  const file = new AttachmentBuilder(Buffer.from(`${fullLog}\n`, 'utf8'), { name: 'match-log.txt' });
  return { embeds: [embed], files: [file], components: [] };
}

export interface HandMessageInput {
  row: MatchInfo;
  game: GameModule;
  state: BaseState;
  seat: Seat;
  names: Record<Seat, string>;
  locale: Locale;
  page?: number;
  notice?: string;
  /**
   * 'always' (default): the hand's picture whenever images are on. 'while-deciding': only while the owner has a
   * decision; an ephemeral edited after they acted, while someone else decides, lists the hand without a picture
   * (the picture is for choosing; "My hand / act" shows it any time). With 50 matches at once, those pictures were
   * about a fifth of the hand renders, on the worker that also draws every board.
   */
  picture?: 'always' | 'while-deciding';
  /**
   * How long the message waits for its picture (issue 26 item 8): past it, it goes without, listing the hand and its
   * controls, and `pictureLater` brings the picture. With 50 matches on one render worker a hand could queue behind
   * boards for seconds; the choice is the player's to make now, the picture only helps.
   */
  pictureWithinMs?: number;
  /**
   * Someone is looking for the picture now (a "My hand" click): it is drawn before pictures drawn ahead of being
   * looked at (the ephemeral edited after a commit, the decision coming back; image-cache.ts).
   */
  waiting?: boolean;
}

/** The owner's ephemeral: their hand (image + names) and, when it is their decision, the legal options. */
export async function handMessage(ctx: BotContext, input: HandMessageInput): Promise<OutgoingMessage> {
  const { row, game, state, seat, names, locale } = input;
  const view = game.view(state, { kind: 'player', seat });
  const presenter = presenterFor(ctx.games, row.game);
  const pending = game.pending(state);
  const deciding = pending !== null && pending.player === seat ? pending : null;
  // The hand's render model feeds its image and, while the owner decides, the copy marks of their controls; it is
  // not built when neither is wanted.
  const wanted = ctx.images !== null && (input.picture !== 'while-deciding' || deciding !== null);
  const marks: CopyMarks = new Map();
  const hand =
    wanted || deciding ? markHandCopies(handModel(presenter, view, seat, deciding, locale, names), marks) : null;
  // While they decide: the board as they see it says where the match is and what attacks what (issue 26 item 7),
  // from their own view, with the copies on the fields marked as the board picture marks them.
  const table = deciding
    ? markTableCopies(namedTable(presenter.table(view, { locale, names }), names), marks).table
    : null;
  const mine = deciding ? readableDecision(deciding, names, marks) : null;
  const cards = markNames(presenter.handNames(view, seat, locale), locale);
  const lines: string[] = [];
  if (input.notice) lines.push(`⚠️ ${input.notice}`);
  if (state.result) lines.push(T.matchOver[locale]);
  else if (mine && table) {
    lines.push(`${T.turn[locale]} ${table.turn} · ${table.phase ?? '—'} · **${mine.prompt[locale]}**`);
    if (table.combat) {
      const attacks = table.combat.attacks.map((a) => T.attackLine(a.attacker, a.target, a.blockers)[locale]);
      lines.push(`⚔️ ${table.combat.name}: ${attacks.join(' · ')}`);
    }
  } else if (pending) lines.push(T.waitingFor(names[pending.player])[locale]);
  const controls = mine
    ? decisionControls({
        matchId: row.matchId,
        version: state.version,
        pending: mine,
        locale,
        ...(input.page !== undefined ? { page: input.page } : {}),
        // The answer in progress is the store's (picks, split, declaration), never the custom_id's.
        draft: await ctx.store.drafts.get(row.matchId, state.version, seat),
        ...problemWordsOf(ctx.games, row.game),
      })
    : null;
  if (controls?.note) lines.push(controls.note);
  const drawing =
    wanted && hand
      ? image(ctx, 'hand', hand.hand, { waiting: input.waiting === true, lane: `${row.matchId}:${seat}` })
      : null;
  const picture = drawing ? await withinMs(drawing, input.pictureWithinMs) : null;
  const late = drawing !== null && picture === undefined;
  const embed = embedOf({
    title: clip(`${T.hand[locale]} · ${names[seat]} (${cards.length})`, 256),
    description: clip(cards.join('\n') || '—', 4000),
    ...(picture ? { image: 'attachment://hand.png' } : {}),
  });
  return {
    content: clip(lines.join('\n'), 2000),
    embeds: [embed],
    files: picture ? [picture.file] : [],
    components: controls?.rows ?? [],
    attachments: [],
    imageKey: picture?.key ?? null,
    ...(late && drawing ? { pictureLater: drawing } : {}),
  };
}

/** The value of `promise` if it settles within `ms` (always when `ms` is undefined), else undefined. */
async function withinMs<T>(promise: Promise<T>, ms: number | undefined): Promise<T | undefined> {
  if (ms === undefined) return promise;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function handModel(
  presenter: GamePresenter<unknown>,
  view: unknown,
  seat: Seat,
  mine: PendingDecision | null,
  locale: Locale,
  names: Record<Seat, string>,
) {
  const playableIds = new Set(
    (mine && isPick(mine) ? mine.options : [])
      .filter((o) => o.role === 'play' && o.objectId)
      .map((o) => o.objectId as string),
  );
  return presenter.hand(view, seat, { locale, names, playableIds });
}
