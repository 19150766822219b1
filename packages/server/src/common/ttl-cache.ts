/**
 * A few answers kept for a short while, by key: pages every visitor may load (a leaderboard, a
 * profile) are read from the store at most once per key every `ttlMs`, however many ask. A
 * failed read (the database away) is not kept, so the next caller asks again. At most
 * `maxKeys` are held; the one used longest ago goes first.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { readonly at: number; readonly value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys: number,
  ) {}

  /** The value kept for `key` if it is fresh at `now`, else null. */
  fresh(key: string, now: number): Promise<T> | null {
    const hit = this.entries.get(key);
    if (hit === undefined || now - hit.at >= this.ttlMs) return null;
    // Deleted and set again: the map's order is the order of last use.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Keeps what `load` answers for `key` from `now` on, and answers it. */
  put(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const value = load();
    const entry = { at: now, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const old of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(old);
    }
    return value;
  }
}
