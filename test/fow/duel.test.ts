// Force of Will through /duel on the fake Discord: a challenge, every decision answered through the bot's controls
// (picks, the Pierce distribution) by random play, boards and hands drawn, to the end of the match.
import { playRandomly } from '../bot/bot-harness.ts';
import { describeDuel } from '../support/duel-suite.ts';

describeDuel({
  game: 'fow',
  title: 'Force of Will',
  it: 'offers Force of Will in /duel and plays a match to its end through the controls',
  play: (h, matchId) => playRandomly(h, matchId, { seed: 5, stop: (_turn, n) => n >= 4000, activity: 85 }),
});
