import { type DiceTally, type GameAction, mergeTallies, parseDiceTally, tallyMatchPlayer } from '@zar/match';
import type { DiceTotalsRow } from '../dice-store.js';
import { compareText } from '../lists.js';
import type { GameRow } from '../rows.js';

/**
 * What one finished match adds to the dice totals (Store.diceTotals), for every store and for
 * the upgrade's backfill alike, so counting a match live and counting it afterwards agree.
 */
export interface MatchDice {
  /** Both players' dice, bots' included. */
  readonly site: DiceTally;
  /** Each person's own dice (a seat holding a user id), by user id. */
  readonly users: ReadonlyMap<string, DiceTally>;
}

/** The key of the site's totals among the users' (no user id is empty). */
export const SITE_TOTALS = '';

/**
 * The dice of a match from its row and its actions. A record whose dice do not check (the
 * server stores only actions its rules accepted, so only a hand-edited row can) adds nothing:
 * null, and the match is not counted, rather than failing the action that ended it.
 */
export function matchDice(row: Pick<GameRow, 'record' | 'seats'>, actions: readonly GameAction[]): MatchDice | null {
  const record = { ...row.record, actions: [...actions] };
  const seat0 = tallyMatchPlayer(record, 0);
  const seat1 = tallyMatchPlayer(record, 1);
  if (!seat0.ok || !seat1.ok) return null;
  const users = new Map<string, DiceTally>();
  for (const [p, tally] of [seat0.value, seat1.value].entries()) {
    const seat = row.seats[p];
    if (seat === undefined || seat.kind !== 'human' || seat.userId === null) continue;
    const before = users.get(seat.userId);
    users.set(seat.userId, before === undefined ? tally : mergeTallies(before, tally));
  }
  return { site: mergeTallies(seat0.value, seat1.value), users };
}

/** The keys of the totals a match adds to (the site's first) and the tally each gets. */
export function totalsOfMatch(dice: MatchDice): [string, DiceTally][] {
  return [[SITE_TOTALS, dice.site], ...[...dice.users].sort(([a], [b]) => compareText(a, b))];
}

/** Totals with one more match's tally in them. */
export function addToTotals(before: DiceTotalsRow, tally: DiceTally): DiceTotalsRow {
  return { matches: before.matches + 1, tally: mergeTallies(before.tally, tally) };
}

export const NO_DICE: DiceTotalsRow = { matches: 0, tally: mergeTallies() };

/** Totals as stored (JSON the server wrote): a tally that does not check is a broken invariant. */
export function readTotals(matches: number, tally: string, key: string): DiceTotalsRow {
  const parsed = parseDiceTally(JSON.parse(tally));
  if (!parsed.ok) throw new Error(`dice_totals ${JSON.stringify(key)}: ${parsed.error.message}`);
  if (!Number.isSafeInteger(matches) || matches < 0) throw new Error(`dice_totals ${JSON.stringify(key)}: matches`);
  return { matches, tally: parsed.value };
}
