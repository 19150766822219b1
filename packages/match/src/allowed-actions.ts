import { actorOf } from './driver.js';
import { doubleRefusal } from './game.js';
import { doubleIsUseless, type MatchState } from './match.js';
import { rulesOf } from './rules-cache.js';
import { resignPoints } from './scoring.js';
import { other, type Player, type ResignOffer } from './types.js';

/** One level the seat may resign at, with what the opponent scores if he accepts it. */
export interface ResignChoice {
  readonly level: ResignOffer['level'];
  /** As the accepted resignation is scored: the level (Jacoby-capped) times the cube. */
  readonly points: number;
}

/**
 * What one seat may do now, as the reducer judges it: a client draws its buttons from this
 * and knows no cube or turn rule of its own (lila sends the moves a player may make; the
 * board only draws them). The authority still judges every action it is sent.
 */
export interface AllowedActions {
  readonly roll: boolean;
  readonly double: boolean;
  /**
   * A double now gains nothing: the doubler wins the match with a single game at the present
   * cube (§7.6, the post-Crawford leader). The rules allow it; a client may warn.
   */
  readonly doubleUseless: boolean;
  /** The seat has dice to play (a roll with no play passes by itself and never waits). */
  readonly play: boolean;
  readonly take: boolean;
  readonly drop: boolean;
  readonly beaver: boolean;
  readonly raccoon: boolean;
  /**
   * The levels the seat may resign at now (single and gammon, and backgammon where the game
   * has one), each with the points it would give away, so a client can say so before sending.
   * A level that would give the opponent no more than the one below it is left out (the
   * reducer still accepts it): in a 1-point match there is one.
   */
  readonly resign: readonly ResignChoice[];
  readonly accept: boolean;
  readonly decline: boolean;
}

/** For a spectator, the seat not to act, a finished match and the server's opening roll. */
export const NOTHING_ALLOWED: AllowedActions = {
  roll: false,
  double: false,
  doubleUseless: false,
  play: false,
  take: false,
  drop: false,
  beaver: false,
  raccoon: false,
  resign: [],
  accept: false,
  decline: false,
};

const LEVELS: readonly ResignOffer['level'][] = [1, 2, 3];

/**
 * The levels worth offering: resigning at more than a game can be worth is resigning at its
 * most, and a level that gives the opponent no more than the one below it is the same choice
 * twice (under Jacoby with the cube unturned, or in a match where both give him the match, as
 * every level does in a 1-point match). Each is offered once, at its lowest level.
 */
const resignLevels = (match: MatchState, seat: Player): readonly ResignChoice[] => {
  const most = rulesOf(match.game.settings).maxPoints;
  const length = match.settings.length;
  // In a match, points beyond what the opponent needs win him nothing more.
  const need = length === 0 ? Number.POSITIVE_INFINITY : length - match.score[other(seat)];
  const out: ResignChoice[] = [];
  for (const level of LEVELS) {
    if (level > most) break;
    const points = resignPoints(match.game, level, most);
    const below = out.at(-1);
    if (below === undefined || Math.min(points, need) > Math.min(below.points, need)) out.push({ level, points });
  }
  return out;
};

/** What `seat` (null: a spectator) may do in the match as it stands. */
export function allowedActions(match: MatchState, seat: Player | null): AllowedActions {
  const g = match.game;
  if (seat === null || match.winner !== null || actorOf(g) !== seat) return NOTHING_ALLOWED;
  const cube = g.settings.cube;
  switch (g.phase) {
    case 'roll': {
      const double = doubleRefusal(g) === null;
      const doubleUseless = double && doubleIsUseless(match, seat);
      return { ...NOTHING_ALLOWED, roll: true, double, doubleUseless, resign: resignLevels(match, seat) };
    }
    case 'move':
      return { ...NOTHING_ALLOWED, play: true, resign: resignLevels(match, seat) };
    case 'doubled':
      return { ...NOTHING_ALLOWED, take: true, drop: true, beaver: cube.beaver };
    case 'beavered':
      return { ...NOTHING_ALLOWED, take: true, drop: true, raccoon: cube.raccoon };
    case 'raccooned':
      return { ...NOTHING_ALLOWED, take: true, drop: true };
    case 'resigning':
      return { ...NOTHING_ALLOWED, accept: true, decline: true };
    case 'opening':
    case 'over':
      return NOTHING_ALLOWED;
  }
}
