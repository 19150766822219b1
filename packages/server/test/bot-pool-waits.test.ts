import { describe, expect, it } from 'vitest';
import { QueueWaits } from '../src/bots/index.js';
import { match, piece, thinkingPools } from './support/thinkers.js';

const pools = thinkingPools();
const poolOf = (size: number, waits = new QueueWaits()) => pools(size, waits);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the queue waits probe', () => {
  it('keeps the last samples of each kind, counts them all, and forgets them when cleared', () => {
    const waits = new QueueWaits(3);
    for (const ms of [5, 1, 4, 2]) waits.waited('decide', ms);
    waits.ran('analyse', 20);
    expect(waits.waitsOf('decide').count).toBe(4);
    expect([...waits.waitsOf('decide').sorted]).toEqual([1, 2, 4]);
    expect(waits.waitsOf('hint').count).toBe(0);
    expect([...waits.runsOf('analyse').sorted]).toEqual([20]);
    waits.clear();
    expect(waits.waitsOf('decide')).toEqual({ count: 0, sorted: new Float64Array(0) });
    expect(waits.runsOf('analyse').count).toBe(0);
  });

  it("is told each bot move's wait for a worker and its time on one", async () => {
    const waits = new QueueWaits();
    const pool = poolOf(1, waits);
    // The second waits for the first's 150 ms on the only worker.
    await Promise.all([
      pool.decide({ game: 'a', seat: 0, level: 'master', seed: 150 }, match),
      pool.decide({ game: 'b', seat: 0, level: 'master', seed: 1 }, match),
    ]);
    const waited = waits.waitsOf('decide');
    expect(waited.count).toBe(2);
    expect(waited.sorted[0]).toBeLessThan(100);
    expect(waited.sorted[1]).toBeGreaterThanOrEqual(140);
    const ran = waits.runsOf('decide');
    expect(ran.count).toBe(2);
    expect(ran.sorted[1]).toBeGreaterThanOrEqual(140);
  }, 30_000);
});

describe("the background analysis beside the games' bots", () => {
  it('starts a piece only where another worker stays free, so a move asked meanwhile waits for none', async () => {
    const waits = new QueueWaits();
    const pool = poolOf(2, waits);
    const order: string[] = [];
    const long = pool.decide({ game: 'long', seat: 0, level: 'master', seed: 300 }, match).then(() => {
      order.push('long');
    });
    await sleep(20);
    // One worker is free, but the piece would leave none: it waits for the move.
    const analysed = pool.analyse(piece('p', 300)).then(() => order.push('piece'));
    await sleep(50);
    waits.clear();
    await pool.decide({ game: 'quick', seat: 0, level: 'master', seed: 1 }, match);
    expect(waits.waitsOf('decide').sorted[0]).toBeLessThan(50);
    await Promise.all([long, analysed]);
    expect(order).toEqual(['long', 'piece']);
    // The piece started once both were free.
    expect(waits.waitsOf('analyse').sorted[0]).toBeGreaterThanOrEqual(150);
  }, 30_000);

  it('goes on on an idle pool of two, and with one worker when nothing else waits', async () => {
    for (const size of [2, 1]) {
      const pool = poolOf(size);
      const answers = await Promise.all([pool.analyse(piece('a', 5)), pool.analyse(piece('b', 5))]);
      expect(answers.map((a) => a.ok)).toEqual([true, true]);
    }
  }, 30_000);
});
