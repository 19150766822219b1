import { mine, onBar, type Position, type Rules, theirs } from '@zar/engine';
import type { MatchState, Player } from '@zar/match';

/** No checker of either side can meet the other again: a pure race. */
export function isRace(rules: Rules, pos: Position): boolean {
  const b = pos.board;
  if (onBar(b, 'onRoll') > 0 || onBar(b, 'opponent') > 0) return false;
  let myBack = 0;
  for (let p = 24; p >= 1; p--) {
    if (mine(b, p) > 0) {
      myBack = p;
      break;
    }
  }
  // The opponent's rearmost checker, in my numbering, must be past (behind) all of mine.
  for (let q = 24; q >= 1; q--) {
    if (theirs(b, q) > 0) return rules.theirPointToMine(q) > myBack;
  }
  return true;
}

/**
 * Pip lead of the side on roll as a fraction of its own count. Wasted pips are not modelled:
 * the baseline bot reasons like a club player counting pips.
 */
function lead(rules: Rules, pos: Position): number {
  const [mine, theirs] = rules.pips(pos);
  return (theirs - mine) / Math.max(1, mine);
}

/** Match score facts the cube heuristics need. */
function away(match: MatchState, me: Player): { mine: number; theirs: number } | null {
  const n = match.settings.length;
  if (n === 0) return null;
  return { mine: n - (match.score[me] ?? 0), theirs: n - (match.score[me === 0 ? 1 : 0] ?? 0) };
}

/** Double from the side on roll (`pos` is its view). */
export function shouldDouble(rules: Rules, pos: Position, match: MatchState, me: Player): boolean {
  const a = away(match, me);
  // Post-Crawford, the trailer doubles at once: the leader needs one point anyway.
  if (a && a.theirs === 1 && a.mine > 1) return true;
  if (a && a.mine === 1) return false;
  const l = lead(rules, pos);
  return isRace(rules, pos) ? l >= 0.08 && l <= 0.2 : l >= 0.15 && l <= 0.35;
}

/** Take a double, seen from the doubler's position `pos` (the doubler is on roll). */
export function shouldTake(rules: Rules, pos: Position, match: MatchState, me: Player): boolean {
  const a = away(match, me);
  // Post-Crawford leader: the double costs nothing more than a single loss would.
  if (a && a.mine === 1) return true;
  const l = lead(rules, pos);
  return isRace(rules, pos) ? l <= 0.12 : l <= 0.25;
}
