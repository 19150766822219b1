import { theirsOnMyPoint } from './board.js';
import { ROLLS } from './probability.js';
import { rulesFor } from './registry.js';
import { err, ok, type Result } from './result.js';
import type { PositionErrorCode } from './rules.js';
import type { Dice, Position } from './types.js';

export type ShotsErrorCode = PositionErrorCode | 'ERR_POINT' | 'ERR_NOT_A_BLOT';

export interface Shots {
  /** Ordered rolls (of 36) with at least one legal play that hits the blot. */
  readonly rolls: number;
  /** The distinct hitting rolls, larger die first, from 6-6 down to 1-1. */
  readonly hitting: Dice[];
  readonly probability: number;
}

/** The 21 distinct rolls, larger die first. */
function distinctRolls(): Dice[] {
  const rolls: Dice[] = [];
  for (let a = 6; a >= 1; a--) for (let b = a; b >= 1; b--) rolls.push([a, b]);
  return rolls;
}

/**
 * How many of the 36 rolls let the side on roll hit the opponent's blot on `blotPoint` (a
 * point in the side on roll's numbering). Exact: every distinct roll's legal plays are
 * generated and a roll counts when any of them hits that blot, so blocked points, the bar,
 * every attacker at once and the maximum-dice rule all count.
 */
export function countShots(pos: Position, blotPoint: number): Result<Shots, ShotsErrorCode> {
  const rules = rulesFor(pos.game);
  // Only a game with a bar can hit; pinning in plakoto is a different question.
  if (!rules.hasBar) return err('ERR_WRONG_GAME', `${pos.game} has no hitting; shots are counted in backgammon`);
  const valid = rules.validate(pos);
  if (!valid.ok) return valid;
  if (!Number.isInteger(blotPoint) || blotPoint < 1 || blotPoint > 24) {
    return err('ERR_POINT', `the blot's point is 1..24 in the side on roll's numbering, not ${String(blotPoint)}`);
  }
  const theirs = theirsOnMyPoint(rules, pos.board, blotPoint);
  if (theirs !== 1) {
    return err('ERR_NOT_A_BLOT', `point ${blotPoint} holds ${theirs} of the opponent's checkers, not a blot`);
  }
  const hitting: Dice[] = [];
  let rolls = 0;
  for (const dice of distinctRolls()) {
    const hits = rules
      .legalPlays(pos, dice)
      .some((play) => play.steps.some((step) => step.hit && step.to === blotPoint));
    if (!hits) continue;
    hitting.push(dice);
    rolls += dice[0] === dice[1] ? 1 : 2;
  }
  return ok({ rolls, hitting, probability: rolls / ROLLS });
}
