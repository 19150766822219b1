import { type Agent, type Decision, toAction } from '@zar/match';
import { type AutoDeps, type AutoStep, dueStep, openingOnSeeds, retried, stillDue } from './automatic.js';
import { FlagTimer } from './clock.js';
import type { ActionDecision } from './decision.js';
import type { GameProxy } from './proxy.js';
import { afterStep, retryNotice } from './retry.js';
import type { RoomResult } from './room-result.js';
import { StepTimer } from './timer.js';

/** What the autopilot needs from the room's dependencies (RoomDeps). */
export interface AutopilotDeps extends AutoDeps {
  readonly now: () => number;
}

/** A step the autopilot found due: the timeout at the clock's flag fall, or an automatic action. */
export type Due = AutoStep | 'flag';

/**
 * Runs `due` in the room's queue (the room's only hook for the autopilot): for an automatic
 * action with the bot's `decision` (null for the opening roll). The room then hands the result
 * to `after`.
 */
export type RunDue = (due: Due, decision: Decision | null) => Promise<void>;

/**
 * The room's timers and what they bring without a person (lila's round schedules its own
 * moves too): the opening roll, a bot's turn, the clock's flag fall, and their retries after the
 * store refused them. It decides with automatic.ts, flag.ts and retry.ts and holds the timer
 * handles; the bot thinks here, outside the queue (in a worker). It stores, sends and queues
 * nothing itself: each step goes to the room through `run`, with the pacer between.
 */
export class Autopilot {
  /** The opening roll or the bot's turn scheduled (automatic.ts); null when none is. */
  private due: AutoStep | null = null;
  private readonly timer = new StepTimer();
  /** Set at the clock's flag fall (clock.ts flagWaitMs). */
  private readonly flag: FlagTimer;
  /** Automatic actions, and flag-fall timeouts, the store refused in a row (the next retry waits longer). */
  private autoRefusals = 0;
  private flagRefusals = 0;
  private closed = false;
  /** The room was built from the store: its first step goes before the moving games' (pacer.ts). */
  private resumed = false;
  /** The room's copy is broken: a fresh one took over, with its own timers. */
  private broken = false;

  constructor(
    private readonly game: GameProxy,
    private readonly deps: AutopilotDeps,
    private readonly run: RunDue,
  ) {
    this.flag = new FlagTimer(deps.now, () => void this.run('flag', null));
  }

  /**
   * Something is scheduled: the room is not dropped from memory. A correspondence clock's flag
   * does not hold it (its fall is days away, and the deadline sweep loads the game again for
   * it), unless it is a retry after the store refused the timeout.
   */
  get busy(): boolean {
    return this.due !== null || (this.flag.armed && (this.flagRefusals > 0 || !this.correspondence));
  }

  private get correspondence(): boolean {
    return this.game.row.clock.kind === 'correspondence';
  }

  /** Starts what is due now (the room started): the automatic action, the wait for the flag. */
  start(resumed = false): void {
    this.resumed = resumed;
    this.next();
    // Nothing automatic due now (a person's turn): a later step is an ordinary one.
    if (this.due === null) this.resumed = false;
    this.clockChanged();
  }

  /** The room's clock changed (an action, or its flag timer fired early on an injected clock): the flag's wait is set again. */
  clockChanged(): void {
    this.flag.set(this.game.clock);
  }

  /** Schedules what is due without a person, if anything (automatic.ts): the opening roll, a bot's turn. */
  next(): void {
    if (this.closed || this.broken || this.due !== null) return;
    const { status, match, version, bots, company } = this.game;
    const step = dueStep(status, match, version, bots, company.fair.waitLeft(), this.deps.botDelayMs);
    if (step === null) return;
    this.due = step;
    this.timer.after(step.waitMs, () => this.go(step));
  }

  /** Both seeds came before their wait ran out: the opening roll waiting for them goes now. */
  seedsIn(): void {
    if (!openingOnSeeds(this.due, this.timer.armed)) return;
    this.timer.clear();
    this.go(this.due);
  }

  /**
   * `step`'s turn in the queue came at `version`: it is no longer scheduled, and it still applies
   * unless something else moved the game on in between (a restart's recovery), when what is due
   * is looked for again.
   */
  taken(step: AutoStep, version: number): boolean {
    this.due = null;
    if (stillDue(step, version)) return true;
    this.next();
    return false;
  }

  /**
   * What `due` brings when its turn in the queue comes, in a game at `version`, at `at` (the room
   * carries it out): for the flag, the timeout that ends the match if it has fallen, or nothing
   * when it fired before the fall on the room's clock (an injected one), and its wait is set
   * again; for an automatic step still due, the bot's action (unless its flag fell first) or the
   * opening roll ('opening': the room draws it once a fair match's absent seeds are stored);
   * nothing (null) when the game moved past it.
   */
  stepAt(due: Due, decision: Decision | null, version: number, at: number): ActionDecision | 'opening' | null {
    if (due === 'flag') {
      const flagged = this.game.flagged(at);
      if (flagged === null) this.clockChanged();
      return flagged;
    }
    if (!this.taken(due, version)) return null;
    if (due.bot === null || decision === null) return 'opening';
    return this.game.flagged(at) ?? toAction(decision, due.bot, this.game.company.fair.dice);
  }

  /**
   * The room ran `due` and it answered `r`. Refused by the store, it is tried again later
   * (retry.ts), and meanwhile the room stays busy, so it is not dropped with the retry in it.
   * Answers what the players hear while an automatic action waits for the store (null: nothing).
   */
  after(due: Due, decision: Decision | null, r: RoomResult<number>): string | null {
    const gone = this.closed || this.broken;
    if (due === 'flag') {
      const after = afterStep(r, this.flagRefusals, this.deps.retry, gone);
      this.flagRefusals = after.refusals;
      if (after.retryMs !== null) this.flag.at(after.retryMs);
      return null;
    }
    const after = afterStep(r, this.autoRefusals, this.deps.retry, gone);
    this.autoRefusals = after.refusals;
    if (after.fault && !r.ok) this.deps.log.error({ game: this.game.id, error: r.error }, 'automatic action refused');
    if (after.retryMs === null) return null;
    const waitMs = after.retryMs;
    this.deps.log.warn(
      { game: this.game.id, refusals: after.refusals, waitMs },
      'the store refused an automatic action: retrying',
    );
    this.due = retried(due);
    this.timer.after(waitMs, () => this.queue(due, decision));
    return retryNotice(this.game.id, waitMs);
  }

  /** The room's copy is broken and replaced: its flag would fire refused writes, and nothing new is scheduled. */
  broke(): void {
    this.broken = true;
    this.flag.clear();
  }

  /** The room closes: nothing more is scheduled. */
  close(): void {
    this.closed = true;
    this.timer.clear();
    this.flag.clear();
  }

  /** The opening roll is queued; a bot thinks first, outside the queue (in a worker), and its decision is queued. */
  private go(step: AutoStep): void {
    const seat = step.bot;
    if (seat === null) {
      this.queue(step, null);
      return;
    }
    const bot = this.game.bots[seat] as Agent;
    new Promise<Decision>((resolve) => resolve(bot.decide(this.game.match, seat))).then(
      (decision) => this.queue(step, decision),
      (e: unknown) => {
        this.due = null;
        if (!this.closed) this.deps.log.error({ err: e, game: this.game.id }, 'the bot could not decide');
      },
    );
  }

  /** Through the pacer, shared by all rooms: automatic actions run a few at a time. */
  private queue(step: AutoStep, decision: Decision | null): void {
    this.deps.pacer.enqueue(() => this.run(step, decision), this.resumed);
    this.resumed = false;
  }
}
