import type { TournamentRow } from '../store/types.js';

/*
 * A registering tournament without a start time waits for its creator to start it; one he
 * forgot would stay in the public list, and hold one of his three open tournaments, for ever.
 * A week after its creation it is cancelled, as a start time with fewer than 2 entrants is:
 * by the service's timer (set again at every start of the server), and by any read that meets
 * it first (the list, its page, the creator's quota), so nothing waits on the timer.
 */

/** How long a registering tournament without a start time waits for its creator to start it. */
export const REGISTRATION_EXPIRES_MS = 7 * 24 * 60 * 60 * 1000;

/** When a registering tournament's timer is due: its start time, or the expiry of one without; null for any other. */
export function dueAt(row: Pick<TournamentRow, 'status' | 'startsAt' | 'createdAt'>): number | null {
  if (row.status !== 'registering') return null;
  return row.startsAt ?? row.createdAt + REGISTRATION_EXPIRES_MS;
}

/** A registering tournament without a start time, a week old or more at `now`: it is to be cancelled. */
export function expired(row: Pick<TournamentRow, 'status' | 'startsAt' | 'createdAt'>, now: number): boolean {
  return row.status === 'registering' && row.startsAt === null && now >= row.createdAt + REGISTRATION_EXPIRES_MS;
}
