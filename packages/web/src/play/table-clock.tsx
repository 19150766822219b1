import type { ClockView, GameView } from '@zar/protocol';
import { Component } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { isCorrespondenceReading, seatTimeText } from '../clock/correspondence-time.js';
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

/**
 * Whether the viewer's own time has just dropped under ten seconds in this stretch (said
 * once). It counts down from the latest frame (received at `receivedAt`), ticking only while
 * the viewer's own clock runs. When his time to his flag drops under ten seconds, or his
 * stretch starts under it (warningStep), the warning tone plays once (if sound is on) and the
 * result holds until his stretch ends. The page never declares a timeout: the server's frame
 * does.
 */
function useClockWarning(view: GameView, receivedAt: number): boolean {
  const reading = view.clock;
  const seat = view.you;
  const mineRuns = reading !== null && seat !== null && reading.running && reading.actor === seat;
  const now = useNow(mineRuns, TICK_MS);
  const { sound } = usePreferences();
  const warning = useRef<WarningState>(QUIET);
  const [lowNow, setLowNow] = useState(false);

  const left = mineRuns ? toFlag(clockAt(reading, now - receivedAt)[seat]) : 0;
  useEffect(() => {
    const step = warningStep(warning.current, mineRuns ? left : null);
    warning.current = step.state;
    // The spoken warning stands until the viewer's stretch ends (or the clock pauses).
    if (!mineRuns) setLowNow(false);
    if (step.sound) {
      setLowNow(true);
      if (sound) playTableSounds(['clock']);
    }
  }, [mineRuns, left]);
  return lowNow;
}

/**
 * One player's clock beside his name: the reserve, and while he acts the delay left ("+8" and
 * a bar), counted down from the frame received at `receivedAt`. Only the clock that runs is
 * redrawn every tick (the score bar around it, and the other seat's standing clock, are not).
 */
export function SeatClock({
  reading,
  receivedAt,
  name,
  seat,
}: {
  reading: ClockView;
  receivedAt: number;
  name: string;
  seat: 0 | 1;
}) {
  const i18n = useI18n();
  // Days and hours need no tenths: a correspondence clock is redrawn once a second.
  const days = isCorrespondenceReading(reading);
  const now = useNow(reading.running && reading.actor === seat, days ? 1000 : TICK_MS);
  const time: SeatTime = clockAt(reading, now - receivedAt)[seat];
  const delayMs = reading.delayMs;
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
      {/* The reserve and the delay read left to right in every language: "5:00 +8"; days and hours are words. */}
      <bdi dir={days ? undefined : 'ltr'} class="digits">
        {seatTimeText(i18n, reading, time.reserve)}
        {showDelay && (
          <span class="delay" aria-hidden="true" data-testid={`clock-delay-${seat}`}>
            {delayText(time.delay)}
          </span>
        )}
      </bdi>
      {showDelay && <span class="sr-only"> {i18n.f(c.delayLeft, { time: clockText(time.delay) })}</span>}
      {paused && <span class="sr-only"> ({c.paused})</span>}
      {time.acting && !days && (
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
 * The viewer's clock warning: the tone, and the one spoken warning in a live region of its own
 * that stays silent otherwise (the clocks themselves are never live regions).
 */
export function ClockAlert({ view, receivedAt }: { view: GameView; receivedAt: number }) {
  return <ClockAlertRegion low={useClockWarning(view, receivedAt)} />;
}

/**
 * The live region itself. Its parent redraws ten times a second while the viewer's clock
 * runs, and each redraw wrote the region's empty text again: it is redrawn only when `low`
 * changes (or the language, which reaches the text directly).
 */
class ClockAlertRegion extends Component<{ low: boolean }> {
  override shouldComponentUpdate(next: { low: boolean }): boolean {
    return next.low !== this.props.low;
  }

  override render() {
    return <ClockAlertText low={this.props.low} />;
  }
}
