import { CYCLES, isGameId, optionsOf, presetById } from '@zar/engine';

/** A game of a stored match's cycle, as its settings hold it. */
interface StoredChoice {
  readonly game: string;
  readonly options?: object;
}

/**
 * The rating pool of a stored match's settings, as schema v3 fills it in for games stored
 * before it: a one-game cycle plays in its game's pool; a cycle that is a named cycle of the
 * engine (CYCLES), game by game with the same options once defaults are filled in, plays in
 * that cycle's pool; any other cycle has none (null).
 */
export function poolOfCycle(cycle: readonly StoredChoice[]): string | null {
  const [only] = cycle;
  if (cycle.length === 1 && only !== undefined) return isGameId(only.game) ? only.game : null;
  const mine = cycle.map(choiceKey);
  for (const [name, presets] of Object.entries(CYCLES)) {
    const theirs = presets.map((id) => {
      const p = presetById(id);
      return p.ok ? choiceKey(p.value) : null;
    });
    if (theirs.length === mine.length && theirs.every((key, i) => key !== null && key === mine[i])) return name;
  }
  return null;
}

/** A game and its options, defaults filled in, as one comparable text; null for an unknown game. */
function choiceKey(choice: StoredChoice): string | null {
  if (!isGameId(choice.game)) return null;
  const full: Record<string, unknown> = { ...optionsOf(choice.game).defaults, ...(choice.options ?? {}) };
  const sorted = Object.keys(full)
    .sort()
    .map((k) => [k, full[k]]);
  return JSON.stringify([choice.game, sorted]);
}
