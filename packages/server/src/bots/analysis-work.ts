import { type ActionAnalysis, createMatchAnalyser, loadJudges, type MatchAnalyser } from '@zar/bot';
import { err, ok, type Result } from '@zar/engine';
import type { MatchRecord } from '@zar/match';

/*
 * The background analysis's work in the bots' threads (analysis/background.ts asks for it): the
 * next few actions of one match, a piece of about `budgetMs`, so that a game's bot move waits
 * for one piece at most. The thread keeps the match's analyser (its replayed states) between
 * pieces; a piece that lands elsewhere, or after a restart, replays the match again.
 */

/** Actions `from ..` of `record`, for about `budgetMs` (at least one). */
export interface AnalysisPiece {
  /** The match's key while it is analysed: its pieces go to the thread that served the last. */
  readonly key: string;
  readonly record: MatchRecord;
  readonly from: number;
  readonly plies: number;
  readonly cubePlies: number;
  readonly budgetMs: number;
}

export type AnalysisPieceCode =
  | 'ERR_ANALYSIS_GAME'
  | 'ERR_NO_WEIGHTS'
  | 'ERR_ANALYSIS_CRASHED'
  | 'ERR_ANALYSIS_UNAVAILABLE';

/** The analyses of the piece's actions, in order; none once the record has no more. */
export type AnalysisPieceAnswer = Result<readonly ActionAnalysis[], AnalysisPieceCode>;

export const analysisUnavailable = (why: string): AnalysisPieceAnswer =>
  err('ERR_ANALYSIS_UNAVAILABLE', `no analysis now (${why})`);

/**
 * What stands for the actions analysed before a piece: the caller keeps their analyses and makes
 * the match's report, so this thread's analyser only needs to know where to go on from.
 */
const ELSEWHERE: ActionAnalysis = { decision: null, luck: null };

/** The match this thread analyses (one at a time: the background runs one match at a time). */
let held: { readonly key: string; readonly analyser: MatchAnalyser } | null = null;

async function analyserFor(piece: AnalysisPiece): Promise<Result<MatchAnalyser, AnalysisPieceCode>> {
  if (held !== null && held.key === piece.key && held.analyser.done === piece.from) return ok(held.analyser);
  held = null;
  let judges: Awaited<ReturnType<typeof loadJudges>>;
  try {
    judges = await loadJudges(piece.record.settings);
  } catch (e) {
    return err('ERR_NO_WEIGHTS', e instanceof Error ? e.message : String(e));
  }
  const done = new Array<ActionAnalysis>(piece.from).fill(ELSEWHERE);
  const made = createMatchAnalyser(piece.record, judges, { plies: piece.plies, cubePlies: piece.cubePlies }, done);
  if (!made.ok) return err('ERR_ANALYSIS_GAME', made.error.message);
  held = { key: piece.key, analyser: made.value };
  return made;
}

/** The piece done on the calling thread. */
export async function answerAnalysisPiece(piece: AnalysisPiece): Promise<AnalysisPieceAnswer> {
  try {
    const made = await analyserFor(piece);
    if (!made.ok) return made;
    const analyser = made.value;
    const actions: ActionAnalysis[] = [];
    const start = performance.now();
    do {
      const next = analyser.step();
      if (next === null) break;
      actions.push(next);
    } while (performance.now() - start < piece.budgetMs);
    if (analyser.done === analyser.total) held = null;
    return ok(actions);
  } catch (e) {
    held = null;
    return err('ERR_ANALYSIS_CRASHED', `the analysis failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
