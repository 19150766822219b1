/**
 * The match equity table: the chance of winning a backgammon match from a given score.
 *
 * Data: the Kazaross-XG2 table (Neil Kazaross, 2011: XG rollouts to 9 away, gnubg rollouts to 15,
 * projected to 25), as GNU Backgammon ships it in met/Kazaross-XG2.xml (Debian package gnubg).
 * packages/match/tools/import-met.py turns that XML into ../data/met-kazaross-xg2.json, which names
 * its source, keeps the file's copyright notice and is never edited by hand.
 *
 * Scores are "away": points a side still needs. 0 or less means that side has won.
 */
import { err, ok, type Result } from '@zar/engine';
import table from '../data/met-kazaross-xg2.json' with { type: 'json' };

/** The table covers scores up to this many points away. */
export const MET_MAX_AWAY = 25;

/** Which game of the match is being played; both false before anyone is 1 away. */
export interface CrawfordFlags {
  /** The Crawford game: someone just reached 1 away; nobody may double. */
  readonly crawford?: boolean;
  /** Any game after the Crawford game. */
  readonly postCrawford?: boolean;
}

export type MetErrorCode = 'ERR_MET_AWAY' | 'ERR_MET_PHASE';

const pre: readonly (readonly number[])[] = table.preCrawford;
const post: readonly number[] = table.postCrawford;
if (pre.length < MET_MAX_AWAY || pre.some((row) => row.length < MET_MAX_AWAY) || post.length < MET_MAX_AWAY - 1) {
  throw new Error(`${table.generatedBy} wrote a table smaller than ${MET_MAX_AWAY} away; regenerate it`);
}

/** Table lookup for checked scores; `postCrawford` picks the post-Crawford row when someone is 1 away. */
function lookup(me: number, them: number, postCrawford: boolean): number {
  if (me <= 0) return 1;
  if (them <= 0) return 0;
  if (postCrawford && (me === 1 || them === 1)) {
    // The row holds the trailer's chance; at 1-away both sides, it is 0.5 either way.
    return me === 1 ? 1 - (post[them - 1] as number) : (post[me - 1] as number);
  }
  return (pre[me - 1] as readonly number[])[them - 1] as number;
}

function checkAway(away: number, who: string): Result<number, MetErrorCode> {
  if (!Number.isInteger(away) || away > MET_MAX_AWAY) {
    return err('ERR_MET_AWAY', `${who}: away must be a whole number up to ${MET_MAX_AWAY}, got ${away}`);
  }
  return ok(away);
}

/** Checks that the phase can occur at this score (§7.4: exactly one side 1 away in the Crawford game). */
function checkPhase(me: number, them: number, phase: CrawfordFlags): Result<CrawfordFlags, MetErrorCode> {
  const oneAway = (me === 1 ? 1 : 0) + (them === 1 ? 1 : 0);
  if (phase.crawford && phase.postCrawford) {
    return err('ERR_MET_PHASE', 'a game cannot be both the Crawford game and post-Crawford');
  }
  if (phase.crawford && oneAway !== 1) {
    return err('ERR_MET_PHASE', `the Crawford game needs exactly one side 1 away, got ${me}-away ${them}-away`);
  }
  if (phase.postCrawford && oneAway === 0) {
    return err('ERR_MET_PHASE', `post-Crawford needs a side 1 away, got ${me}-away ${them}-away`);
  }
  if (!phase.crawford && !phase.postCrawford && oneAway === 1) {
    return err('ERR_MET_PHASE', `at ${me}-away ${them}-away say whether this is the Crawford game or post-Crawford`);
  }
  return ok(phase);
}

export interface MetScore {
  readonly me: number;
  readonly them: number;
  readonly phase: CrawfordFlags;
}

/** Validates a live score (neither side has won) and its phase. */
export function metScore(awayMe: number, awayThem: number, phase: CrawfordFlags = {}): Result<MetScore, MetErrorCode> {
  const me = checkAway(awayMe, 'awayMe');
  if (!me.ok) return me;
  const them = checkAway(awayThem, 'awayThem');
  if (!them.ok) return them;
  if (awayMe < 1 || awayThem < 1) {
    return err('ERR_MET_AWAY', `the match is over at ${awayMe}-away ${awayThem}-away`);
  }
  const p = checkPhase(awayMe, awayThem, phase);
  if (!p.ok) return p;
  return ok({ me: awayMe, them: awayThem, phase });
}

/**
 * My chance of winning the match, needing `awayMe` points against `awayThem`. 0 (or less) away
 * means that side has already won. When one side is 1 away, `phase` must say whether this is
 * the Crawford game or a later one.
 */
export function matchEquity(awayMe: number, awayThem: number, phase: CrawfordFlags = {}): Result<number, MetErrorCode> {
  if (awayMe <= 0 && awayThem <= 0) {
    return err('ERR_MET_AWAY', `both sides cannot have won: ${awayMe}-away ${awayThem}-away`);
  }
  if (awayMe <= 0 || awayThem <= 0) {
    // The match is over; the loser's score may lie beyond the table.
    if (!Number.isInteger(awayMe) || !Number.isInteger(awayThem)) {
      return err('ERR_MET_AWAY', `away must be whole numbers, got ${awayMe} and ${awayThem}`);
    }
    return ok(awayMe <= 0 ? 1 : 0);
  }
  const s = metScore(awayMe, awayThem, phase);
  if (!s.ok) return s;
  return ok(lookup(s.value.me, s.value.them, Boolean(phase.postCrawford)));
}

/**
 * My match equity after the current game ends with `points` to me (> 0) or to the opponent (< 0).
 * The game after the Crawford game, or after any post-Crawford game, is post-Crawford; the game
 * after someone first reaches 1 away is the Crawford game, which the pre-Crawford table covers.
 */
export function equityAfterGame(score: MetScore, points: number): number {
  const me = points > 0 ? score.me - points : score.me;
  const them = points < 0 ? score.them + points : score.them;
  return lookup(me, them, Boolean(score.phase.crawford || score.phase.postCrawford));
}

/**
 * Cubeless equity (per unit of cube, +1 = a single win, -1 = a single loss) to EMPC, the expected
 * match-winning probability, at this score and cube: linear between losing and winning one cube
 * (gnubg's eq2mwc).
 */
export function equityToEmpc(
  equity: number,
  score: MetScore,
  cube: number,
): Result<number, MetErrorCode | 'ERR_MET_CUBE'> {
  const c = checkCubeValue(cube);
  if (!c.ok) return c;
  const win = equityAfterGame(score, cube);
  const lose = equityAfterGame(score, -cube);
  return ok(lose + ((win - lose) * (equity + 1)) / 2);
}

/** The inverse of `equityToEmpc` (gnubg's mwc2eq). */
export function empcToEquity(
  empc: number,
  score: MetScore,
  cube: number,
): Result<number, MetErrorCode | 'ERR_MET_CUBE'> {
  const c = checkCubeValue(cube);
  if (!c.ok) return c;
  const win = equityAfterGame(score, cube);
  const lose = equityAfterGame(score, -cube);
  return ok((2 * (empc - lose)) / (win - lose) - 1);
}

export function checkCubeValue(cube: number): Result<number, 'ERR_MET_CUBE'> {
  if (!Number.isInteger(cube) || cube < 1 || !Number.isInteger(Math.log2(cube))) {
    return err('ERR_MET_CUBE', `cube value must be a power of two >= 1, got ${cube}`);
  }
  return ok(cube);
}
