/**
 * gnubg's Match ID (backgammon.md §12.2): 72 bits, least significant bit first inside each
 * byte and each field, as 9 bytes in Base64 (12 characters):
 *
 *   bits 0-3 log2 cube · 4-5 cube owner (0, 1, 3 = centred) · 6 player on roll · 7 Crawford
 *   8-10 game state · 11 player to decide · 12 double offered · 13-14 resignation level
 *   15-17 die 1 · 18-20 die 2 · 21-35 match length · 36-50 score 0 · 51-65 score 1
 *   66 Jacoby NOT in force (gnubg 1.07 writes !fJacoby; it is 1 in every match) · 67-71 zero
 *
 * gnubg writes the larger die first. Player numbers are Zar's (0 and 1), which are gnubg's
 * player 0 and 1 (the left and right columns of a .mat file).
 */
import { err, ok, type Result } from '@zar/engine';
import type { MatchState } from './match.js';
import { type GameState, other, type Player } from './types.js';

/** gnubg's gamestate: before any game, in play, over by play, over by resignation, over by a drop. */
export type MatchIdGameState = 'none' | 'playing' | 'over' | 'resigned' | 'dropped';

export interface MatchIdInfo {
  /** 1, 2, 4, … 2^15. */
  readonly cube: number;
  /** null while centred. */
  readonly cubeOwner: Player | null;
  /** The player whose turn it is (who rolled, doubled or resigned): gnubg's fMove. */
  readonly onRoll: Player;
  /** The player who acts next: the other one while a double or resignation waits (fTurn). */
  readonly toDecide: Player;
  readonly crawford: boolean;
  readonly gameState: MatchIdGameState;
  readonly doubled: boolean;
  /** 0 none, 1 single, 2 gammon, 3 backgammon. */
  readonly resigned: 0 | 1 | 2 | 3;
  /** The rolled dice, larger first; null before the roll. */
  readonly dice: readonly [number, number] | null;
  /** 0 for money play. */
  readonly matchLength: number;
  readonly score: readonly [number, number];
  /** Money play under the Jacoby rule. */
  readonly jacoby: boolean;
}

export type MatchIdErrorCode = 'ERR_MATCH_ID';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ID_LENGTH = 12;
const BYTES = 9;
const MAX_FIELD = 0x7fff;
const GAME_STATES: readonly MatchIdGameState[] = ['none', 'playing', 'over', 'resigned', 'dropped'];
const CENTRED = 3;
const JACOBY_OFF_BIT = 66;
const USED_BITS = 67;

function put(key: Uint8Array, at: number, width: number, value: number): void {
  for (let i = 0; i < width; i++) {
    if ((value >> i) & 1) key[(at + i) >> 3] = (key[(at + i) >> 3] ?? 0) | (1 << ((at + i) & 7));
  }
}

function get(key: Uint8Array, at: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v |= (((key[(at + i) >> 3] ?? 0) >> ((at + i) & 7)) & 1) << i;
  return v;
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`Match ID: ${what}`);
}

/** The Match ID of `info`; values outside what the ID can hold are a bug in the caller. */
export function makeMatchId(info: MatchIdInfo): string {
  const logCube = Math.log2(info.cube);
  check(Number.isInteger(logCube) && logCube >= 0 && logCube <= 15, `cube ${info.cube} is not 1, 2, 4, … 2^15`);
  check(info.matchLength >= 0 && info.matchLength <= MAX_FIELD, `match length ${info.matchLength}`);
  for (const s of info.score) check(Number.isInteger(s) && s >= 0 && s <= MAX_FIELD, `score ${s}`);
  const dice = info.dice ? [...info.dice].sort((a, b) => b - a) : [0, 0];
  for (const d of dice) check(info.dice === null || (Number.isInteger(d) && d >= 1 && d <= 6), `die ${d}`);
  const key = new Uint8Array(BYTES);
  put(key, 0, 4, logCube);
  put(key, 4, 2, info.cubeOwner ?? CENTRED);
  put(key, 6, 1, info.onRoll);
  put(key, 7, 1, Number(info.crawford));
  put(key, 8, 3, GAME_STATES.indexOf(info.gameState));
  put(key, 11, 1, info.toDecide);
  put(key, 12, 1, Number(info.doubled));
  put(key, 13, 2, info.resigned);
  put(key, 15, 3, dice[0] as number);
  put(key, 18, 3, dice[1] as number);
  put(key, 21, 15, info.matchLength);
  put(key, 36, 15, info.score[0]);
  put(key, 51, 15, info.score[1]);
  put(key, JACOBY_OFF_BIT, 1, Number(!info.jacoby));
  let out = '';
  for (let i = 0; i < BYTES; i += 3) {
    const chunk = ((key[i] ?? 0) << 16) | ((key[i + 1] ?? 0) << 8) | (key[i + 2] ?? 0);
    for (let k = 0; k < 4; k++) out += ALPHABET[(chunk >> (18 - 6 * k)) & 63];
  }
  return out;
}

const bad = (id: string, why: string) => err('ERR_MATCH_ID' as const, `Match ID ${JSON.stringify(id)}: ${why}`);

/** Reads a Match ID; rejects what gnubg rejects, and what no state of a game could be. */
export function parseMatchId(id: string): Result<MatchIdInfo, MatchIdErrorCode> {
  if (typeof id !== 'string' || id.length !== ID_LENGTH) {
    return bad(String(id), `a Match ID has ${ID_LENGTH} characters`);
  }
  const key = new Uint8Array(BYTES);
  for (let i = 0; i < ID_LENGTH; i += 4) {
    let chunk = 0;
    for (let k = 0; k < 4; k++) {
      const v = ALPHABET.indexOf(id.charAt(i + k));
      if (v < 0) return bad(id, `character ${i + k + 1} (${JSON.stringify(id.charAt(i + k))}) is not Base64`);
      chunk = (chunk << 6) | v;
    }
    key.set([(chunk >> 16) & 255, (chunk >> 8) & 255, chunk & 255], (i / 4) * 3);
  }
  const owner = get(key, 4, 2);
  if (owner === 2) return bad(id, 'the cube owner is 2; it is 0, 1 or 3 (centred)');
  const state = GAME_STATES[get(key, 8, 3)];
  if (state === undefined) return bad(id, `game state ${get(key, 8, 3)} is not 0..4`);
  const d1 = get(key, 15, 3);
  const d2 = get(key, 18, 3);
  if (d1 > 6 || d2 > 6) return bad(id, `the dice ${d1} and ${d2} are not 0..6`);
  if ((d1 === 0) !== (d2 === 0)) return bad(id, 'one die is rolled and the other is not');
  const matchLength = get(key, 21, 15);
  const score: [number, number] = [get(key, 36, 15), get(key, 51, 15)];
  const crawford = get(key, 7, 1) === 1;
  if (matchLength > 0 && score.some((s) => s > matchLength)) {
    return bad(id, `a score of ${score.join('-')} is past the match length ${matchLength}`);
  }
  if (matchLength === 0 && crawford) return bad(id, 'money play has no Crawford game');
  if (get(key, USED_BITS, BYTES * 8 - USED_BITS) !== 0) return bad(id, 'the unused last 5 bits are not 0');
  return ok({
    cube: 2 ** get(key, 0, 4),
    cubeOwner: owner === CENTRED ? null : (owner as Player),
    onRoll: get(key, 6, 1) as Player,
    toDecide: get(key, 11, 1) as Player,
    crawford,
    gameState: state,
    doubled: get(key, 12, 1) === 1,
    resigned: get(key, 13, 2) as 0 | 1 | 2 | 3,
    dice: d1 === 0 ? null : [d1, d2],
    matchLength,
    score,
    jacoby: get(key, JACOBY_OFF_BIT, 1) === 0,
  });
}

type Described = Pick<MatchIdInfo, 'cube' | 'cubeOwner' | 'onRoll' | 'toDecide' | 'gameState' | 'doubled'> &
  Partial<Pick<MatchIdInfo, 'resigned' | 'dice'>>;

/** How gnubg shows a game that has ended (checked against gnubg, test/fixtures/match-ids.json). */
function endedGame(g: GameState): Described {
  const result = g.result;
  if (result === null) throw new Error('a game in phase "over" has a result');
  const cube = { cube: g.cube.value, cubeOwner: g.cube.owner, doubled: false };
  if (result.kind === 'drop') {
    // The doubler stays on roll; the decision was the dropper's.
    return { ...cube, onRoll: g.turn, toDecide: other(g.turn), gameState: 'dropped' };
  }
  if (result.kind === 'resign' || result.kind === 'timeout') {
    // gnubg keeps the accepted level; ours is read back from the points, so a Jacoby-capped
    // offer of a gammon shows as a single.
    const level = Math.min(3, Math.max(1, Math.round(result.points / g.cube.value))) as 1 | 2 | 3;
    const loser = other(result.winner as Player);
    return { ...cube, onRoll: loser, toDecide: other(loser), gameState: 'resigned', resigned: level };
  }
  // Ended by play: the loser would be next on roll.
  return { ...cube, onRoll: g.turn, toDecide: g.turn, gameState: 'over' };
}

/** The game part of the ID for each phase of a game in play. */
function gameInPlay(g: GameState): Described {
  const base = { cube: g.cube.value, cubeOwner: g.cube.owner, onRoll: g.turn, gameState: 'playing' as const };
  switch (g.phase) {
    case 'roll':
      return { ...base, toDecide: g.turn, doubled: false };
    case 'move':
      return { ...base, toDecide: g.turn, doubled: false, dice: g.dice };
    case 'doubled':
      return { ...base, toDecide: other(g.turn), doubled: true };
    // gnubg holds a beaver as a take at 2x (the beaverer owning) with a redouble pending,
    // and a raccoon as a take of that redouble at 4x with one more redouble pending.
    case 'beavered':
      return { ...base, cube: g.stake * 2, cubeOwner: other(g.turn), toDecide: g.turn, doubled: true };
    case 'raccooned':
      return { ...base, cube: g.stake * 4, cubeOwner: other(g.turn), toDecide: other(g.turn), doubled: true };
    case 'resigning': {
      const offer = g.resign as NonNullable<GameState['resign']>;
      return { ...base, toDecide: other(offer.by), doubled: false, resigned: offer.level, dice: g.dice };
    }
    case 'opening':
    case 'over':
      throw new Error(`gameInPlay called in phase ${g.phase}`);
  }
}

/**
 * The Match ID of a match state, as gnubg would print it. Between games (the next opening
 * roll is due) it describes the game just ended, as gnubg does until the next game starts;
 * before the first game it is gnubg's "no game" state.
 */
export function matchIdOf(m: MatchState): string {
  const g = m.game;
  let game: Described;
  if (g.phase === 'over') game = endedGame(g);
  else if (g.phase === 'opening' && m.previous) game = endedGame(m.previous);
  else if (g.phase === 'opening') {
    game = { cube: g.cube.value, cubeOwner: null, onRoll: 0, toDecide: 0, gameState: 'none', doubled: false };
  } else game = gameInPlay(g);
  return makeMatchId({
    resigned: 0,
    dice: null,
    ...game,
    // gnubg's flag means "this game, or the next one, is the Crawford game": never once the match is won.
    crawford: m.winner === null && m.crawford === 'active',
    matchLength: m.settings.length,
    score: m.score,
    jacoby: g.settings.cube.jacoby,
  });
}
