/**
 * Text in the order of its UTF-16 code units, as the stores' tie-breaks compare ids and names:
 * the memory store sorts as the SQL store's ORDER BY on those keys, and the dice totals lock
 * their rows by key in this order.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A limit from anywhere (a query string, say) becomes a whole number of rows, 0 at least. */
export function rowLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
}
