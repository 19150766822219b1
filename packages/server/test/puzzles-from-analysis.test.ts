import { type MatchAnalysis, selectPuzzles } from '@zar/bot';
import type { MatchRecord } from '@zar/match';
import type { PuzzleOffer } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { BackgroundAnalyses, type BackgroundDeps } from '../src/analysis/background.js';
import { answerAnalysisPiece } from '../src/bots/analysis-work.js';
import { addPuzzlesOf, cutPuzzles } from '../src/puzzles/from-analysis.js';
import type { GameRow, SeatRow, Store } from '../src/store/types.js';
import { analysisOf, storePlayedMatch } from './support/analysed-match.js';
import { type BotMatch, botMatch } from './support/bot-match.js';
import { bothStores } from './support/both-stores.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { Caller, startServer } from './support/harness.js';

const cleanups = cleanupsAfterEach();

const human = (userId: string, name: string): SeatRow => ({ kind: 'human', userId, name, level: null });
const PEOPLE = [human('user-ann', 'ann'), human('user-ben', 'ben')] as const;
/** The analysis on the test's own thread, as a bot worker does it. */
const IN_PROCESS = { analyse: answerAnalysisPiece, forget() {} };

async function opened(make: () => Promise<Store>): Promise<Store> {
  const store = await make();
  cleanups.push(() => store.close());
  await store.migrate();
  for (const seat of PEOPLE) {
    await store.createUser({ id: seat.userId as string, name: seat.name, passwordHash: 'x', createdAt: 0 });
  }
  return store;
}

async function until(done: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`${what}: not by ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Casual against expert (bot-match.ts), to one point: the casual side's slips are the blunders. */
let played: Promise<BotMatch> | null = null;
const blundered = () => {
  played ??= botMatch({ length: 1 }, 3);
  return played;
};

/** Stores the match between ann and ben and runs the background analysis until it is done. */
async function analysedInBackground(
  store: Store,
  analysed: BackgroundDeps['analysed'],
  warned: unknown[] = [],
): Promise<{ row: GameRow; record: MatchRecord; analysis: MatchAnalysis }> {
  const match = await blundered();
  const row = await storePlayedMatch(store, 'people01', PEOPLE, match);
  expect(await store.queuedAnalysisState(row.id)).toBe('queued');
  const background = new BackgroundAnalyses(
    { store, runner: IN_PROCESS, log: { warn: (o) => warned.push(o) }, now: () => 1, analysed },
    { plies: 0, cubePlies: 0, idleMs: 10, startDelayMs: 0 },
  );
  cleanups.push(() => background.close());
  await background.start();
  await until(async () => (await store.queuedAnalysisState(row.id)) === 'done', 'the analysis');
  const stored = await store.analysisOf(row.id);
  if (stored === null) throw new Error('no analysis stored');
  return { row, record: { ...row.record, actions: match.actions }, analysis: stored.analysis as MatchAnalysis };
}

for (const [name, makeStore] of bothStores()) {
  describe(`puzzles cut from the background analysis (${name})`, () => {
    it('adds the puzzles of a match between people once, each naming the game it came from', async () => {
      const store = await opened(makeStore);
      let told = 0;
      const cut = cutPuzzles(store);
      const { row, record, analysis } = await analysedInBackground(store, async (...a) => {
        told++;
        await cut(...a);
      });
      expect(told).toBe(1);
      const expected = selectPuzzles(record, analysis, row.id);
      if (!expected.ok) throw new Error(expected.error.message);
      expect(expected.value.length).toBeGreaterThan(0);
      const ids = new Set(expected.value.map((p) => p.id));
      expect(await store.puzzleCount()).toBe(ids.size);
      for (const p of expected.value) {
        const kept = await store.puzzleById(p.id);
        expect(kept?.puzzle.source.match).toBe(row.id);
        expect(['ann', 'ben']).toContain(kept?.puzzle.source.player);
      }
      // The hook run again adds nothing and keeps each puzzle's rating.
      const first = [...ids][0] as string;
      const rated = { rating: 1620, deviation: 290, volatility: 0.06 };
      const was = { rating: 1500, deviation: 350, volatility: 0.06 };
      const attempt = { userId: 'user-ann', puzzleId: first, answer: 'x', correct: false, at: 5 };
      const change = { before: was, after: rated };
      expect(
        await store.saveAttempt({
          attempt: { ...attempt, player: change, puzzle: change },
          player: { userId: 'user-ann', rating: rated, attempts: 1, streak: 0, bestStreak: 0, lastAt: 5 },
          puzzle: { rating: rated, attempts: 1 },
        }),
      ).toBe(true);
      const before = await store.puzzleById(first);
      expect(before?.rating).toEqual(rated);
      expect(await addPuzzlesOf(store, row, record, analysis)).toEqual({ ok: true, value: 0 });
      expect(await store.puzzleCount()).toBe(ids.size);
      expect(await store.puzzleById(first)).toEqual(before);
    }, 90_000);

    it('keeps the analysis done when cutting its puzzles fails, and logs it', async () => {
      const store = await opened(makeStore);
      const warned: unknown[] = [];
      const { row } = await analysedInBackground(
        store,
        async () => {
          throw new Error('the puzzles table is gone');
        },
        warned,
      );
      expect(await store.queuedAnalysisState(row.id)).toBe('done');
      expect(await store.analysisOf(row.id)).not.toBeNull();
      expect(await store.prOf('user-ann')).toEqual({ matches: 1, average: expect.any(Number) });
      expect(warned).toContainEqual(expect.objectContaining({ game: row.id }));
      expect(await store.puzzleCount()).toBe(0);
    }, 90_000);
  });
}

describe('puzzles cut from an analysis', () => {
  it("takes only the decisions of the seats people held: a bot's slip is no puzzle", async () => {
    const store = await opened(async () => (await import('../src/store/index.js')).memoryStore());
    const { row, record, analysis } = await analysedInBackground(store, undefined);
    const all = selectPuzzles(record, analysis, row.id);
    if (!all.ok) throw new Error(all.error.message);
    const bot: SeatRow = { kind: 'bot', userId: null, name: 'ben', level: 'casual' };
    const added = await addPuzzlesOf(store, { id: row.id, seats: [PEOPLE[0], bot] }, record, analysis);
    const ann = new Set(all.value.filter((p) => p.source.player === 'ann').map((p) => p.id));
    expect(ann.size).toBeGreaterThan(0);
    expect(all.value.length).toBeGreaterThan(ann.size);
    expect(added).toEqual({ ok: true, value: ann.size });
    for (let i = 0; i < (await store.puzzleCount()); i++) {
      expect((await store.puzzleAt(i))?.puzzle.source.player).toBe('ann');
    }
  }, 90_000);

  it('a puzzle cut in the background is served by GET /api/puzzles/:id', async () => {
    const store = await opened(async () => (await import('../src/store/index.js')).memoryStore());
    const { row } = await analysedInBackground(store, cutPuzzles(store));
    const kept = await store.puzzleAt(0);
    if (kept === null) throw new Error('no puzzle cut');
    const server = await startServer({ store, botWorkers: 0, app: { backgroundAnalysis: false } });
    cleanups.push(() => server.close());
    const r = await new Caller(server.base).call<PuzzleOffer>('GET', `/api/puzzles/${kept.puzzle.id}`);
    expect(r.status).toBe(200);
    expect(r.body.puzzle.id).toBe(kept.puzzle.id);
    expect(kept.puzzle.source.match).toBe(row.id);
  }, 90_000);

  it("an analysis asked for of a match against a bot adds the person's puzzles, none of the bot's", async () => {
    const store = await opened(async () => (await import('../src/store/index.js')).memoryStore());
    const bot: SeatRow = { kind: 'bot', userId: null, name: 'Bot (casual)', level: 'casual' };
    const match = await blundered();
    const row = await storePlayedMatch(store, 'versus01', [bot, PEOPLE[1]], match);
    const server = await startServer({ store, botWorkers: 0, app: { backgroundAnalysis: false } });
    cleanups.push(() => server.close());
    const caller = new Caller(server.base);
    await caller.newGame({ opponent: 'bot', length: 1 });
    const analysis = await analysisOf(caller, row.id);
    const all = selectPuzzles({ ...row.record, actions: match.actions }, analysis, row.id);
    if (!all.ok) throw new Error(all.error.message);
    const ben = new Set(all.value.filter((p) => p.source.player === 'ben').map((p) => p.id));
    expect(ben.size).toBeGreaterThan(0);
    expect(all.value.length).toBeGreaterThan(ben.size);
    await until(async () => (await store.puzzleCount()) >= ben.size, 'the puzzles');
    expect(await store.puzzleCount()).toBe(ben.size);
    for (const id of ben) expect((await store.puzzleById(id))?.puzzle.source).toMatchObject({ match: row.id });
  }, 90_000);
});
