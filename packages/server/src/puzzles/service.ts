import { type Puzzle, type PuzzleTheme, startingPuzzles } from '@zar/bot';
import { err, type GameId, ok, type Result } from '@zar/engine';
import { GLICKO2, type Glicko2Rating, idleGlicko2, rateGame } from '@zar/match';
import type { DailyPuzzle, PuzzleOffer, PuzzleResult, PuzzleSolver } from '@zar/protocol';
import type { PuzzlePlayerRow, PuzzleRow, PuzzlesStore } from '../store/types.js';
import { DAY_MS, dailyIndex, dayOf } from './daily.js';
import { judgeAnswer, puzzleView } from './judge.js';

/** The puzzles nearest the solver's rating that the next one is drawn from, so that two askers at 1500 differ. */
const NEAR = 20;
/** Writes tried when another attempt changed a rating meanwhile, before the attempt is refused as busy. */
const WRITE_TRIES = 3;

export type PuzzleError = 'ERR_NOT_FOUND' | 'ERR_PUZZLE_ANSWER' | 'ERR_PUZZLE_BUSY';
export type PuzzleReply<T> = Result<T, PuzzleError>;

const shown = (r: Glicko2Rating) => ({ rating: r.rating, deviation: r.deviation });

const solverOf = (row: PuzzlePlayerRow | null): PuzzleSolver | null =>
  row === null
    ? null
    : { rating: shown(row.rating), streak: row.streak, bestStreak: row.bestStreak, attempts: row.attempts };

/** The rating a person brings to an attempt: his own, widened by each whole day he made none (docs/puzzles.md). */
function ratingAt(player: PuzzlePlayerRow | null, now: number): Glicko2Rating {
  if (player === null) return GLICKO2.initial;
  const days = Math.floor((now - player.lastAt) / DAY_MS);
  return days > 0 ? idleGlicko2(player.rating, days) : player.rating;
}

/**
 * The puzzles: what to try next, the daily one, and attempts, each person's first at a puzzle
 * rating him and it as one Glicko-2 game (@zar/match rateGame). The store starts with the
 * shipped starting set, added on first use (idempotent, so every start may add it again).
 */
export class PuzzleService {
  private ready: Promise<readonly Puzzle[]> | null = null;
  private daily: readonly string[] | null = null;

  constructor(
    private readonly store: PuzzlesStore,
    private readonly starting: () => Promise<readonly Puzzle[]> = startingPuzzles,
  ) {}

  /** The starting set, added to the store once per process (again after a failure). */
  private seeded(): Promise<readonly Puzzle[]> {
    if (this.ready === null) {
      const ready = this.starting().then(async (set) => {
        await this.store.addPuzzles(set, GLICKO2.initial);
        return set;
      });
      ready.catch(() => {
        if (this.ready === ready) this.ready = null;
      });
      this.ready = ready;
    }
    return this.ready;
  }

  private async offer(row: PuzzleRow, userId: string | null): Promise<PuzzleOffer> {
    const player = userId === null ? null : await this.store.puzzlePlayer(userId);
    const tried = userId !== null && (await this.store.puzzleAttempt(userId, row.puzzle.id)) !== null;
    return { puzzle: puzzleView(row), solver: solverOf(player), tried };
  }

  /** A puzzle near the asker's rating, of the game and theme asked, one he has not tried while any is left. */
  async next(
    userId: string | null,
    filter: { readonly game?: GameId; readonly theme?: PuzzleTheme },
  ): Promise<PuzzleReply<PuzzleOffer>> {
    await this.seeded();
    const player = userId === null ? null : await this.store.puzzlePlayer(userId);
    const query = {
      rating: player?.rating.rating ?? GLICKO2.initial.rating,
      game: filter.game ?? null,
      theme: filter.theme ?? null,
      solver: userId,
      limit: NEAR,
    };
    let near = await this.store.puzzlesNear(query);
    // He has tried every one: they come round again (a second try teaches, and does not rate).
    if (near.length === 0 && userId !== null) near = await this.store.puzzlesNear({ ...query, solver: null });
    const row = near[Math.floor(Math.random() * near.length)];
    if (row === undefined) return err('ERR_NOT_FOUND', 'no puzzle of this game and theme');
    return ok(await this.offer(row, userId));
  }

  async byId(id: string, userId: string | null): Promise<PuzzleReply<PuzzleOffer>> {
    await this.seeded();
    const row = await this.store.puzzleById(id);
    return row === null ? err('ERR_NOT_FOUND', 'no such puzzle') : ok(await this.offer(row, userId));
  }

  /** The day's puzzle: one of the starting set (ordered by id), so that adding puzzles never changes today's. */
  async dailyPuzzle(userId: string | null, now: number): Promise<PuzzleReply<DailyPuzzle>> {
    const set = await this.seeded();
    this.daily ??= set.map((p) => p.id).sort();
    const day = dayOf(now);
    const id = this.daily[dailyIndex(day, this.daily.length)];
    const row = id === undefined ? null : await this.store.puzzleById(id);
    if (row === null) return err('ERR_NOT_FOUND', 'there is no puzzle');
    return ok({ day, ...(await this.offer(row, userId)) });
  }

  /** Whether `text` answers the puzzle, rating nothing: so that a visitor is made a guest only for an answer. */
  async check(puzzleId: string, text: string): Promise<PuzzleReply<null>> {
    await this.seeded();
    const row = await this.store.puzzleById(puzzleId);
    if (row === null) return err('ERR_NOT_FOUND', 'no such puzzle');
    const judged = judgeAnswer(row.puzzle, text);
    return judged.ok ? ok(null) : judged;
  }

  /**
   * Judges an answer. A person's first attempt at a puzzle rates both (1 for him when his answer
   * is the best, else 1 for the puzzle) and moves his streak, written together; a later one
   * only shows the ranking. Another attempt that changed either rating meanwhile makes it read
   * both again and rate anew, up to WRITE_TRIES times.
   */
  async attempt(userId: string, puzzleId: string, text: string, now: number): Promise<PuzzleReply<PuzzleResult>> {
    await this.seeded();
    for (let i = 0; i < WRITE_TRIES; i++) {
      const row = await this.store.puzzleById(puzzleId);
      if (row === null) return err('ERR_NOT_FOUND', 'no such puzzle');
      const judged = judgeAnswer(row.puzzle, text);
      if (!judged.ok) return judged;
      const correct = judged.value.rank === 0;
      const result = (ratings: PuzzleResult['ratings'], player: PuzzlePlayerRow | null): PuzzleResult => ({
        puzzle: puzzleId,
        answer: judged.value.answer,
        correct,
        answers: row.puzzle.answers.map((a, rank) => ({ ...a, mine: rank === judged.value.rank })),
        ratings,
        solver: solverOf(player) ?? { rating: shown(GLICKO2.initial), streak: 0, bestStreak: 0, attempts: 0 },
      });
      const player = await this.store.puzzlePlayer(userId);
      if ((await this.store.puzzleAttempt(userId, puzzleId)) !== null) return ok(result(null, player));
      const before = ratingAt(player, now);
      const rated = rateGame(before, row.rating, correct ? 1 : 0);
      // Both ratings come from the store, which keeps only rated values: a refusal is a broken invariant.
      if (!rated.ok) throw new Error(`puzzle ${puzzleId}: ${rated.error.message}`);
      const streak = correct ? (player?.streak ?? 0) + 1 : 0;
      const next: PuzzlePlayerRow = {
        userId,
        rating: rated.value.a,
        attempts: (player?.attempts ?? 0) + 1,
        streak,
        bestStreak: Math.max(streak, player?.bestStreak ?? 0),
        lastAt: now,
      };
      const change = {
        player: { before, after: rated.value.a },
        puzzle: { before: row.rating, after: rated.value.b },
      };
      const attempt = { userId, puzzleId, answer: judged.value.answer, correct, ...change, at: now };
      const saved = await this.store.saveAttempt({
        attempt,
        player: next,
        puzzle: { rating: rated.value.b, attempts: row.attempts + 1 },
      });
      if (saved) {
        const sent = (c: (typeof change)['player']) => ({ before: shown(c.before), after: shown(c.after) });
        return ok(result({ solver: sent(change.player), puzzle: sent(change.puzzle) }, next));
      }
    }
    return err('ERR_PUZZLE_BUSY', 'the puzzle was being rated by others; try again');
  }
}
