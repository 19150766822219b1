import { type Puzzle, startingPuzzles } from '@zar/bot';
import { GLICKO2 } from '@zar/match';
import { describe, expect, it } from 'vitest';
import type { AttemptWrite, Store } from '../src/store/types.js';
import { bothStores } from './support/both-stores.js';
import { cleanupsAfterEach } from './support/cleanups.js';

const cleanups = cleanupsAfterEach();
const START = GLICKO2.initial;

async function opened(make: () => Promise<Store>): Promise<Store> {
  const store = await make();
  cleanups.push(() => store.close());
  await store.migrate();
  for (const id of ['u1', 'u2']) await store.createUser({ id, name: null, passwordHash: null, createdAt: 0 });
  return store;
}

/** A rated attempt of `userId` at `p`, his `n`th and the puzzle's `m`th. */
const write = (userId: string, p: Puzzle, n: number, m: number, correct = true): AttemptWrite => {
  const after = { rating: correct ? 1600 : 1400, deviation: 300, volatility: 0.06 };
  return {
    attempt: {
      userId,
      puzzleId: p.id,
      answer: p.answers[correct ? 0 : 1]?.answer ?? '',
      correct,
      player: { before: START, after },
      puzzle: { before: START, after: { ...after, rating: 3000 - after.rating } },
      at: 1000 + n,
    },
    player: { userId, rating: after, attempts: n, streak: correct ? n : 0, bestStreak: n, lastAt: 1000 + n },
    puzzle: { rating: { ...after, rating: 3000 - after.rating }, attempts: m },
  };
};

for (const [name, makeStore] of bothStores()) {
  describe(`the puzzles' store (${name})`, () => {
    it('adds the starting set once, keeps each puzzle as given and lists them by id', async () => {
      const store = await opened(makeStore);
      const set = await startingPuzzles();
      expect(await store.addPuzzles(set, START)).toBe(set.length);
      expect(await store.addPuzzles(set, { ...START, rating: 1200 })).toBe(0);
      expect(await store.puzzleCount()).toBe(set.length);
      const first = set[0] as Puzzle;
      expect(await store.puzzleById(first.id)).toEqual({ puzzle: first, rating: START, attempts: 0 });
      expect(await store.puzzleById('nothing')).toBeNull();
      const ids = set.map((p) => p.id).sort();
      expect((await store.puzzleAt(0))?.puzzle.id).toBe(ids[0]);
      expect((await store.puzzleAt(ids.length - 1))?.puzzle.id).toBe(ids.at(-1));
      expect(await store.puzzleAt(ids.length)).toBeNull();
    });

    it('offers the puzzles nearest a rating, of a game and a theme, none the solver tried', async () => {
      const store = await opened(makeStore);
      const set = await startingPuzzles();
      await store.addPuzzles(set, START);
      const query = { rating: 1500, game: null, theme: null, solver: 'u1', limit: 5 } as const;
      const near = await store.puzzlesNear(query);
      expect(near.map((r) => r.puzzle.id)).toEqual(
        set
          .map((p) => p.id)
          .sort()
          .slice(0, 5),
      );
      const plakotoPins = await store.puzzlesNear({ ...query, game: 'plakoto', theme: 'pin', limit: 100 });
      expect(plakotoPins.length).toBe(set.filter((p) => p.game === 'plakoto' && p.themes.includes('pin')).length);
      const hits = await store.puzzlesNear({ ...query, theme: 'hit', limit: 1000 });
      expect(hits.every((r) => r.puzzle.themes.includes('hit'))).toBe(true);
      const tried = near[0]?.puzzle as Puzzle;
      expect(await store.saveAttempt(write('u1', tried, 1, 1))).toBe(true);
      // Its rating moved to 1400: nearest 1400 it comes first for another, and never for u1.
      expect((await store.puzzlesNear({ ...query, rating: 1400, solver: 'u2' }))[0]?.puzzle.id).toBe(tried.id);
      expect((await store.puzzlesNear({ ...query, rating: 1400 })).map((r) => r.puzzle.id)).not.toContain(tried.id);
    });

    it('writes an attempt, the person and the puzzle together, and refuses a write that came second', async () => {
      const store = await opened(makeStore);
      const [a, b] = (await startingPuzzles()).slice(0, 2) as [Puzzle, Puzzle];
      await store.addPuzzles([a, b], START);
      expect(await store.puzzlePlayer('u1')).toBeNull();
      const first = write('u1', a, 1, 1);
      expect(await store.saveAttempt(first)).toBe(true);
      expect(await store.puzzleAttempt('u1', a.id)).toEqual(first.attempt);
      expect(await store.puzzlePlayer('u1')).toEqual(first.player);
      expect(await store.puzzleById(a.id)).toEqual({ puzzle: a, rating: first.puzzle.rating, attempts: 1 });
      // The same puzzle again, or a rating read before the last write: nothing is written.
      expect(await store.saveAttempt(write('u1', a, 2, 2))).toBe(false);
      expect(await store.saveAttempt(write('u1', b, 1, 1))).toBe(false);
      expect(await store.saveAttempt(write('u2', a, 1, 1))).toBe(false);
      expect(await store.puzzleAttempt('u1', b.id)).toBeNull();
      expect(await store.puzzleAttempt('u2', a.id)).toBeNull();
      expect(await store.puzzlePlayer('u2')).toBeNull();
      expect((await store.puzzleById(a.id))?.attempts).toBe(1);
      const miss = write('u1', b, 2, 1, false);
      expect(await store.saveAttempt(miss)).toBe(true);
      expect(await store.puzzlePlayer('u1')).toEqual(miss.player);
      expect((await store.puzzleAttempt('u1', b.id))?.correct).toBe(false);
    });
  });
}
