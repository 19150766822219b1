import type { Decision, MatchState } from '@zar/match';
import type { SeatRequest } from './seat-agents.js';

/** From the server to a bot worker. */
export type ToWorker =
  | { readonly t: 'decide'; readonly id: number; readonly req: SeatRequest; readonly match: MatchState }
  | { readonly t: 'forget'; readonly game: string }
  /** Tests only: the worker throws, as a bug in a bot would, and dies. */
  | { readonly t: 'crash' };

/** From a bot worker to the server. */
export type FromWorker =
  /** Its modules and weights are loaded: from now on, a long silence while it owes decisions means it is stuck. */
  | { readonly t: 'ready' }
  | { readonly t: 'decision'; readonly id: number; readonly decision: Decision }
  | { readonly t: 'failed'; readonly id: number; readonly message: string };
