import {
  type Agent,
  actorOf,
  type Clock,
  type Decision,
  type DiceSource,
  type GameAction,
  type MatchErrorCode,
  type MatchState,
  matchReducer,
  type Player,
  standardPlayText,
  toAction,
} from '@zar/match';
import { type ClientAction, type GameView, matchView, type ServerMessage } from '@zar/protocol';
import { analysableNow } from './analysis/analysable.js';
import { type BotRunner, InThreadBots } from './bots/index.js';
import { GameDice } from './dice.js';
import { hintNow } from './hint-now.js';
import type { Pacer } from './pacer.js';
import { ratedMeta, seatViews } from './rated-view.js';
import { type LiveDeps, type LiveRoom, RoomLive } from './room-live.js';
import { RoomRated } from './room-rated.js';
import { rateRequestOf } from './room-rating.js';
import { botsOf, seatOf } from './seats.js';
import type { GameRow, GameStatusRow, MatchOutcome, SeatRow, Store } from './store/types.js';
import { isStoreUnavailable } from './store/unavailable.js';
import { eventAction, type ViewHalves, ViewJson, viewFor } from './view-json.js';

export interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** Someone watching a game: a player in a seat, or a spectator (userId null or not seated). */
export interface Subscriber {
  readonly userId: string | null;
  /** One serialized ServerMessage. */
  send(frame: string): void;
}

export interface RoomDeps extends LiveDeps {
  readonly store: Store;
  readonly log: Log;
  /** Pause before a bot acts, so people can follow its moves (0 in tests and benchmarks). */
  readonly botDelayMs: number;
  readonly now: () => number;
  /** Shared by all rooms: automatic actions run a few at a time. */
  readonly pacer: Pacer;
  /** Decides for the bot seats (a worker pool); on the main thread, through the pacer, when left out. */
  readonly bots?: BotRunner;
  /** How an automatic action the store refused is tried again (RETRY when left out). */
  readonly retry?: RetryPolicy;
  /** Asked for a fresh copy of the game from the store when this one is broken (Rooms). */
  readonly reload?: (room: Room) => void;
  /** Stores and starts a new game (Rooms.create): the match a rematch starts. */
  readonly create?: (row: GameRow) => Promise<unknown>;
}

/**
 * The wait before trying again an automatic action (opening roll, bot move) that the store
 * refused: `firstMs`, doubled at each refusal up to `maxMs`. It is tried again for as long as
 * the room lives, so a game goes on by itself once the database is back; the wait is what is
 * bounded, so a long outage costs one write every `maxMs` a game, not a storm.
 */
export interface RetryPolicy {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const RETRY: RetryPolicy = { firstMs: 250, maxMs: 30_000 };

/** The wait before the next try, after `refusals` refusals in a row (0: the first wait). */
export const retryWaitMs = ({ firstMs, maxMs }: RetryPolicy, refusals: number): number =>
  Math.min(maxMs, firstMs * 2 ** Math.min(refusals, 30));

export type RoomErrorCode =
  | MatchErrorCode
  | 'ERR_STALE'
  | 'ERR_NOT_A_PLAYER'
  | 'ERR_NOT_PLAYING'
  | 'ERR_GAME_FULL'
  | 'ERR_NOT_OPEN'
  | 'ERR_CLOSED'
  | 'ERR_STORE_UNAVAILABLE'
  | 'ERR_NO_CLAIM'
  | 'ERR_CLAIM_EARLY'
  | 'ERR_NO_REMATCH'
  | 'ERR_INTERNAL';

export type RoomResult<T> = { ok: true; value: T } | { ok: false; error: { code: RoomErrorCode; message: string } };

const fail = (code: RoomErrorCode, message: string): RoomResult<never> => ({ ok: false, error: { code, message } });

/** The score and winner to store with an action that changed them (it ended a game), else nothing. */
function outcomeChange(before: MatchState, after: MatchState, abandonedBy?: Player): MatchOutcome | undefined {
  const same =
    before.score[0] === after.score[0] && before.score[1] === after.score[1] && before.winner === after.winner;
  if (same) return undefined;
  const outcome = { score: [after.score[0], after.score[1]] as const, winner: after.winner };
  return abandonedBy === undefined ? outcome : { ...outcome, abandonedBy };
}

const unavailable = (): RoomResult<never> =>
  fail('ERR_STORE_UNAVAILABLE', 'the game could not be saved (the database is away); try again shortly');

/**
 * The one authority over one match (lila's round actor, boardgame.io's master). Commands run
 * one at a time through a promise queue; each applied action is stored before anyone hears of
 * it, then broadcast with the new version. Bots and the opening roll take the same path.
 */
export class Room {
  readonly id: string;
  private row: GameRow;
  private state: MatchState;
  private readonly actions: GameAction[];
  /** Spent only by kept actions (dice.ts): a refused roll leaves its dice for the next. */
  private readonly dice: GameDice;
  private readonly runner: BotRunner;
  private readonly bots: [Agent | null, Agent | null];
  private readonly subscribers = new Set<Subscriber>();
  private readonly json = new ViewJson();
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private timer: NodeJS.Timeout | null = null;
  /** An automatic action (opening roll, bot move) is waiting or queued. */
  private due = false;
  private closed = false;
  /** Automatic actions the store refused in a row (0: none; the next wait doubles with it). */
  private refusals = 0;
  /** Rated or casual, the seats' ratings, the rematch, the series (room-rated.ts). */
  private readonly rating: RoomRated;
  /** The store refused a write it should have accepted: this copy must not be trusted. */
  broken = false;
  /** The fresh copy that took this broken one's watchers over. */
  private successor: Room | null = null;
  /** The clock and its flag timer, who is connected, the claim rule (room-live.ts). */
  private readonly live: RoomLive;
  lastActive: number;

  constructor(
    row: GameRow,
    state: MatchState,
    actions: GameAction[],
    dice: DiceSource,
    private readonly deps: RoomDeps,
    /** The clock rebuilt from the record (Rooms.load); a new match's starts at its creation. */
    clock?: Clock | null,
  ) {
    this.id = row.id;
    this.row = row;
    this.state = state;
    this.actions = actions;
    this.dice = new GameDice(dice);
    this.runner = deps.bots ?? new InThreadBots(deps.pacer);
    this.bots = botsOf(row.id, row.seats, this.runner);
    this.rating = new RoomRated(row, deps);
    this.lastActive = deps.now();
    this.live = new RoomLive(this.liveRoom, clock, deps, () => this.flagFell());
  }

  get version(): number {
    return this.actions.length;
  }

  get status(): GameStatusRow {
    return this.row.status;
  }

  get seats(): GameRow['seats'] {
    return this.row.seats;
  }

  get match(): MatchState {
    return this.state;
  }

  /** A rated match: only accounts may join it. */
  get rated(): boolean {
    return this.row.rated;
  }

  /** Nothing queued, nothing scheduled, no clock running, nobody watching, quiet for `idleMs`. */
  idle(now: number, idleMs: number): boolean {
    return (
      this.pending === 0 &&
      !this.due &&
      !this.live.flag.armed &&
      this.subscribers.size === 0 &&
      now - this.lastActive >= idleMs
    );
  }

  view(userId: string | null): GameView {
    return matchView(this.state, this.meta(seatOf(this.row.seats, userId)), this.actions);
  }

  stateMessage(userId: string | null): ServerMessage {
    return { t: 'state', game: this.id, v: this.version, view: this.view(userId) };
  }

  /** stateMessage, serialised: the JSON of the unchanged parts of the view is reused. */
  stateFrame(userId: string | null): string {
    const you = seatOf(this.row.seats, userId);
    const view = viewFor(this.viewHalves(), you, this.live.json(this.liveRoom, you, this.deps.now()));
    return `{"t":"state","game":${JSON.stringify(this.id)},"v":${this.version},"view":${view}}`;
  }

  subscribe(sub: Subscriber): () => void {
    this.subscribers.add(sub);
    this.lastActive = this.deps.now();
    const moved = this.live.sense(this.row.seats, this.watchers());
    sub.send(this.stateFrame(sub.userId));
    if (moved) this.resend(sub);
    return () => this.unsubscribe(sub);
  }

  /** Also from the copy that replaced this one, if the watcher was handed over to it. */
  unsubscribe(sub: Subscriber): void {
    this.subscribers.delete(sub);
    this.lastActive = this.deps.now();
    if (this.live.sense(this.row.seats, this.watchers())) this.resend();
    this.successor?.unsubscribe(sub);
  }

  /**
   * This copy is broken and `fresh` was loaded from the store: everyone watching this one
   * watches that one from now on, starting with its state (a resync), and what ends a watch
   * here ends it there.
   */
  handOver(fresh: Room): void {
    this.successor = fresh;
    for (const sub of this.subscribers) fresh.subscribe(sub);
    this.subscribers.clear();
  }

  /** A player's action at the version he saw; the seat is his session's, never the message's. */
  act(userId: string | null, action: ClientAction, version: number): Promise<RoomResult<number>> {
    return this.serial(async () => {
      if (this.row.status !== 'playing') return fail('ERR_NOT_PLAYING', `the game is ${this.row.status}`);
      // Not being a player comes first: it does not change with the version.
      const seat = seatOf(this.row.seats, userId);
      if (seat === null) return fail('ERR_NOT_A_PLAYER', 'you do not play in this game');
      if (version !== this.version) {
        return fail('ERR_STALE', `you acted on version ${version}; the game is at version ${this.version}`);
      }
      // A flag that fell before the action came ends the match first (its timer may be a moment behind).
      const late = await this.lateFlag();
      if (late !== null) return late;
      if (actorOf(this.state.game) !== seat) return fail('ERR_NOT_YOUR_TURN', 'it is not your turn to act');
      // The record keeps one notation of a play, whatever form its sender wrote it in.
      const standard =
        action.type === 'play' ? { ...action, play: standardPlayText(this.state.game, action.play) } : action;
      return this.apply(toAction(standard, seat, this.dice));
    });
  }

  /**
   * Seats a person in the empty seat (from the lobby or an invite link) and starts the game.
   * Someone already seated gets his seat back, so opening one's own link twice is harmless.
   */
  join(userId: string, name: string, via: 'lobby' | 'invite'): Promise<RoomResult<Player>> {
    return this.serial(async () => {
      const mine = seatOf(this.row.seats, userId);
      if (mine !== null) return { ok: true, value: mine };
      if (via === 'lobby' && !this.row.open) return fail('ERR_NOT_OPEN', 'this game is not open to join');
      const empty = this.row.seats.findIndex((s) => s.kind === 'human' && s.userId === null);
      if (this.row.status !== 'waiting' || empty === -1) return fail('ERR_GAME_FULL', 'both seats are taken');
      const taken = { ...(this.row.seats[empty] as SeatRow), userId, name };
      const seats: GameRow['seats'] = empty === 0 ? [taken, this.row.seats[1]] : [this.row.seats[0], taken];
      const change = { seats, status: 'playing' as const, open: false };
      const at = this.deps.now();
      await this.deps.store.updateGame(this.id, change, at);
      this.row = { ...this.row, ...change, updatedAt: at };
      this.live.sense(this.row.seats, this.watchers());
      await this.rating.read(this.row, false);
      for (const sub of this.subscribers) sub.send(this.stateFrame(sub.userId));
      this.next();
      return { ok: true, value: empty as Player };
    });
  }

  /**
   * Claims the match of the absent actor in an untimed match between people (claim.ts): he
   * loses it as on time, recorded as having abandoned it.
   */
  claim(userId: string | null, version: number): Promise<RoomResult<number>> {
    return this.serial(async () => {
      if (this.row.status !== 'playing') return fail('ERR_NOT_PLAYING', `the game is ${this.row.status}`);
      const seat = seatOf(this.row.seats, userId);
      if (seat === null) return fail('ERR_NOT_A_PLAYER', 'you do not play in this game');
      if (version !== this.version) {
        return fail('ERR_STALE', `you claimed at version ${version}; the game is at version ${this.version}`);
      }
      const absent = this.live.claim(this.liveRoom, seat);
      if (!absent.ok) return absent;
      return this.apply({ type: 'timeout', player: absent.value }, absent.value);
    });
  }

  /**
   * Ends a game against a bot whose player went away (abandon.ts): unless something happened
   * after `idleSince`, the player loses on time (the match's 'timeout', stored and replayed like
   * any action). One timeout ends the match, a money session too (match.ts, bookTimeout).
   */
  abandon(idleSince: number): Promise<RoomResult<number>> {
    return this.serial(async () => {
      if (this.row.status !== 'playing') return fail('ERR_NOT_PLAYING', `the game is ${this.row.status}`);
      if (this.row.updatedAt > idleSince) return fail('ERR_STALE', 'the game went on after the given time');
      const person = this.row.seats.findIndex((s) => s.kind === 'human');
      if (person === -1 || this.row.seats.every((s) => s.kind === 'human')) {
        return fail('ERR_NOT_A_PLAYER', 'only a game against a bot is abandoned');
      }
      return this.apply({ type: 'timeout', player: person as Player });
    });
  }

  /**
   * Starts whatever is due without a person: the opening roll, a bot's decision. Resolves once
   * the room has read what it shows beside the match (the ratings, a rematch already started),
   * ahead of any command in its queue.
   */
  start(): Promise<void> {
    const read = this.serial(async () => {
      await this.rating.read(this.row, true);
      // Watchers handed over from a broken copy were sent a state before this was read.
      for (const sub of this.subscribers) sub.send(this.stateFrame(sub.userId));
      return { ok: true, value: undefined };
    });
    this.next();
    this.live.arm();
    return read.then(() => undefined);
  }

  /**
   * A seated player offers (true) or withdraws or declines (false) a rematch of the finished
   * match; once both agree (a bot at once), the next match is stored and started, and everyone
   * watching is sent a state whose rematch names it. Offers are kept in memory only: a restart
   * forgets them, as lichess does; the match a rematch started is stored and found again.
   */
  rematch(userId: string | null, offer: boolean): Promise<RoomResult<string | null>> {
    return this.serial(async () => {
      const r = await this.rating.offer(this.row, seatOf(this.row.seats, userId), offer);
      if (!r.ok) return r;
      for (const sub of this.subscribers) sub.send(this.stateFrame(sub.userId));
      return { ok: true, value: r.value.next };
    });
  }

  /** Stops scheduling; resolves when the queue has drained. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    this.live.flag.clear();
    await this.tail;
    this.runner.forget(this.id);
  }

  private meta(you: Player | null) {
    return {
      id: this.id,
      status: this.row.status,
      players: seatViews(this.row.seats, this.rating.source.standing),
      you,
      hint: hintNow(this.row.seats, this.state, you),
      analysable: analysableNow(this.row.status, this.state.settings),
      ...this.live.meta(this.liveRoom, you, this.deps.now()),
      ...ratedMeta(this.rating.source, this.row.status, this.state.winner, you),
    };
  }

  private serial<T>(task: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    this.pending++;
    this.lastActive = this.deps.now();
    const run = async (): Promise<RoomResult<T>> => {
      try {
        if (this.closed) return fail('ERR_CLOSED', 'the server is shutting down');
        return await task();
      } catch (e) {
        this.deps.log.error({ err: e, game: this.id }, 'room command failed');
        return isStoreUnavailable(e) ? unavailable() : fail('ERR_INTERNAL', 'the server could not do that');
      } finally {
        this.pending--;
        this.lastActive = this.deps.now();
      }
    };
    const result = this.tail.then(run);
    this.tail = result;
    return result;
  }

  /**
   * Applies, stores, then tells everyone. Only called from inside the queue. `abandonedBy`: the
   * seat that loses this match by abandonment (a claim, or a flag fallen while he was away).
   */
  private async apply(action: GameAction, abandonedBy?: Player): Promise<RoomResult<number>> {
    const r = matchReducer(this.state, action);
    if (!r.ok) return r;
    const status: GameStatusRow = r.value.winner !== null ? 'over' : 'playing';
    const changed = status === this.row.status ? undefined : status;
    let stored: Awaited<ReturnType<Store['appendAction']>>;
    const at = this.deps.now();
    // A rated match is rated by the store with the action that ends it, in one transaction.
    const rate = rateRequestOf(this.row, this.state, r.value);
    try {
      stored = await this.deps.store.appendAction(
        this.id,
        this.version,
        action,
        at,
        changed,
        outcomeChange(this.state, r.value, abandonedBy),
        rate,
      );
    } catch (e) {
      // Nothing was applied here and the action may be tried again; should the store have kept
      // it all the same (a connection cut after COMMIT), the retry meets a version conflict
      // and the game is reloaded from the store (below).
      this.deps.log.warn({ err: e, game: this.id, version: this.version }, 'the store refused an action');
      return unavailable();
    }
    if (!stored.ok) {
      this.broken = true;
      this.deps.log.error({ game: this.id, version: this.version }, 'stored version differs from the room: reload');
      this.deps.reload?.(this);
      return fail('ERR_INTERNAL', 'the game changed elsewhere; reload it');
    }
    this.state = r.value;
    this.live.ticked(r.value, at);
    this.actions.push(action);
    this.dice.kept(action);
    this.row = {
      ...this.row,
      status: changed ?? this.row.status,
      updatedAt: at,
      score: r.value.score,
      winner: r.value.winner,
      ...(abandonedBy === undefined ? {} : { abandonedBy }),
    };
    if (changed === 'over') this.runner.forget(this.id);
    this.rating.rated(this.row, stored.rated);
    this.broadcast(action);
    this.next();
    return { ok: true, value: this.version };
  }

  private viewHalves(): ViewHalves {
    const { id, row, state, actions } = this;
    return this.json.halves({
      id,
      status: row.status,
      seats: row.seats,
      match: state,
      actions,
      rated: this.rating.source,
    });
  }

  /**
   * Each subscriber gets its own `you`; the event is serialised once and at most three
   * distinct frames are joined from it (ServerMessage 'event', as test/view-json.test.ts checks).
   */
  private broadcast(action: GameAction): void {
    if (this.subscribers.size === 0) return;
    const halves = this.viewHalves();
    const head = `{"t":"event","game":${JSON.stringify(this.id)},"v":${this.version},"action":${JSON.stringify(eventAction(action))},"view":`;
    const frames = new Map<Player | null, string>();
    const at = this.deps.now();
    for (const sub of this.subscribers) {
      const you = seatOf(this.row.seats, sub.userId);
      let frame = frames.get(you);
      if (frame === undefined) {
        frame = `${head}${viewFor(halves, you, this.live.json(this.liveRoom, you, at))}}`;
        frames.set(you, frame);
      }
      sub.send(frame);
    }
  }

  private get liveRoom(): LiveRoom {
    return { row: this.row, match: this.state };
  }

  private watchers(): (string | null)[] {
    return Array.from(this.subscribers, (sub) => sub.userId);
  }

  /** A fresh state to every watcher (but `except`), after something beside the match changed. */
  private resend(except?: Subscriber): void {
    for (const sub of this.subscribers) if (sub !== except) sub.send(this.stateFrame(sub.userId));
  }

  /**
   * The actor's flag has fallen by now: he loses the match on time, through the queue like any
   * action (stored before anyone hears of it). Null when no flag has fallen.
   */
  private async timeOutIfFallen(): Promise<RoomResult<number> | null> {
    const flagged = this.live.fallen(this.liveRoom);
    if (flagged === null) return null;
    return this.apply({ type: 'timeout', player: flagged.player }, flagged.abandonedBy);
  }

  /** An action that came after the flag fell: the match ends on time first, and the action is refused. */
  private async lateFlag(): Promise<RoomResult<never> | null> {
    const r = await this.timeOutIfFallen();
    if (r === null) return null;
    return r.ok ? fail('ERR_MATCH_OVER', 'time ran out before this action arrived: the match is over') : r;
  }

  /** The flag timer fired: time out the actor (a store that is away is asked again, as in RETRY). */
  private flagFell(): void {
    void this.serial(async () => {
      const r = await this.timeOutIfFallen();
      // Fired before the fall on this room's clock (an injected one): wait again.
      if (r === null) this.live.arm();
      return r ?? { ok: true, value: this.version };
    }).then((r) => {
      if (r.ok) this.live.refusals = 0;
      else if (r.error.code === 'ERR_STORE_UNAVAILABLE' && !this.closed && !this.broken) {
        this.live.flag.at(retryWaitMs(this.deps.retry ?? RETRY, this.live.refusals++));
      }
    });
  }

  /** Schedules the action nobody is asked for (the opening roll) or a bot's, if one is due. */
  private next(): void {
    if (this.closed || this.broken || this.row.status !== 'playing' || this.due) return;
    const actor = actorOf(this.state.game);
    const at = this.version;
    if (actor === null) {
      if (this.state.game.phase !== 'opening') return;
      // A refused write is tried again with the same dice: GameDice keeps them until one is kept.
      this.schedule(0, () => this.apply({ type: 'opening', dice: this.dice.openingRoll() }), at);
      return;
    }
    const bot = this.bots[actor];
    if (bot === null) return;
    this.due = true;
    // The bot thinks outside the queue (in a worker): the queue and the pacer only wait for the apply.
    const think = () => {
      this.timer = null;
      new Promise<Decision>((resolve) => resolve(bot.decide(this.state, actor))).then(
        (decision) => this.enqueue(() => this.apply(toAction(decision, actor, this.dice)), at),
        (e: unknown) => {
          this.due = false;
          if (!this.closed) this.deps.log.error({ err: e, game: this.id }, 'the bot could not decide');
        },
      );
    };
    if (this.deps.botDelayMs > 0) this.timer = setTimeout(think, this.deps.botDelayMs);
    else think();
  }

  private schedule(delayMs: number, step: () => Promise<RoomResult<number>>, at: number): void {
    this.due = true;
    const enqueue = () => {
      this.timer = null;
      this.enqueue(step, at);
    };
    if (delayMs > 0) this.timer = setTimeout(enqueue, delayMs);
    else enqueue();
  }

  /** Runs `step` through the pacer and the queue, if the game is still at version `at`. */
  private enqueue(step: () => Promise<RoomResult<number>>, at: number): void {
    const task = () =>
      this.serial(async () => {
        this.due = false;
        if (this.version === at) return step();
        // Something else moved the game on in between (a restart's recovery): look again.
        this.next();
        return { ok: true, value: this.version } as const;
      }).then((r) => {
        if (r.ok) this.refusals = 0;
        else if (r.error.code === 'ERR_STORE_UNAVAILABLE') this.retryLater(step, at);
        else if (r.error.code !== 'ERR_CLOSED')
          this.deps.log.error({ game: this.id, error: r.error }, 'automatic action refused');
      });
    this.deps.pacer.enqueue(task);
  }

  /**
   * The store refused an automatic action: the players hear that the server is recovering
   * (ERR_STORE_UNAVAILABLE on their socket, for this game), and the same action is tried again
   * after a wait that doubles with each refusal (RetryPolicy). Meanwhile the room counts as
   * busy, so it is not dropped from memory with the retry in it.
   */
  private retryLater(step: () => Promise<RoomResult<number>>, at: number): void {
    if (this.closed || this.broken) return;
    const waitMs = retryWaitMs(this.deps.retry ?? RETRY, this.refusals);
    this.refusals++;
    this.deps.log.warn(
      { game: this.id, refusals: this.refusals, waitMs },
      'the store refused an automatic action: retrying',
    );
    const notice = JSON.stringify({
      t: 'error',
      game: this.id,
      code: 'ERR_STORE_UNAVAILABLE',
      message: `the game could not be saved; the server is recovering and tries again in ${Math.ceil(waitMs / 1000)} s`,
    } satisfies ServerMessage);
    for (const sub of this.subscribers) sub.send(notice);
    this.clearTimer();
    this.schedule(waitMs, step, at);
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
  }
}
