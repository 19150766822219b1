/*
 * The game socket hears `round` (the player's next tournament match has started) on whatever
 * table he is at; the table's tournament line shows it. The news goes through this small
 * listener list, as the router's changes do, so that the socket needs no new handler and the
 * table hook no new state for a frame only the tournament line reads.
 */

export interface RoundNews {
  readonly tournament: string;
  readonly game: string;
}

type Listener = (news: RoundNews) => void;
const listeners = new Set<Listener>();

/** The game socket heard `round`. */
export function announceRound(news: RoundNews): void {
  for (const l of listeners) l(news);
}

/** Listens for the player's next tournament matches; returns the function that stops listening. */
export function onRoundNews(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How long "your match has started" shows before the page opens the match. */
export const FOLLOW_DELAY_MS = 1500;
