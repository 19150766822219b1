import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BoardWork, QueueWaits } from '../src/bots/index.js';
import { match, piece, thinkingPools } from './support/thinkers.js';

const poolOf = thinkingPools();

afterEach(() => {
  vi.useRealTimers();
});

describe("the background analysis's pieces in the bot pool", () => {
  it('never run while a bot move or board work waits, whoever asked first', async () => {
    const pool = poolOf(1);
    const order: string[] = [];
    const running = pool.decide({ game: 'first', seat: 0, level: 'master', seed: 100 }, match).then(() => {
      order.push('first');
    });
    const pieces = ['p1', 'p2'].map((k) => pool.analyse(piece(k, 5)).then(() => order.push(k)));
    const board = pool
      .board({ t: 'evaluate', plies: 5 } as unknown as BoardWork, { address: 'b' })
      .then(() => order.push('board'));
    const move = pool.decide({ game: 'm1', seat: 0, level: 'master', seed: 5 }, match).then(() => {
      order.push('m1');
    });
    await Promise.all([running, ...pieces, board, move]);
    expect(order).toEqual(['first', 'm1', 'board', 'p1', 'p2']);
  }, 30_000);

  it("rests after a piece, but a person's board work waits only for the piece, not the rest", async () => {
    // Half a worker: a 600 ms piece keeps the background resting 600 ms more after it. A map
    // asked meanwhile must be answered within its 900 ms limit: the piece, not the rest too.
    const pool = poolOf(1, undefined, { boardShare: 0.5, boardMs: 900 });
    const order: string[] = [];
    const first = pool.analyse(piece('first', 600)).then(() => order.push('first'));
    await new Promise((r) => setTimeout(r, 30));
    const second = pool.analyse(piece('second', 5)).then(() => order.push('second'));
    const board = await pool.board({ t: 'evaluate', plies: 5 } as unknown as BoardWork, { address: 'b' });
    order.push('board');
    expect(board.ok ? 'answered' : board.error.code).toBe('answered');
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'board', 'second']);
  }, 30_000);

  it('never holds every worker, and a worker dying under a piece answers ERR_ANALYSIS_CRASHED', async () => {
    const waits = new QueueWaits();
    const pool = poolOf(2, waits);
    const slow = pool.analyse(piece('slow', 300));
    const other = pool.analyse(piece('other', 300));
    await new Promise((r) => setTimeout(r, 30));
    await pool.decide({ game: 'quick', seat: 0, level: 'master', seed: 1 }, match);
    // It found a worker free at once: had both pieces held the two, it would have waited out
    // most of a 300 ms piece. (Its time queued, not its answer's: a worker still starting on a
    // loaded machine is slow to answer, and that is not what is tested here.)
    expect(waits.waitsOf('decide').sorted[0]).toBeLessThan(150);
    await Promise.all([slow, other]);
    const died = await pool.analyse(piece('dies', 1, -1));
    expect(died.ok ? null : died.error.code).toBe('ERR_ANALYSIS_CRASHED');
  }, 30_000);

  it('takes the next piece when its rest is over, though the rest timer fires before the clock says so', async () => {
    // A timer may fire before Date.now() reaches the time it was set for (libuv counts from the
    // loop's cached time). Here the clock stands still from the moment the first piece is
    // answered, so the rest's timer always fires early: the piece waiting behind it, with the
    // worker free and nothing else to come, must still be taken once the clock reaches the end.
    const pool = poolOf(1, undefined, { boardShare: 0.5 });
    let frozenAt = 0;
    const first = pool.analyse(piece('first', 100)).then(() => {
      frozenAt = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: frozenAt });
    });
    const second = pool.analyse(piece('second', 5)).then(() => 'answered' as const);
    await first;
    // The rest (about 100 ms) has run out in real time, not on the stopped clock.
    await new Promise((r) => setTimeout(r, 400));
    vi.setSystemTime(frozenAt + 1_000);
    const stuck = new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 5_000));
    expect(await Promise.race([second, stuck])).toBe('answered');
  }, 30_000);
});
