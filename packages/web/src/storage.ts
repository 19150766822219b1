/*
 * The browser's localStorage, which a page may be refused (a privacy mode, a sandboxed frame)
 * or find full: every reader and writer of the page's own keys goes through here, so a refusal
 * costs only what was to be remembered, never the page.
 */

export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` where the browser lets it; a full or refused storage forgets it. */
export function keep(key: string, value: string): void {
  try {
    browserStorage()?.setItem(key, value);
  } catch {
    // Nothing to tell the player: the choice still holds for this page.
  }
}
