/**
 * Asks the browser whether Zar may notify (permission.ts askToNotify), from the click that
 * starts, seeks or joins a correspondence match. The asking is a chunk of its own, which arrives
 * well within the few seconds the browser lets a click ask for a permission.
 */
export function askToNotifyLater(): void {
  import('./permission.js').then(
    (m) => m.askToNotify(),
    () => undefined,
  );
}
