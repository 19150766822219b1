/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** The UTC day of `now`, 'YYYY-MM-DD'. */
export const dayOf = (now: number): string => new Date(now).toISOString().slice(0, 10);

/**
 * The index of the day's puzzle among `count`: FNV-1a over the day's text, so that every server
 * and every restart picks the same one all day, and the next day another, with no randomness
 * at request time.
 */
export function dailyIndex(day: string, count: number): number {
  let h = 0x811c9dc5;
  const text = `zar-daily-puzzle:${day}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % count;
}
