import type { LuckRow } from '../dice-store.js';
import type { GameRow, PrRow } from '../rows.js';

/**
 * A PR row with its opponent's name: the name of the other seat than the one the player held
 * in that match, as the seat was named (a person or a bot).
 */
export function luckRow(row: PrRow, seats: GameRow['seats']): LuckRow {
  const mine = seats[1].userId === row.userId && seats[0].userId !== row.userId ? 1 : 0;
  return { ...row, opponent: seats[mine === 0 ? 1 : 0].name };
}
