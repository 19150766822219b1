import { type BoardSetup, linkTextOf, type PositionTextResult, readPositionText } from '@zar/match';

/*
 * The analysis board's link: the page's setup in the query string, so that a link opens the
 * same position, side on roll, dice, cube and score. The router reads paths only; the page
 * reads `location.search` itself. The text is the one the server would give (linkTextOf: an
 * XGID for backgammon, else Zar's text with its dice), so a pasted position and a shared one
 * are read by the same reader. Zar's text names no player on roll: `side=1` adds it.
 */

/** The query string of the setup, with its '?'. */
export function boardQuery(setup: BoardSetup): string {
  const text = linkTextOf(setup);
  const params = new URLSearchParams({ p: text });
  // An XGID names the side on roll itself; a Zar text reads as player 0 on roll.
  if (setup.onRoll === 1 && !isXgid(text)) params.set('side', '1');
  return `?${params.toString()}`;
}

/** The setup of a query string; null when it holds none (the page then starts a fresh board). */
export function readBoardQuery(search: string): PositionTextResult | null {
  const params = new URLSearchParams(search);
  const text = params.get('p');
  if (text === null || text === '') return null;
  const read = readPositionText(text);
  if (!read.ok || params.get('side') !== '1' || isXgid(text)) return read;
  return { ok: true, value: { ...read.value, onRoll: 1 } };
}

const isXgid = (text: string): boolean => text.startsWith('XGID=');
