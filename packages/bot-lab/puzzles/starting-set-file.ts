import { writeFileSync } from 'node:fs';
import { PUZZLE_THEMES, type Puzzle, puzzleMargin, puzzleThemes } from '@zar/bot';
import { GAME_IDS, type GameId } from '@zar/engine';

/** The shipped file: how it was made (the margin each game's puzzles were cut with), then the puzzles, by game and id. */
export interface StartingSet {
  readonly version: 1;
  readonly margins: Readonly<Partial<Record<GameId, number>>>;
  readonly made: Readonly<Record<string, unknown>>;
  readonly puzzles: readonly Puzzle[];
}

/** Whether the best answer still beats the second by the game's margin as it stands now. */
const clearsMargin = (p: Puzzle): boolean =>
  (p.answers[0]?.equity ?? 0) - (p.answers[1]?.equity ?? Number.POSITIVE_INFINITY) >= puzzleMargin(p.game);

/** The puzzle with its themes told by the rules as they stand. */
function retold(p: Puzzle): Puzzle {
  const themes = puzzleThemes(p);
  if (!themes.ok) throw new Error(`${p.id}: ${themes.error.message}`);
  return { ...p, themes: themes.value };
}

/**
 * Keeps one puzzle per id (the first met), and only those that clear their game's margin now,
 * with their themes told again: a match kept from an earlier run may have been cut with a
 * smaller margin or older rules, and the answers hold every choice the cut compared, so this
 * is the cut made again. Orders them by game then id, and writes the file.
 */
export function writeStartingSet(path: string, found: readonly Puzzle[], made: StartingSet['made']): StartingSet {
  const byId = new Map<string, Puzzle>();
  for (const p of found) if (!byId.has(p.id) && clearsMargin(p)) byId.set(p.id, retold(p));
  const order = (p: Puzzle) => GAME_IDS.indexOf(p.game);
  const puzzles = [...byId.values()].sort((a, b) => order(a) - order(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const margins: Partial<Record<GameId, number>> = {};
  for (const p of puzzles) margins[p.game] = puzzleMargin(p.game);
  const set: StartingSet = { version: 1, margins, made, puzzles };
  writeFileSync(path, `${JSON.stringify(set, null, 2)}\n`);
  return set;
}

/** Counts per game, kind and theme, as lines to print. */
export function summarise(set: StartingSet): string {
  const lines: string[] = [`${set.puzzles.length} puzzles`];
  for (const game of GAME_IDS) {
    const mine = set.puzzles.filter((p) => p.game === game);
    if (mine.length === 0) continue;
    const kinds = ['play', 'double', 'take'].map((k) => `${k} ${mine.filter((p) => p.kind === k).length}`);
    const themes = PUZZLE_THEMES.map((t) => [t, mine.filter((p) => p.themes.includes(t)).length] as const)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t} ${n}`);
    lines.push(`${game}: ${mine.length} (${kinds.join(', ')}); themes: ${themes.join(', ') || 'none'}`);
  }
  return lines.join('\n');
}
