import type { Decision, MatchState, Player } from '@zar/match';
import type { AnalysisPiece, AnalysisPieceAnswer } from './analysis-work.js';
import type { BoardAnswer, BoardWork } from './board-work.js';
import type { HintAnswer } from './hints.js';
import type { SeatRequest } from './seat-agents.js';

/** From the server to a bot worker. */
export type ToWorker =
  | { readonly t: 'decide'; readonly id: number; readonly req: SeatRequest; readonly match: MatchState }
  | { readonly t: 'forget'; readonly game: string }
  /** The bot's view of `asker`'s decision now (bots/hints.ts). */
  | { readonly t: 'hint'; readonly id: number; readonly match: MatchState; readonly asker: Player }
  /** The analysis board's work (bots/board-work.ts). */
  | { readonly t: 'board'; readonly id: number; readonly work: BoardWork }
  /** A piece of a match's background analysis (bots/analysis-work.ts). */
  | { readonly t: 'analyse'; readonly id: number; readonly piece: AnalysisPiece }
  /** Tests only: the worker throws, as a bug in a bot would, and dies. */
  | { readonly t: 'crash' };

/** From a bot worker to the server. */
export type FromWorker =
  /** Its modules and weights are loaded: from now on, a long silence while it owes decisions means it is stuck. */
  | { readonly t: 'ready' }
  | { readonly t: 'decision'; readonly id: number; readonly decision: Decision }
  | { readonly t: 'failed'; readonly id: number; readonly message: string }
  | { readonly t: 'hint'; readonly id: number; readonly answer: HintAnswer }
  | { readonly t: 'board'; readonly id: number; readonly answer: BoardAnswer }
  | { readonly t: 'analysed'; readonly id: number; readonly answer: AnalysisPieceAnswer };
