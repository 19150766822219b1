import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Periodic } from '../src/common/periodic.js';

/*
 * Periodic (common/periodic.ts), the sweeps' timer: one pass at a time, an error told and
 * tried again at the next tick, nothing after close. Fake timers: the ticks come when the test
 * advances them.
 */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A pass the test ends by hand: `finish` ends the oldest one still running. */
function passes() {
  const ends: Array<() => void> = [];
  let started = 0;
  const pass = () => {
    started++;
    return new Promise<number>((resolve) => ends.push(() => resolve(started)));
  };
  return { pass, started: () => started, finish: () => ends.shift()?.() };
}

describe('Periodic', () => {
  it('skips the ticks that find a pass under way, and runs one asked for after it', async () => {
    const p = passes();
    const periodic = new Periodic({ everyMs: 1000, pass: p.pass, failed: () => {} });
    periodic.start(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(p.started()).toBe(1);
    const asked = periodic.run();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.started()).toBe(1);
    p.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.started()).toBe(2);
    p.finish();
    expect(await asked).toBe(2);
    // Idle again: the next tick starts one.
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.started()).toBe(3);
    p.finish();
    await periodic.close();
  });

  it('starts the first pass one period on when not asked to start now; stops, and starts again', async () => {
    const p = passes();
    const periodic = new Periodic({ everyMs: 1000, pass: p.pass, failed: () => {} });
    periodic.start(false);
    expect(p.started()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.started()).toBe(1);
    p.finish();
    periodic.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(p.started()).toBe(1);
    periodic.start(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.started()).toBe(2);
    p.finish();
    await periodic.close();
  });

  it('tells an error and answers null, and the next tick tries again', async () => {
    const failed = vi.fn();
    let n = 0;
    const periodic = new Periodic({
      everyMs: 1000,
      pass: async () => {
        n++;
        if (n === 1) throw new Error('the store is away');
        return n;
      },
      failed,
    });
    expect(await periodic.run()).toBeNull();
    expect(failed).toHaveBeenCalledOnce();
    periodic.start(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(n).toBe(2);
    await periodic.close();
  });

  it('waits on close for the pass under way, and runs none after', async () => {
    const p = passes();
    const periodic = new Periodic({ everyMs: 1000, pass: p.pass, failed: () => {} });
    periodic.start(true);
    await vi.advanceTimersByTimeAsync(0);
    let closed = false;
    const closing = periodic.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(periodic.closed).toBe(true);
    expect(closed).toBe(false);
    p.finish();
    await closing;
    expect(await periodic.run()).toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(p.started()).toBe(1);
  });
});
