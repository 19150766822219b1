/**
 * What a person pastes to set up a position, read in one place: a gnubg Position ID, alone or
 * with its Match ID ("4HPwATDgc/ABMA:cAkAAAAAAAAA", or gnubg's own line "Position ID: … Match
 * ID: …"), an XGID, or Zar's position text of any game. Each gives the position (seen from the
 * side on roll, like every Position), the player on roll, the dice when rolled and, for
 * backgammon, the cube and the match around it; and each is written back.
 *
 * Zar's text names no dice, so it takes one more field here, `dice=AB` ("plakoto:…:dice=64"),
 * and names no player: the side on roll of a Zar text is player 0. A backgammon position read
 * from a Zar text or a bare Position ID is money play with the cube centred at 1. Dice are
 * kept larger first, as gnubg writes them, so that one setup has one text in each form.
 */
import {
  type Dice,
  err,
  type GameId,
  makePositionId,
  makeXgid,
  makeZarPosition,
  ok,
  type Position,
  type PositionIdErrorCode,
  parsePositionId,
  parseXgid,
  parseZarPosition,
  type Result,
  type XgidErrorCode,
  type XgidInfo,
  type ZarPositionErrorCode,
} from '@zar/engine';
import { type MatchIdErrorCode, makeMatchId, parseMatchId } from './match-id.js';
import type { Player } from './types.js';

export type PositionTextForm = 'position-id' | 'xgid' | 'zar';

/** The cube and the match around a backgammon position, from the side on roll. */
export interface BoardCube {
  /** 1, 2, 4, … */
  readonly value: number;
  readonly owner: 'centre' | 'onRoll' | 'opponent';
  /** The side on roll has doubled and the answer is due (then no dice are rolled). */
  readonly doubled: boolean;
  /** 0: money play. */
  readonly matchLength: number;
  /** Points won so far: [side on roll, opponent]. */
  readonly score: readonly [number, number];
  /** This is the match's Crawford game. */
  readonly crawford: boolean;
  /** Money play under the Jacoby rule. */
  readonly jacoby: boolean;
  /** Money play with beavers. */
  readonly beaver: boolean;
}

/** Money play, the cube centred at 1, neither Jacoby nor beavers. */
export const MONEY_CUBE: BoardCube = {
  value: 1,
  owner: 'centre',
  doubled: false,
  matchLength: 0,
  score: [0, 0],
  crawford: false,
  jacoby: false,
  beaver: false,
};

/** A position to study: what the analysis board shows and the link to it holds. */
export interface BoardSetup {
  readonly game: GameId;
  readonly position: Position;
  readonly onRoll: Player;
  /** Larger first; null before the roll. */
  readonly dice: Dice | null;
  /** Backgammon's cube and match; null in the games played without a cube. */
  readonly cube: BoardCube | null;
}

/** A setup read from a text, with the form it was written in. */
export interface PositionText extends BoardSetup {
  readonly form: PositionTextForm;
}

export type PositionTextErrorCode =
  | 'ERR_POSITION_TEXT'
  | ZarPositionErrorCode
  | XgidErrorCode
  | PositionIdErrorCode
  | MatchIdErrorCode;

export type PositionTextResult = Result<PositionText, PositionTextErrorCode>;

/** Longer than any of the three forms (a Zar text of a plakoto middle game is under 120). */
export const POSITION_TEXT_MAX = 300;

const textError = (message: string) => err('ERR_POSITION_TEXT' as const, message);

const XGID_PREFIX = /^XGID=/i;
/** gnubg's copy of a position: "Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA". */
const GNUBG_LINE = /^Position ID:\s*(\S+)(?:\s+Match ID:\s*(\S+))?$/i;
const XGID_BOARD_CHARS = 26;
const DICE_FIELD = /^dice=([1-6])([1-6])$/;

/** Reads a pasted position in whichever of the three forms it is written. */
export function readPositionText(text: string): PositionTextResult {
  const trimmed = text.trim();
  if (trimmed === '') return textError('paste a gnubg Position ID, an XGID or a Zar position text');
  if (trimmed.length > POSITION_TEXT_MAX) {
    return textError(`a position text has at most ${POSITION_TEXT_MAX} characters, not ${trimmed.length}`);
  }
  const gnubg = GNUBG_LINE.exec(trimmed);
  if (gnubg) return readPositionId(gnubg[1] as string, gnubg[2] ?? null);
  const fields = trimmed.split(':');
  const first = fields[0] as string;
  if (XGID_PREFIX.test(trimmed) || (first.length === XGID_BOARD_CHARS && fields.length >= 9)) return readXgid(trimmed);
  if (fields.length === 1) return readPositionId(first, null);
  if (fields.length === 2 && /^[A-Za-z0-9+/]{14}$/.test(first)) return readPositionId(first, fields[1] as string);
  return readZar(fields);
}

const larger = (dice: Dice): Dice => (dice[0] >= dice[1] ? dice : [dice[1], dice[0]]);

function readZar(fields: readonly string[]): PositionTextResult {
  const diceAt = fields.findIndex((f) => f.startsWith('dice='));
  if (fields.filter((f) => f.startsWith('dice=')).length > 1) return textError('the dice are given twice');
  let dice: Dice | null = null;
  if (diceAt >= 0) {
    const m = DICE_FIELD.exec(fields[diceAt] as string);
    if (m === null) return textError(`"${fields[diceAt]}" is not dice=AB, two dice 1 to 6 (dice=31)`);
    dice = larger([Number(m[1]), Number(m[2])]);
  }
  const parsed = parseZarPosition(fields.filter((_, i) => i !== diceAt).join(':'));
  if (!parsed.ok) return parsed;
  const position = parsed.value;
  if (dice !== null && position.run > 0 && (dice[0] !== position.run || dice[1] !== position.run)) {
    return textError(`a gul bara run of ${position.run}s plays ${position.run}-${position.run}, not ${dice.join('-')}`);
  }
  const cube = position.game === 'backgammon' ? MONEY_CUBE : null;
  return ok({ form: 'zar', game: position.game, position, onRoll: 0, dice, cube });
}

function readXgid(text: string): PositionTextResult {
  const parsed = parseXgid(text);
  if (!parsed.ok) return parsed;
  const { position, info } = parsed.value;
  if (info.cubeAction === 'beavered' || info.cubeAction === 'raccooned') {
    return textError(`the XGID holds a ${info.cubeAction} cube; set the position before the double or at it (D)`);
  }
  if (info.matchLength > 0 && info.crawford && info.cube > 1) {
    return textError('the Crawford game is played without the cube: its XGID has the cube at 1');
  }
  const cube: BoardCube = {
    value: info.cube,
    owner: info.cubeOwner,
    doubled: info.cubeAction === 'doubled',
    matchLength: info.matchLength,
    score: info.score,
    crawford: info.crawford,
    jacoby: info.jacoby,
    beaver: info.beaver,
  };
  const onRoll: Player = info.onRoll === 'bottom' ? 0 : 1;
  const dice = info.dice === null ? null : larger(info.dice);
  return ok({ form: 'xgid', game: 'backgammon', position, onRoll, dice, cube });
}

function readPositionId(id: string, matchId: string | null): PositionTextResult {
  const parsed = parsePositionId(id);
  if (!parsed.ok) return parsed;
  const position = parsed.value;
  if (matchId === null)
    return ok({ form: 'position-id', game: 'backgammon', position, onRoll: 0, dice: null, cube: MONEY_CUBE });
  const read = parseMatchId(matchId);
  if (!read.ok) return read;
  const info = read.value;
  if (info.gameState !== 'playing')
    return textError(`the Match ID describes no game in play (its game is ${info.gameState})`);
  if (info.matchLength > 0 && info.score.some((s) => s >= info.matchLength)) {
    return textError(`at ${info.score.join('-')} the ${info.matchLength}-point match is over`);
  }
  const me = info.onRoll;
  const cube: BoardCube = {
    value: info.cube,
    owner: info.cubeOwner === null ? 'centre' : info.cubeOwner === me ? 'onRoll' : 'opponent',
    doubled: info.doubled,
    matchLength: info.matchLength,
    score: me === 0 ? info.score : [info.score[1], info.score[0]],
    crawford: info.crawford,
    jacoby: info.matchLength === 0 && info.jacoby,
    beaver: false,
  };
  const dice = info.dice === null || info.doubled ? null : larger(info.dice);
  return ok({ form: 'position-id', game: 'backgammon', position, onRoll: me, dice, cube });
}

/**
 * The setup in `form`. A Position ID and an XGID hold backgammon only (a bug in the caller
 * otherwise); a Zar text holds any game, but neither the player on roll nor the cube.
 */
export function makePositionText(setup: BoardSetup, form: PositionTextForm): string {
  if (form === 'zar') {
    const text = makeZarPosition(setup.position);
    return setup.dice === null ? text : `${text}:dice=${setup.dice[0]}${setup.dice[1]}`;
  }
  if (setup.game !== 'backgammon') throw new Error(`a ${form} holds a backgammon position, not ${setup.game}`);
  const cube = setup.cube ?? MONEY_CUBE;
  if (form === 'xgid') return makeXgid(setup.position, xgidInfoOf(setup, cube));
  const score: [number, number] = setup.onRoll === 0 ? [cube.score[0], cube.score[1]] : [cube.score[1], cube.score[0]];
  const owner =
    cube.owner === 'centre' ? null : cube.owner === 'onRoll' ? setup.onRoll : ((1 - setup.onRoll) as Player);
  const matchId = makeMatchId({
    cube: cube.value,
    cubeOwner: owner,
    onRoll: setup.onRoll,
    toDecide: cube.doubled ? ((1 - setup.onRoll) as Player) : setup.onRoll,
    crawford: cube.crawford,
    gameState: 'playing',
    doubled: cube.doubled,
    resigned: 0,
    dice: cube.doubled ? null : setup.dice,
    matchLength: cube.matchLength,
    score,
    jacoby: cube.jacoby,
  });
  return `${makePositionId(setup.position)}:${matchId}`;
}

function xgidInfoOf(setup: BoardSetup, cube: BoardCube): Partial<XgidInfo> {
  return {
    cube: cube.value,
    cubeOwner: cube.owner,
    onRoll: setup.onRoll === 0 ? 'bottom' : 'top',
    dice: cube.doubled ? null : setup.dice,
    cubeAction: cube.doubled ? 'doubled' : 'none',
    score: cube.score,
    matchLength: cube.matchLength,
    crawford: cube.crawford,
    jacoby: cube.jacoby,
    beaver: cube.beaver,
  };
}

/**
 * The text a link to the setup holds: the XGID for a backgammon game in play (it carries the
 * cube, the score and the player on roll), Zar's text otherwise. Reading it gives the setup back.
 */
export function linkTextOf(setup: BoardSetup): string {
  const xgid = setup.game === 'backgammon' && setup.position.ended === null;
  return makePositionText(setup, xgid ? 'xgid' : 'zar');
}
