import type { AnalysisStore } from './analysis-store.js';
import type { ChatStore } from './chat-store.js';
import type { DiceStore } from './dice-store.js';
import type { GamesStore } from './games-store.js';
import type { ImportsStore } from './imports-store.js';
import type { PeopleStore } from './people-store.js';
import type { PuzzlesStore } from './puzzles-store.js';
import type { TournamentStore } from './tournament-store.js';

export type * from './analysis-store.js';
export type * from './chat-store.js';
export type * from './dice-store.js';
export type * from './games-store.js';
export type * from './imports-store.js';
export type * from './people-store.js';
export type * from './puzzles-store.js';
export type * from './rows.js';
export type * from './tournament-store.js';

/**
 * What the server keeps: every domain's store together (a module that reads and writes one
 * domain takes that domain's interface only), with the store's own start and end. The memory
 * and SQL stores implement the whole.
 */
export interface Store
  extends GamesStore,
    PeopleStore,
    TournamentStore,
    ChatStore,
    DiceStore,
    AnalysisStore,
    ImportsStore,
    PuzzlesStore {
  /** Creates tables that are missing; safe to run at every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}
