/**
 * Dice statistics over match records: how often each face and each of the 21 distinct rolls
 * came up for a player or for the whole site, and whether that fits fair dice (chi-square).
 *
 * How the opening counts: the opening roll is one die each, so each opening die counts as a
 * face of the player who threw it but not as a roll of his (he threw one die, not two). A tied
 * opening that is thrown again counts each time. So, for any tally,
 * Σ faces = 2 · Σ rolls + openingDice.
 *
 * Tallies are plain JSON and merge associatively and commutatively, so the server can keep
 * running totals per player and for the site and add each finished match to them.
 */
import { err, ok, type Result } from '@zar/engine';
import { type ChiSquareTest, chiSquareTest } from './chi-square.js';
import type { MatchRecord } from './record.js';
import type { Player } from './types.js';

export { type ChiSquareTest, chiSquarePValue, chiSquareTest } from './chi-square.js';

export interface DiceTally {
  /** faces[f - 1]: how many dice showed f, opening dice included. */
  readonly faces: readonly number[];
  /** rolls[i]: how many rolls were DICE_ROLLS[i] (unordered: 6-1 counts as 1-6). */
  readonly rolls: readonly number[];
  /** How many opening dice are among the faces. */
  readonly openingDice: number;
}

export type DiceStatsErrorCode = 'ERR_DICE_STATS_RECORD' | 'ERR_DICE_TALLY';

/** The 21 distinct rolls, low die first: 1-1, 1-2, …, 1-6, 2-2, …, 6-6. */
export const DICE_ROLLS: readonly (readonly [number, number])[] = (() => {
  const rolls: [number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) rolls.push([a, b]);
  return rolls;
})();

/** Each roll's chance with fair dice: 1/36 for a double, 2/36 for any other. */
export const ROLL_PROBABILITIES: readonly number[] = DICE_ROLLS.map(([a, b]) => (a === b ? 1 : 2) / 36);
const FACE_PROBABILITIES: readonly number[] = [1, 2, 3, 4, 5, 6].map(() => 1 / 6);

/** Where the roll a-b (either order, dice 1..6) sits in DICE_ROLLS. */
export function rollIndex(a: number, b: number): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  // Rows before `lo` hold 6, 5, … entries: (lo - 1) · (14 - lo) / 2 of them.
  return ((lo - 1) * (14 - lo)) / 2 + (hi - lo);
}

/** A tally being counted: addRecord and mergeTallies add to it in place. */
interface Counts {
  faces: number[];
  rolls: number[];
  openingDice: number;
}

const zeroCounts = (): Counts => ({ faces: [0, 0, 0, 0, 0, 0], rolls: DICE_ROLLS.map(() => 0), openingDice: 0 });

export function emptyTally(): DiceTally {
  return zeroCounts();
}

/** The sum of tallies (none: the empty tally). */
export function mergeTallies(...tallies: readonly DiceTally[]): DiceTally {
  const sum = zeroCounts();
  for (const t of tallies) {
    for (let i = 0; i < sum.faces.length; i++) sum.faces[i] = (sum.faces[i] as number) + (t.faces[i] as number);
    for (let i = 0; i < sum.rolls.length; i++) sum.rolls[i] = (sum.rolls[i] as number) + (t.rolls[i] as number);
    sum.openingDice += t.openingDice;
  }
  return sum;
}

export const rollCount = (t: DiceTally): number => t.rolls.reduce((s, n) => s + n, 0);
export const doublesCount = (t: DiceTally): number =>
  DICE_ROLLS.reduce((s, [a, b], i) => s + (a === b ? (t.rolls[i] as number) : 0), 0);

const isDie = (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 6;

function isDicePair(dice: unknown): dice is readonly [number, number] {
  return Array.isArray(dice) && dice.length === 2 && isDie(dice[0]) && isDie(dice[1]);
}

/** Whose dice a tally counts: one player of the match, or both. */
type Counted = (player: Player) => boolean;

/**
 * Adds the dice of one record to mutable counts. Records come from storage or an import, so
 * the dice are checked: a die outside 1..6 or an action without its dice refuses the record.
 */
function addRecord(into: Counts, record: MatchRecord, counted: Counted): Result<void, 'ERR_DICE_STATS_RECORD'> {
  const actions: unknown = record?.actions;
  if (!Array.isArray(actions)) return err('ERR_DICE_STATS_RECORD', 'a record lists its actions');
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i] as { type?: unknown; player?: unknown; dice?: unknown } | null;
    if (action?.type !== 'opening' && action?.type !== 'roll') continue;
    if (!isDicePair(action.dice)) return err('ERR_DICE_STATS_RECORD', `action ${i + 1}: dice must be two of 1..6`);
    const [a, b] = action.dice;
    if (action.type === 'opening') {
      for (const p of [0, 1] as const) {
        if (!counted(p)) continue;
        const d = action.dice[p];
        into.faces[d - 1] = (into.faces[d - 1] as number) + 1;
        into.openingDice++;
      }
      continue;
    }
    if (action.player !== 0 && action.player !== 1) {
      return err('ERR_DICE_STATS_RECORD', `action ${i + 1}: a roll names its player, 0 or 1`);
    }
    if (!counted(action.player)) continue;
    into.faces[a - 1] = (into.faces[a - 1] as number) + 1;
    into.faces[b - 1] = (into.faces[b - 1] as number) + 1;
    const r = rollIndex(a, b);
    into.rolls[r] = (into.rolls[r] as number) + 1;
  }
  return ok(undefined);
}

function tally(
  records: readonly MatchRecord[],
  countedIn: (record: MatchRecord) => Counted,
): Result<DiceTally, 'ERR_DICE_STATS_RECORD'> {
  const into = zeroCounts();
  for (let k = 0; k < records.length; k++) {
    const record = records[k] as MatchRecord;
    const added = addRecord(into, record, countedIn(record));
    if (!added.ok) return err(added.error.code, `record ${k + 1}: ${added.error.message}`);
  }
  return ok(into);
}

/** The dice one side of one match threw (player 0 or 1 of the record). */
export function tallyMatchPlayer(record: MatchRecord, player: Player): Result<DiceTally, 'ERR_DICE_STATS_RECORD'> {
  return tally([record], () => (p) => p === player);
}

/**
 * The dice a player threw across records, found by his name in each record's `players`;
 * records he did not play in add nothing.
 */
export function tallyPlayer(records: readonly MatchRecord[], name: string): Result<DiceTally, 'ERR_DICE_STATS_RECORD'> {
  return tally(records, (record) => {
    const players: unknown = record?.players;
    const names = Array.isArray(players) ? players : [];
    return (p) => names[p] === name;
  });
}

/** Every die thrown in the records, both players' (the whole site's, given all its records). */
export function tallyAll(records: readonly MatchRecord[]): Result<DiceTally, 'ERR_DICE_STATS_RECORD'> {
  return tally(records, () => () => true);
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * A tally read back from storage (untrusted): six face counts, 21 roll counts and the opening
 * dice, all non-negative integers, and consistent (Σ faces = 2 · Σ rolls + opening dice).
 */
export function parseDiceTally(value: unknown): Result<DiceTally, 'ERR_DICE_TALLY'> {
  const v = value as { faces?: unknown; rolls?: unknown; openingDice?: unknown } | null;
  const faces = v?.faces;
  const rolls = v?.rolls;
  const openingDice = v?.openingDice;
  if (!Array.isArray(faces) || faces.length !== 6 || !faces.every(isCount)) {
    return err('ERR_DICE_TALLY', 'faces must be six counts');
  }
  if (!Array.isArray(rolls) || rolls.length !== DICE_ROLLS.length || !rolls.every(isCount)) {
    return err('ERR_DICE_TALLY', 'rolls must be 21 counts');
  }
  if (!isCount(openingDice)) return err('ERR_DICE_TALLY', 'openingDice must be a count');
  const t: DiceTally = { faces: [...faces], rolls: [...rolls], openingDice };
  const sum = faces.reduce((s: number, n: number) => s + n, 0);
  if (sum !== 2 * rollCount(t) + openingDice) {
    return err('ERR_DICE_TALLY', 'the faces must add up to two per roll plus the opening dice');
  }
  return ok(t);
}

export interface DiceSummary {
  readonly tally: DiceTally;
  readonly rolls: number;
  readonly doubles: number;
  /** Share of rolls that were doubles (fair: 1/6); null without rolls. */
  readonly doublesShare: number | null;
  /** Faces against 1/6 each (5 degrees of freedom); null when no die was thrown. */
  readonly faceTest: ChiSquareTest | null;
  /** The 21 rolls against 1/36 per double, 2/36 otherwise (20 d.f.); null without rolls. */
  readonly rollTest: ChiSquareTest | null;
}

/** The counts and the fairness tests of a tally, ready to show. */
export function summarizeDice(tally: DiceTally): DiceSummary {
  const rolls = rollCount(tally);
  const doubles = doublesCount(tally);
  return {
    tally,
    rolls,
    doubles,
    doublesShare: rolls > 0 ? doubles / rolls : null,
    faceTest: chiSquareTest(tally.faces, FACE_PROBABILITIES),
    rollTest: chiSquareTest(tally.rolls, ROLL_PROBABILITIES),
  };
}
