import { CUSTOM_CLOCK_BOUNDS } from '@zar/match';
import type { ClockView } from '@zar/protocol';
import type { I18n } from '../i18n/index.js';
import { clockText } from './countdown.js';

/*
 * A correspondence clock's time: days per move, read in a frame as a live clock is (the server's
 * ClockView: no delay, the stretch as `perPointMs`, what is left as the reserve), and written
 * in days and hours rather than h:mm:ss, as lichess and DailyGammon write it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A frame's clock is a correspondence one: no delay, and more time a move than any live clock
 * gives a point (a custom clock's reserve is at most 10 min a point). A test server's short day
 * reads as a live clock, and is shown as one (m:ss), which is what its few seconds are.
 */
export const isCorrespondenceReading = (reading: ClockView): boolean =>
  reading.delayMs === 0 && reading.perPointMs > CUSTOM_CLOCK_BOUNDS.perPointMs.max;

/**
 * Time left as days and hours ("2 d 5 h"), hours and minutes in the last day ("5 h 12 min"),
 * minutes in the last hour ("12 min"), and the live clock's m:ss in the last minute. Each
 * unit is rounded down: what is shown is always there.
 */
export function correspondenceText(i18n: I18n, ms: number): string {
  const c = i18n.t.correspondence;
  const left = Math.max(0, ms);
  if (left < MINUTE) return clockText(left);
  const num = i18n.num;
  if (left >= DAY) {
    return i18n.f(c.daysHours, { d: num(Math.floor(left / DAY)), h: num(Math.floor((left % DAY) / HOUR)) });
  }
  if (left >= HOUR) {
    return i18n.f(c.hoursMinutes, { h: num(Math.floor(left / HOUR)), m: num(Math.floor((left % HOUR) / MINUTE)) });
  }
  return i18n.f(c.minutes, { m: num(Math.floor(left / MINUTE)) });
}

/** A seat's time as the table writes it: days and hours on a correspondence clock, else the live clock's digits. */
export const seatTimeText = (i18n: I18n, reading: ClockView, ms: number): string =>
  isCorrespondenceReading(reading) ? correspondenceText(i18n, ms) : clockText(ms);
