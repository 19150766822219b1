import type { DiceStore, DiceTotalsRow } from '../dice-store.js';
import { compareText, rowLimit } from '../lists.js';
import type { MemoryTables } from '../memory-tables.js';
import type { PrRow } from '../rows.js';
import { luckRow } from './luck-rows.js';
import { addToTotals, matchDice, NO_DICE, SITE_TOTALS, totalsOfMatch } from './match-dice.js';

/** The dice's store in memory, and the count the games' appendAction asks of it. */
export interface MemoryDice {
  readonly store: DiceStore;
  /** Counts a match's dice into the totals (once: a second call adds nothing), as the action that ends it is stored. */
  readonly countMatch: (gameId: string) => void;
}

/**
 * The dice totals and the players' luck for memoryStore, behaving as the SQL store does: a
 * match is counted once (the marker's key), rows go in and out through JSON, and the luck is
 * listed in the same order with the same ties.
 */
export function memoryDice(tables: MemoryTables): MemoryDice {
  const counted = new Set<string>();
  const totals = new Map<string, string>();

  const totalsOf = (owner: string): DiceTotalsRow => {
    const text = totals.get(owner);
    return text === undefined ? NO_DICE : (JSON.parse(text) as DiceTotalsRow);
  };

  return {
    countMatch(gameId) {
      const g = tables.game(gameId);
      if (!g) throw new Error(`dice of ${gameId}: no such game`);
      if (counted.has(gameId)) return;
      counted.add(gameId);
      const dice = matchDice(
        g,
        tables.storedActions(gameId).map((a) => a.action),
      );
      if (dice === null) return;
      for (const [owner, tally] of totalsOfMatch(dice)) {
        totals.set(owner, JSON.stringify(addToTotals(totalsOf(owner), tally)));
      }
    },
    store: {
      async diceTotals(userId) {
        return totalsOf(userId ?? SITE_TOTALS);
      },
      async luckOf(userId, limit) {
        const games = new Map(tables.allGames().map((g) => [g.id, g]));
        return [...tables.prs.values()]
          .map((p) => JSON.parse(p) as PrRow)
          .filter((p) => p.userId === userId)
          .sort((a, b) => b.at - a.at || compareText(b.gameId, a.gameId))
          .slice(0, rowLimit(limit))
          .flatMap((p) => {
            const g = games.get(p.gameId);
            return g === undefined ? [] : [luckRow(p, g.seats)];
          });
      },
    },
  };
}
