import { BAR, directShotsByDistance, PIN_BASE, type Position, type Rules, THEM } from '@zar/engine';

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
  const [mine, theirs] = rules.pips(pos);
  let score = theirs - mine + 3 * (b[0] ?? 0);
  const blockAt = rules.direction === 'same' ? 1 : 2;
  score += pointsValue(b, blockAt);
  score += blockingValue(rules, b, blockAt);
  if (rules.hasBar || rules.hasPins) score -= exposure(rules, b);
  if (rules.hasPins) score += pinsValue(b);
  if (rules.hasBar) score += 4 * (b[THEM + BAR] ?? 0);
  return score;
}

/** Points held, home points more, and the longest run of them (a prime). */
function pointsValue(b: Int8Array, blockAt: number): number {
  let value = 0;
  let run = 0;
  let best = 0;
  for (let p = 1; p <= 24; p++) {
    if ((b[p] ?? 0) >= blockAt) {
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
  for (let q = 2; q <= 25; q++) {
    const n = b[THEM + q] ?? 0;
    if (n === 0) continue;
    let blocked = 0;
    for (let k = 1; k <= 6 && q - k >= 1; k++) {
      if ((b[rules.theirPointToMine(q - k)] ?? 0) >= blockAt) blocked++;
    }
    value += Math.min(n, 3) * blocked * 0.4;
  }
  return value;
}

/** Expected cost of my blots being hit (backgammon) or pinned (plakoto) next turn. */
function exposure(rules: Rules, b: Int8Array): number {
  let cost = 0;
  for (let p = 1; p <= 24; p++) {
    if (b[p] !== 1) continue;
    if (rules.hasPins && b[PIN_BASE + p] !== 0) continue; // pinning or pinned: cannot be hit
    const o = rules.theirPointToMine(p);
    let miss = 1;
    for (let q = o + 1; q <= 25; q++) {
      if ((b[THEM + q] ?? 0) > 0 && q - o < SHOTS.length) miss *= 1 - (SHOTS[q - o] ?? 0);
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
    const pin = b[PIN_BASE + p] ?? 0;
    if (pin === -1) value += 12;
    else if (pin === 1) value -= 12;
  }
  return value;
}
