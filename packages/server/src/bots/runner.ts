import type { Result } from '@zar/engine';
import { type Decision, type MatchState, type Player, rulesOf } from '@zar/match';
import type { Env } from '../env.js';
import { type AnalysisPiece, type AnalysisPieceAnswer, answerAnalysisPiece } from './analysis-work.js';
import { answerBoard, type BoardAnswer, type BoardWork } from './board-work.js';
import { answerHint, type HintAnswer } from './hints.js';
import type { BotOwner } from './owners.js';
import type { Pacer } from './pacer.js';
import { agentMaker, type BotKind, baselineFor, SeatAgents, type SeatRequest } from './seat-agents.js';

/** Runs the decisions of every bot seat of the server. */
export interface BotRunner {
  decide(req: SeatRequest, match: MatchState): Promise<Decision>;
  /** The game is over or out of memory: its seats' agents can go. */
  forget(game: string): void;
  /**
   * The bot's view of `asker`'s decision now in game `game` (bots/hints.ts), as `owner`'s bot
   * time (owners.ts); an answer, never a rejection.
   */
  hint(game: string, match: MatchState, asker: Player, owner?: BotOwner): Promise<HintAnswer>;
  close(): Promise<void>;
}

/** Runs the analysis board's work (bots/board-work.ts) below every game's decisions; an answer, never a rejection. */
export interface BoardRunner {
  board(work: BoardWork, owner: BotOwner): Promise<BoardAnswer>;
}

/** Runs the pieces of the background analysis (bots/analysis-work.ts) below all other work; an answer, never a rejection. */
export interface AnalysisRunner {
  analyse(piece: AnalysisPiece): Promise<AnalysisPieceAnswer>;
  /** The match `key` is analysed: its thread's place can go. */
  forget(key: string): void;
}

export interface RunnerLog {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** The baseline bot's answer, when the seat's own agent could not give one. */
export function fallbackDecision(req: SeatRequest, match: MatchState): Decision {
  return baselineFor(rulesOf(match.game.settings), req.level, req.seed).decide(match, req.seat) as Decision;
}

/**
 * Bots on the server's own thread (ZAR_BOT_WORKERS=0: tests, tiny machines). Decisions take
 * turns through the pacer, so a burst of them still lets people's actions in between.
 */
export class InThreadBots implements BotRunner, BoardRunner, AnalysisRunner {
  private readonly agents: SeatAgents;

  constructor(
    private readonly pacer: Pacer,
    kind: BotKind = 'strongest',
  ) {
    this.agents = new SeatAgents(agentMaker(kind));
  }

  decide(req: SeatRequest, match: MatchState): Promise<Decision> {
    return new Promise((resolve, reject) => {
      this.pacer.enqueue(async () => {
        try {
          resolve(await this.agents.decide(req, match));
        } catch (e) {
          reject(e);
        }
      });
    });
  }

  forget(game: string): void {
    this.agents.forget(game);
  }

  hint(_game: string, match: MatchState, asker: Player): Promise<HintAnswer> {
    return new Promise((resolve) => {
      this.pacer.enqueue(async () => resolve(await answerHint(match, asker)));
    });
  }

  /**
   * The board's evaluations here as hints are; never a rollout, whose minutes of work belong in
   * the workers' threads, not between the server's requests.
   */
  board(work: BoardWork): Promise<BoardAnswer> {
    if (work.t === 'rollout') {
      const message = 'rollouts run in the bot workers, and this server has none (ZAR_BOT_WORKERS=0)';
      return Promise.resolve({ ok: false, error: { code: 'ERR_BOARD_ROLLOUT', message } });
    }
    return new Promise((resolve) => {
      this.pacer.enqueue(async () => resolve(await answerBoard(work)));
    });
  }

  /** A piece of the background analysis here, paced as a hint is. */
  analyse(piece: AnalysisPiece): Promise<AnalysisPieceAnswer> {
    return new Promise((resolve) => {
      this.pacer.enqueue(async () => resolve(await answerAnalysisPiece(piece)));
    });
  }

  async close(): Promise<void> {}
}

export type BotWorkersResult = Result<number, 'ERR_BOT_WORKERS'>;

/**
 * How many bot workers to run: ZAR_BOT_WORKERS when set (0: bots on the main thread), else
 * two, whatever the cores. A decision cannot be interrupted, so with one worker a quiet
 * player's bot waits for whatever decision of a flood is running (a master one: up to seconds);
 * with two, one owner keeps at most one busy and the other is free for everyone else (pool.ts).
 * On a quiet 2-core machine (bots.bench.ts, master bots) a quiet player's p99 beside a flood of
 * 20 games and beside a 16-bot tournament was 1.37 and 2.61 times his p99 alone with one worker,
 * 0.93 and 0.92, then 1.03 and 1.04, with two: the server's thread needs little of a core.
 */
const DEFAULT_BOT_WORKERS = 2;

export function botWorkersFrom(env: Env): BotWorkersResult {
  const given = env.ZAR_BOT_WORKERS;
  if (given === undefined || given === '') return { ok: true, value: DEFAULT_BOT_WORKERS };
  const n = Number(given);
  if (!Number.isInteger(n) || n < 0 || n > 64) {
    return {
      ok: false,
      error: { code: 'ERR_BOT_WORKERS', message: `ZAR_BOT_WORKERS is "${given}"; give a whole number from 0 to 64` },
    };
  }
  return { ok: true, value: n };
}
