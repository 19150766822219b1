import { actorOf, type MatchState, type Player } from '@zar/match';
import type { Pacer } from '../bots/pacer.js';
import type { Log } from '../common/log.js';
import type { GameStatusRow } from '../store/types.js';
import type { RetryPolicy } from './room-result.js';

/*
 * The actions nobody is asked for (the opening roll) and the bots' turns, decided from the
 * room's values: what is due, after what wait, and whether a step still applies when its turn
 * in the queue comes. The room keeps the timer, asks the bot (a worker: it thinks outside the
 * queue) and queues the action, through the pacer, like a person's.
 */

/** What the automatic actions need from the room's dependencies (RoomDeps). */
export interface AutoDeps {
  readonly log: Log;
  /** Pause before a bot acts, so people can follow its moves (0 in tests and benchmarks). */
  readonly botDelayMs: number;
  /** Shared by all rooms: automatic actions run a few at a time. */
  readonly pacer: Pacer;
  /** How an automatic action the store refused is tried again (RETRY when left out). */
  readonly retry?: RetryPolicy;
}

/** An automatic action the room has scheduled; while one is, the room is busy (not dropped from memory). */
export interface AutoStep {
  /** The seat of the bot to ask, or null for the opening roll. */
  readonly bot: Player | null;
  /** The version it was decided at: it applies only there (stillDue). */
  readonly at: number;
  /** The wait before it goes: the bot's pause, or what is left of the wait for the fair dice's seeds. */
  readonly waitMs: number;
  /** An opening roll waiting for the players' seeds: it goes as soon as both are in (openingOnSeeds). */
  readonly forSeeds: boolean;
}

/**
 * What is due without a person in a match at `version`, if anything: the opening roll (after
 * `seedWaitMs`, what is left of the wait for a fair match's seeds; 0 for none), or the turn of a
 * bot seated in `bots` (after `botDelayMs`). Nothing while the game is not being played.
 */
export function dueStep(
  status: GameStatusRow,
  match: MatchState,
  version: number,
  bots: readonly [unknown, unknown],
  seedWaitMs: number,
  botDelayMs: number,
): AutoStep | null {
  if (status !== 'playing') return null;
  const actor = actorOf(match.game);
  if (actor === null) {
    if (match.game.phase !== 'opening') return null;
    return { bot: null, at: version, waitMs: seedWaitMs, forSeeds: seedWaitMs > 0 };
  }
  return bots[actor] === null ? null : { bot: actor, at: version, waitMs: botDelayMs, forSeeds: false };
}

/** A step whose turn in the queue came at `version`: something else moved the game on (a restart's recovery) unless it is the same. */
export const stillDue = (step: AutoStep, version: number): boolean => step.at === version;

/** Both seeds are in: the opening roll that waits for them (its timer still running) goes now. */
export const openingOnSeeds = (step: AutoStep | null, waiting: boolean): step is AutoStep =>
  step?.forSeeds === true && waiting;

/** A step tried again after the store refused it: the seeds' wait is over, only the retry's is left. */
export const retried = (step: AutoStep): AutoStep => (step.forSeeds ? { ...step, forSeeds: false } : step);
