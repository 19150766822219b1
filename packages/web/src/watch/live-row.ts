import type { LiveGame } from '@zar/protocol';
import { correspondenceText, isCorrespondenceReading } from '../clock/correspondence-time.js';
import { clockAt, countdownText, toFlag } from '../clock/countdown.js';
import type { I18n } from '../i18n/index.js';

/*
 * What one row of the live list says, from the list's frame: pure, so that the clocks' count
 * and the players' order are tested without a page.
 */

/**
 * Each seat's time left `elapsed` ms after the list arrived, as m:ss (days and hours for a
 * correspondence match, given the page's language); null for an untimed match.
 */
export function liveClocks(game: LiveGame, elapsed: number, i18n?: I18n): readonly [string, string] | null {
  if (game.clock === null) return null;
  const [a, b] = clockAt(game.clock, elapsed);
  if (i18n !== undefined && isCorrespondenceReading(game.clock)) {
    return [correspondenceText(i18n, toFlag(a)), correspondenceText(i18n, toFlag(b))];
  }
  return [countdownText(toFlag(a)), countdownText(toFlag(b))];
}

/** Whether some clock of the list runs now (the page redraws only then). */
export const anyClockRuns = (games: readonly LiveGame[]): boolean =>
  games.some((g) => g.clock?.running === true && g.clock.actor !== null);

/** The seat whose clock runs now, or null. */
export const runningSeat = (game: LiveGame): 0 | 1 | null => (game.clock?.running ? game.clock.actor : null);
