// Arbiter's slash commands, as discord.js builders. `commands/deploy.ts` registers them; the bot's router
// dispatches on the same names.
import { PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { DEFAULT_GAME_ID } from '../src/engine/core/game.ts';
import { GAMES, type GameRegistry } from '../src/engine/registry.ts';
import { leagueCommandBuilders } from './league-definitions.ts';

/** The commands, with game choices from a registry (the default one, or a test's with a toy game). */
export function commandBuilders(games: GameRegistry = GAMES) {
  const gameChoices = games.games.map((g) => ({ name: g.name.en, name_localizations: { ja: g.name.ja }, value: g.id }));

  const duel = new SlashCommandBuilder()
    .setName('duel')
    .setDescription('Play a match')
    .setDescriptionLocalizations({ ja: '対戦する' })
    .setDMPermission(false)
    .addSubcommand((s) =>
      s
        .setName('challenge')
        .setDescription('Challenge someone to a match')
        .setDescriptionLocalizations({ ja: '対戦を申し込む' })
        .addUserOption((o) => o.setName('opponent').setDescription('Who you challenge').setRequired(true))
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('Which game')
            .setChoices(...gameChoices),
        )
        .addStringOption((o) =>
          o.setName('deck').setDescription('Your deck (a precon id or a saved deck)').setAutocomplete(true),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('practice')
        .setDescription('Play both seats yourself')
        .setDescriptionLocalizations({ ja: '一人で両方の席をプレイする' })
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('Which game')
            .setChoices(...gameChoices),
        )
        .addStringOption((o) => o.setName('deck').setDescription('Your deck').setAutocomplete(true)),
    )
    .addSubcommand((s) =>
      s
        .setName('ai')
        .setDescription('Play against the AI')
        .setDescriptionLocalizations({ ja: 'AIと対戦する' })
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('Which game')
            .setChoices(...gameChoices),
        )
        .addStringOption((o) => o.setName('deck').setDescription('Your deck').setAutocomplete(true))
        .addStringOption((o) =>
          o
            .setName('level')
            .setDescription('How strong the AI plays (default: normal)')
            .setChoices(
              { name: 'easy', name_localizations: { ja: 'やさしい' }, value: 'easy' },
              { name: 'normal', name_localizations: { ja: 'ふつう' }, value: 'normal' },
              { name: 'hard', name_localizations: { ja: 'むずかしい' }, value: 'hard' },
            ),
        ),
    );

  const concede = new SlashCommandBuilder()
    .setName('concede')
    .setDescription('Concede the match in this thread')
    .setDescriptionLocalizations({ ja: 'このスレッドの対戦で投了する' })
    .setDMPermission(false);

  const match = new SlashCommandBuilder()
    .setName('match')
    .setDescription('The match in this thread')
    .setDMPermission(false)
    .addSubcommand((s) => s.setName('status').setDescription('Show the board to you only'))
    .addSubcommand((s) =>
      s
        .setName('abort')
        .setDescription('Server managers: end a match without a result')
        .addStringOption((o) => o.setName('reason').setDescription('Why').setMaxLength(200))
        .addStringOption((o) => o.setName('match').setDescription('Match id (default: this thread)')),
    )
    .addSubcommand((s) =>
      s
        .setName('inspect')
        .setDescription('Server managers: check a match log, snapshots and replay')
        .addStringOption((o) => o.setName('match').setDescription('Match id (default: this thread)')),
    )
    .addSubcommand((s) =>
      s
        .setName('resume')
        .setDescription('Continue a paused match (its thread was deleted) in a new thread')
        .setDescriptionLocalizations({ ja: '一時停止中の対戦を新しいスレッドで再開する' })
        .addStringOption((o) => o.setName('match').setDescription('Match id (when several are paused)')),
    )
    .addSubcommand((s) =>
      s
        .setName('export')
        .setDescription('The replay as JSON (players once it is over; server managers any time)')
        .addStringOption((o) => o.setName('match').setDescription('Match id (default: this thread)')),
    );

  const gameChoice = (o: import('discord.js').SlashCommandStringOption) =>
    o
      .setName('game')
      .setDescription(`Which game (default ${games.find(DEFAULT_GAME_ID)?.name.en ?? DEFAULT_GAME_ID})`)
      .addChoices(...gameChoices);

  const rules = new SlashCommandBuilder()
    .setName('rules')
    .setDescription('Look a rule up: a number, a keyword or any words (English or Japanese)')
    .setDescriptionLocalizations({ ja: 'ルールを調べる（番号・キーワード・語句）' })
    .addStringOption((o) =>
      o
        .setName('query')
        .setDescription('702.9, flying, 飛行, pierce, ...')
        .setRequired(true)
        .setAutocomplete(true)
        .setMaxLength(100),
    )
    .addStringOption(gameChoice)
    .addBooleanOption((o) => o.setName('private').setDescription('Show the answer to you only'));

  const card = new SlashCommandBuilder()
    .setName('card')
    .setDescription('Look a card up: its face, text and keyword rules')
    .setDescriptionLocalizations({ ja: 'カードを調べる' })
    .addStringOption((o) =>
      o.setName('name').setDescription('Card name').setRequired(true).setAutocomplete(true).setMaxLength(100),
    )
    .addStringOption((o) => gameChoice(o).setDescription('Which game (default: search every game)'))
    .addBooleanOption((o) => o.setName('private').setDescription('Show the answer to you only'));

  const arbiter = new SlashCommandBuilder()
    .setName('arbiter')
    .setDescription("Server managers: this server's Arbiter data")
    .setDMPermission(false)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) => s.setName('export-data').setDescription("Export this server's data (JSON, replays included)"))
    .addSubcommand((s) =>
      s
        .setName('import-rules')
        .setDescription('Import the rules documents again (RULES_DIR) and our reference')
        .addBooleanOption((o) => o.setName('force').setDescription('Parse even unchanged files')),
    )
    .addSubcommand((s) =>
      s
        .setName('delete-data')
        .setDescription("Delete this server's matches, decks and settings")
        .addBooleanOption((o) => o.setName('confirm').setDescription('Yes, delete everything').setRequired(true)),
    );

  const deckName = (o: import('discord.js').SlashCommandStringOption) =>
    o.setName('name').setDescription('Deck name').setRequired(true).setMaxLength(80).setAutocomplete(true);
  const deckGame = (o: import('discord.js').SlashCommandStringOption) =>
    o
      .setName('game')
      .setDescription('Which game')
      .setChoices(...gameChoices);

  const deck = new SlashCommandBuilder()
    .setName('deck')
    .setDescription('Your decks')
    .setDescriptionLocalizations({ ja: 'デッキ管理' })
    .setDMPermission(false)
    .addSubcommand((s) =>
      s.setName('list').setDescription('Your saved decks and the precons').addStringOption(deckGame),
    )
    .addSubcommand((s) =>
      s.setName('show').setDescription('Show a deck').addStringOption(deckName).addStringOption(deckGame),
    )
    .addSubcommand((s) =>
      s
        .setName('import')
        .setDescription('Save a deck list: in a form (no list or file given), as text or as a file')
        .setDescriptionLocalizations({ ja: 'デッキリストを保存（リストもファイルもなければ入力フォーム）' })
        .addStringOption((o) => o.setName('name').setDescription('Deck name').setMaxLength(80))
        .addStringOption(deckGame)
        .addStringOption((o) =>
          o.setName('list').setDescription('Lines of "N card-id", or JSON (none: a form opens)').setMaxLength(4000),
        )
        .addAttachmentOption((o) =>
          o.setName('file').setDescription('A deck list file (for lists over 4,000 characters)'),
        ),
    )
    .addSubcommand((s) =>
      s.setName('delete').setDescription('Delete a saved deck').addStringOption(deckName).addStringOption(deckGame),
    )
    .addSubcommand((s) =>
      s
        .setName('validate')
        .setDescription('Check a deck against the rules')
        .addStringOption(deckName)
        .addStringOption(deckGame),
    );

  const stopsOption = (o: import('discord.js').SlashCommandStringOption) =>
    o
      .setName('stops')
      .setDescription('Steps where you are always asked, e.g. "main1, their:end"; "none"')
      .setDescriptionLocalizations({ ja: '必ず確認するステップ（例：main1, end）。「none」でなし' })
      .setMaxLength(300);
  const stopsGame = (o: import('discord.js').SlashCommandStringOption) =>
    o
      .setName('game')
      .setDescription('The game the stops are for (default: the server default game)')
      .setDescriptionLocalizations({ ja: 'ストップを設定するゲーム（既定：サーバーの既定のゲーム）' })
      .setChoices(...gameChoices);

  // /settings guild: anyone may look, server managers change (checked by the bot, since /settings user is for all).
  const settings = new SlashCommandBuilder()
    .setName('settings')
    .setDescription('Arbiter settings: this server (managers) or your own')
    .setDescriptionLocalizations({ ja: '設定（サーバー・自分）' })
    .setDMPermission(false)
    .addSubcommand((s) =>
      s
        .setName('guild')
        .setDescription('Server settings (server managers change them)')
        .setDescriptionLocalizations({ ja: 'サーバー設定（変更は管理者のみ）' })
        .addStringOption((o) =>
          o
            .setName('locale')
            .setDescription('Language of public match messages')
            .setDescriptionLocalizations({ ja: '対戦の公開メッセージの言語' })
            .setChoices({ name: 'English', value: 'en' }, { name: '日本語', value: 'ja' }),
        )
        .addStringOption((o) =>
          o
            .setName('default-game')
            .setDescriptionLocalizations({ ja: 'ゲームを指定しない /duel のゲーム' })
            .setDescription('Game of /duel when none is given')
            .setChoices(...gameChoices),
        )
        .addIntegerOption((o) =>
          o
            .setName('decision-seconds')
            .setDescription('Seconds per decision before bank time runs (0: no timer)')
            .setDescriptionLocalizations({ ja: '1回の選択の秒数（超えると予備の持ち時間を使う。0でタイマーなし）' })
            .setMinValue(0)
            .setMaxValue(3600),
        )
        .addIntegerOption((o) =>
          o
            .setName('bank-seconds')
            .setDescription('Bank time per player and match')
            .setDescriptionLocalizations({ ja: '1試合あたりの予備の持ち時間（秒）' })
            .setMinValue(0)
            .setMaxValue(7200),
        )
        .addIntegerOption((o) =>
          o
            .setName('timeouts')
            .setDescription('Timeouts in a row before a player concedes')
            .setDescriptionLocalizations({ ja: '投了となる連続タイムアウト回数' })
            .setMinValue(1)
            .setMaxValue(20),
        )
        .addBooleanOption((o) =>
          o
            .setName('auto-pass')
            .setDescription('Auto-pass for players who did not choose')
            .setDescriptionLocalizations({ ja: '自分で選んでいないプレイヤーの自動パス' }),
        )
        .addStringOption(stopsOption)
        .addStringOption(stopsGame),
    )
    .addSubcommand((s) =>
      s
        .setName('user')
        .setDescription('Your own settings in this server')
        .setDescriptionLocalizations({ ja: '自分の設定' })
        .addStringOption((o) =>
          o
            .setName('auto-pass')
            .setDescription('Pass for you when pass is your only option')
            .setDescriptionLocalizations({ ja: 'パスしか選べないときに自動でパスする' })
            .setChoices(
              { name: 'on', name_localizations: { ja: 'オン' }, value: 'on' },
              { name: 'off', name_localizations: { ja: 'オフ' }, value: 'off' },
              { name: 'server default', name_localizations: { ja: 'サーバーの既定' }, value: 'default' },
            ),
        )
        .addStringOption(stopsOption)
        .addStringOption(stopsGame)
        .addStringOption((o) =>
          o
            .setName('language')
            .setDescription("The bot's language for you")
            .setDescriptionLocalizations({ ja: 'ボットがあなたに使う言語' })
            .setChoices(
              { name: 'English', value: 'en' },
              { name: '日本語', value: 'ja' },
              { name: 'Discord language', name_localizations: { ja: 'Discordの言語' }, value: 'discord' },
            ),
        )
        .addBooleanOption((o) =>
          o.setName('dms').setDescription('A DM when a decision in your match becomes yours, with your hand'),
        ),
    );

  return [duel, concede, match, deck, settings, arbiter, rules, card, ...leagueCommandBuilders(games)];
}

/** The JSON Discord takes (PUT /applications/:id/commands). */
export function commandDefinitions(games: GameRegistry = GAMES) {
  return commandBuilders(games).map((b) => b.toJSON());
}
