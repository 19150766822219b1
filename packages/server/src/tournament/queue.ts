/**
 * Tasks by key, one at a time per key (a tournament, a creator): the tournament's changes are
 * read-modify-write over its row, and one process runs them in order, as a room runs its
 * match's commands. The store's version still guards against a second writer (tournaments.ts).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // The last task of a key forgets it, so the map holds only keys with work in hand.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves when every task queued so far has finished. */
  async drained(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
