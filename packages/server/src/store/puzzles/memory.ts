import type { Glicko2Rating } from '@zar/match';
import { compareText, rowLimit } from '../lists.js';
import { type MemoryTables, memoryKey, parse } from '../memory-tables.js';
import type { PuzzleAttemptRow, PuzzlePlayerRow, PuzzleRow, PuzzlesStore } from '../puzzles-store.js';

/** A kept puzzle: its JSON, and the few fields the queries filter on beside its rating. */
interface Kept {
  readonly text: string;
  readonly game: string;
  readonly themes: readonly string[];
  rating: Glicko2Rating;
  attempts: number;
}

const rowOf = (k: Kept): PuzzleRow => ({ puzzle: JSON.parse(k.text), rating: { ...k.rating }, attempts: k.attempts });

/**
 * The puzzles for memoryStore, as the SQL tables keep them: through JSON, a person a user, one
 * kept attempt per person and puzzle, the ratings written by compare-and-set.
 */
export function memoryPuzzles(tables: MemoryTables): PuzzlesStore {
  const puzzles = new Map<string, Kept>();
  let sorted: string[] | null = null;
  const players = new Map<string, string>();
  const attempts = new Map<string, string>();
  return {
    async addPuzzles(list, rating) {
      let added = 0;
      for (const p of list) {
        if (puzzles.has(p.id)) continue;
        puzzles.set(p.id, {
          text: JSON.stringify(p),
          game: p.game,
          themes: [...p.themes],
          rating: { ...rating },
          attempts: 0,
        });
        added++;
      }
      if (added > 0) sorted = null;
      return added;
    },
    async puzzleById(id) {
      const k = puzzles.get(id);
      return k === undefined ? null : rowOf(k);
    },
    async puzzleCount() {
      return puzzles.size;
    },
    async puzzleAt(index) {
      sorted ??= [...puzzles.keys()].sort(compareText);
      const id = sorted[index];
      const k = id === undefined ? undefined : puzzles.get(id);
      return k === undefined ? null : rowOf(k);
    },
    async puzzlesNear(query) {
      const tried = (id: string) => query.solver !== null && attempts.has(memoryKey(query.solver, id));
      return [...puzzles.entries()]
        .filter(
          ([id, k]) =>
            (query.game === null || k.game === query.game) &&
            (query.theme === null || k.themes.includes(query.theme)) &&
            !tried(id),
        )
        .map(([id, k]) => ({ id, k, distance: Math.abs(k.rating.rating - query.rating) }))
        .sort((a, b) => a.distance - b.distance || compareText(a.id, b.id))
        .slice(0, rowLimit(query.limit))
        .map(({ k }) => rowOf(k));
    },
    async puzzlePlayer(userId) {
      return parse<PuzzlePlayerRow>(players.get(userId)) ?? null;
    },
    async puzzleAttempt(userId, puzzleId) {
      return parse<PuzzleAttemptRow>(attempts.get(memoryKey(userId, puzzleId))) ?? null;
    },
    async saveAttempt({ attempt, player, puzzle }) {
      const kept = puzzles.get(attempt.puzzleId);
      if (kept === undefined) throw new Error(`saveAttempt: no puzzle ${attempt.puzzleId}`);
      if (!tables.user(player.userId)) throw new Error(`saveAttempt: no user ${player.userId}`);
      const key = memoryKey(attempt.userId, attempt.puzzleId);
      const stored = parse<PuzzlePlayerRow>(players.get(player.userId))?.attempts ?? 0;
      if (attempts.has(key) || stored !== player.attempts - 1 || kept.attempts !== puzzle.attempts - 1) return false;
      attempts.set(key, JSON.stringify(attempt));
      players.set(player.userId, JSON.stringify(player));
      kept.rating = { ...puzzle.rating };
      kept.attempts = puzzle.attempts;
      return true;
    },
  };
}
