import type { TournamentSummary } from '@zar/protocol';

/*
 * The tournaments page's two lists, as lichess shows them: what can still be joined or
 * watched live, then what is over. The server sends them in that order already (soonest start
 * first, then the last finished); the page keeps its order within each list.
 */

export interface ListSections {
  /** Registering or running. */
  readonly open: readonly TournamentSummary[];
  /** Over or cancelled. */
  readonly finished: readonly TournamentSummary[];
}

export const isOpen = (t: Pick<TournamentSummary, 'status'>): boolean =>
  t.status === 'registering' || t.status === 'running';

export function listSections(list: readonly TournamentSummary[]): ListSections {
  return { open: list.filter(isOpen), finished: list.filter((t) => !isOpen(t)) };
}
