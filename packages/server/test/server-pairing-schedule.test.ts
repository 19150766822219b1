import { type PairingOptions, type PairingRequest, pairings } from '@zar/match';
import type { SeekKind } from '@zar/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAIRING_GAP_MS, PairingSchedule, pairingGapFrom } from '../src/lobby/pairing-schedule.js';
import { People } from '../src/people/online.js';
import { ratedStore, testPool } from './support/pairing-pool.js';

const KIND: SeekKind = { game: 'backgammon', length: 5, clock: 'normal', rated: false };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A schedule over the fake clock whose pairing is counted and answers `widening(now)`. */
function counted(gapMs: number, widening: (now: number) => number | null = () => null, took = 0) {
  const runs: number[] = [];
  const schedule = new PairingSchedule({
    now: () => Date.now(),
    gapMs,
    pair: () => {
      runs.push(Date.now());
      // The pairing's own cost, as the process's clock sees it.
      if (took > 0) vi.advanceTimersByTime(took);
      return widening(Date.now());
    },
  });
  return { schedule, runs };
}

describe('the pairing schedule', () => {
  it('pairs a quiet pool at once, and the changes of one gap together at its end', async () => {
    const { schedule, runs } = counted(200);
    const start = Date.now();
    for (let i = 0; i < 50; i++) schedule.ask();
    expect(runs).toEqual([start]);
    await vi.advanceTimersByTimeAsync(199);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([start, start + 200]);
    // Quiet again: nothing more to pair, no timer left, and the next change is paired at once.
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
    schedule.ask();
    expect(runs).toHaveLength(3);
    schedule.close();
  });

  it('pairs every change at once with a gap of 0, as the pool did before it was paced', () => {
    const { schedule, runs } = counted(0);
    for (let i = 0; i < 50; i++) schedule.ask();
    expect(runs).toHaveLength(50);
    schedule.close();
  });

  it('answers the widenings of a whole gap with one pairing', async () => {
    // A band widens every millisecond (thousands of requests, each widening eight times).
    const { schedule, runs } = counted(200, (now) => now + 1);
    schedule.ask();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(6);
    expect(new Set(runs.slice(1).map((at, i) => at - (runs[i] as number)))).toEqual(new Set([200]));
    schedule.close();
    const before = counted(0, (now) => now + 1);
    before.schedule.ask();
    await vi.advanceTimersByTimeAsync(1000);
    expect(before.runs).toHaveLength(1001);
    before.schedule.close();
  });

  it('pairs a widening at its time when no pairing is near', async () => {
    const start = Date.now();
    const { schedule, runs } = counted(200, (now) => (now < start + 10_000 ? start + 10_000 : null));
    schedule.ask();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(runs).toEqual([start, start + 10_000]);
    schedule.close();
  });

  it('waits longer after a pairing that took long: pairing takes at most a tenth of the time', async () => {
    const { schedule, runs } = counted(200, () => null, 100);
    const start = Date.now();
    schedule.ask();
    schedule.ask();
    await vi.advanceTimersByTimeAsync(5000);
    // The first took 100 ms: the next waits 900 from its start, not 200.
    expect(runs).toEqual([start, start + 900]);
    schedule.close();
  });

  it('never pairs once closed', async () => {
    const { schedule, runs } = counted(200, (now) => now + 50);
    schedule.ask();
    schedule.ask();
    schedule.close();
    expect(vi.getTimerCount()).toBe(0);
    schedule.ask();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(1);
  });

  it('reads ZAR_PAIRING_GAP_MS, refusing what is not a whole number of ms from 0 to 2000', () => {
    expect(pairingGapFrom({})).toEqual({ ok: true, value: PAIRING_GAP_MS });
    expect(pairingGapFrom({ ZAR_PAIRING_GAP_MS: '0' })).toEqual({ ok: true, value: 0 });
    expect(pairingGapFrom({ ZAR_PAIRING_GAP_MS: '2000' })).toEqual({ ok: true, value: 2000 });
    for (const bad of ['-1', '2001', '1.5', 'soon']) {
      const r = pairingGapFrom({ ZAR_PAIRING_GAP_MS: bad });
      expect(!r.ok && r.error.code).toBe('ERR_PAIRING_GAP');
    }
  });
});

/** A pool whose players are rated `rating(id)`, every one online, counting its pairings. */
function pool(gapMs: number, options: PairingOptions, rating: (id: string) => number) {
  const people = new People();
  const calls: number[] = [];
  const counting = (requests: readonly PairingRequest[], now: number, o: PairingOptions) => {
    calls.push(requests.length);
    return pairings(requests, now, o);
  };
  const { pool: p, rows } = testPool(people, { store: ratedStore(rating), gapMs, options, pairings: counting });
  const seek = async (id: string) => {
    if (people.online(id) === 0) people.add(id, { send: () => {} });
    const r = await p.seek({ id, name: id, registered: false }, KIND);
    if (!r.ok) throw new Error(r.error.message);
  };
  return { pool: p, rows, calls, seek };
}

/** Player i is rated 1000 × i: nobody is within another's band. */
const apart = (id: string): number => 1000 * Number(id.slice(1));
const NARROW: PairingOptions = { initial: 100, step: 50, interval: 1000, maximum: 500 };

describe('the paced pool', () => {
  it('pairs the requests that arrive within one gap with one pairing, not one each', async () => {
    const { pool: p, calls, seek, rows } = pool(200, NARROW, (id) => (id === 'p98' ? apart('p7') : apart(id)));
    for (let i = 0; i < 30; i++) await seek(`p${i}`);
    // The first into a quiet pool was paired at once; the other 29 wait for the gap's end.
    expect(calls).toEqual([1]);
    // One rated as p7 comes too: paired with him at the gap's end, with the pool as it is then.
    await seek('p98');
    expect(rows).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(PAIRING_GAP_MS);
    expect(calls).toEqual([1, 31]);
    expect(rows.map((row) => row.seats.map((s) => s.userId).sort())).toEqual([['p7', 'p98']]);
    expect(p.size).toBe(29);
    await p.close();
  });

  it('pairs the widenings of many requests within one gap with one pairing', async () => {
    const { pool: p, calls, seek } = pool(200, NARROW, apart);
    // 40 requests 5 ms apart: their bands widen 5 ms apart, every second, four times.
    for (let i = 0; i < 40; i++) {
      await seek(`p${i}`);
      await vi.advanceTimersByTimeAsync(5);
    }
    const arriving = calls.length;
    await vi.advanceTimersByTimeAsync(4000);
    // 4 seconds of widenings, each second's 40 spread over 200 ms: a pairing or two a second.
    expect(calls.length - arriving).toBeLessThanOrEqual(8);
    expect(arriving).toBeLessThanOrEqual(2);
    await p.close();
    // Unpaced, as before: one pairing for every request and every widening.
    const before = pool(0, NARROW, apart);
    for (let i = 0; i < 40; i++) {
      await before.seek(`p${i}`);
      await vi.advanceTimersByTimeAsync(5);
    }
    await vi.advanceTimersByTimeAsync(4000);
    expect(before.calls.length).toBeGreaterThanOrEqual(40 + 4 * 40);
    await before.pool.close();
  });

  it('keeps its one timer, and none once closed', async () => {
    const { pool: p, seek, calls } = pool(200, NARROW, apart);
    for (let i = 0; i < 10; i++) await seek(`p${i}`);
    expect(vi.getTimerCount()).toBe(1);
    await p.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });
});
