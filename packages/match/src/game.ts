import {
  checkDice,
  type Dice,
  err,
  formatPlay,
  matchPlay,
  ok,
  type Play,
  type Position,
  type Result,
  type Rules,
} from '@zar/engine';
import { rulesOf } from './rules-cache.js';
import { resignPoints, resultOfOutcome, timeoutPoints } from './scoring.js';
import {
  type GameAction,
  type GameErrorCode,
  type GameSettings,
  type GameState,
  other,
  type Phase,
  type Player,
} from './types.js';

export type GameResultOf = Result<GameState, GameErrorCode>;

/** A new game, before the opening roll (or, when a player starts, before his first roll). */
export function newGame(settings: GameSettings): GameState {
  const rules = rulesOf(settings);
  const starts = settings.starter !== 'opening-roll';
  return {
    settings,
    phase: starts ? 'roll' : 'opening',
    turn: starts ? (settings.starter as Player) : 0,
    position: rules.start(),
    dice: null,
    cube: { value: 1, owner: null },
    cubeTurned: false,
    stake: 0,
    automaticDoubles: 0,
    resign: null,
    result: null,
    moves: 0,
  };
}

const fail = (code: GameErrorCode, message: string): GameResultOf => err(code, message);

function expectPhase(state: GameState, ...phases: Phase[]): GameResultOf | null {
  if (state.phase === 'over') return fail('ERR_GAME_OVER', 'the game is over');
  if (phases.includes(state.phase)) return null;
  return fail('ERR_PHASE', `not allowed now: the game is in phase "${state.phase}"`);
}

function expectPlayer(actual: Player, expected: Player, what: string): GameResultOf | null {
  return actual === expected ? null : fail('ERR_NOT_YOUR_TURN', `player ${expected} ${what}, not player ${actual}`);
}

/**
 * Moves on from a position reached by a play or a pass: the game ends, the same player goes
 * on with a gul bara run block, or the other player is to roll. Blocks that cannot be played
 * end the run by themselves, so no state waits for a play that does not exist.
 */
function advance(state: GameState, next: Position, rules: Rules, sameSide: boolean): GameState {
  if (sameSide) {
    const dice: Dice = [next.run, next.run];
    if (rules.hasPlay(next, dice)) return { ...state, position: next, phase: 'move', dice };
    return advance(state, rules.pass(next, dice), rules, false);
  }
  const moved: GameState = {
    ...state,
    position: next,
    turn: other(state.turn),
    dice: null,
    moves: state.moves + 1,
  };
  const outcome = rules.outcome(next);
  if (outcome) return { ...moved, phase: 'over', result: resultOfOutcome(moved, outcome) };
  return { ...moved, phase: 'roll' };
}

/** The player on roll has dice: he moves, or passes at once when nothing can be played. */
function withDice(state: GameState, dice: Dice): GameState {
  const rules = rulesOf(state.settings);
  if (rules.hasPlay(state.position, dice)) return { ...state, phase: 'move', dice };
  return advance({ ...state, dice }, rules.pass(state.position, dice), rules, false);
}

type Handler<T extends GameAction['type']> = (
  state: GameState,
  action: Extract<GameAction, { type: T }>,
) => GameResultOf;

const opening: Handler<'opening'> = (state, action) => {
  const bad = expectPhase(state, 'opening');
  if (bad) return bad;
  const dice = checkDice(action.dice);
  if (!dice.ok) return fail('ERR_DICE', dice.error.message);
  const [a, b] = dice.value;
  const cube = state.settings.cube;
  if (a === b) {
    if (cube.enabled && state.automaticDoubles < cube.automaticDoubles && state.cube.value * 2 <= cube.limit) {
      return ok({
        ...state,
        cube: { value: state.cube.value * 2, owner: null },
        automaticDoubles: state.automaticDoubles + 1,
      });
    }
    return ok(state);
  }
  const winner: Player = a > b ? 0 : 1;
  const started: GameState = { ...state, turn: winner };
  // International: the opening winner plays the two opening dice; regional: he rolls again.
  if (rulesOf(state.settings).openingRoll === 'winner-rolls-again') return ok({ ...started, phase: 'roll' });
  return ok(withDice(started, winner === 0 ? [a, b] : [b, a]));
};

const roll: Handler<'roll'> = (state, action) => {
  const bad = expectPhase(state, 'roll') ?? expectPlayer(action.player, state.turn, 'is on roll');
  if (bad) return bad;
  const dice = checkDice(action.dice);
  if (!dice.ok) return fail('ERR_DICE', dice.error.message);
  return ok(withDice(state, dice.value));
};

/**
 * The legal plays of a game state in the move phase. The last state's are kept (states are
 * never changed): a server asks twice for the same one, the play's standard text and then the
 * reducer. One entry only, so that replays holding every state do not hold every play list.
 */
let playsKept: { readonly state: GameState; readonly plays: readonly Play[] } | null = null;
function legalPlaysOf(state: GameState): readonly Play[] {
  if (playsKept?.state !== state) {
    playsKept = { state, plays: rulesOf(state.settings).legalPlays(state.position, state.dice as Dice) };
  }
  return playsKept.plays;
}

/**
 * The last play named by its standard text, so that the reducer does not match again the text
 * `standardPlayText` just gave for the same state (the server asks both, once per play): the
 * standard text of a legal play names that play (notation's format -> matchPlay property).
 * Three slots rather than an object: this runs for every play.
 */
let matchedState: GameState | null = null;
let matchedText = '';
type MatchedPlay = ReturnType<typeof matchPlay>;
let matchedPlay: MatchedPlay | null = null;

function matchKept(state: GameState, text: string): MatchedPlay | null {
  return matchedState === state && matchedText === text ? matchedPlay : null;
}

const play: Handler<'play'> = (state, action) => {
  const bad = expectPhase(state, 'move') ?? expectPlayer(action.player, state.turn, 'is to play');
  if (bad) return bad;
  const rules = rulesOf(state.settings);
  if (typeof action.play !== 'string') return fail('ERR_ILLEGAL_PLAY', 'a play is given in notation, e.g. "8/5 6/5"');
  const found = matchKept(state, action.play) ?? matchPlay(legalPlaysOf(state), action.play);
  if (!found.ok) {
    const code = found.error.code === 'ERR_AMBIGUOUS_PLAY' ? 'ERR_AMBIGUOUS_PLAY' : 'ERR_ILLEGAL_PLAY';
    return fail(code, found.error.message);
  }
  const next = found.value.next;
  return ok(advance(state, next, rules, next.run > 0));
};

/**
 * A play's text as the record keeps it: the standard notation of the legal play it names
 * (`24/18 18/13` becomes `24/13`), so that every move list, record and file shows one form
 * whoever sent it; the text as given when it names no legal play (the reducer refuses it).
 */
export function standardPlayText(state: GameState, text: string): string {
  if (state.phase !== 'move' || state.dice === null) return text;
  const found = matchPlay(legalPlaysOf(state), text);
  if (!found.ok) return text;
  const standard = formatPlay(found.value.steps);
  matchedState = state;
  matchedText = standard;
  matchedPlay = found;
  return standard;
}

/** Doubling is allowed now for the player on roll, or the reason why not. */
export function doubleRefusal(state: GameState): GameResultOf | null {
  const cube = state.settings.cube;
  if (!cube.enabled) return fail('ERR_NO_CUBE', 'this game is played without the doubling cube');
  if (state.settings.crawford) return fail('ERR_CRAWFORD', 'no doubling in the Crawford game');
  if (state.cube.owner !== null && state.cube.owner !== state.turn) {
    return fail('ERR_CUBE_OWNED', 'the opponent owns the cube');
  }
  if (state.cube.value * 2 > cube.limit) {
    return fail('ERR_CUBE_LIMIT', `the cube cannot go above ${cube.limit} here`);
  }
  return null;
}

/**
 * The cube means something in this game: it has been turned, or a double may still come. Not
 * in a game played without it, in the Crawford game, nor where no double can change the match
 * (a 1-point match, both players a point away: the cube limit is 1). A client then draws no
 * cube, rather than a centred 64 nobody may turn.
 */
export function cubeInPlay(state: GameState): boolean {
  const cube = state.settings.cube;
  if (!cube.enabled) return false;
  return state.cube.value > 1 || (!state.settings.crawford && cube.limit > 1);
}

const double: Handler<'double'> = (state, action) => {
  const bad =
    expectPhase(state, 'roll') ?? expectPlayer(action.player, state.turn, 'is on roll') ?? doubleRefusal(state);
  if (bad) return bad;
  return ok({ ...state, phase: 'doubled', stake: state.cube.value });
};

/** Who answers in each cube phase: the doubled player, then alternately. */
function cubeResponder(state: GameState): Player {
  return state.phase === 'beavered' ? state.turn : other(state.turn);
}

const take: Handler<'take'> = (state, action) => {
  const bad =
    expectPhase(state, 'doubled', 'beavered', 'raccooned') ??
    expectPlayer(action.player, cubeResponder(state), 'answers the double');
  if (bad) return bad;
  const cube = state.phase === 'doubled' ? { value: state.stake * 2, owner: action.player } : state.cube;
  return ok({ ...state, phase: 'roll', cube, cubeTurned: true, stake: 0 });
};

const drop: Handler<'drop'> = (state, action) => {
  const bad =
    expectPhase(state, 'doubled', 'beavered', 'raccooned') ??
    expectPlayer(action.player, cubeResponder(state), 'answers the double');
  if (bad) return bad;
  // The refuser loses what was agreed before the last redouble: 1x, 2x (beaver), 4x (raccoon).
  const agreed = { doubled: 1, beavered: 2, raccooned: 4 }[state.phase as 'doubled' | 'beavered' | 'raccooned'];
  return ok({
    ...state,
    phase: 'over',
    result: { winner: other(action.player), kind: 'drop', points: state.stake * agreed },
  });
};

const beaver: Handler<'beaver'> = (state, action) => {
  const bad = expectPhase(state, 'doubled') ?? expectPlayer(action.player, other(state.turn), 'answers the double');
  if (bad) return bad;
  if (!state.settings.cube.beaver) return fail('ERR_NOT_ALLOWED', 'beavers are not allowed in this game');
  return ok({ ...state, phase: 'beavered', cube: { value: state.stake * 4, owner: action.player } });
};

const raccoon: Handler<'raccoon'> = (state, action) => {
  const bad = expectPhase(state, 'beavered') ?? expectPlayer(action.player, state.turn, 'answers the beaver');
  if (bad) return bad;
  if (!state.settings.cube.raccoon) return fail('ERR_NOT_ALLOWED', 'raccoons are not allowed in this game');
  // Whoever accepts a redouble owns the cube: after a raccoon that is the beaver side (as in
  // gnubg; the spec's "keeping ownership" is read as the raccooner keeping the turn).
  return ok({ ...state, phase: 'raccooned', cube: { value: state.stake * 8, owner: other(action.player) } });
};

const resign: Handler<'resign'> = (state, action) => {
  const bad = expectPhase(state, 'roll', 'move') ?? expectPlayer(action.player, state.turn, 'is on turn');
  if (bad) return bad;
  if (![1, 2, 3].includes(action.level)) return fail('ERR_RESIGN_LEVEL', 'resign at 1 (single), 2 (gammon) or 3');
  const resume = state.phase as 'roll' | 'move';
  return ok({ ...state, phase: 'resigning', resign: { by: action.player, level: action.level, resume } });
};

const accept: Handler<'accept'> = (state, action) => {
  const bad = expectPhase(state, 'resigning');
  if (bad) return bad;
  const offer = state.resign as NonNullable<GameState['resign']>;
  const wrong = expectPlayer(action.player, other(offer.by), 'answers the resignation');
  if (wrong) return wrong;
  const points = resignPoints(state, offer.level, rulesOf(state.settings).maxPoints);
  return ok({ ...state, phase: 'over', resign: null, result: { winner: action.player, kind: 'resign', points } });
};

const decline: Handler<'decline'> = (state, action) => {
  const bad = expectPhase(state, 'resigning');
  if (bad) return bad;
  const offer = state.resign as NonNullable<GameState['resign']>;
  const wrong = expectPlayer(action.player, other(offer.by), 'answers the resignation');
  if (wrong) return wrong;
  return ok({ ...state, phase: offer.resume, resign: null });
};

const timeout: Handler<'timeout'> = (state, action) => {
  if (state.phase === 'over') return fail('ERR_GAME_OVER', 'the game is over');
  if (action.player !== 0 && action.player !== 1) return fail('ERR_NOT_YOUR_TURN', 'unknown player');
  const points = timeoutPoints(state, action.player, rulesOf(state.settings));
  return ok({ ...state, phase: 'over', result: { winner: other(action.player), kind: 'timeout', points } });
};

const HANDLERS: { [T in GameAction['type']]: Handler<T> } = {
  opening,
  roll,
  play,
  double,
  take,
  drop,
  beaver,
  raccoon,
  resign,
  accept,
  decline,
  timeout,
};

/**
 * The game's rules as a pure reducer: the next state, or an error value that leaves the
 * state as it was. Dice are given to it, never drawn here.
 */
export function gameReducer(state: GameState, action: GameAction): GameResultOf {
  const handler = HANDLERS[action?.type] as Handler<GameAction['type']> | undefined;
  if (!handler) return fail('ERR_UNKNOWN_ACTION', `unknown action ${JSON.stringify(action?.type)}`);
  return handler(state, action);
}
