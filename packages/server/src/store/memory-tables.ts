import type { RateRequest, StoredAction } from './games-store.js';
import type { UserRow } from './people-store.js';
import type { GameRow, RatingChangeRow } from './rows.js';

/**
 * The memory store's tables that more than one domain reads, as the SQL domains share one
 * database: the users (a session's, a tournament's, a PR's foreign key), the games and their
 * actions (the profiles', the chat's, the tournaments' and the dice's reads), and the analysed
 * matches' PR (the profiles' average, the dice's luck). Every other table is kept by its domain
 * alone. Values are kept as JSON text, so nothing stored can be mutated from outside, and what
 * SQL would drop, such as `undefined` fields, is dropped here too.
 */
export interface MemoryTables {
  readonly users: Map<string, string>;
  readonly games: Map<string, string>;
  /** Each game's actions in order, from createGame on. */
  readonly actions: Map<string, string[]>;
  /** By memoryKey(gameId, userId). */
  readonly prs: Map<string, string>;
  user(id: string): UserRow | undefined;
  game(id: string): GameRow | undefined;
  allGames(): GameRow[];
  storedActions(id: string): StoredAction[];
}

export function memoryTables(): MemoryTables {
  const users = new Map<string, string>();
  const games = new Map<string, string>();
  const actions = new Map<string, string[]>();
  return {
    users,
    games,
    actions,
    prs: new Map(),
    user: (id) => parse<UserRow>(users.get(id)),
    game: (id) => parse<GameRow>(games.get(id)),
    allGames: () => [...games.values()].map((g) => JSON.parse(g) as GameRow),
    storedActions: (id) => (actions.get(id) ?? []).map((a) => JSON.parse(a) as StoredAction),
  };
}

export function parse<T>(text: string | undefined): T | undefined {
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/** A key of two parts, as a table keyed by both columns (no id holds the separator). */
export const memoryKey = (a: string, b: string): string => `${a}\u0000${b}`;

/**
 * How the action that ends a rated match rates it (the games' appendAction asks, the people's
 * store keeps the ratings): planned before anything is written, committed once the action is
 * stored, so a rating that fails leaves the action unstored too, as the SQL store's one
 * transaction does.
 */
export interface MemoryRating<W extends { readonly changes: readonly RatingChangeRow[] }> {
  /**
   * What rating the match would write, without writing it; throws where the SQL store's
   * transaction would fail. Null: the two are at their limit of rated matches against each
   * other (RateRequest.perPair).
   */
  plan(gameId: string, request: RateRequest, at: number): W | null;
  /** Writes a planned rating (after the action it belongs to is stored). */
  commit(write: W): void;
}
