import type { Cursor } from './move-list.js';
import type { Line } from './turns.js';

/*
 * Stepping through a record: each game's start (line -1), then each of its lines, game after
 * game. `lines` is every game's lines; a cursor past what exists is brought back inside.
 */

type Games = readonly (readonly Line[])[];

const lastLine = (lines: Games, game: number): number => (lines[game]?.length ?? 0) - 1;

export function nextStep(lines: Games, at: Cursor): Cursor {
  if (at.line < lastLine(lines, at.game)) return { game: at.game, line: at.line + 1 };
  if (at.game < lines.length - 1) return { game: at.game + 1, line: -1 };
  return at;
}

export function previousStep(lines: Games, at: Cursor): Cursor {
  if (at.line > -1) return { game: at.game, line: at.line - 1 };
  if (at.game > 0) return { game: at.game - 1, line: lastLine(lines, at.game - 1) };
  return at;
}

export const gameStart = (game: number): Cursor => ({ game, line: -1 });

export const gameEnd = (lines: Games, game: number): Cursor => ({ game, line: lastLine(lines, game) });

export const isFirst = (at: Cursor): boolean => at.game === 0 && at.line === -1;

export const isLast = (lines: Games, at: Cursor): boolean =>
  at.game >= lines.length - 1 && at.line >= lastLine(lines, at.game);
