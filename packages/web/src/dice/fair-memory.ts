import { browserStorage, keep } from '../storage.js';

/*
 * What this browser saw of a match's fair dice before they began: the commitment the server
 * published and the seed this page gave, once the server showed it as the player's. The proof in
 * a finished match's record always agrees with itself (a server forging one would forge it
 * whole: a new server seed, its commitment, the dice they give); only what the player was shown
 * and what he sent tie it to the match he played, so the replay's check compares the proof with
 * them (docs/fair-dice.md). Kept in localStorage, for the latest matches only.
 */

export interface SeenDice {
  readonly game: string;
  /** The commitment the table showed when the page sent its seed, before the first roll. */
  readonly commitment: string;
  /** The seed this page sent and the server took for the player's seat. */
  readonly seed: string;
}

export const SEEN_DICE_KEY = 'zar.dice.seen';
/** Matches remembered at most; the earliest are forgotten first. */
export const MAX_SEEN_DICE = 100;

const isSeen = (x: unknown): x is SeenDice => {
  if (typeof x !== 'object' || x === null) return false;
  const { game, commitment, seed } = x as Record<string, unknown>;
  return typeof game === 'string' && typeof commitment === 'string' && typeof seed === 'string';
};

/** The matches stored; anything else there (hand-edited, another version) reads as none. */
export function parseSeenDice(text: string | null | undefined): readonly SeenDice[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isSeen).slice(-MAX_SEEN_DICE) : [];
  } catch {
    return [];
  }
}

/** The list with `seen` in it: one entry a match (the latest wins), the latest last, at most MAX_SEEN_DICE. */
export function withSeenDice(list: readonly SeenDice[], seen: SeenDice): readonly SeenDice[] {
  return [...list.filter((s) => s.game !== seen.game), seen].slice(-MAX_SEEN_DICE);
}

export function rememberSeenDice(seen: SeenDice): void {
  const list = parseSeenDice(browserStorage()?.getItem(SEEN_DICE_KEY));
  keep(SEEN_DICE_KEY, JSON.stringify(withSeenDice(list, seen)));
}

/** What this browser saw of `game`'s dice, or null (another browser, a spectator, storage refused). */
export function seenDiceOf(game: string): SeenDice | null {
  return parseSeenDice(browserStorage()?.getItem(SEEN_DICE_KEY)).find((s) => s.game === game) ?? null;
}

/**
 * The proof against what the browser saw: 'seen' when both the commitment and the seed are the
 * ones it saw; 'commitment' or 'seed' for the first that differs; null when it saw nothing of
 * this match. The seed is looked for in the viewer's seat, or in either when his seat is unknown.
 */
export function seenAgainst(
  seen: SeenDice | null,
  proof: { readonly commitment: string; readonly clientSeeds: readonly [string, string] },
  you: 0 | 1 | null,
): 'seen' | 'commitment' | 'seed' | null {
  if (seen === null) return null;
  if (proof.commitment !== seen.commitment) return 'commitment';
  const mine = you === null ? proof.clientSeeds.includes(seen.seed) : proof.clientSeeds[you] === seen.seed;
  return mine ? 'seen' : 'seed';
}
