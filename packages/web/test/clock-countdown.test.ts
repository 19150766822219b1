import { type ClockView, ClockViewSchema, decode } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockAt,
  clockText,
  countdownText,
  crossedWarning,
  delayShare,
  delayText,
  isLow,
  QUIET,
  REARM_MS,
  toFlag,
  WARNING_MS,
  type WarningState,
  warningStep,
} from '../src/clock/countdown.js';

/** Feeds readings of the viewer's clock (null: not running) and counts the tones. */
function tones(readings: readonly (number | null)[]): number {
  let state: WarningState = QUIET;
  let n = 0;
  for (const left of readings) {
    const step = warningStep(state, left);
    state = step.state;
    if (step.sound) n++;
  }
  return n;
}

/** A Normal clock (10 s + 1 min a point) in a 5-point match, seat 0 to act with his whole delay. */
const normal: ClockView = {
  delayMs: 10_000,
  perPointMs: 60_000,
  reserve: [300_000, 240_000],
  delay: 10_000,
  actor: 0,
  running: true,
};

const reading = fc
  .record({
    delayMs: fc.integer({ min: 0, max: 60_000 }),
    perPointMs: fc.integer({ min: 5_000, max: 600_000 }),
    reserve: fc.tuple(fc.nat(3_000_000), fc.nat(3_000_000)),
    delayUsed: fc.nat(60_000),
    actor: fc.constantFrom(0 as const, 1 as const, null),
    running: fc.boolean(),
  })
  .map(
    (r): ClockView => ({
      delayMs: r.delayMs,
      perPointMs: r.perPointMs,
      reserve: r.reserve,
      delay: r.actor === null ? 0 : Math.max(0, r.delayMs - r.delayUsed),
      actor: r.actor,
      running: r.actor !== null && r.running,
    }),
  );

describe('the clock between two frames', () => {
  it('counts the delay down first, then the reserve', () => {
    expect(clockAt(normal, 4_000)[0]).toEqual({ reserve: 300_000, delay: 6_000, running: true, acting: true });
    expect(clockAt(normal, 10_000)[0]).toEqual({ reserve: 300_000, delay: 0, running: true, acting: true });
    expect(clockAt(normal, 25_000)[0]).toEqual({ reserve: 285_000, delay: 0, running: true, acting: true });
  });

  it('never goes below zero: the page shows 0:00.0 and waits for the server to declare the timeout', () => {
    const [own] = clockAt(normal, 10_000 + 300_000 + 5_000);
    expect(own.reserve).toBe(0);
    expect(toFlag(own)).toBe(0);
    expect(clockText(own.reserve)).toBe('0:00.0');
  });

  it('leaves the player not acting and a paused clock as read', () => {
    expect(clockAt(normal, 50_000)[1]).toEqual({ reserve: 240_000, delay: 0, running: false, acting: false });
    const paused = clockAt({ ...normal, running: false, delay: 3_000 }, 50_000)[0];
    expect(paused).toEqual({ reserve: 300_000, delay: 3_000, running: false, acting: true });
    const between = clockAt({ ...normal, actor: null, delay: 0, running: false }, 50_000);
    expect(between.map((s) => s.reserve)).toEqual([300_000, 240_000]);
  });

  it('property: the actor loses exactly the time elapsed until his flag, the other seat nothing', () => {
    fc.assert(
      fc.property(reading, fc.nat(4_000_000), (r, elapsed) => {
        expect(decode(ClockViewSchema, r).ok).toBe(true);
        const [a, b] = clockAt(r, elapsed);
        for (const [seat, s] of [a, b].entries()) {
          if (r.running && r.actor === seat) {
            expect(toFlag(s)).toBe(Math.max(0, r.delay + r.reserve[seat] - elapsed));
            // The delay goes first: while any is left, the reserve is untouched.
            if (s.delay > 0) expect(s.reserve).toBe(r.reserve[seat]);
          } else {
            expect(s.reserve).toBe(r.reserve[seat as 0 | 1]);
          }
          expect(s.reserve).toBeGreaterThanOrEqual(0);
          expect(s.delay).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('property: time only goes down as the page waits, and a later frame can only be read the same way', () => {
    fc.assert(
      fc.property(reading, fc.nat(1_000_000), fc.nat(1_000_000), (r, t1, dt) => {
        const seat = r.actor ?? 0;
        const early = clockAt(r, t1)[seat];
        const late = clockAt(r, t1 + dt)[seat];
        expect(toFlag(late)).toBeLessThanOrEqual(toFlag(early));
        expect(late.reserve).toBeLessThanOrEqual(early.reserve);
      }),
    );
  });
});

describe('the clock in writing', () => {
  it('writes m:ss from ten seconds (rounded up), h:mm:ss from an hour, and tenths below ten seconds', () => {
    const rows: [number, string][] = [
      [300_000, '5:00'],
      [299_001, '5:00'],
      [299_000, '4:59'],
      [61_000, '1:01'],
      [10_000, '0:10'],
      [9_999, '0:09.9'],
      [9_000, '0:09.0'],
      [1_250, '0:01.2'],
      [99, '0:00.0'],
      [0, '0:00.0'],
      [-5, '0:00.0'],
      [3_600_000, '1:00:00'],
      [15_000_000, '4:10:00'],
    ];
    for (const [ms, text] of rows) expect(clockText(ms), String(ms)).toBe(text);
  });

  it('writes a countdown in whole seconds rounded up, and the delay as a badge', () => {
    expect(countdownText(90_000)).toBe('1:30');
    expect(countdownText(4_100)).toBe('0:05');
    expect(countdownText(0)).toBe('0:00');
    expect(delayText(8_000)).toBe('+8');
    expect(delayText(7_001)).toBe('+8');
    expect(delayText(0)).toBe('+0');
  });

  it('property: the text never shows more time than is left by a second, nor less', () => {
    fc.assert(
      fc.property(fc.nat(20_000_000), (ms) => {
        const text = clockText(ms);
        const parts = text.split(':').map(Number);
        const seconds = parts.reduce((acc, p) => acc * 60 + p, 0);
        expect(Math.abs(seconds * 1000 - ms)).toBeLessThan(1000);
      }),
    );
  });

  it('shares the delay left for the bar, 0 for a clock without delay', () => {
    const [own] = clockAt(normal, 2_500);
    expect(delayShare(own, normal.delayMs)).toBe(0.75);
    expect(delayShare(own, 0)).toBe(0);
  });
});

describe('the ten-second warning', () => {
  it('turns the clock to the warning colour under ten seconds to the flag, delay included', () => {
    const low = { ...normal, reserve: [5_000, 240_000] as [number, number], delay: 4_000 };
    expect(isLow(clockAt(low, 0)[0])).toBe(true);
    expect(isLow(clockAt({ ...low, delay: 5_000 }, 0)[0])).toBe(false);
    expect(isLow(clockAt({ ...low, delay: 5_000 }, 1)[0])).toBe(true);
    // The other player's reserve alone says whether his clock is low.
    expect(isLow(clockAt({ ...normal, reserve: [300_000, 9_000] }, 0)[1])).toBe(true);
  });

  it('sounds once, when the time to the flag crosses ten seconds, not on a frame that starts under it', () => {
    expect(crossedWarning(WARNING_MS, WARNING_MS - 1)).toBe(true);
    expect(crossedWarning(12_000, 9_900)).toBe(true);
    expect(crossedWarning(9_900, 9_800)).toBe(false);
    expect(crossedWarning(12_000, 10_000)).toBe(false);
  });

  it('property: counting down one stretch in ticks crosses the warning exactly once when it starts above it', () => {
    fc.assert(
      fc.property(reading, fc.integer({ min: 100, max: 2_000 }), (r, tick) => {
        if (r.actor === null || !r.running) return;
        const seat = r.actor;
        const start = r.delay + r.reserve[seat];
        let crossings = 0;
        let before = toFlag(clockAt(r, 0)[seat]);
        for (let t = tick; t <= start + tick; t += tick) {
          const now = toFlag(clockAt(r, t)[seat]);
          if (crossedWarning(before, now)) crossings++;
          before = now;
        }
        expect(crossings).toBe(start >= WARNING_MS ? 1 : 0);
      }),
      { numRuns: 50 },
    );
  });
});

describe('the warning tone across frames', () => {
  it('sounds once when the time crosses ten seconds, not for a clock that starts under it', () => {
    expect(tones([12_000, 10_100, 9_900, 9_800, 5_000])).toBe(1);
    expect(tones([9_000, 8_000, 1_000])).toBe(0);
    expect(tones([null, 10_000, 9_999])).toBe(1);
  });

  it('sounds at the start of a stretch that begins under ten seconds, once, not when the page opens in it', () => {
    // The opponent acted, then the viewer's stretch starts with 1 s of reserve and no delay left to speak of.
    expect(tones([null, 9_000, 8_000, 1_000])).toBe(1);
    expect(tones([9_000, null, 9_500, 9_000])).toBe(1);
    // A reconnect's fresh frame in the same stretch does not sound again.
    expect(tones([null, 9_000, 9_300, 8_000])).toBe(1);
    expect(tones([null, 9_000, null, 8_000])).toBe(2);
  });

  it('does not sound twice when a fresh frame reads a little above ten seconds again', () => {
    expect(tones([10_200, 9_900, 10_100, 9_950, 9_800])).toBe(1);
  });

  it('sounds again in a new stretch, after the clock stopped or a fresh delay took it well above', () => {
    expect(tones([10_100, 9_900, null, 18_000, 10_100, 9_900])).toBe(2);
    expect(tones([10_100, 9_900, WARNING_MS + REARM_MS, 9_900])).toBe(2);
  });

  it('property: never more tones than the times the clock came back from REARM_MS above, plus one', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.nat(30_000), { nil: null }), { maxLength: 60 }), (readings) => {
        let rearms = 0;
        for (const r of readings) if (r === null || r >= WARNING_MS + REARM_MS) rearms++;
        expect(tones(readings)).toBeLessThanOrEqual(rearms + 1);
      }),
    );
  });
});
