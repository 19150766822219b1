/*
 * The tab's title: the page's language's, with the number of correspondence matches waiting
 * for the player in front of it, "(2) Zar: …", as lichess and the mail sites count what waits.
 * Two writers, the language (app.tsx) and the home page's list, each set their part here so
 * that neither writes over the other.
 */

let base = '';
let count = 0;

/** The title with a count of what waits in front of it; the title alone for none. */
export const titleWithCount = (title: string, n: number): string => (n > 0 ? `(${n}) ${title}` : title);

const write = (): void => {
  if (typeof document !== 'undefined') document.title = titleWithCount(base, count);
};

/** The title in the page's language. */
export function setTitleBase(title: string): void {
  base = title;
  write();
}

/** How many matches wait for the player (0 takes the count away). */
export function setTitleCount(n: number): void {
  count = n;
  write();
}
