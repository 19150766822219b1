import { type DiceTally, emptyTally, mergeTallies, tallyMatchPlayer } from '@zar/match';
import type { SeatRow } from '../../src/store/index.js';

/** Dice totals by owner (null: the site's), as Store.diceTotals answers them. */
export type TotalsByOwner = Map<string | null, { matches: number; tally: DiceTally }>;

/** A finished match as the oracle reads it: its record with its actions, and who sat where. */
export interface TalliedMatch {
  readonly record: Parameters<typeof tallyMatchPlayer>[0];
  readonly seats: readonly [SeatRow, SeatRow];
}

/**
 * The totals counted straight from the records with the match layer's tallyMatchPlayer, the
 * tests' oracle for the stores' own counting: the site's gets both sides of every match, each
 * person his own sides, each match once. `owners` are present at zero when no match adds to them.
 */
export function talliedTotals(
  matches: readonly TalliedMatch[],
  owners: readonly (string | null)[] = [],
): TotalsByOwner {
  const totals: TotalsByOwner = new Map(owners.map((o) => [o, { matches: 0, tally: emptyTally() }]));
  const add = (owner: string | null, tally: DiceTally) => {
    const before = totals.get(owner) ?? { matches: 0, tally: emptyTally() };
    totals.set(owner, { matches: before.matches + 1, tally: mergeTallies(before.tally, tally) });
  };
  for (const { record, seats } of matches) {
    const sides = ([0, 1] as const).map((p) => {
      const t = tallyMatchPlayer(record, p);
      if (!t.ok) throw new Error(t.error.message);
      return t.value;
    });
    add(null, mergeTallies(...sides));
    for (const p of [0, 1] as const) {
      const seat = seats[p];
      if (seat.kind === 'human' && seat.userId !== null) add(seat.userId, sides[p] as DiceTally);
    }
  }
  return totals;
}
