/**
 * Zar's own position forms, for all five games: a one-line text that is safe to paste on
 * a command line (letters, digits and `: / , . = -` only; no spaces, no shell characters)
 * and a JSON form for programs. Both are seen from the side on roll, like Position.
 *
 * Text grammar:
 *
 *   position := game ":" side "/" side { ":" extra }      side on roll first, then opponent
 *   side     := entry { "," entry }                        each side in its OWN numbering
 *   entry    := where [ "x" count ] [ "p" ]                "x1" may be left out
 *   where    := "bar" | 1..24 | "off"
 *   count    := 1..15
 *   "p"      := this side's checker on that point is pinned by the other side (plakoto)
 *   extra    := "turns=" n "." n                           turns done: side on roll . opponent
 *             | "run=" die                                 gul bara: die of the doubles run
 *             | "end=" ("onroll"|"opponent"|"none") "." kind "." points
 *
 * makeZarPosition writes entries bar first, then points high to low, then off, and leaves
 * out extras that are at their defaults (turns 0.0, run 0, no end); parsing accepts entries
 * and extras in any order. Example, the backgammon start:
 *   backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5
 * and a plakoto position where the side on roll's checker on its 3 is pinned:
 *   plakoto:24x12,3p,offx2/24x11,22,6x3:turns=20.19
 *
 * Both parsers end by checking the position with the game's rules (rulesFor(game).validate).
 */
import { pinnedOn } from './board.js';
import { rulesFor } from './registry.js';
import { err, ok, type Result } from './result.js';
import type { PositionErrorCode, Rules } from './rules.js';
import {
  BAR,
  BOARD_LENGTH,
  CHECKERS,
  type GameId,
  isGameId,
  OFF,
  type Outcome,
  PIN_BASE,
  type Position,
  THEM,
  type WinKind,
} from './types.js';

export type ZarPositionErrorCode = 'ERR_ZAR_TEXT' | 'ERR_ZAR_JSON' | 'ERR_UNKNOWN_GAME' | PositionErrorCode;

/** The JSON form. `mine`/`theirs` are 26 counts: [off, points 1..24, bar], own numbering. */
export interface ZarPositionJson {
  readonly game: GameId;
  readonly mine: readonly number[];
  readonly theirs: readonly number[];
  /** Games with pins: the points (owner's numbering) where that side's checker is pinned. */
  readonly pinned?: { readonly mine: readonly number[]; readonly theirs: readonly number[] };
  readonly turns: readonly [number, number];
  readonly run: number;
  readonly ended: Outcome | null;
}

const SIDE_POINTS = 26;
const MAX_TURNS = 127;
const WIN_KINDS: readonly WinKind[] = ['single', 'gammon', 'backgammon', 'mother', 'draw'];
const WINNERS = { onroll: 'onRoll', opponent: 'opponent', none: null } as const;

/** Pinned points of each side, in each side's own numbering. */
interface Pins {
  readonly mine: number[];
  readonly theirs: number[];
}

function pinsOf(pos: Position, rules: Rules): Pins {
  const pins: Pins = { mine: [], theirs: [] };
  if (pos.board.length === BOARD_LENGTH) return pins;
  if (!rules.hasPins) throw new Error(`${pos.game}: no text form for board bytes past ${PIN_BASE}`);
  for (let p = 1; p <= 24; p++) {
    const pinned = pinnedOn(pos.board, p);
    if (pinned === 'onRoll') pins.mine.push(p);
    // The mapping is its own inverse: it also gives the opponent's number of my point p.
    else if (pinned === 'opponent') pins.theirs.push(rules.theirPointToMine(p));
  }
  return pins;
}

function sideText(board: Int8Array, base: number, pinned: readonly number[]): string {
  const entries: string[] = [];
  for (let p = BAR; p >= OFF; p--) {
    const n = board[base + p] ?? 0;
    if (n === 0) continue;
    const where = p === BAR ? 'bar' : p === OFF ? 'off' : String(p);
    entries.push(where + (n > 1 ? `x${n}` : '') + (pinned.includes(p) ? 'p' : ''));
  }
  return entries.join(',');
}

/** The one-line text form of a position. */
export function makeZarPosition(pos: Position): string {
  const rules = rulesFor(pos.game);
  const pins = pinsOf(pos, rules);
  const parts = [`${pos.game}:${sideText(pos.board, 0, pins.mine)}/${sideText(pos.board, THEM, pins.theirs)}`];
  if (pos.turns[0] !== 0 || pos.turns[1] !== 0) parts.push(`turns=${pos.turns[0]}.${pos.turns[1]}`);
  if (pos.run !== 0) parts.push(`run=${pos.run}`);
  if (pos.ended) {
    const winner = pos.ended.winner === null ? 'none' : pos.ended.winner === 'onRoll' ? 'onroll' : 'opponent';
    parts.push(`end=${winner}.${pos.ended.kind}.${pos.ended.points}`);
  }
  return parts.join(':');
}

/** The JSON form of a position (plain data: arrays and numbers). */
export function toZarJson(pos: Position): ZarPositionJson {
  const rules = rulesFor(pos.game);
  const b = pos.board;
  const json: ZarPositionJson = {
    game: pos.game,
    mine: Array.from(b.subarray(0, SIDE_POINTS)),
    theirs: Array.from(b.subarray(THEM, THEM + SIDE_POINTS)),
    ...(rules.hasPins ? { pinned: pinsOf(pos, rules) } : {}),
    turns: [pos.turns[0], pos.turns[1]],
    run: pos.run,
    ended: pos.ended ? { ...pos.ended } : null,
  };
  return json;
}

// ---------------------------------------------------------------------------------------
// Building and checking a position from parsed parts

interface Parts {
  readonly game: GameId;
  readonly mine: readonly number[];
  readonly theirs: readonly number[];
  readonly pins: Pins;
  readonly turns: readonly [number, number];
  readonly run: number;
  readonly ended: Outcome | null;
}

/** Lays the parts out on the game's board and lets the game's rules judge the result. */
function build(
  parts: Parts,
  rules: Rules,
  fail: (m: string) => Result<never, ZarPositionErrorCode>,
): Result<Position, ZarPositionErrorCode> {
  const outcome = outcomeProblem(parts.ended);
  if (outcome) return fail(outcome);
  const board = new Int8Array(rules.start().board.length);
  for (let p = OFF; p <= BAR; p++) {
    board[p] = parts.mine[p] ?? 0;
    board[THEM + p] = parts.theirs[p] ?? 0;
  }
  const anyPins = parts.pins.mine.length + parts.pins.theirs.length > 0;
  if (anyPins && !rules.hasPins) return fail(`${parts.game} has no pins`);
  for (const p of parts.pins.mine) board[PIN_BASE + p] = 1;
  for (const q of parts.pins.theirs) {
    const p = rules.theirPointToMine(q);
    if (board[PIN_BASE + p] !== 0) return fail(`both sides are marked pinned on the same point (their ${q})`);
    board[PIN_BASE + p] = -1;
  }
  const pos: Position = { game: parts.game, board, turns: parts.turns, run: parts.run, ended: parts.ended };
  return rules.validate(pos);
}

/** A draw has no winner and no points; a win has a winner, a kind of win and 1 to 3 points. */
function outcomeProblem(o: Outcome | null): string | null {
  if (!o) return null;
  const draw = o.kind === 'draw';
  if (draw !== (o.winner === null)) return 'an ended game has a winner unless it is a draw';
  if (draw ? o.points !== 0 : o.points < 1 || o.points > 3) return 'a draw scores 0 points and a win 1 to 3';
  return null;
}

function gameRules(game: unknown): Result<Rules, 'ERR_UNKNOWN_GAME'> {
  if (!isGameId(game)) return err('ERR_UNKNOWN_GAME', `unknown game ${JSON.stringify(game)}`);
  return ok(rulesFor(game));
}

// ---------------------------------------------------------------------------------------
// Text

const textError = (message: string) => err('ERR_ZAR_TEXT' as const, message);

function parseSide(
  text: string,
  at: number,
  who: 'mine' | 'theirs',
): Result<{ counts: number[]; pinned: number[] }, 'ERR_ZAR_TEXT'> {
  const counts = new Array<number>(SIDE_POINTS).fill(0);
  const seen = new Set<number>();
  const pinned: number[] = [];
  if (text === '') return textError(`the ${who} side is empty (at character ${at + 1}); list its checkers`);
  let offset = at;
  for (const entry of text.split(',')) {
    const m = /^(bar|off|[1-9]|1\d|2[0-4])(?:x(\d{1,2}))?(p?)$/.exec(entry);
    const where = `${JSON.stringify(entry)} at character ${offset + 1}`;
    if (!m) return textError(`${where} is not an entry like 13x5, 7, bar, offx3 or 3p`);
    const p = m[1] === 'bar' ? BAR : m[1] === 'off' ? OFF : Number(m[1]);
    const n = m[2] === undefined ? 1 : Number(m[2]);
    if (n < 1 || n > CHECKERS) return textError(`${where}: a count is 1 to ${CHECKERS}`);
    if (seen.has(p)) return textError(`${where}: ${m[1]} is listed twice for the same side`);
    if (m[3] && (p === BAR || p === OFF)) return textError(`${where}: only a checker on a point can be pinned`);
    seen.add(p);
    counts[p] = n;
    if (m[3]) pinned.push(p);
    offset += entry.length + 1;
  }
  return ok({ counts, pinned });
}

interface Extras {
  turns: [number, number];
  run: number;
  ended: Outcome | null;
}

function parseExtra(text: string, at: number, extras: Extras, seen: Set<string>): Result<true, 'ERR_ZAR_TEXT'> {
  const where = `${JSON.stringify(text)} at character ${at + 1}`;
  const key = text.split('=')[0] as string;
  if (seen.has(key)) return textError(`${where}: ${key} is given twice`);
  seen.add(key);
  let m = /^turns=(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (m) {
    const t: [number, number] = [Number(m[1]), Number(m[2])];
    if (t[0] > MAX_TURNS || t[1] > MAX_TURNS) return textError(`${where}: turn counts are 0 to ${MAX_TURNS}`);
    extras.turns = t;
    return ok(true);
  }
  m = /^run=(\d)$/.exec(text);
  if (m) {
    extras.run = Number(m[1]);
    return ok(true);
  }
  m = /^end=(onroll|opponent|none)\.([a-z]+)\.(\d)$/.exec(text);
  if (m) {
    const kind = m[2] as WinKind;
    if (!WIN_KINDS.includes(kind)) return textError(`${where}: the kind is one of ${WIN_KINDS.join(', ')}`);
    extras.ended = { winner: WINNERS[m[1] as keyof typeof WINNERS], kind, points: Number(m[3]) };
    return ok(true);
  }
  return textError(`${where} is not turns=N.N, run=D or end=WINNER.KIND.POINTS`);
}

/** Reads the text form (see the grammar above) and checks it with the game's rules. */
export function parseZarPosition(text: string): Result<Position, ZarPositionErrorCode> {
  const fields = text.trim().split(':');
  const [game, board, ...rest] = fields;
  const rules = gameRules(game);
  if (!rules.ok) return rules;
  if (board === undefined) return textError('a position is GAME:MINE/THEIRS, e.g. backgammon:24x2,13x5,8x3,6x5/...');
  const boardAt = (game as string).length + 1;
  const sides = board.split('/');
  if (sides.length !== 2) {
    return textError(`the board at character ${boardAt + 1} is two sides split by one "/": MINE/THEIRS`);
  }
  const mine = parseSide(sides[0] as string, boardAt, 'mine');
  if (!mine.ok) return mine;
  const theirs = parseSide(sides[1] as string, boardAt + (sides[0] as string).length + 1, 'theirs');
  if (!theirs.ok) return theirs;
  const extras: Extras = { turns: [0, 0], run: 0, ended: null };
  const seen = new Set<string>();
  let at = boardAt + board.length + 1;
  for (const extra of rest) {
    const r = parseExtra(extra, at, extras, seen);
    if (!r.ok) return r;
    at += extra.length + 1;
  }
  const parts: Parts = {
    game: rules.value.game,
    mine: mine.value.counts,
    theirs: theirs.value.counts,
    pins: { mine: mine.value.pinned, theirs: theirs.value.pinned },
    ...extras,
  };
  return build(parts, rules.value, textError);
}

// ---------------------------------------------------------------------------------------
// JSON

const jsonError = (message: string) => err('ERR_ZAR_JSON' as const, message);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readCounts(v: unknown, name: string): Result<number[], 'ERR_ZAR_JSON'> {
  if (!Array.isArray(v) || v.length !== SIDE_POINTS) {
    return jsonError(`${name} must be an array of ${SIDE_POINTS} counts: [off, points 1..24, bar]`);
  }
  for (let i = 0; i < v.length; i++) {
    const n: unknown = v[i];
    if (!Number.isInteger(n) || (n as number) < 0 || (n as number) > CHECKERS) {
      return jsonError(`${name}[${i}] is ${JSON.stringify(n)}; a count is 0 to ${CHECKERS}`);
    }
  }
  return ok(v as number[]);
}

function readPoints(v: unknown, name: string): Result<number[], 'ERR_ZAR_JSON'> {
  if (!Array.isArray(v)) return jsonError(`${name} must be an array of points 1..24`);
  const points: number[] = [];
  for (const p of v as unknown[]) {
    if (!Number.isInteger(p) || (p as number) < 1 || (p as number) > 24 || points.includes(p as number)) {
      return jsonError(`${name} has ${JSON.stringify(p)}; expected distinct points 1..24`);
    }
    points.push(p as number);
  }
  return ok(points);
}

function readEnded(v: unknown): Result<Outcome | null, 'ERR_ZAR_JSON'> {
  if (v === null || v === undefined) return ok(null);
  if (!isRecord(v)) return jsonError('ended must be null or {winner, kind, points}');
  const { winner, kind, points } = v;
  if (winner !== 'onRoll' && winner !== 'opponent' && winner !== null) {
    return jsonError('ended.winner must be "onRoll", "opponent" or null');
  }
  if (!WIN_KINDS.includes(kind as WinKind)) return jsonError(`ended.kind must be one of ${WIN_KINDS.join(', ')}`);
  if (!Number.isInteger(points) || (points as number) < 0 || (points as number) > 3) {
    return jsonError('ended.points must be 0 to 3');
  }
  return ok({ winner, kind: kind as WinKind, points: points as number });
}

function readTurns(v: unknown): Result<[number, number], 'ERR_ZAR_JSON'> {
  if (v === undefined) return ok([0, 0]);
  const okTurn = (t: unknown) => Number.isInteger(t) && (t as number) >= 0 && (t as number) <= MAX_TURNS;
  if (!Array.isArray(v) || v.length !== 2 || !v.every(okTurn)) {
    return jsonError(`turns must be [side on roll, opponent], each 0 to ${MAX_TURNS}`);
  }
  return ok([v[0] as number, v[1] as number]);
}

/** Reads the JSON form from untrusted data and checks it with the game's rules. */
export function fromZarJson(value: unknown): Result<Position, ZarPositionErrorCode> {
  if (!isRecord(value)) return jsonError('a Zar position is a JSON object {game, mine, theirs, ...}');
  const rules = gameRules(value.game);
  if (!rules.ok) return rules;
  const mine = readCounts(value.mine, 'mine');
  if (!mine.ok) return mine;
  const theirs = readCounts(value.theirs, 'theirs');
  if (!theirs.ok) return theirs;
  let pins: Pins = { mine: [], theirs: [] };
  if (value.pinned !== undefined) {
    if (!isRecord(value.pinned)) return jsonError('pinned must be {mine: [...], theirs: [...]}');
    const pm = readPoints(value.pinned.mine, 'pinned.mine');
    if (!pm.ok) return pm;
    const pt = readPoints(value.pinned.theirs, 'pinned.theirs');
    if (!pt.ok) return pt;
    pins = { mine: pm.value, theirs: pt.value };
  }
  const turns = readTurns(value.turns);
  if (!turns.ok) return turns;
  const run = value.run ?? 0;
  if (!Number.isInteger(run) || (run as number) < 0 || (run as number) > 6) return jsonError('run must be 0 to 6');
  const ended = readEnded(value.ended);
  if (!ended.ok) return ended;
  const parts: Parts = {
    game: rules.value.game,
    mine: mine.value,
    theirs: theirs.value,
    pins,
    turns: turns.value,
    run: run as number,
    ended: ended.value,
  };
  return build(parts, rules.value, jsonError);
}
