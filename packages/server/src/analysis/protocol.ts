import type { MatchAnalysis } from '@zar/bot';
import type { MatchRecord } from '@zar/match';

/** What the server asks the analysis worker: analyse one finished match. */
export interface AnalysisJob {
  readonly key: string;
  readonly record: MatchRecord;
  readonly plies: number;
  readonly cubePlies: number;
}

/** What the worker answers: progress while it works, then the analysis or why there is none. */
export type AnalysisReply =
  | { readonly key: string; readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly key: string; readonly kind: 'done'; readonly analysis: MatchAnalysis }
  | { readonly key: string; readonly kind: 'failed'; readonly code: string; readonly message: string };
