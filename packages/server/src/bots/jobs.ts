import type { Decision, MatchState, Player } from '@zar/match';
import type { AnalysisPiece, AnalysisPieceAnswer } from './analysis-work.js';
import type { BoardAnswer, BoardWork } from './board-work.js';
import type { HintAnswer } from './hints.js';
import type { ToWorker } from './messages.js';
import type { SeatRequest } from './seat-agents.js';

/** Every job: when it was last queued (performance.now()), so its wait can be measured (queue-waits.ts). */
interface Queued {
  queuedAt: number;
}

/** A bot seat's decision waiting for, or running in, a worker. */
export interface DecisionJob extends Queued {
  readonly kind: 'decide';
  readonly req: SeatRequest;
  readonly match: MatchState;
  readonly resolve: (d: Decision) => void;
  readonly reject: (e: Error) => void;
  /** Workers that died holding it. */
  deaths: number;
}

/** A hint waiting for, or running in, a worker: answered once, by the worker, its timeout or the pool. */
export interface HintJob extends Queued {
  readonly kind: 'hint';
  readonly game: string;
  readonly match: MatchState;
  readonly asker: Player;
  /** Answers the asker unless he was answered already; the timer is cleared. */
  readonly answer: (a: HintAnswer) => void;
}

/** The analysis board's work (board-work.ts), answered once, like a hint. */
export interface BoardJob extends Queued {
  readonly kind: 'board';
  readonly work: BoardWork;
  readonly answer: (a: BoardAnswer) => void;
}

/** A piece of a match's background analysis (analysis-work.ts), answered once. */
export interface AnalysisJob extends Queued {
  readonly kind: 'analyse';
  readonly piece: AnalysisPiece;
  readonly answer: (a: AnalysisPieceAnswer) => void;
}

export type BotJob = DecisionJob | HintJob | BoardJob | AnalysisJob;

/**
 * The game a job is about (its seats' agents live in the worker that last served it; an
 * analysis's replayed match too, under its key); null: none.
 */
export const gameOf = (job: BotJob): string | null =>
  job.kind === 'decide' ? job.req.game : job.kind === 'hint' ? job.game : job.kind === 'analyse' ? job.piece.key : null;

/** The message that asks a worker for `job`, under the id its answer will carry. */
export const messageOf = (job: BotJob, id: number): ToWorker => {
  if (job.kind === 'decide') return { t: 'decide', id, req: job.req, match: job.match };
  if (job.kind === 'hint') return { t: 'hint', id, match: job.match, asker: job.asker };
  if (job.kind === 'analyse') return { t: 'analyse', id, piece: job.piece };
  return { t: 'board', id, work: job.work };
};
