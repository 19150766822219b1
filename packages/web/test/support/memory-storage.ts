/** The browser's localStorage, as far as the page uses it, for tests that run without a browser. */
export class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.items.set(k, v);
  }
}

const scope = globalThis as { localStorage?: unknown };

/** Gives the page a fresh, empty localStorage; returns it. */
export function useMemoryStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  scope.localStorage = storage;
  return storage;
}

/** Takes the page's localStorage away again. */
export function dropMemoryStorage(): void {
  delete scope.localStorage;
}
