import {
  BAR,
  borneOff,
  directShotsByDistance,
  mine,
  onBar,
  type Position,
  pinnedOn,
  type Rules,
  theirs,
} from '@zar/engine';

/** Rolls out of 36 that hit a blot at a distance, one attacker, nothing blocked (seed 004's table). */
const SHOTS = new Float64Array(26);
for (const row of directShotsByDistance()) if (row.distance < SHOTS.length) SHOTS[row.distance] = row.rolls / 36;

/**
 * A hand-written evaluation in pip-like units from the side on roll's view (`pos` as stored):
 * the race, points held (home and in front of the opponent's checkers), primes, and the risk
 * of blots being hit or pinned. It knows the games only through what `Rules` says of them.
 */
export function heuristicScore(rules: Rules, pos: Position): number {
  const b = pos.board;
  const [myPips, theirPips] = rules.pips(pos);
  let score = theirPips - myPips + 3 * borneOff(b, 'onRoll');
  const blockAt = rules.direction === 'same' ? 1 : 2;
  score += pointsValue(b, blockAt);
  score += blockingValue(rules, b, blockAt);
  if (rules.hasBar || rules.hasPins) score -= exposure(rules, b);
  if (rules.hasPins) score += pinsValue(b);
  if (rules.hasBar) score += 4 * onBar(b, 'opponent');
  return score;
}

/** The opponent's checkers on his point q (1..24), or on the bar for q = 25: where they start from. */
const theirsFrom = (b: Int8Array, q: number): number => (q === BAR ? onBar(b, 'opponent') : theirs(b, q));

/** Points held, home points more, and the longest run of them (a prime). */
function pointsValue(b: Int8Array, blockAt: number): number {
  let value = 0;
  let run = 0;
  let best = 0;
  for (let p = 1; p <= 24; p++) {
    if (mine(b, p) >= blockAt) {
      value += p <= 6 ? 2.5 : p <= 9 ? 1.5 : 0.5;
      run++;
      if (run > best) best = run;
    } else run = 0;
  }
  return value + (best >= 3 ? (best - 2) * 3 : 0);
}

/** Own points standing within six points ahead of each opposing checker. */
function blockingValue(rules: Rules, b: Int8Array, blockAt: number): number {
  let value = 0;
  for (let q = 2; q <= BAR; q++) {
    const n = theirsFrom(b, q);
    if (n === 0) continue;
    let blocked = 0;
    for (let k = 1; k <= 6 && q - k >= 1; k++) {
      if (mine(b, rules.theirPointToMine(q - k)) >= blockAt) blocked++;
    }
    value += Math.min(n, 3) * blocked * 0.4;
  }
  return value;
}

/** Expected cost of my blots being hit (backgammon) or pinned (plakoto) next turn. */
function exposure(rules: Rules, b: Int8Array): number {
  let cost = 0;
  for (let p = 1; p <= 24; p++) {
    if (mine(b, p) !== 1) continue;
    if (rules.hasPins && pinnedOn(b, p) !== null) continue; // pinning or pinned: cannot be hit
    const o = rules.theirPointToMine(p);
    let miss = 1;
    for (let q = o + 1; q <= BAR; q++) {
      if (theirsFrom(b, q) > 0 && q - o < SHOTS.length) miss *= 1 - (SHOTS[q - o] ?? 0);
    }
    const hit = 1 - miss;
    if (hit === 0) continue;
    const mother = rules.hasPins && p === 24;
    const loss = rules.hasBar ? 25 - p + 6 : mother ? 60 : 14;
    cost += hit * loss;
  }
  return cost;
}

function pinsValue(b: Int8Array): number {
  let value = 0;
  for (let p = 1; p <= 24; p++) {
    const pinned = pinnedOn(b, p);
    if (pinned === 'opponent') value += 12;
    else if (pinned === 'onRoll') value -= 12;
  }
  return value;
}
