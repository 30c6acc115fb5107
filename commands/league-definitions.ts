// /league and /rating as discord.js builders (docs/leagues.md, docs/bot.md). Organiser subcommands are open to
// everyone in Discord's menu and checked by the bot: the league's creator or a server manager may use them.
import {
  ChannelType,
  SlashCommandBuilder,
  type SlashCommandIntegerOption,
  type SlashCommandStringOption,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandGroupBuilder,
  type SlashCommandUserOption,
} from 'discord.js';
import type { GameRegistry } from '../src/engine/registry.ts';

/** /league and /rating, with game choices from a registry. */
export function leagueCommandBuilders(games: GameRegistry) {
  const gameChoices = games.games.map((g) => ({ name: g.name.en, name_localizations: { ja: g.name.ja }, value: g.id }));

  const leagueOption = (o: SlashCommandStringOption) =>
    o
      .setName('league')
      .setDescription('Which league (default: the only open one)')
      .setAutocomplete(true)
      .setMaxLength(100);
  const playerOption = (what: string) => (o: SlashCommandUserOption) => o.setName('player').setDescription(what);
  const sub = (s: SlashCommandSubcommandBuilder, name: string, en: string, ja: string) =>
    s.setName(name).setDescription(en).setDescriptionLocalizations({ ja });
  // A required player (reinstate, penalty, disqualify) and a penalty's reason, seen by organisers and that player only.
  const namedPlayer = (o: SlashCommandUserOption) =>
    o.setName('player').setDescription('Who').setDescriptionLocalizations({ ja: '対象のプレイヤー' }).setRequired(true);
  const privateReason = (o: SlashCommandStringOption) =>
    o
      .setName('reason')
      .setDescription('Why (only organisers and the player see it)')
      .setDescriptionLocalizations({ ja: '理由（運営と本人のみ閲覧可）' })
      .setRequired(true)
      .setMaxLength(200);
  const games03 = (name: string, what: string, required: boolean) => (o: SlashCommandIntegerOption) =>
    o.setName(name).setDescription(what).setMinValue(0).setMaxValue(3).setRequired(required);

  const otherPlayer = (o: SlashCommandUserOption) =>
    o
      .setName('other')
      .setDescription('The other player')
      .setDescriptionLocalizations({ ja: 'もう1人のプレイヤー' })
      .setRequired(true);
  // Organiser tools beyond the everyday ones (issue 22), in one group: /league has room for 25 entries in all.
  const manageGroup = (g: SlashCommandSubcommandGroupBuilder) =>
    g
      .setName('manage')
      .setDescription('Organisers: judges, decklists, pairings by hand, late entry, the clock')
      .setDescriptionLocalizations({ ja: '運営ツール：ジャッジ、デッキリスト、手動ペアリング、途中参加、時計' })
      .addSubcommand((s) =>
        sub(s, 'judge-add', 'Make a member a judge of this league (creator or server managers)', 'ジャッジを追加する')
          .addUserOption(namedPlayer)
          .addStringOption(leagueOption),
      )
      .addSubcommand((s) =>
        sub(s, 'judge-remove', 'Remove a judge (creator or server managers)', 'ジャッジを外す')
          .addUserOption(namedPlayer)
          .addStringOption(leagueOption),
      )
      .addSubcommand((s) =>
        sub(s, 'decklists', 'Require decklists before round 1, or publish them', 'デッキリストの提出義務・公開')
          .addBooleanOption((o) =>
            o
              .setName('required')
              .setDescription('Players need a list before round 1')
              .setDescriptionLocalizations({ ja: '第1ラウンド前に提出必須' }),
          )
          .addBooleanOption((o) =>
            o
              .setName('published')
              .setDescription('Everyone may read the lists (/league deck player)')
              .setDescriptionLocalizations({ ja: '全員がリストを閲覧できる' }),
          )
          .addStringOption(leagueOption),
      )
      .addSubcommand((s) =>
        sub(s, 'pair', 'Pair two players this round; their opponents play each other', '2人を手動で対戦させる')
          .addUserOption(namedPlayer)
          .addUserOption(otherPlayer)
          .addStringOption(leagueOption),
      )
      .addSubcommand((s) =>
        sub(s, 'swap', 'Two players exchange seats this round', '2人の席を入れ替える')
          .addUserOption(namedPlayer)
          .addUserOption(otherPlayer)
          .addStringOption(leagueOption),
      )
      .addSubcommand((s) =>
        sub(s, 'keep-apart', 'Never pair these two in Swiss rounds while avoidable', '2人を対戦させない')
          .addUserOption(namedPlayer)
          .addUserOption(otherPlayer)
          .addStringOption(leagueOption),
      )
      .addSubcommand((s) =>
        sub(s, 'late-entry', 'Let players join until a round has started', '途中参加の受付')
          .addIntegerOption((o) =>
            o
              .setName('until-round')
              .setDescription('Joins allowed until this round has started (0: closed at round 1)')
              .setDescriptionLocalizations({ ja: 'このラウンド開始まで参加可（0：第1ラウンドで締切）' })
              .setRequired(true)
              .setMinValue(0)
              .setMaxValue(30),
          )
          .addBooleanOption((o) =>
            o
              .setName('missed-rounds-lose')
              .setDescription('Rounds a late player missed count as match losses (default yes)')
              .setDescriptionLocalizations({ ja: '欠席ラウンドを試合敗北とする（既定：はい）' }),
          )
          .addStringOption(leagueOption),
      )
      .addSubcommand((s) =>
        sub(s, 'clock', 'Pause or resume the round clock, or give a table extra time', 'ラウンドの時計・延長')
          .addStringOption((o) =>
            o
              .setName('action')
              .setDescription('What to do')
              .setDescriptionLocalizations({ ja: '操作' })
              .setRequired(true)
              .addChoices(
                { name: 'pause', value: 'pause', name_localizations: { ja: '停止' } },
                { name: 'resume', value: 'resume', name_localizations: { ja: '再開' } },
                { name: 'extend a table', value: 'extend', name_localizations: { ja: '卓の延長' } },
              ),
          )
          .addIntegerOption((o) => o.setName('table').setDescription('Table (extend)').setMinValue(1))
          .addIntegerOption((o) =>
            o
              .setName('minutes')
              .setDescription('Extra minutes (extend)')
              .setMinValue(1)
              .setMaxValue(24 * 60),
          )
          .addStringOption(leagueOption),
      )
      .addSubcommand((s) =>
        sub(s, 'report-deadline', 'Minutes until an unanswered report stands (0: never)', '報告の確定期限（分）')
          .addIntegerOption((o) =>
            o
              .setName('minutes')
              .setDescription('0 turns the deadline off')
              .setRequired(true)
              .setMinValue(0)
              .setMaxValue(24 * 60),
          )
          .addStringOption(leagueOption),
      );

  const league = new SlashCommandBuilder()
    .setName('league')
    .setDescription('Community leagues: Swiss, round robin, ladder')
    .setDescriptionLocalizations({ ja: 'コミュニティリーグ' })
    .setDMPermission(false)
    .addSubcommand((s) =>
      sub(s, 'create', 'Organisers: create a league in this channel', 'リーグを作成する（運営）')
        .addStringOption((o) => o.setName('name').setDescription('League name').setRequired(true).setMaxLength(100))
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('Which game')
            .setRequired(true)
            .setChoices(...gameChoices),
        )
        .addStringOption((o) =>
          o
            .setName('format')
            .setDescription('Swiss (optional top cut), round robin or an open ladder')
            .setRequired(true)
            .setChoices(
              { name: 'Swiss', value: 'swiss' },
              { name: 'Round robin', value: 'round-robin' },
              { name: 'Open ladder', value: 'ladder' },
            ),
        )
        .addIntegerOption((o) =>
          o
            .setName('rounds')
            .setDescription('Swiss rounds (default: from the player count, MTR)')
            .setMinValue(1)
            .setMaxValue(30),
        )
        .addIntegerOption((o) =>
          o
            .setName('top-cut')
            .setDescription('Top cut size, 0 for none (default: from the player count)')
            .setMinValue(0)
            .setMaxValue(64),
        )
        .addIntegerOption((o) =>
          o
            .setName('cut-max-losses')
            .setDescription('Cut by record: everyone with at most this many losses (1: X-1 or better)')
            .setDescriptionLocalizations({ ja: '成績でカット：この敗数以下の全員（1なら1敗以下）' })
            .setMinValue(0)
            .setMaxValue(10),
        )
        .addStringOption((o) =>
          o
            .setName('match-length')
            .setDescription('One game or best of three (default best of three)')
            .setChoices({ name: 'One game', value: 'bo1' }, { name: 'Best of three', value: 'bo3' }),
        )
        .addStringOption((o) => o.setName('starts').setDescription('Start date, YYYY-MM-DD').setMaxLength(10))
        .addStringOption((o) => o.setName('ends').setDescription('End date, YYYY-MM-DD').setMaxLength(10))
        .addIntegerOption((o) =>
          o
            .setName('round-minutes')
            .setDescription('Round timer in minutes')
            .setMinValue(5)
            .setMaxValue(24 * 60),
        )
        .addIntegerOption((o) =>
          o
            .setName('no-show-minutes')
            .setDescription('Absent players lose after this many minutes (default: off)')
            .setMinValue(1)
            .setMaxValue(24 * 60),
        )
        .addIntegerOption((o) =>
          o
            .setName('cap')
            .setDescription('Most players; later joins go on a waitlist (default: no cap)')
            .setMinValue(2)
            .setMaxValue(4096),
        )
        .addBooleanOption((o) => o.setName('check-in').setDescription('Players must check in before round 1'))
        .addBooleanOption((o) => o.setName('threads').setDescription('A thread per pairing (default yes)'))
        .addChannelOption((o) =>
          o
            .setName('channel')
            .setDescription('Announcement channel (default: here)')
            .addChannelTypes(ChannelType.GuildText),
        ),
    )
    .addSubcommand((s) => sub(s, 'list', "This server's leagues", 'このサーバーのリーグ一覧'))
    .addSubcommand((s) =>
      sub(s, 'join', 'Join a league', 'リーグに参加する')
        .addStringOption(leagueOption)
        .addUserOption(playerOption('Organisers: register someone else')),
    )
    .addSubcommand((s) =>
      sub(s, 'drop', 'Leave a league', 'リーグからドロップする')
        .addStringOption(leagueOption)
        .addUserOption(playerOption('Organisers: drop someone else')),
    )
    .addSubcommand((s) =>
      sub(s, 'deck', 'Submit your decklist (private), or read one', 'デッキリストを提出する（非公開）・閲覧する')
        .addStringOption((o) =>
          o.setName('list').setDescription('The decklist as text: 4 card-id, 2 other-card, ...').setMaxLength(4000),
        )
        .addAttachmentOption((o) =>
          o.setName('file').setDescription('Or the decklist as a text file (.txt, one "N card-id" per line, 16 KB)'),
        )
        .addStringOption(leagueOption)
        .addUserOption(playerOption("Organisers: for someone else; without a list, read this player's")),
    )
    .addSubcommand((s) =>
      sub(s, 'checkin', 'Check in before round 1', '第1ラウンド前にチェックインする')
        .addStringOption(leagueOption)
        .addUserOption(playerOption('Organisers: check someone in')),
    )
    .addSubcommand((s) =>
      sub(s, 'standings', 'Standings with tiebreakers', '順位表')
        .addStringOption(leagueOption)
        .addBooleanOption((o) => o.setName('image').setDescription('Attach the standings image (default yes)')),
    )
    .addSubcommand((s) =>
      sub(s, 'pairings', 'Pairings of a round', 'ラウンドのペアリング')
        .addStringOption(leagueOption)
        .addIntegerOption((o) => o.setName('round').setDescription('Round (default: current)').setMinValue(1)),
    )
    .addSubcommand((s) =>
      sub(s, 'history', "A player's matches", '対戦履歴')
        .addStringOption(leagueOption)
        .addUserOption(playerOption('Whose (default: yours)')),
    )
    .addSubcommand((s) =>
      sub(s, 'info', 'League settings and status', 'リーグの設定と状況').addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(s, 'report', 'Report your match played outside the bot', 'ボット外の対戦結果を報告する')
        .addIntegerOption(games03('won', 'Games you won', true))
        .addIntegerOption(games03('lost', 'Games you lost', true))
        .addIntegerOption(games03('drawn', 'Games drawn', false))
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(s, 'registration', 'Organisers: open or close registration', '参加登録の受付・締切（運営）')
        .addBooleanOption((o) => o.setName('open').setDescription('Open (True) or close (False)').setRequired(true))
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(
        s,
        'next-round',
        'Organisers: pair and start the next round',
        '次のラウンドを開始する（運営）',
      ).addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(
        s,
        're-pair',
        'Organisers: pair the current round again',
        '現在のラウンドを再ペアリング（運営）',
      ).addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(s, 'result', 'Organisers: decide, force or correct a result', '結果の決定・修正（運営）')
        .addIntegerOption((o) => o.setName('round').setDescription('Round').setRequired(true).setMinValue(1))
        .addIntegerOption((o) => o.setName('table').setDescription('Table').setRequired(true).setMinValue(1))
        .addStringOption((o) =>
          o.setName('score').setDescription("Games won, table's first player first: 2-1, 0-2, 1-1-1").setMaxLength(10),
        )
        .addBooleanOption((o) => o.setName('both-lose').setDescription('Both players get a match loss'))
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(s, 'bye', 'Organisers: award a bye next round', '次ラウンドの不戦勝を与える（運営）')
        .addUserOption((o) => o.setName('player').setDescription('Who').setRequired(true))
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(s, 'no-show', 'Organisers: an absent player loses', '不戦敗を記録する（運営）')
        .addIntegerOption((o) => o.setName('table').setDescription('Table').setRequired(true).setMinValue(1))
        .addUserOption((o) => o.setName('absent').setDescription('Who did not show up').setRequired(true))
        .addUserOption((o) => o.setName('also-absent').setDescription('The opponent too (both lose)'))
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(
        s,
        'undo',
        'Organisers: show the latest organiser change, then undo it',
        '直前の運営操作を確認して取り消す（運営）',
      )
        .addIntegerOption((o) =>
          o
            .setName('confirm')
            .setDescription('The change number undo showed you: revert it')
            .setDescriptionLocalizations({ ja: '確認した操作の番号：取り消しを実行' })
            .setMinValue(1),
        )
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(s, 'penalty', 'Organisers: a warning, game loss or match loss', '警告・ゲーム敗北・試合敗北を与える（運営）')
        .addUserOption(namedPlayer)
        .addStringOption((o) =>
          o
            .setName('kind')
            .setDescription('Which penalty')
            .setDescriptionLocalizations({ ja: '罰則の種類' })
            .setRequired(true)
            .addChoices(
              { name: 'warning', value: 'warning', name_localizations: { ja: '警告' } },
              { name: 'game loss', value: 'game-loss', name_localizations: { ja: 'ゲーム敗北' } },
              {
                name: 'match loss (decides the open match)',
                value: 'match-loss',
                name_localizations: { ja: '試合敗北（未決着の対戦を決着）' },
              },
            ),
        )
        .addStringOption(privateReason)
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(
        s,
        'disqualify',
        'Organisers: disqualify a player (they leave the standings)',
        'プレイヤーを失格にする（運営）',
      )
        .addUserOption(namedPlayer)
        .addStringOption(privateReason)
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) =>
      sub(s, 'reinstate', 'Organisers: bring back a player who dropped', 'ドロップしたプレイヤーを復帰させる（運営）')
        .addUserOption(namedPlayer)
        .addStringOption(leagueOption),
    )
    .addSubcommand((s) => sub(s, 'audit', 'Every organiser change', '運営操作の監査ログ').addStringOption(leagueOption))
    .addSubcommand((s) =>
      sub(
        s,
        'export',
        'Organisers: standings, rounds or the whole event as a file',
        '順位表・ラウンド・大会全体をファイルで出力（運営）',
      )
        .addStringOption((o) =>
          o
            .setName('what')
            .setDescription('What to export (default: standings as CSV)')
            .setDescriptionLocalizations({ ja: '出力する内容（既定：順位表CSV）' })
            .addChoices(
              { name: 'standings (CSV)', value: 'standings', name_localizations: { ja: '順位表（CSV）' } },
              {
                name: 'pairings and results of every round (CSV)',
                value: 'rounds',
                name_localizations: { ja: '全ラウンドの対戦と結果（CSV）' },
              },
              { name: 'the whole event (JSON)', value: 'json', name_localizations: { ja: '大会全体（JSON）' } },
              {
                name: 'every decklist (text)',
                value: 'decklists',
                name_localizations: { ja: '全デッキリスト（テキスト）' },
              },
            ),
        )
        .addStringOption(leagueOption),
    )
    .addSubcommandGroup(manageGroup)
    .addSubcommand((s) =>
      sub(s, 'finish', 'Organisers: end the league', 'リーグを終了する（運営）')
        .addBooleanOption((o) =>
          o
            .setName('confirm')
            .setDescription('Finish even though matches of the round have no result')
            .setDescriptionLocalizations({ ja: '結果のない対戦があっても終了する' }),
        )
        .addStringOption(leagueOption),
    );

  const ratingGame = (o: SlashCommandStringOption) =>
    o
      .setName('game')
      .setDescription('Which game')
      .setRequired(true)
      .setChoices(...gameChoices);

  const rating = new SlashCommandBuilder()
    .setName('rating')
    .setDescription('Glicko-2 ratings per game in this server')
    .setDescriptionLocalizations({ ja: 'レーティング' })
    .setDMPermission(false)
    .addSubcommand((s) =>
      sub(s, 'leaderboard', 'The rating leaderboard', 'レーティング順位').addStringOption(ratingGame),
    )
    .addSubcommand((s) =>
      sub(s, 'season-start', 'Server managers: start a season (soft reset)', 'シーズン開始（管理者）')
        .addStringOption(ratingGame)
        .addStringOption((o) => o.setName('name').setDescription('Season name').setRequired(true).setMaxLength(60)),
    )
    .addSubcommand((s) =>
      sub(s, 'season-end', 'Server managers: end the season', 'シーズン終了（管理者）').addStringOption(ratingGame),
    );

  return [league, rating];
}
