/**
 * XGID, eXtreme Gammon's position text (backgammon.md §12.3), for backgammon only:
 *
 *   XGID=<board 26>:<cube>:<cubepos>:<turn>:<dice>:<scoreBottom>:<scoreTop>:<CJ>:<matchLen>:<maxCube>
 *
 * The board is drawn for the "bottom" player: char 0 is the top player's bar, chars 1..24
 * are points 1..24 in the bottom player's numbering, char 25 is the bottom player's bar;
 * `A`..`P` count bottom checkers, `a`..`p` top checkers, `-` is empty.
 *
 * Our Position is always seen from the side whose turn it is, so that side is "bottom"
 * when turn = 1 and "top" when turn = -1 (the board is then swapped). XgidInfo keeps which
 * it was in `onRoll`, so an XGID read and written again comes back the same. Scores and the
 * cube owner are stored relative to the side on roll, like everything else in Zar.
 * While a double is pending (`D`, `B`, `R`), turn names the doubler, the player whose turn
 * it is; this is how gnubg 1.08 reads it (set.c SetXGID: the decision passes to the other).
 *
 * An XGID has no turn counters, so a parsed position has turns [0, 0].
 */
import { checkersOf, mine, onBar, theirs } from './board.js';
import { makePosition } from './position.js';
import { rulesFor } from './registry.js';
import { err, ok, type Result } from './result.js';
import type { PositionErrorCode } from './rules.js';
import { BAR, CHECKERS, type Dice, type Position, THEM } from './types.js';

export type XgidCubeOwner = 'centre' | 'onRoll' | 'opponent';
export type XgidCubeAction = 'none' | 'doubled' | 'beavered' | 'raccooned';

export interface XgidInfo {
  /** Cube value: 1, 2, 4, ... */
  readonly cube: number;
  readonly cubeOwner: XgidCubeOwner;
  /** Where the side on roll sits in the XGID drawing (turn 1 = bottom, -1 = top). */
  readonly onRoll: 'bottom' | 'top';
  /** Dice already rolled by the side on roll, in the written order; null before the roll. */
  readonly dice: Dice | null;
  /** A pending cube action (dice D, B, R); dice must be null with one. */
  readonly cubeAction: XgidCubeAction;
  /** Match or money score: [side on roll, opponent]. */
  readonly score: readonly [number, number];
  /** 0 for money play. */
  readonly matchLength: number;
  /** Match play: this is the Crawford game. */
  readonly crawford: boolean;
  /** Money play: Jacoby rule in force. */
  readonly jacoby: boolean;
  /** Money play: beavers allowed. */
  readonly beaver: boolean;
  /** Largest cube value allowed (XG writes its log2; 10 = 1024). */
  readonly maxCube: number;
}

export const XGID_DEFAULTS: XgidInfo = {
  cube: 1,
  cubeOwner: 'centre',
  onRoll: 'bottom',
  dice: null,
  cubeAction: 'none',
  score: [0, 0],
  matchLength: 0,
  crawford: false,
  jacoby: false,
  beaver: false,
  maxCube: 1024,
};

export type XgidErrorCode = 'ERR_XGID_FORMAT' | 'ERR_XGID_BOARD' | 'ERR_XGID_FIELD' | PositionErrorCode;

export interface ParsedXgid {
  readonly position: Position;
  readonly info: XgidInfo;
}

const GAME = 'backgammon';
const PREFIX = 'XGID=';
const BOARD_CHARS = 26;
const MAX_LOG_CUBE = 15;
/** XG's own default when an old XGID leaves out the cube limit. */
const DEFAULT_LOG_MAX_CUBE = 10;
const ACTION_LETTERS: Record<Exclude<XgidCubeAction, 'none'>, string> = { doubled: 'D', beavered: 'B', raccooned: 'R' };

function countChar(n: number, upper: boolean): string {
  if (n === 0) return '-';
  return String.fromCharCode((upper ? 65 : 97) + n - 1);
}

function log2Exact(v: number, what: string): number {
  const e = Math.log2(v);
  if (!Number.isInteger(e) || e < 0 || e > MAX_LOG_CUBE) throw new Error(`${what} must be a power of two, not ${v}`);
  return e;
}

/** The XGID of a backgammon position; `info` fills in the cube, dice and match fields. */
export function makeXgid(pos: Position, info: Partial<XgidInfo> = {}): string {
  const rules = rulesFor(GAME);
  if (pos.game !== rules.game) throw new Error(`XGID describes backgammon positions, not ${pos.game}`);
  const x: XgidInfo = { ...XGID_DEFAULTS, ...info };
  if (x.dice && x.cubeAction !== 'none') throw new Error('an XGID holds either rolled dice or a cube action');
  const bottomOnRoll = x.onRoll === 'bottom';
  const b = (bottomOnRoll ? pos : rules.swapSides(pos)).board;
  const chars: string[] = [countChar(onBar(b, 'opponent'), false)];
  for (let p = 1; p <= 24; p++) {
    const own = mine(b, p);
    chars.push(own > 0 ? countChar(own, true) : countChar(theirs(b, 25 - p), false));
  }
  chars.push(countChar(onBar(b, 'onRoll'), true));
  const owner = x.cubeOwner === 'centre' ? 0 : (x.cubeOwner === 'onRoll') === bottomOnRoll ? 1 : -1;
  const dice = x.cubeAction !== 'none' ? ACTION_LETTERS[x.cubeAction] : x.dice ? `${x.dice[0]}${x.dice[1]}` : '00';
  const [bottom, top] = bottomOnRoll ? x.score : [x.score[1], x.score[0]];
  const cj = x.matchLength > 0 ? Number(x.crawford) : Number(x.jacoby) + 2 * Number(x.beaver);
  const fields = [
    chars.join(''),
    log2Exact(x.cube, 'the cube'),
    owner,
    bottomOnRoll ? 1 : -1,
    dice,
    bottom,
    top,
    cj,
    x.matchLength,
    log2Exact(x.maxCube, 'the cube limit'),
  ];
  return PREFIX + fields.join(':');
}

const fieldError = (name: string, value: string, expected: string) =>
  err('ERR_XGID_FIELD' as const, `XGID ${name} is ${JSON.stringify(value)}; expected ${expected}`);

function readInt(value: string, name: string, min: number, max: number): Result<number, 'ERR_XGID_FIELD'> {
  if (!/^-?\d{1,6}$/.test(value)) return fieldError(name, value, `a whole number ${min}..${max}`);
  const n = Number(value);
  if (n < min || n > max) return fieldError(name, value, `a whole number ${min}..${max}`);
  return ok(n);
}

/** Reads the 26-char board as seen by the bottom player. */
function readBoard(text: string): Result<Int8Array, 'ERR_XGID_BOARD'> {
  if (text.length !== BOARD_CHARS) {
    return err('ERR_XGID_BOARD', `the XGID board has ${BOARD_CHARS} characters, not ${text.length}`);
  }
  const b = new Int8Array(52);
  for (let i = 0; i < BOARD_CHARS; i++) {
    const c = text[i] as string;
    if (c === '-') continue;
    const upper = c >= 'A' && c <= 'P';
    const lower = c >= 'a' && c <= 'p';
    const where = `character ${i + 1} of the board`;
    if (!upper && !lower) return err('ERR_XGID_BOARD', `${where} is ${JSON.stringify(c)}; expected -, A..P or a..p`);
    const n = c.toLowerCase().charCodeAt(0) - 96;
    if (i === 0 && upper) return err('ERR_XGID_BOARD', `${where} is the top player's bar: lowercase only`);
    if (i === BOARD_CHARS - 1 && lower)
      return err('ERR_XGID_BOARD', `${where} is the bottom player's bar: uppercase only`);
    if (i === 0) b[THEM + BAR] = n;
    else if (i === BOARD_CHARS - 1) b[BAR] = n;
    else if (upper) b[i] = n;
    else b[THEM + 25 - i] = n;
  }
  for (const [base, who] of [
    [0, 'bottom'],
    [THEM, 'top'],
  ] as const) {
    const n = checkersOf(b, base);
    if (n > CHECKERS) {
      return err('ERR_XGID_BOARD', `the ${who} player has ${n} checkers on the board; at most ${CHECKERS}`);
    }
    b[base] = CHECKERS - n;
  }
  return ok(b);
}

function readDice(value: string): Result<{ dice: Dice | null; action: XgidCubeAction }, 'ERR_XGID_FIELD'> {
  if (value === '00') return ok({ dice: null, action: 'none' });
  for (const [action, letter] of Object.entries(ACTION_LETTERS)) {
    if (value === letter) return ok({ dice: null, action: action as XgidCubeAction });
  }
  const m = /^([1-6])([1-6])$/.exec(value);
  if (!m) return fieldError('dice', value, '00, D, B, R or two dice like 63');
  return ok({ dice: [Number(m[1]), Number(m[2])], action: 'none' });
}

type IntField = 'cube' | 'owner' | 'bottom' | 'top' | 'cj' | 'matchLength' | 'maxCube';

/** The numeric fields: name, index in the XGID, name in messages, range. */
const INT_FIELDS: readonly (readonly [IntField, number, string, number, number])[] = [
  ['cube', 1, 'cube', 0, MAX_LOG_CUBE],
  ['owner', 2, 'cube position', -1, 1],
  ['bottom', 5, 'bottom score', 0, 32767],
  ['top', 6, 'top score', 0, 32767],
  ['cj', 7, 'Crawford/Jacoby', 0, 3],
  ['matchLength', 8, 'match length', 0, 32767],
  ['maxCube', 9, 'cube limit', 0, MAX_LOG_CUBE],
];

/** Reads an XGID (the `XGID=` prefix is optional) into a position and its match fields. */
export function parseXgid(text: string): Result<ParsedXgid, XgidErrorCode> {
  let body = text.trim();
  if (body.toUpperCase().startsWith(PREFIX)) body = body.slice(PREFIX.length);
  const f = body.split(':');
  if (f.length !== 9 && f.length !== 10) {
    return err('ERR_XGID_FORMAT', `an XGID has 10 fields separated by ":" (9 without the cube limit), not ${f.length}`);
  }
  const board = readBoard(f[0] as string);
  if (!board.ok) return board;
  const n = {} as Record<IntField, number>;
  for (const [key, i, name, min, max] of INT_FIELDS) {
    const r = i < f.length ? readInt(f[i] as string, name, min, max) : ok(DEFAULT_LOG_MAX_CUBE);
    if (!r.ok) return r;
    n[key] = r.value;
  }
  const { cube, owner, bottom, top, cj, matchLength, maxCube } = n;
  const turn = f[3] as string;
  if (turn !== '1' && turn !== '-1') return fieldError('turn', turn, '1 (bottom on roll) or -1 (top on roll)');
  const dice = readDice(f[4] as string);
  if (!dice.ok) return dice;
  if (matchLength > 0) {
    if (cj > 1) return fieldError('Crawford flag', String(cj), '0 or 1 in a match');
    for (const s of [bottom, top]) {
      if (s >= matchLength) return fieldError('score', String(s), `less than the match length ${matchLength}`);
    }
  }
  const rules = rulesFor(GAME);
  const bottomOnRoll = turn === '1';
  const drawn = makePosition(GAME, board.value);
  const checked = rules.validate(bottomOnRoll ? drawn : rules.swapSides(drawn));
  if (!checked.ok) return checked;
  const info: XgidInfo = {
    cube: 2 ** cube,
    cubeOwner: owner === 0 ? 'centre' : (owner === 1) === bottomOnRoll ? 'onRoll' : 'opponent',
    onRoll: bottomOnRoll ? 'bottom' : 'top',
    dice: dice.value.dice,
    cubeAction: dice.value.action,
    score: bottomOnRoll ? [bottom, top] : [top, bottom],
    matchLength,
    crawford: matchLength > 0 && cj === 1,
    jacoby: matchLength === 0 && (cj & 1) === 1,
    beaver: matchLength === 0 && (cj & 2) === 2,
    maxCube: 2 ** maxCube,
  };
  return ok({ position: checked.value, info });
}
