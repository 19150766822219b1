import type { GameView } from '@zar/protocol';
import { Component } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  clockAt,
  clockText,
  delayShare,
  delayText,
  isLow,
  QUIET,
  type SeatTime,
  toFlag,
  type WarningState,
  warningStep,
} from '../clock/countdown.js';
import { useNow } from '../clock/use-now.js';
import { useI18n } from '../i18n/index.js';
import { usePreferences } from '../preferences.js';
import { playTableSounds } from '../sound/use-table-sounds.js';
import './clock.css';

/** How often a running clock is redrawn: often enough for tenths under ten seconds. */
const TICK_MS = 100;

export interface TableClock {
  /** Both seats' time now; null for an untimed match. */
  readonly times: readonly [SeatTime, SeatTime] | null;
  /** The viewer's own time has just dropped under ten seconds in this stretch (said once). */
  readonly lowNow: boolean;
}

/**
 * The match's clock counted down from the latest frame (received at `receivedAt`), redrawn
 * while it runs. When the viewer's own time to his flag drops under ten seconds, or his
 * stretch starts under it (warningStep), the warning tone plays once (if sound is on) and
 * `lowNow` holds until his stretch ends. The page never
 * declares a timeout: the server's frame does.
 */
export function useTableClock(view: GameView, receivedAt: number): TableClock {
  const reading = view.clock;
  const now = useNow(reading?.running === true && reading.actor !== null, TICK_MS);
  const times = reading ? clockAt(reading, now - receivedAt) : null;
  const { sound } = usePreferences();
  const warning = useRef<WarningState>(QUIET);
  const [lowNow, setLowNow] = useState(false);

  const mine = view.you !== null && times ? times[view.you] : null;
  const running = mine?.acting === true && mine.running;
  const left = mine ? toFlag(mine) : 0;
  useEffect(() => {
    const step = warningStep(warning.current, running ? left : null);
    warning.current = step.state;
    // The spoken warning stands until the viewer's stretch ends (or the clock pauses).
    if (!running) setLowNow(false);
    if (step.sound) {
      setLowNow(true);
      if (sound) playTableSounds(['clock']);
    }
  }, [running, left]);
  return { times, lowNow };
}

/** One player's clock beside his name: the reserve, and while he acts the delay left ("+8" and a bar). */
export function SeatClock({
  time,
  delayMs,
  name,
  seat,
}: {
  time: SeatTime;
  delayMs: number;
  name: string;
  seat: 0 | 1;
}) {
  const i18n = useI18n();
  const c = i18n.t.people.clock;
  const low = isLow(time);
  const showDelay = time.acting && time.delay > 0;
  const paused = time.acting && !time.running;
  return (
    <span
      class={`seat-clock${low ? ' low' : ''}${time.running ? ' running' : ''}`}
      // A timer is not a live region: a screen reader reads it when asked, never every tick.
      role="timer"
      data-testid={`clock-${seat}`}
      data-low={String(low)}
      data-running={String(time.running)}
      data-reserve={String(Math.round(time.reserve))}
    >
      <span class="sr-only">{i18n.f(c.of, { name })}: </span>
      {/* The reserve and the delay read left to right in every language: "5:00 +8". */}
      <bdi dir="ltr" class="digits">
        {clockText(time.reserve)}
        {showDelay && (
          <span class="delay" aria-hidden="true" data-testid={`clock-delay-${seat}`}>
            {delayText(time.delay)}
          </span>
        )}
      </bdi>
      {showDelay && <span class="sr-only"> {i18n.f(c.delayLeft, { time: clockText(time.delay) })}</span>}
      {paused && <span class="sr-only"> ({c.paused})</span>}
      {time.acting && (
        <span class="delay-bar" aria-hidden="true">
          <span style={{ inlineSize: `${Math.round(delayShare(time, delayMs) * 100)}%` }} />
        </span>
      )}
    </span>
  );
}

function ClockAlertText({ low }: { low: boolean }) {
  const { t } = useI18n();
  return (
    <p class="sr-only" aria-live="assertive" data-testid="clock-alert">
      {low ? t.people.clock.lowYou : ''}
    </p>
  );
}

/**
 * The one spoken warning of the viewer's clock, in a live region of its own that stays
 * silent otherwise (the clocks themselves are never live regions). Its parent redraws ten
 * times a second while a clock runs, and each redraw wrote the region's empty text again: it
 * is redrawn only when `low` changes (or the language, which reaches the text directly).
 */
export class ClockAlert extends Component<{ low: boolean }> {
  override shouldComponentUpdate(next: { low: boolean }): boolean {
    return next.low !== this.props.low;
  }

  override render() {
    return <ClockAlertText low={this.props.low} />;
  }
}
