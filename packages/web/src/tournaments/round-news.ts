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

/**
 * The viewer's match to open when a tournament's view arrives: one of his that the view names
 * and the view before did not (`before` undefined: this is the first view, and a match already
 * under way when he came stays a link for him to follow or not).
 */
export function newMatchOf(before: string | null | undefined, now: string | null): string | null {
  return before !== undefined && now !== null && now !== before ? now : null;
}
