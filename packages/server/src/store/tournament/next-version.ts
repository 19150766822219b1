import type { TournamentRow } from '../tournament-store.js';

/** The row an update writes must be the next version of the one it replaces: anything else is a caller's bug. */
export function checkNextVersion(row: TournamentRow, version: number): void {
  if (row.version !== version + 1) {
    throw new Error(`updateTournament ${row.id}: version ${row.version} does not follow ${version}`);
  }
}
