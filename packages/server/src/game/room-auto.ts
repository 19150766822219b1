import { type Agent, actorOf, type Decision, type GameAction, type MatchState, toAction } from '@zar/match';
import type { ServerMessage } from '@zar/protocol';
import type { Pacer } from '../bots/pacer.js';
import type { GameDice } from '../dice/dice.js';
import { type Log, RETRY, type RetryPolicy, type RoomResult, retryWaitMs } from './room-result.js';

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

/**
 * The room as its automatic actions see it. The room stays the one authority: every action
 * goes through its queue (`serial`) and its `apply`, like a person's.
 */
export interface AutoRoom {
  readonly id: string;
  readonly dice: GameDice;
  /** The room is shutting down. */
  closed(): boolean;
  /** The store refused a write it should have accepted: the room waits to be replaced. */
  broken(): boolean;
  /** The game is being played (not waiting for a player, not over). */
  playing(): boolean;
  match(): MatchState;
  version(): number;
  serial(task: () => Promise<RoomResult<number>>): Promise<RoomResult<number>>;
  apply(action: GameAction): Promise<RoomResult<number>>;
  /** How long the opening roll still waits for the players' seeds (room-fair.ts); 0: not at all. */
  seedWait(): number;
  /** Draws and applies the opening roll, the missing seeds stored first (in the queue, like apply). */
  opening(): Promise<RoomResult<number>>;
  /** Sends one frame to everyone watching. */
  tell(frame: string): void;
}

type Step = () => Promise<RoomResult<number>>;

/**
 * The actions nobody is asked for (the opening roll) and the bots' decisions: when each is
 * due, its timer, and the retries of one the store refused (RetryPolicy).
 */
export class RoomAuto {
  private timer: NodeJS.Timeout | null = null;
  /** An automatic action (opening roll, bot move) is waiting or queued. */
  private isDue = false;
  /** Automatic actions the store refused in a row (0: none; the next wait doubles with it). */
  private refusals = 0;
  /** The opening roll waiting for the players' seeds, at the version it was scheduled at. */
  private forSeeds: { step: Step; at: number } | null = null;

  constructor(
    private readonly room: AutoRoom,
    private readonly bots: readonly [Agent | null, Agent | null],
    private readonly deps: AutoDeps,
  ) {}

  /** An action is waiting or queued: the room is busy. */
  get due(): boolean {
    return this.isDue;
  }

  /** Schedules the action nobody is asked for (the opening roll) or a bot's, if one is due. */
  next(): void {
    if (this.room.closed() || this.room.broken() || !this.room.playing() || this.isDue) return;
    const state = this.room.match();
    const actor = actorOf(state.game);
    const at = this.room.version();
    if (actor === null) {
      if (state.game.phase !== 'opening') return;
      // A refused write is tried again with the same dice: GameDice keeps them until one is kept.
      const step = () => this.room.opening();
      const wait = this.room.seedWait();
      this.schedule(wait, step, at);
      if (wait > 0) this.forSeeds = { step, at };
      return;
    }
    const bot = this.bots[actor];
    if (bot === null) return;
    this.isDue = true;
    // The bot thinks outside the queue (in a worker): the queue and the pacer only wait for the apply.
    const think = () => {
      this.timer = null;
      new Promise<Decision>((resolve) => resolve(bot.decide(this.room.match(), actor))).then(
        (decision) => this.enqueue(() => this.room.apply(toAction(decision, actor, this.room.dice)), at),
        (e: unknown) => {
          this.isDue = false;
          if (!this.room.closed()) this.deps.log.error({ err: e, game: this.room.id }, 'the bot could not decide');
        },
      );
    };
    if (this.deps.botDelayMs > 0) this.timer = setTimeout(think, this.deps.botDelayMs);
    else think();
  }

  /** Cancels a waiting action (the room is closing). */
  stop(): void {
    this.forSeeds = null;
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
  }

  /** Both seeds came before their wait ran out: the opening roll waiting for them goes now. */
  seedsIn(): void {
    const waiting = this.forSeeds;
    if (waiting === null || this.timer === null) return;
    this.stop();
    this.isDue = true;
    this.enqueue(waiting.step, waiting.at);
  }

  private schedule(delayMs: number, step: Step, at: number): void {
    this.isDue = true;
    const enqueue = () => {
      this.timer = null;
      this.forSeeds = null;
      this.enqueue(step, at);
    };
    if (delayMs > 0) this.timer = setTimeout(enqueue, delayMs);
    else enqueue();
  }

  /** Runs `step` through the pacer and the room's queue, if the game is still at version `at`. */
  private enqueue(step: Step, at: number): void {
    const task = () =>
      this.room
        .serial(async () => {
          this.isDue = false;
          if (this.room.version() === at) return step();
          // Something else moved the game on in between (a restart's recovery): look again.
          this.next();
          return { ok: true, value: this.room.version() } as const;
        })
        .then((r) => {
          if (r.ok) this.refusals = 0;
          else if (r.error.code === 'ERR_STORE_UNAVAILABLE') this.retryLater(step, at);
          // A bot whose flag fell before its move was applied lost on time (Room.apply): no fault.
          else if (r.error.code !== 'ERR_CLOSED' && r.error.code !== 'ERR_MATCH_OVER')
            this.deps.log.error({ game: this.room.id, error: r.error }, 'automatic action refused');
        });
    this.deps.pacer.enqueue(task);
  }

  /**
   * The store refused an automatic action: the players hear that the server is recovering
   * (ERR_STORE_UNAVAILABLE on their socket, for this game), and the same action is tried again
   * after a wait that doubles with each refusal (RetryPolicy). Meanwhile the room counts as
   * busy, so it is not dropped from memory with the retry in it.
   */
  private retryLater(step: Step, at: number): void {
    if (this.room.closed() || this.room.broken()) return;
    const waitMs = retryWaitMs(this.deps.retry ?? RETRY, this.refusals);
    this.refusals++;
    this.deps.log.warn(
      { game: this.room.id, refusals: this.refusals, waitMs },
      'the store refused an automatic action: retrying',
    );
    this.room.tell(
      JSON.stringify({
        t: 'error',
        game: this.room.id,
        code: 'ERR_STORE_UNAVAILABLE',
        message: `the game could not be saved; the server is recovering and tries again in ${Math.ceil(waitMs / 1000)} s`,
      } satisfies ServerMessage),
    );
    this.stop();
    this.schedule(waitMs, step, at);
  }
}
