import { addSums, emptySums, flipProbabilities, type RolloutSums, summarise } from '@zar/bot';
import { err, formatPlay, matchPlay, ok, rulesFor } from '@zar/engine';
import type { BoardRollout, BoardSetupView, RolloutStatus } from '@zar/protocol';
import type { BoardRunner, BotOwner } from '../bots/index.js';
import { randomId } from '../common/ids.js';
import { type BoardResult, setupOf, viewOf } from './setup.js';

/*
 * The analysis board's rollouts: cubeless backgammon rollouts at 0-ply (bot rollout.ts) run in
 * the bot workers one piece at a time, below every game's bot move and every evaluation, each
 * piece about a tenth of a second of a worker; the page reads the progress and may stop it,
 * which is simply not asking for the next piece. Kept in memory: one running per asker, a few
 * in all, and the finished ones for a while so that their page still reads them.
 */

/** Rollouts running at once, everyone's together; one more is refused until one ends. */
export const ROLLOUTS_RUNNING = 8;
/** Rollouts kept (running or ended) and how long an ended one stays readable. */
const KEPT = 256;
const KEPT_MS = 15 * 60_000;
/** A piece the bots could not take (busy past its time) is asked again this often, then the rollout fails. */
const RETRIES = 3;
const RETRY_MS = 1_000;
/** What a piece of work should cost a worker, in ms. */
const PIECE_MS = 100;

/**
 * Milliseconds of a worker a trial costs, measured on the opening position on a shared 2-core
 * machine: 3.3 truncated at 10 plies, 11 played out; 118 and 744 with luck cancellation, which
 * values every roll at every ply. Longer truncations cost in proportion, up to a game played out.
 */
function trialMs(truncate: number, varianceReduction: boolean): number {
  const playedOut = varianceReduction ? 750 : 11;
  const perPly = varianceReduction ? 12 : 0.33;
  return truncate === 0 ? playedOut : Math.min(playedOut, perPly * truncate);
}

interface Line {
  readonly play: string | null;
  readonly board: Int8Array;
  /** The board is the opponent's after the play: its results are turned to the mover's. */
  readonly turned: boolean;
  readonly sums: RolloutSums;
}

interface Run {
  readonly id: string;
  readonly owner: BotOwner;
  readonly ownerKey: string;
  readonly setup: BoardSetupView;
  readonly options: Required<Pick<BoardRollout, 'trials' | 'truncate' | 'varianceReduction' | 'seed'>>;
  readonly lines: readonly Line[];
  readonly piece: number;
  done: number;
  state: RolloutStatus['state'];
  message?: string;
  failures: number;
  endedAt: number | null;
}

export class Rollouts {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly bots: BoardRunner,
    private readonly now: () => number,
    /** Beside other instances an id names the one running it (rollout-link.ts). */
    private readonly newId: () => string = () => randomId(12),
  ) {}

  /** Starts a rollout for `owner` (`ownerKey` his key in the bots' queue: one running per key). */
  start(req: BoardRollout, owner: BotOwner, ownerKey: string): BoardResult<RolloutStatus> {
    this.forgetOld();
    const lines = this.linesOf(req);
    if (!lines.ok) return lines;
    const running = [...this.runs.values()].filter((r) => r.state === 'running');
    if (running.some((r) => r.ownerKey === ownerKey)) {
      return err('ERR_TOO_MANY', 'one rollout at a time: stop yours or wait for its end');
    }
    if (running.length >= ROLLOUTS_RUNNING) return err('ERR_BOARD_UNAVAILABLE', 'the rollouts are all taken');
    const { trials, truncate, varianceReduction, seed } = req;
    const cost = trialMs(truncate, varianceReduction) * lines.value.lines.length;
    const run: Run = {
      id: this.newId(),
      owner,
      ownerKey,
      setup: lines.value.setup,
      options: { trials, truncate, varianceReduction, seed },
      lines: lines.value.lines,
      piece: Math.max(1, Math.floor(PIECE_MS / cost)),
      done: 0,
      state: 'running',
      failures: 0,
      endedAt: null,
    };
    this.runs.set(run.id, run);
    this.next(run);
    return ok(statusOf(run));
  }

  status(id: string): RolloutStatus | null {
    const run = this.runs.get(id);
    return run === undefined ? null : statusOf(run);
  }

  /** Stops `id` if `ownerKey` started it; the piece under way is counted, no other is asked. */
  stop(id: string, ownerKey: string): BoardResult<RolloutStatus> | null {
    const run = this.runs.get(id);
    if (run === undefined) return null;
    if (run.ownerKey !== ownerKey) return err('ERR_NOT_ALLOWED', 'only who started a rollout may stop it');
    if (run.state === 'running') this.end(run, 'stopped');
    return ok(statusOf(run));
  }

  private linesOf(req: BoardRollout): BoardResult<{ setup: BoardSetupView; lines: Line[] }> {
    const read = setupOf(req.position, req.dice);
    if (!read.ok) return read;
    const setup = read.value;
    if (setup.game !== 'backgammon') return err('ERR_BOARD_ROLLOUT', `rollouts are backgammon's, not ${setup.game}'s`);
    const rules = rulesFor(setup.game);
    if (rules.outcome(setup.position) !== null) return err('ERR_GAME_OVER', 'the game is over in this position');
    const texts = req.plays ?? [];
    if (texts.length === 0) {
      const line = { play: null, board: setup.position.board, turned: false, sums: emptySums() };
      return ok({ setup: viewOf(setup), lines: [line] });
    }
    if (setup.dice === null) return err('ERR_BOARD_ROLLOUT', 'plays are rolled out with their dice: give the dice');
    const legal = rules.legalPlays(setup.position, setup.dice);
    const lines: Line[] = [];
    for (const text of texts) {
      const play = matchPlay(legal, text);
      if (!play.ok) return err('ERR_BOARD_ROLLOUT', `${text}: ${play.error.message}`);
      // The position the play leaves, its opponent on roll.
      lines.push({ play: formatPlay(play.value.steps), board: play.value.next.board, turned: true, sums: emptySums() });
    }
    return ok({ setup: viewOf(setup), lines });
  }

  /** Asks the bots for the next piece of `run`, unless it has ended. */
  private next(run: Run): void {
    const trials = Math.min(run.piece, run.options.trials - run.done);
    if (run.state !== 'running' || trials <= 0) return;
    const { truncate, varianceReduction, seed } = run.options;
    const boards = run.lines.map((l) => l.board);
    const piece = { t: 'rollout' as const, boards, firstTrial: run.done, trials, truncate, varianceReduction, seed };
    void this.bots.board(piece, run.owner).then((answer) => {
      if (!answer.ok || answer.value.t !== 'rollout') {
        const why = answer.ok ? 'the bots answered other work' : answer.error.message;
        if (run.state !== 'running') return;
        if (!answer.ok && answer.error.code === 'ERR_BOARD_UNAVAILABLE' && ++run.failures <= RETRIES) {
          setTimeout(() => this.next(run), RETRY_MS).unref();
        } else this.end(run, 'failed', why);
        return;
      }
      const sums = answer.value.sums;
      for (const [i, line] of run.lines.entries()) addSums(line.sums, sums[i] as RolloutSums);
      run.done += trials;
      run.failures = 0;
      if (run.done >= run.options.trials && run.state === 'running') this.end(run, 'done');
      else this.next(run);
    });
  }

  private end(run: Run, state: 'done' | 'stopped' | 'failed', message?: string): void {
    run.state = state;
    if (message !== undefined) run.message = message;
    run.endedAt = this.now();
  }

  /** Ended rollouts past their time go, and the oldest ended ones beyond the bound. */
  private forgetOld(): void {
    const now = this.now();
    for (const [id, run] of this.runs) if (run.endedAt !== null && now - run.endedAt > KEPT_MS) this.runs.delete(id);
    for (const [id, run] of this.runs) {
      if (this.runs.size < KEPT) break;
      if (run.endedAt !== null) this.runs.delete(id);
    }
  }
}

function statusOf(run: Run): RolloutStatus {
  const lines = run.lines.map((line) => {
    const r = summarise(line.sums);
    const probs = Float64Array.from(r.probs);
    if (line.turned) flipProbabilities(probs);
    return {
      play: line.play,
      chances: {
        win: probs[0] as number,
        winGammon: probs[1] as number,
        winBackgammon: probs[2] as number,
        loseGammon: probs[3] as number,
        loseBackgammon: probs[4] as number,
      },
      equity: line.turned ? -r.equity : r.equity,
      stdError: r.stdError,
    };
  });
  return {
    id: run.id,
    state: run.state,
    setup: run.setup,
    ...run.options,
    done: run.done,
    lines,
    ...(run.message === undefined ? {} : { message: run.message }),
  };
}
