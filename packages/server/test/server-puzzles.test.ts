import type { Puzzle } from '@zar/bot';
import { type DailyPuzzle, type ErrorBody, type PuzzleOffer, type PuzzleResult, pathOf, REST } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { bothStores } from './support/both-stores.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { Caller, startServer, TEST_LIMITS } from './support/harness.js';

const cleanups = cleanupsAfterEach();

async function serverOn(store: Store, options: { limits?: object; now?: () => number } = {}) {
  const server = await startServer({
    store,
    limits: { ...TEST_LIMITS, ...options.limits },
    ...(options.now ? { now: options.now } : {}),
  });
  cleanups.push(server.close);
  return server;
}

const next = (caller: Caller, query = '') =>
  caller.call<PuzzleOffer & ErrorBody>('GET', `${pathOf(REST.puzzleNext)}${query}`);
const attempt = (caller: Caller, id: string, answer: string) =>
  caller.call<PuzzleResult & ErrorBody>('POST', pathOf(REST.puzzleAttempt, { id }), { answer });

async function stored(store: Store, id: string): Promise<Puzzle> {
  const row = await store.puzzleById(id);
  if (row === null) throw new Error(`no puzzle ${id}`);
  return row.puzzle;
}

for (const [storeName, makeStore] of bothStores()) {
  describe(`puzzles (${storeName})`, () => {
    it('an attempt rates both the solver and the puzzle, moves the streak, and rates once', async () => {
      const store = await makeStore();
      const server = await serverOn(store);
      const me = new Caller(server.base);
      const offered = await next(me, '?game=backgammon');
      expect(offered.status).toBe(200);
      expect(offered.body).toMatchObject({ solver: null, tried: false });
      const first = await stored(store, offered.body.puzzle.id);
      const best = first.answers[0]?.answer ?? '';
      const won = await attempt(me, first.id, best);
      expect(won.status).toBe(200);
      // The visitor was made a guest, whose rating it is.
      expect(me.cookie).not.toBe('');
      expect(won.body).toMatchObject({
        correct: true,
        answer: best,
        solver: { streak: 1, bestStreak: 1, attempts: 1 },
      });
      expect(won.body.answers.map((a) => a.answer)).toEqual(first.answers.map((a) => a.answer));
      expect(won.body.answers[0]?.mine).toBe(true);
      const ratings = won.body.ratings;
      expect(ratings?.solver.before).toEqual({ rating: 1500, deviation: 350 });
      expect(ratings?.solver.after.rating).toBeGreaterThan(1500);
      expect(ratings?.puzzle.after.rating).toBeLessThan(1500);
      expect(ratings?.solver.after.deviation).toBeLessThan(350);

      // A second try at it teaches and does not rate.
      const again = await attempt(me, first.id, first.answers[1]?.answer ?? '');
      expect(again.body).toMatchObject({ correct: false, ratings: null, solver: { streak: 1, attempts: 1 } });
      const shown = await me.call<PuzzleOffer>('GET', pathOf(REST.puzzle, { id: first.id }));
      expect(shown.body.tried).toBe(true);
      expect(shown.body.puzzle.rating).toEqual(ratings?.puzzle.after);

      // A miss at another: the streak goes back to 0, the best stays; both ratings move the other way.
      const other = await next(me, '?game=plakoto');
      expect(other.body.puzzle.id).not.toBe(first.id);
      expect(other.body.solver?.rating).toEqual(ratings?.solver.after);
      const second = await stored(store, other.body.puzzle.id);
      const lost = await attempt(me, second.id, second.answers[1]?.answer ?? '');
      expect(lost.body).toMatchObject({ correct: false, solver: { streak: 0, bestStreak: 1, attempts: 2 } });
      expect(lost.body.ratings?.solver.after.rating).toBeLessThan(ratings?.solver.after.rating ?? 0);
      expect(lost.body.ratings?.puzzle.after.rating).toBeGreaterThan(1500);
    });
  });
}

describe('puzzles', () => {
  it('reads a play in any order and notation the engine reads, and refuses what is no play of the dice', async () => {
    const store = memoryStore();
    const server = await serverOn(store);
    const me = new Caller(server.base);
    const offered = await next(me, '?game=backgammon&theme=hit');
    const puzzle = await stored(store, offered.body.puzzle.id);
    expect(offered.body.puzzle).toMatchObject({ kind: 'play', choices: null, dice: puzzle.dice });
    expect(offered.body.puzzle.themes).toContain('hit');
    const best = puzzle.answers[0]?.answer ?? '';
    const wrong = await attempt(me, puzzle.id, '1/2 3/4');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('ERR_PUZZLE_ANSWER');
    // Nothing was made of a visitor's answer that is none.
    expect(me.cookie).toBe('');
    const reversed = best.split(' ').reverse().join(' ');
    const r = await attempt(me, puzzle.id, reversed);
    expect(r.body).toMatchObject({ correct: true, answer: best });
  });

  it("a cube puzzle lists its choices, not in the bot's order, and takes one by name", async () => {
    const store = memoryStore();
    const server = await serverOn(store);
    const me = new Caller(server.base);
    const offered = await next(me, '?theme=cube');
    const puzzle = await stored(store, offered.body.puzzle.id);
    expect(offered.body.puzzle.dice).toBeNull();
    const choices = offered.body.puzzle.choices ?? [];
    expect([...choices].sort()).toEqual(puzzle.answers.map((a) => a.answer).sort());
    expect(['no-double,double', 'take,drop', 'take,drop,beaver']).toContain(choices.join(','));
    const r = await attempt(me, puzzle.id, puzzle.answers[0]?.answer ?? '');
    expect(r.body.correct).toBe(true);
    expect((await attempt(me, puzzle.id, 'resign')).body.error.code).toBe('ERR_PUZZLE_ANSWER');
  });

  it('two attempts at once at one puzzle both rate it, the second from the first one’s result', async () => {
    const store = memoryStore();
    const server = await serverOn(store);
    const [a, b] = [new Caller(server.base), new Caller(server.base)];
    const { id } = (await next(a, '?game=fevga')).body.puzzle;
    const best = (await stored(store, id)).answers[0]?.answer ?? '';
    const [ra, rb] = await Promise.all([attempt(a, id, best), attempt(b, id, best)]);
    const changes = [ra.body.ratings?.puzzle, rb.body.ratings?.puzzle];
    expect(changes.every((c) => c !== undefined)).toBe(true);
    const [first, second] = changes[0]?.before.rating === 1500 ? changes : [changes[1], changes[0]];
    expect(second?.before).toEqual(first?.after);
    expect((await store.puzzleById(id))?.attempts).toBe(2);
  });

  it('the daily puzzle is the same all day for everyone and another the next day', async () => {
    let now = Date.UTC(2026, 11, 3, 0, 0, 1);
    const server = await serverOn(memoryStore(), { now: () => now });
    const daily = async () => (await new Caller(server.base).call<DailyPuzzle>('GET', pathOf(REST.puzzleDaily))).body;
    const morning = await daily();
    expect(morning.day).toBe('2026-12-03');
    now = Date.UTC(2026, 11, 3, 23, 59, 59);
    expect((await daily()).puzzle.id).toBe(morning.puzzle.id);
    const days = new Set<string>();
    for (let d = 4; d < 10; d++) {
      now = Date.UTC(2026, 11, d, 12);
      days.add((await daily()).puzzle.id);
    }
    expect(days.size).toBeGreaterThan(1);
    expect(days.has(morning.puzzle.id) && days.size === 1).toBe(false);
  });

  it('refuses an unknown puzzle, a filter it does not know, and more than the limits', async () => {
    const server = await serverOn(memoryStore(), { limits: { puzzleAttemptsPerMinute: 2, puzzlesPerMinute: 4 } });
    const me = new Caller(server.base);
    expect((await me.call<ErrorBody>('GET', pathOf(REST.puzzle, { id: '0123456789abcdef' }))).status).toBe(404);
    const bad = await next(me, '?gmae=plakoto');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('ERR_BODY');
    const offered = await next(me);
    expect(offered.status).toBe(200);
    // The unknown puzzle counted, the refused filter did not: the fourth read is the last.
    expect((await next(me)).status).toBe(200);
    expect((await next(me)).status).toBe(200);
    expect((await next(me)).status).toBe(429);
    const id = offered.body.puzzle.id;
    expect((await attempt(me, id, 'drop')).status).toBe(422);
    expect((await attempt(me, id, 'drop')).status).toBe(422);
    const third = await attempt(me, id, 'drop');
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('ERR_RATE_LIMITED');
  });
});
