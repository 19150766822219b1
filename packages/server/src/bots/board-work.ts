import {
  analysePosition,
  type BoardQuery,
  type BoardRefusalCode,
  boardContextOf,
  createRollout,
  type PositionAnalysis,
  type Rollout,
  type RolloutSums,
  type TemperatureRoll,
  temperatureRolls,
  trainedBackgammonEvaluator,
} from '@zar/bot';
import { type Dice, type Result, rulesFor } from '@zar/engine';
import type { BoardSetup } from '@zar/match';

/*
 * The analysis board's work in the bots' threads (board/ asks for it): a position valued with
 * the plays of one roll ranked, or a few rolls of a temperature map. A map is asked for in
 * pieces, so that no piece holds a worker long: a game's bot move waits for one piece at most.
 */

export type BoardWork =
  | {
      readonly t: 'evaluate';
      readonly setup: BoardSetup;
      readonly dice: Dice | null;
      readonly plies: number | undefined;
    }
  | { readonly t: 'temperature'; readonly setup: BoardSetup; readonly rolls: readonly Dice[]; readonly plies: number }
  | RolloutPiece;

/**
 * Trials `firstTrial ..` of a cubeless backgammon rollout of each board (a side on roll's view,
 * before its roll), on the same dice: rollout.ts plays trial t alike wherever it runs, so the
 * pieces of one rollout add up to the rollout done at once.
 */
export interface RolloutPiece {
  readonly t: 'rollout';
  readonly boards: readonly Int8Array[];
  readonly firstTrial: number;
  readonly trials: number;
  readonly truncate: number;
  readonly varianceReduction: boolean;
  readonly seed: number;
}

export type BoardDone =
  | { readonly t: 'evaluate'; readonly analysis: PositionAnalysis }
  | { readonly t: 'temperature'; readonly rolls: readonly TemperatureRoll[] }
  | { readonly t: 'rollout'; readonly sums: readonly RolloutSums[] };

export type BoardAnswerCode = BoardRefusalCode | 'ERR_BOARD_UNAVAILABLE' | 'ERR_BOARD_ROLLOUT';

/** What board work gets back: its result, the bot's refusal, or unavailable; never an exception. */
export type BoardAnswer = Result<BoardDone, BoardAnswerCode>;

/** How long board work may take, queue included, before its asker is told to try again. */
export const BOARD_TIMEOUT_MS = 10_000;

export const boardUnavailable = (why: string): BoardAnswer => ({
  ok: false,
  error: { code: 'ERR_BOARD_UNAVAILABLE', message: `no analysis now (${why}); try again shortly` },
});

const queryOf = (setup: BoardSetup, plies: number | undefined): BoardQuery => {
  const rules = rulesFor(setup.game);
  return { rules, position: setup.position, context: boardContextOf(rules, setup.cube), plies };
};

/** The thread's rollout player, made once (it holds scratch buffers). */
let rollout: Promise<Rollout> | null = null;

async function rolloutPiece(work: RolloutPiece): Promise<BoardAnswer> {
  rollout ??= trainedBackgammonEvaluator().then(createRollout);
  const player = await rollout;
  const sums = work.boards.map((board) =>
    player.run(board, {
      trials: work.trials,
      firstTrial: work.firstTrial,
      truncate: work.truncate,
      varianceReduction: work.varianceReduction,
      seed: work.seed,
    }),
  );
  return { ok: true, value: { t: 'rollout', sums } };
}

/** The work done on the calling thread. */
export async function answerBoard(work: BoardWork): Promise<BoardAnswer> {
  try {
    if (work.t === 'rollout') return await rolloutPiece(work);
    if (work.t === 'evaluate') {
      const r = await analysePosition(queryOf(work.setup, work.plies), work.dice);
      return r.ok ? { ok: true, value: { t: 'evaluate', analysis: r.value } } : r;
    }
    const r = await temperatureRolls(queryOf(work.setup, work.plies), work.rolls);
    return r.ok ? { ok: true, value: { t: 'temperature', rolls: r.value } } : r;
  } catch (e) {
    return boardUnavailable(`the bot failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
