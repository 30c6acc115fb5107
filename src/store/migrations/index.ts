import type { Migration } from '../migration.ts';
import { guildsMigration } from './001-guilds.ts';
import { decksMigration } from './002-decks.ts';
import { matchesMigration } from './003-matches.ts';
import { matchClocksMigration } from './004-match-clocks.ts';
import { rulesVersionsMigration } from './005-rules-versions.ts';
import { matchPausesMigration } from './050-match-pauses.ts';
import { matchPostsMigration } from './051-match-posts.ts';
import { rulesIndexMigration } from './100-rules-index.ts';
import { leaguesMigration } from './200-leagues.ts';
import { ratingPeriodsMigration } from './201-rating-periods.ts';
import { leagueThreadsMigration } from './202-league-threads.ts';
import { decisionDraftsMigration } from './203-decision-drafts.ts';
import { aiSeatsMigration } from './210-ai-seats.ts';
import { challengesMigration } from './220-challenges.ts';
import { inactivityWarningsMigration } from './221-inactivity-warnings.ts';
import { leagueNoticesMigration } from './230-league-notices.ts';

/** Every schema step, in version order. Areas append theirs here (100–199 rules index, 200–299 leagues). */
export const migrations: readonly Migration[] = [
  guildsMigration,
  decksMigration,
  matchesMigration,
  matchClocksMigration,
  rulesVersionsMigration,
  matchPausesMigration,
  matchPostsMigration,
  rulesIndexMigration,
  leaguesMigration,
  ratingPeriodsMigration,
  leagueThreadsMigration,
  decisionDraftsMigration,
  aiSeatsMigration,
  challengesMigration,
  inactivityWarningsMigration,
  leagueNoticesMigration,
];
