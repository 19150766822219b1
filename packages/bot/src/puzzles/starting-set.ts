import { err, isGameId, ok, parseZarPosition, type Result } from '@zar/engine';
import { PUZZLE_THEMES, type Puzzle } from './puzzle.js';

/*
 * The starting set: puzzles cut from Zar's own bot-against-bot matches, shipped in
 * puzzles/starting-set.json so that a new install has puzzles from its first start. bot-lab
 * makes it (`npm run puzzles:starting-set -w @zar/bot-lab`); docs/puzzles.md says how.
 */

const KINDS: readonly string[] = ['play', 'double', 'take'];
const THEMES: readonly string[] = PUZZLE_THEMES;

/** What is wrong with one puzzle of the file, or null. */
function problemOf(p: Puzzle): string | null {
  if (typeof p.id !== 'string' || !/^[0-9a-f]{16}$/.test(p.id)) return 'an id is 16 hex digits';
  if (!isGameId(p.game)) return `${p.id}: unknown game`;
  const pos = parseZarPosition(p.position);
  if (!pos.ok) return `${p.id}: ${pos.error.message}`;
  if (pos.value.game !== p.game) return `${p.id}: the position is of another game`;
  if (!KINDS.includes(p.kind)) return `${p.id}: unknown kind`;
  if ((p.kind === 'play') !== Array.isArray(p.dice)) return `${p.id}: a play puzzle has dice, a cube puzzle none`;
  if (!Array.isArray(p.answers) || p.answers.length < 2) return `${p.id}: a puzzle ranks two answers or more`;
  if (!Array.isArray(p.themes) || p.themes.some((t) => !THEMES.includes(t))) return `${p.id}: unknown theme`;
  return null;
}

/** Checks the starting set's JSON (its version, and each puzzle's shape and position). */
export function parseStartingSet(json: unknown): Result<readonly Puzzle[], 'ERR_PUZZLES'> {
  const file = json as { version?: unknown; puzzles?: unknown } | null;
  if (file?.version !== 1 || !Array.isArray(file.puzzles)) {
    return err('ERR_PUZZLES', 'the starting set is { version: 1, puzzles: [...] }');
  }
  const puzzles = file.puzzles as Puzzle[];
  for (const p of puzzles) {
    const problem = problemOf(p);
    if (problem !== null) return err('ERR_PUZZLES', problem);
  }
  return ok(puzzles);
}

let loading: Promise<readonly Puzzle[]> | null = null;

/**
 * The shipped starting set, read and checked once per process on first use. A file that does
 * not check is a broken invariant of the repository, so the promise rejects.
 */
export function startingPuzzles(): Promise<readonly Puzzle[]> {
  loading ??= import('../../puzzles/starting-set.json', { with: { type: 'json' } }).then((file) => {
    const set = parseStartingSet(file.default);
    if (!set.ok) throw new Error(`puzzles/starting-set.json: ${set.error.message}`);
    return set.value;
  });
  return loading;
}
