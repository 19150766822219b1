import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PresenceRelay } from '../src/game/presence.js';

/*
 * A flapping socket (opened and closed in a loop) changes a seat's presence at every flip; each
 * change used to send every watcher of the room a whole state. The relay lets one broadcast a
 * window through, then one more at its end for whatever changed within it.
 */

afterEach(() => {
  vi.useRealTimers();
});

describe('presence broadcasts', () => {
  it('a burst of changes is sent twice at most: at once, and once at the end of the window', () => {
    vi.useFakeTimers();
    const sent: (string | undefined)[] = [];
    const relay = new PresenceRelay<string>(1000, (except) => sent.push(except));
    relay.changed('first');
    expect(sent).toEqual(['first']);
    for (let i = 0; i < 500; i++) relay.changed(`flip ${i}`);
    expect(sent).toEqual(['first']);
    vi.advanceTimersByTime(1000);
    // The trailing one goes to everyone: the last watcher was sent nothing of it.
    expect(sent).toEqual(['first', undefined]);
    // Quiet through the next window: nothing more, and the one after goes at once again.
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(2);
    relay.changed('later');
    expect(sent).toEqual(['first', undefined, 'later']);
    relay.clear();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends at most one broadcast per window however changes fall, and never leaves one owed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 60 }), (gaps) => {
        vi.useFakeTimers();
        // The fake timers' Date.now: the time each broadcast goes.
        const start = Date.now();
        const times: number[] = [];
        const relay = new PresenceRelay<never>(1000, () => times.push(Date.now() - start));
        for (const gap of gaps) {
          vi.advanceTimersByTime(gap);
          relay.changed();
        }
        vi.advanceTimersByTime(5000);
        // Every change is followed by a broadcast no earlier than it (the last state is sent).
        if (gaps.length > 0) expect(times.at(-1)).toBeGreaterThanOrEqual(gaps.reduce((a, b) => a + b, 0));
        for (let i = 1; i < times.length; i++)
          expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(1000);
        expect(vi.getTimerCount()).toBe(0);
        vi.useRealTimers();
      }),
    );
  });
});
