/**
 * Reads the text of a .mat file into games and cells, without judging the moves (that is
 * mat-import.ts's job, through the reducer). Lenient in what it accepts: comment lines
 * `; [Key "value"]` anywhere, blank lines, Windows or old Mac line ends, any spacing inside a
 * line. A cell's column decides its side: the left player's cells start near the line
 * number, the right player's far from it (gnubg writes them from column 33).
 */
import { type MatError, type MatResult, matError, quoted } from './mat-error.js';
import type { Player } from './types.js';

export type MatCell =
  | {
      readonly kind: 'roll';
      readonly line: number;
      readonly side: Player;
      readonly dice: [number, number];
      readonly moves: string;
    }
  | { readonly kind: 'double'; readonly line: number; readonly side: Player; readonly value: number }
  | { readonly kind: 'take' | 'drop'; readonly line: number; readonly side: Player }
  | { readonly kind: 'wins'; readonly line: number; readonly side: Player; readonly points: number };

export interface MatGame {
  /** The line of " Game k". */
  readonly line: number;
  readonly number: number;
  readonly names: readonly [string, string];
  readonly score: readonly [number, number];
  readonly scoreLine: number;
  readonly cells: readonly MatCell[];
  /** The last line that belongs to the game. */
  readonly lastLine: number;
}

export interface MatFile {
  readonly length: number;
  /** The `; [Key "value"]` comments, by key. */
  readonly tags: Readonly<Record<string, string>>;
  readonly games: readonly MatGame[];
}

/** Cells at or beyond this column are the right player's. */
const RIGHT_COLUMN = 20;

const HEADER = /^\s*(\d+)\s+point\s+match\s*$/i;
const GAME = /^\s*game\s+(\d+)\s*$/i;
const NAMES = /^\s*(.*?\S)\s*:\s*(\d+)\s+(.*?\S)\s*:\s*(\d+)\s*$/;
const MOVE_LINE = /^\s*(\d+)\)/;
const TAG = /^\s*;\s*\[\s*([^"\]]*?)\s+"(.*)"\s*\]\s*$/;
/** The start of each kind of cell; what follows a dice cell up to the next start is its move. */
const CELL =
  /(?<![\d/])([1-6])([1-6])\s*:|doubles?\s*=>\s*(\d+)|\b(takes|accepts)\b|\b(drops|passes|refuses)\b|wins\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?/gi;

/** A cell before its side and line are known. */
type CellBody = MatCell extends infer C ? (C extends MatCell ? Omit<C, 'side' | 'line'> : never) : never;

interface Token {
  readonly at: number;
  readonly end: number;
  readonly cell: CellBody;
}

function tokens(text: string): Token[] {
  const found: Token[] = [];
  for (const m of text.matchAll(CELL)) {
    const at = m.index ?? 0;
    const end = at + m[0].length;
    let cell: Token['cell'];
    if (m[1] !== undefined) cell = { kind: 'roll', dice: [Number(m[1]), Number(m[2])], moves: '' };
    else if (m[3] !== undefined) cell = { kind: 'double', value: Number(m[3]) };
    else if (m[4] !== undefined) cell = { kind: 'take' };
    else if (m[5] !== undefined) cell = { kind: 'drop' };
    else cell = { kind: 'wins', points: Number(m[6]) };
    found.push({ at, end, cell });
  }
  return found;
}

/** The cells of one move line (or of a "Wins" line), or what is wrong with it. */
function readCells(text: string, line: number, from: number): MatResult<MatCell[]> {
  const found = tokens(text.slice(from));
  const cells: MatCell[] = [];
  let seen = from;
  for (let k = 0; k < found.length; k++) {
    const t = found[k] as Token;
    const at = from + t.at;
    const gap = text.slice(seen, at).trim();
    if (gap !== '')
      return matError('ERR_MAT_SYNTAX', line, `unexpected ${JSON.stringify(gap)}`, { found: quoted(text) });
    const next = k + 1 < found.length ? from + (found[k + 1] as Token).at : text.length;
    seen = from + t.end;
    // The first cell is the left player's unless it stands in the right column; a second
    // cell is always the right player's; a "Wins" goes by its column.
    const byColumn: Player = at - from >= RIGHT_COLUMN ? 1 : 0;
    const side: Player = t.cell.kind === 'wins' || cells.length === 0 ? byColumn : 1;
    if (t.cell.kind === 'roll') {
      cells.push({ ...t.cell, moves: text.slice(seen, next).trim(), side, line } as MatCell);
      seen = next;
    } else {
      cells.push({ ...t.cell, side, line } as MatCell);
    }
  }
  const rest = text.slice(seen).trim();
  const whole = { found: quoted(text) };
  if (rest !== '') return matError('ERR_MAT_SYNTAX', line, `unexpected ${JSON.stringify(rest)}`, whole);
  const moves = cells.filter((c) => c.kind !== 'wins');
  if (moves.length > 2) {
    return matError('ERR_MAT_SYNTAX', line, 'a move line has at most two cells, left and right', whole);
  }
  return { ok: true, value: cells };
}

/** The cells of a line inside a game, after its names line. */
function moveLine(raw: string, n: number): MatResult<MatCell[]> {
  const numbered = MOVE_LINE.exec(raw);
  const cells = readCells(raw, n, numbered ? numbered[0].length : 0);
  if (!cells.ok) return cells;
  const found = { found: quoted(raw) };
  if (!numbered && cells.value.some((c) => c.kind !== 'wins')) {
    return matError('ERR_MAT_SYNTAX', n, 'a move line starts with its number, e.g. "  3) 64: 24/18 13/9"', found);
  }
  if (cells.value.length === 0 && !numbered) {
    return matError('ERR_MAT_SYNTAX', n, `unexpected ${JSON.stringify(raw.trim())}`, found);
  }
  return cells;
}

interface OpenGame {
  line: number;
  number: number;
  names?: [string, string];
  score?: [number, number];
  scoreLine: number;
  cells: MatCell[];
  lastLine: number;
}

function close(g: OpenGame): MatResult<MatGame> {
  if (!g.names || !g.score) {
    return matError('ERR_MAT_SYNTAX', g.line, `game ${g.number} has no "name : score" line`, {
      found: `Game ${g.number}`,
    });
  }
  return { ok: true, value: { ...g, names: g.names, score: g.score } };
}

/** Malformed move lines reported at most, besides the first: enough to fix a file in one go. */
const MORE = 20;

/**
 * Splits a .mat text into its header, tags and games. A move line that cannot be read does not
 * stop the reading: the first such line is the error, the next few ride along as its `more`
 * (the header and a game's names line do stop it, since what follows cannot be placed).
 */
export function readMatFile(text: string): MatResult<MatFile> {
  const bad: MatError[] = [];
  // An error that ends the reading: after the lines already found bad, if any.
  const stop = (e: { ok: false; error: MatError }) => {
    bad.push(e.error);
    return finish();
  };
  const finish = () => {
    const [first, ...more] = bad;
    return { ok: false as const, error: more.length === 0 ? (first as MatError) : { ...(first as MatError), more } };
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const tags: Record<string, string> = {};
  let length: number | null = null;
  const games: MatGame[] = [];
  let game: OpenGame | null = null;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const n = i + 1;
    if (raw.trim() === '') continue;
    if (raw.trimStart().startsWith(';')) {
      const tag = TAG.exec(raw);
      if (tag) tags[(tag[1] as string).toLowerCase()] = tag[2] as string;
      continue;
    }
    const header = HEADER.exec(raw);
    if (header) {
      // A second match in the same file: gnubg reads only the first one, and so does Zar.
      if (length !== null) break;
      length = Number(header[1]);
      continue;
    }
    if (length === null) {
      return stop(
        matError('ERR_MAT_HEADER', n, `expected the header " N point match", found ${JSON.stringify(raw.trim())}`, {
          found: quoted(raw),
        }),
      );
    }
    const start = GAME.exec(raw);
    if (start) {
      if (game) {
        const done = close(game);
        if (!done.ok) return stop(done);
        games.push(done.value);
      }
      game = { line: n, number: Number(start[1]), scoreLine: n, cells: [], lastLine: n };
      continue;
    }
    if (!game) {
      return stop(
        matError('ERR_MAT_SYNTAX', n, `expected " Game 1", found ${JSON.stringify(raw.trim())}`, {
          found: quoted(raw),
        }),
      );
    }
    game.lastLine = n;
    if (!game.names) {
      const names = NAMES.exec(raw);
      if (!names) {
        return stop(
          matError('ERR_MAT_SYNTAX', n, `expected the players and scores, "name : 0   name : 0"`, {
            found: quoted(raw),
          }),
        );
      }
      game.names = [names[1] as string, names[3] as string];
      game.score = [Number(names[2]), Number(names[4])];
      game.scoreLine = n;
      continue;
    }
    const cells = moveLine(raw, n);
    if (cells.ok) game.cells.push(...cells.value);
    else if (bad.push(cells.error) > MORE) break;
  }
  if (bad.length > 0) return finish();
  if (length === null) return matError('ERR_MAT_EMPTY', null, 'no " N point match" header: this is not a .mat file');
  if (game) {
    const done = close(game);
    if (!done.ok) return done;
    games.push(done.value);
  }
  if (games.length === 0) return matError('ERR_MAT_EMPTY', null, 'the file has no games');
  return { ok: true, value: { length, tags, games } };
}
