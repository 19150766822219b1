/**
 * Shot features: for an attacker and a defender, over the 36 rolls of the attacker's next turn,
 * how many hit at least one of the defender's blots, how many pips the defender loses on average
 * (the furthest-travelled blot a roll can hit), and how many rolls can hit two blots. gnubg's
 * P1, PIPLOSS and P2 say the same; counting the shots alone does not tell a blot on the
 * attacker's ace point (1 pip lost) from one on its 11 point (11 pips).
 *
 * The attacker is treated as able to move its checkers freely (a checker on the bar must enter
 * first, so only entering hits count then), and "two blots" means two blots each hit by the roll
 * in some play, not necessarily the same one: cheap stand-ins, not exact counts.
 *
 * Raw offsets (`board[att + p]`), not board.ts's readers: attacker and defender are offsets (0 or
 * 26, either way round), which the readers do not take, in the evaluator's hot loop.
 */

/** Bit r (r = 6 * (d1 - 1) + d2 - 1) is set for each of the 36 rolls; two words of 18 bits. */
const ROLL_WORD = 18;

/** The rolls (6 * (d1 - 1) + d2 - 1) that move a checker exactly `d` pips with one die: they always hit. */
const DIRECT_LO = new Int32Array(25);
const DIRECT_HI = new Int32Array(25);
/** For each distance 1..24, the other rolls that can cover it, with two or more dice: stops to check. */
const COMBOS: readonly Int8Array[] = Array.from({ length: 25 }, (_, d) => {
  const rolls: number[] = [];
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = 1; d2 <= 6; d2++) {
      const r = 6 * (d1 - 1) + d2 - 1;
      if (d > 0 && (d1 === d || d2 === d)) {
        if (r < ROLL_WORD) DIRECT_LO[d] = (DIRECT_LO[d] as number) | (1 << r);
        else DIRECT_HI[d] = (DIRECT_HI[d] as number) | (1 << (r - ROLL_WORD));
      } else if (d > 0 && (d === d1 + d2 || (d1 === d2 && d % d1 === 0 && d <= d1 * 4))) rolls.push(r);
    }
  }
  return Int8Array.from(rolls);
});

/** The three shot numbers of one attacker against one defender. */
export interface ShotStats {
  /** Rolls of 36 that hit at least one blot. */
  rolls: number;
  /** Sum over the 36 rolls of the pips the furthest-travelled blot hit by it loses (0 for a miss). */
  pipLoss: number;
  /** Rolls of 36 that hit two or more different blots. */
  doubleRolls: number;
}

export function shotStatsScratch(): ShotStats {
  return { rolls: 0, pipLoss: 0, doubleRolls: 0 };
}

/**
 * Fills `out` with the shots of the attacker (its half at `att`) at the defender's (`def`)
 * blots. Blots are taken furthest-travelled first, so a roll's first hit is its biggest loss.
 */
export function shotStats(board: Int8Array, att: number, def: number, out: ShotStats): ShotStats {
  // The defender's count on the physical point that is the attacker's point q is at def + 25 - q;
  // a blot there has 25 - q pips to go, and q more when it is hit.
  let anyLo = 0;
  let anyHi = 0;
  let twiceLo = 0;
  let twiceHi = 0;
  let pipLoss = 0;
  const onBar = (board[att + 25] as number) > 0;
  for (let q = 24; q >= 1; q--) {
    if (board[def + 25 - q] !== 1) continue;
    let lo = 0;
    let hi = 0;
    const from = onBar ? 25 : q + 1;
    const top = Math.min(25, q + 24);
    for (let p = from; p <= top; p++) {
      if ((board[att + p] as number) <= 0) continue;
      const d = p - q;
      lo |= DIRECT_LO[d] as number;
      hi |= DIRECT_HI[d] as number;
      const rolls = COMBOS[d] as Int8Array;
      for (let j = 0; j < rolls.length; j++) {
        const r = rolls[j] as number;
        const known = r < ROLL_WORD ? lo & (1 << r) : hi & (1 << (r - ROLL_WORD));
        if (known !== 0 || !hits(board, def, p, d, ((r / 6) | 0) + 1, (r % 6) + 1)) continue;
        if (r < ROLL_WORD) lo |= 1 << r;
        else hi |= 1 << (r - ROLL_WORD);
      }
    }
    pipLoss += q * (popcount(lo & ~anyLo) + popcount(hi & ~anyHi));
    twiceLo |= lo & anyLo;
    twiceHi |= hi & anyHi;
    anyLo |= lo;
    anyHi |= hi;
  }
  out.rolls = popcount(anyLo) + popcount(anyHi);
  out.pipLoss = pipLoss;
  out.doubleRolls = popcount(twiceLo) + popcount(twiceHi);
  return out;
}

const scratch = shotStatsScratch();

/**
 * How many of the 36 rolls let the attacker (its half at `att`) hit at least one blot of the
 * defender (`def`) on the next roll, directly or with a combination whose stops are open.
 */
export function hittingRolls(board: Int8Array, att: number, def: number): number {
  return shotStats(board, att, def, scratch).rolls;
}

/** Does roll d1-d2 carry a checker from `p` exactly `d` pips with every stop open? */
function hits(board: Int8Array, def: number, p: number, d: number, d1: number, d2: number): boolean {
  if (d1 === d || d2 === d) return true;
  if (d1 === d2) {
    for (let k = 2; k <= 4; k++) {
      if (d1 * k !== d) continue;
      for (let j = 1; j < k; j++) if ((board[def + 25 - (p - d1 * j)] as number) >= 2) return false;
      return true;
    }
    return false;
  }
  if (d1 + d2 !== d) return false;
  return (board[def + 25 - (p - d1)] as number) < 2 || (board[def + 25 - (p - d2)] as number) < 2;
}

function popcount(x: number): number {
  let n = 0;
  while (x !== 0) {
    x &= x - 1;
    n++;
  }
  return n;
}
