/**
 * A whole match state as an XGID (backgammon.md §12.3): the board from the engine's xgid.ts,
 * plus cube, turn, dice, score, Crawford/Jacoby/beaver flags, match length and cube limit.
 *
 * Zar's player 0 is XG's bottom player, player 1 the top player. A pending cube action is
 * written the way gnubg's Match ID holds it (see match-id.ts): after `D` the cube fields are
 * the cube before the double; after `B` they are the take the beaver implies (2× the stake,
 * owned by the beaverer); after `R` the take the raccoon implies (4×, still the beaverer's).
 * The turn field names the doubler in all three.
 *
 * An XGID has no place for a resignation, the opening roll or a finished game: a pending
 * resignation is written as the position it interrupts, and the other two are errors.
 */
import { err, makeXgid, ok, parseXgid, type Result, type XgidErrorCode, type XgidInfo } from '@zar/engine';
import { gameReducer } from './game.js';
import {
  type CrawfordState,
  MATCH_DEFAULTS,
  type MatchState,
  MONEY_CUBE_LIMIT,
  newMatch,
  parseMatchSettings,
  usefulCubeLimit,
} from './match.js';
import { rulesOf } from './rules-cache.js';
import { type Cube, type GameState, other, type Phase, type Player } from './types.js';

export type XgidMatchErrorCode = XgidErrorCode | 'ERR_XGID_STATE';

const GAME = 'backgammon';

const stateError = (message: string) => err('ERR_XGID_STATE' as const, message);

/** The cube as the XGID shows it in each phase, from the side on roll. */
function shownCube(g: GameState): Cube {
  if (g.phase === 'beavered') return { value: g.stake * 2, owner: other(g.turn) };
  if (g.phase === 'raccooned') return { value: g.stake * 4, owner: other(g.turn) };
  return g.cube;
}

const ownerFrom = (owner: Player | null, turn: Player): XgidInfo['cubeOwner'] =>
  owner === null ? 'centre' : owner === turn ? 'onRoll' : 'opponent';

/** The XGID of a backgammon match state in play. */
export function xgidOf(m: MatchState): Result<string, 'ERR_XGID_STATE'> {
  const g = m.game;
  if (g.settings.game !== GAME) return stateError(`an XGID describes backgammon, not ${g.settings.game}`);
  if (g.phase === 'opening') return stateError('the opening roll is due: an XGID needs a player on roll');
  if (g.phase === 'over') return stateError('the game is over: an XGID describes a game in play');
  const phase = g.phase === 'resigning' ? (g.resign?.resume ?? 'roll') : g.phase;
  const cube = shownCube(g);
  const cubeAction = phase === 'doubled' || phase === 'beavered' || phase === 'raccooned' ? phase : 'none';
  return ok(
    makeXgid(g.position, {
      cube: cube.value,
      cubeOwner: ownerFrom(cube.owner, g.turn),
      onRoll: g.turn === 0 ? 'bottom' : 'top',
      dice: phase === 'move' ? g.dice : null,
      cubeAction,
      score: [m.score[g.turn], m.score[other(g.turn)]],
      matchLength: m.settings.length,
      crawford: m.crawford === 'active',
      jacoby: g.settings.cube.jacoby,
      beaver: g.settings.cube.beaver,
      maxCube: g.settings.cube.limit,
    }),
  );
}

function crawfordOf(
  length: number,
  score: readonly [number, number],
  flag: boolean,
): Result<CrawfordState, 'ERR_XGID_STATE'> {
  if (length === 0) return ok('pending');
  const atOneAway = score.filter((s) => s === length - 1).length;
  if (flag && atOneAway !== 1) {
    return stateError(`the Crawford flag is set at ${score.join('-')}: one player, and only one, is 1 away`);
  }
  if (flag) return ok('active');
  return ok(atOneAway > 0 ? 'done' : 'pending');
}

/**
 * The match state an XGID describes: a backgammon game in play at that score. Moves and
 * earlier games are unknown (game 1, no results); a cube above 1 counts as turned for the
 * Jacoby rule. Dice that cannot be played are passed at once, as the reducer does, so the
 * state has the other player on roll. The cube limit field is not read: Zar's limit follows
 * from the score (64 in money play).
 */
export function stateFromXgid(text: string): Result<MatchState, XgidMatchErrorCode> {
  const parsed = parseXgid(text);
  if (!parsed.ok) return parsed;
  const { position, info } = parsed.value;
  const turn: Player = info.onRoll === 'bottom' ? 0 : 1;
  const score: [number, number] = turn === 0 ? [info.score[0], info.score[1]] : [info.score[1], info.score[0]];
  const settings = parseMatchSettings({
    ...MATCH_DEFAULTS,
    length: info.matchLength,
    jacoby: info.jacoby,
    beaver: info.beaver,
    raccoon: info.cubeAction === 'raccooned',
  });
  if (!settings.ok) return stateError(settings.error.message);
  const length = info.matchLength;
  const crawford = crawfordOf(length, score, info.crawford);
  if (!crawford.ok) return crawford;
  const base = newMatch(settings.value);
  const gameSettings = {
    ...base.game.settings,
    crawford: crawford.value === 'active',
    cube: { ...base.game.settings.cube, limit: length > 0 ? usefulCubeLimit(length, score) : MONEY_CUBE_LIMIT },
  };
  if (rulesOf(gameSettings).outcome(position)) return stateError('the game is over in this position');
  const owner = info.cubeOwner === 'centre' ? null : info.cubeOwner === 'onRoll' ? turn : other(turn);
  if (info.cube === 1 && owner !== null) return stateError('a cube of 1 is centred');
  if (gameSettings.crawford && (info.cube !== 1 || info.cubeAction !== 'none')) {
    return stateError('the Crawford game is played without the cube');
  }
  if ((info.cubeAction === 'beavered' || info.cubeAction === 'raccooned') && (length > 0 || !info.beaver)) {
    return stateError('a beaver needs money play with beavers allowed (CJ 2 or 3)');
  }
  const pending = pendingCube(info.cubeAction, info.cube, owner, turn);
  if (!pending.ok) return pending;
  const game: GameState = {
    ...base.game,
    settings: gameSettings,
    phase: pending.value.phase,
    turn,
    position,
    cube: pending.value.cube,
    cubeTurned: pending.value.cube.value > 1,
    stake: pending.value.stake,
  };
  let state: MatchState = { ...base, score, crawford: crawford.value, game };
  if (info.dice) {
    const rolled = gameReducer(game, { type: 'roll', player: turn, dice: info.dice });
    if (!rolled.ok) return stateError(rolled.error.message);
    state = { ...state, game: rolled.value };
  }
  return ok(state);
}

/** Zar's cube and phase from the XGID cube fields and its cube action letter. */
function pendingCube(
  action: XgidInfo['cubeAction'],
  value: number,
  owner: Player | null,
  turn: Player,
): Result<{ phase: Phase; cube: Cube; stake: number }, 'ERR_XGID_STATE'> {
  const cube = { value, owner };
  if (action === 'none') return ok({ phase: 'roll', cube, stake: 0 });
  if (action === 'doubled') {
    if (owner === other(turn)) return stateError('the doubler does not own the cube he doubles');
    return ok({ phase: 'doubled', cube, stake: value });
  }
  if (owner !== other(turn)) return stateError("after a beaver the cube is the beaverer's (the side not on roll)");
  if (action === 'beavered') {
    if (value < 2) return stateError('after a beaver the cube is at least 2');
    return ok({ phase: 'beavered', cube: { value: value * 2, owner }, stake: value / 2 });
  }
  if (value < 4) return stateError('after a raccoon the cube is at least 4');
  return ok({ phase: 'raccooned', cube: { value: value * 2, owner: other(turn) }, stake: value / 4 });
}
