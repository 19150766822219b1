import {
  actorOf,
  type Clock,
  type DiceSource,
  type GameAction,
  type MatchState,
  matchReducer,
  type Player,
  standardPlayText,
  toAction,
} from '@zar/match';
import type { ClientAction, GameView, ServerMessage } from '@zar/protocol';
import { type BotRunner, InThreadBots } from '../bots/index.js';
import type { FairDiceRow, GameRow, GameStatusRow, SeatRow, Store } from '../store/types.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import { personAgainstBot } from './abandon.js';
import { RoomCompany } from './company/company.js';
import { decideSeed, type FairDeps, seedsBeforeOpening } from './company/fair.js';
import { decideSpectators, strangers } from './company/spectators.js';
import { admits, spectatorsAdmitted } from './company/view.js';
import type { WatchDeps } from './company/watchers.js';
import { RoomFrames } from './frames.js';
import { outcomeChange } from './outcome-change.js';
import { PRESENCE_EVERY_MS, PresenceRelay } from './presence.js';
import { pastPairLimit, readStanding } from './rating/loaders.js';
import { NO_STANDING, rateAtEnd } from './rating/ratings.js';
import { decideRematch, type RematchDeps, rematchFor, startRematch } from './rating/rematch.js';
import { PAST_PAIR_LIMIT, type RatedSource, ratedAfterRead, ratedAtEnd, ratedSourceOf } from './rating/view.js';
import { type AutoDeps, type AutoRoom, RoomAuto } from './room-auto.js';
import { type FlagRoom, flagFell, lateFlag } from './room-flag.js';
import { type LiveDeps, type LiveRoom, RoomLive } from './room-live.js';
import { fail, type Log, type RoomResult, type Subscriber, unavailable } from './room-result.js';
import { botsOf, seatOf } from './seats.js';

export interface RoomDeps extends LiveDeps, AutoDeps, FairDeps, WatchDeps, RematchDeps {
  readonly store: Store;
  readonly log: Log;
  readonly now: () => number;
  /** Decides for the bot seats (a worker pool); on the main thread, through the pacer, when left out. */
  readonly bots?: BotRunner;
  /** Asked for a fresh copy of the game from the store when this one is broken (Rooms). */
  readonly reload?: (room: Room) => void;
  /** Told once when a commit ends the match (any ending): the chat and the tournaments follow it. */
  readonly ended?: (room: Room) => void;
}

const DONE = { ok: true as const, value: undefined };

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
  /** The dice and a fair match's seeds, the spectators, the tournament (company/). */
  private readonly company: RoomCompany;
  private readonly runner: BotRunner;
  private readonly subscribers = new Set<Subscriber>();
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private closed = false;
  /** The opening roll and the bots' moves, when due (room-auto.ts). */
  private readonly auto: RoomAuto;
  /** Rated or casual, the seats' ratings, the rematch, the series (rating/view.ts); replaced, never mutated. */
  private rating: RatedSource;
  /** The store refused a write it should have accepted: this copy must not be trusted. */
  broken = false;
  /** The fresh copy that took this broken one's watchers over. */
  private successor: Room | null = null;
  /** The clock and its flag timer, who is connected, the claim rule (room-live.ts). */
  private readonly live: RoomLive;
  /** Tells everyone of a change in who is connected, at most once a second (presence.ts). */
  private readonly presence = new PresenceRelay<Subscriber>(PRESENCE_EVERY_MS, (except) => this.resend(except));
  lastActive: number;

  constructor(
    row: GameRow,
    state: MatchState,
    actions: GameAction[],
    dice: DiceSource | null /* dice.ts diceOfRow: null while a fair match awaits its seeds */,
    private readonly deps: RoomDeps,
    /** The clock rebuilt from the record (Rooms.load); a new match's starts at its creation. */
    clock?: Clock | null,
  ) {
    this.id = row.id;
    this.row = row;
    this.state = state;
    this.actions = actions;
    this.company = new RoomCompany(this.row, dice, deps);
    this.runner = deps.bots ?? new InThreadBots(deps.pacer);
    this.auto = new RoomAuto(this.autoRoom(), botsOf(row, this.runner), deps);
    this.rating = ratedSourceOf(row, NO_STANDING, rematchFor(row));
    this.lastActive = deps.now();
    this.live = new RoomLive(this.liveRoom, clock, deps, () => flagFell(this.flagRoom));
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

  /** The tournament the match is a round of (its name read when the room started); null for none. */
  get tournament() {
    return this.company.watching.tournament;
  }

  /** Spectators watching now (each person once). */
  get spectators(): number {
    return this.company.watching.spectators;
  }

  /** `userId` may watch: he plays here, the game waits for an opponent, or spectators are admitted (company/view.ts admits). */
  admits(userId: string | null): boolean {
    return admits(this.row, userId);
  }

  /** Nothing queued, nothing scheduled, no clock running, nobody watching, quiet for `idleMs`. */
  idle(now: number, idleMs: number): boolean {
    return (
      this.pending === 0 &&
      !this.auto.due &&
      !this.live.flag.armed &&
      this.subscribers.size === 0 &&
      now - this.lastActive >= idleMs
    );
  }

  view(userId: string | null): GameView {
    return this.frames.value(this.frames.key(userId));
  }

  stateMessage(userId: string | null): ServerMessage {
    return { t: 'state', game: this.id, v: this.version, view: this.view(userId) };
  }

  /** stateMessage, serialised: the JSON of the unchanged parts of the view is reused. */
  stateFrame(userId: string | null): string {
    return this.frames.state(this.frames.key(userId));
  }

  subscribe(sub: Subscriber): () => void {
    this.subscribers.add(sub);
    this.lastActive = this.deps.now();
    const moved = this.sensed();
    sub.send(this.stateFrame(sub.userId));
    if (moved) this.presence.changed(sub);
    // A spectator with an account may write in the chat: he is sent the view that says so once known.
    void this.company.watching
      .learn(this.row.seats, sub, this.subscribers)
      .then((account) => account && sub.send(this.stateFrame(sub.userId)));
    return () => this.unsubscribe(sub);
  }

  /** Also from the copy that replaced this one, if the watcher was handed over to it. */
  unsubscribe(sub: Subscriber): void {
    this.subscribers.delete(sub);
    this.lastActive = this.deps.now();
    this.company.watching.forget(sub.userId, this.subscribers);
    if (this.sensed()) this.presence.changed();
    this.successor?.unsubscribe(sub);
  }

  /** Who is connected and how many spectators watch, read again: true when either changed (everyone is told, at the presence's pace). */
  private sensed(): boolean {
    const moved = this.live.sense(
      this.row.seats,
      Array.from(this.subscribers, (sub) => sub.userId),
    );
    return this.company.watching.recount(this.row.seats, this.subscribers) || moved;
  }

  /**
   * This copy is broken and `fresh` was loaded from the store: everyone watching this one
   * watches that one from now on, starting with its state (a resync), and what ends a watch
   * here ends it there. An ending the store kept though it said it lost it is told now.
   */
  handOver(fresh: Room): void {
    this.successor = fresh;
    for (const sub of this.subscribers) fresh.subscribe(sub);
    this.subscribers.clear();
    if (this.row.status !== 'over' && fresh.status === 'over') this.deps.ended?.(fresh);
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
      const late = await lateFlag(this.flagRoom);
      if (late !== null) return late;
      if (actorOf(this.state.game) !== seat) return fail('ERR_NOT_YOUR_TURN', 'it is not your turn to act');
      // The record keeps one notation of a play, whatever form its sender wrote it in.
      const standard =
        action.type === 'play' ? { ...action, play: standardPlayText(this.state.game, action.play) } : action;
      return this.apply(toAction(standard, seat, this.company.fair.dice));
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
      this.company.fair.started(at);
      if (!spectatorsAdmitted(this.row)) this.sendAway(); // those who came to the link and did not join
      this.sensed();
      await this.readRatings(false);
      this.resend();
      this.auto.next();
      return { ok: true, value: empty as Player };
    });
  }

  /** Claims an untimed match between people from its absent actor (claim.ts): he loses it as on time, abandoned. */
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
      const person = personAgainstBot(this.row.seats);
      if (person === null) return fail('ERR_NOT_A_PLAYER', 'only a game against a bot is abandoned');
      return this.apply({ type: 'timeout', player: person });
    });
  }

  /**
   * Starts whatever is due without a person: the opening roll, a bot's decision. Resolves once
   * the room has read what it shows beside the match (the ratings, a rematch already started),
   * ahead of any command in its queue.
   */
  start(): Promise<void> {
    const read = this.serial(async () => {
      await this.readRatings(true);
      await this.company.watching.readTournament(this.row);
      // Watchers handed over from a broken copy were sent a state before this was read.
      this.resend();
      return { ok: true, value: undefined };
    });
    this.auto.next();
    this.live.arm();
    return read.then(() => undefined);
  }

  /**
   * A seated player offers (true) or withdraws or declines (false) a rematch of the finished
   * match; once both agree (a bot at once), the next match is stored and started, and everyone
   * watching is sent a state whose rematch names it. Offers are kept in memory only: a restart
   * forgets them, as lichess does; the match a rematch started is stored and found again.
   */
  rematch(userId: string | null, offer: boolean, address: string): Promise<RoomResult<string | null>> {
    return this.serial(async () => {
      const seat = seatOf(this.row.seats, userId);
      const d = decideRematch(this.rating.rematch, this.row, seat, offer, this.deps.now());
      if (!d.ok) return d;
      const { rematch, start, tell } = d.value;
      if (start !== null) {
        const started = await startRematch(this.deps, this.row, start, userId, address);
        if (!started.ok) return started;
      }
      if (tell === 'all') this.rating = { ...this.rating, rematch };
      this.resend(undefined, tell === 'all' ? undefined : userId);
      return { ok: true, value: rematch.next };
    });
  }

  /** A seated player's seed for the fair dice (company/fair.ts): stored, then shown; both in, the opening roll goes. */
  seed(userId: string | null, seed: string): Promise<RoomResult<void>> {
    return this.serial(async () => {
      const d = decideSeed(this.row.fair, seatOf(this.row.seats, userId), seed, this.row.status, this.actions);
      if (!d.ok) return d;
      if (d.value.store !== null) await this.storeFair(d.value.store);
      this.resend(undefined, d.value.tell === 'all' ? undefined : userId);
      if (d.value.opening) this.auto.seedsIn();
      return DONE;
    });
  }

  /** A player of a casual match between people forbids (false) or allows (true) spectators; forbidden, they are sent away. */
  allowSpectators(userId: string | null, allow: boolean): Promise<RoomResult<void>> {
    return this.serial(async () => {
      const d = decideSpectators(this.row, seatOf(this.row.seats, userId), allow);
      if (!d.ok) return d;
      if (d.value.store !== null) await this.store({ noSpectators: d.value.store });
      if (d.value.sendAway) {
        this.sendAway();
        this.sensed();
      }
      this.resend();
      return DONE;
    });
  }

  /** Stops scheduling; resolves when the queue has drained. */
  async close(): Promise<void> {
    this.closed = true;
    this.auto.stop();
    this.live.flag.clear();
    this.presence.clear();
    await this.tail;
    this.runner.forget(this.id);
  }

  private serial<T>(task: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    this.pending++;
    this.lastActive = this.deps.now();
    const run = async (): Promise<RoomResult<T>> => {
      try {
        if (this.closed) return fail('ERR_CLOSED', 'the server is shutting down');
        return await task();
      } catch (e) {
        this.deps.log[isStoreUnavailable(e) ? 'warn' : 'error']({ err: e, game: this.id }, 'room command failed');
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
    // One reading decides whether the flag fell first and is the stored time: an action at or after
    // the fall would be played on a spent reserve (a bot that thought past it, a person a ms late).
    const at = this.deps.now();
    if (action.type !== 'timeout') {
      const flagged = this.live.fallen(this.liveRoom, at);
      if (flagged !== null) {
        const r = await this.commit({ type: 'timeout', player: flagged.player }, at, flagged.abandonedBy);
        return r.ok ? fail('ERR_MATCH_OVER', 'time ran out before this action: the match is over') : r;
      }
    }
    return this.commit(action, at, abandonedBy);
  }

  /** Stores `action`, applied at `at`, then tells everyone (apply's second half). */
  private async commit(action: GameAction, at: number, abandonedBy?: Player): Promise<RoomResult<number>> {
    const r = matchReducer(this.state, action);
    if (!r.ok) return r;
    const status: GameStatusRow = r.value.winner !== null ? 'over' : 'playing';
    const changed = status === this.row.status ? undefined : status;
    let stored: Awaited<ReturnType<Store['appendAction']>>;
    // A rated match is rated by the store with the action that ends it, in one transaction.
    const rate = rateAtEnd(this.row, this.state, r.value, this.actions, action, this.live.presence, at);
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
      // A fresh copy takes over, with its own timer: this one's would fire refused writes, and hold it.
      this.live.flag.clear();
      this.presence.clear();
      this.deps.log.error({ game: this.id, version: this.version }, 'stored version differs from the room: reload');
      this.deps.reload?.(this);
      return fail('ERR_INTERNAL', 'the game changed elsewhere; reload it');
    }
    this.state = r.value;
    this.live.ticked(r.value, at);
    this.actions.push(action);
    this.company.fair.dice.kept(action);
    this.row = {
      ...this.row,
      status: changed ?? this.row.status,
      updatedAt: at,
      score: r.value.score,
      winner: r.value.winner,
      ...(abandonedBy === undefined ? {} : { abandonedBy }),
    };
    if (changed === 'over') this.runner.forget(this.id);
    const rated = ratedAtEnd(this.rating, this.row, stored);
    if (rated !== null) ({ row: this.row, source: this.rating } = rated);
    this.frames.event(this.subscribers, action);
    this.auto.next();
    if (changed === 'over') this.deps.ended?.(this);
    return { ok: true, value: this.version };
  }

  /** The room as its automatic actions see it: its queue, its apply, its watchers. */
  private autoRoom(): AutoRoom {
    return {
      id: this.id,
      dice: this.company.fair.dice,
      closed: () => this.closed,
      broken: () => this.broken,
      playing: () => this.row.status === 'playing',
      match: () => this.state,
      version: () => this.version,
      serial: (task) => this.serial(task),
      apply: (action) => this.apply(action),
      seedWait: () => this.company.fair.waitLeft(),
      opening: () => this.opening(),
      tell: (frame) => {
        for (const sub of this.subscribers) sub.send(frame);
      },
    };
  }

  private get liveRoom(): LiveRoom {
    return { row: this.row, match: this.state };
  }

  /** A fresh state to every watcher (but `except`; only `user`'s, if given), after something beside the match changed: one frame per seat, as a presence flip reaches every spectator. */
  private resend(except?: Subscriber, user?: string | null): void {
    this.frames.resend(this.subscribers, (sub) => sub !== except && (user === undefined || sub.userId === user));
  }

  /** The room's frames, written from its values as they are when each is written (room-frames.ts). */
  private readonly frames = new RoomFrames(() => ({
    id: this.id,
    version: this.version,
    row: this.row,
    match: this.state,
    actions: this.actions,
    rated: this.rating,
    company: this.company,
    now: this.deps.now(),
    live: (you, at) => this.live.meta(this.liveRoom, you, at),
  }));

  /**
   * The opening roll: a fair match's seeds not given by now are stored as absent first
   * (company/fair.ts seedsBeforeOpening), so that it is drawn from seeds that never change again.
   */
  private async opening(): Promise<RoomResult<number>> {
    const absent = seedsBeforeOpening(this.row.fair);
    try {
      if (absent !== null) await this.storeFair(absent);
    } catch (e) {
      this.deps.log.warn({ err: e, game: this.id }, 'the store refused the absent seeds');
      return unavailable();
    }
    return this.apply({ type: 'opening', dice: this.company.fair.dice.openingRoll() });
  }

  /**
   * Reads the seats' ratings again (at start, when someone sits down) and, at start, a rematch
   * already started (a restart forgets offers, not that). A rated match about to begin whose
   * players are past their limit together is stored as not rated, with the reason, before anyone
   * is shown it. A store that is away leaves what was known: the view shows less, the match goes
   * on (and one not found past the limit is checked again by the store as it ends).
   */
  private async readRatings(rematch: boolean): Promise<void> {
    try {
      if (await pastPairLimit(this.deps.store, this.row, this.version, this.deps.now())) {
        await this.store(PAST_PAIR_LIMIT, true);
        this.rating = { ...this.rating, ...PAST_PAIR_LIMIT };
      }
      const read = await readStanding(this.deps.store, this.row, rematch);
      this.rating = ratedAfterRead(this.rating, read.standing, read.next);
    } catch (e) {
      this.deps.log.warn({ err: e, game: this.id }, 'could not read the ratings of a game');
    }
  }

  /** Stores fields of the row beside the match, then keeps them; `touched`: the game's updatedAt moves too. */
  private async store(change: Partial<Pick<GameRow, 'fair' | 'noSpectators' | 'rated' | 'unrated'>>, touched = false) {
    const at = this.deps.now();
    await this.deps.store.updateGame(this.id, change, at);
    this.row = touched ? { ...this.row, ...change, updatedAt: at } : { ...this.row, ...change };
  }

  /** Stores a fair match's seeds; the dice are drawn from them once complete. */
  private async storeFair(fair: FairDiceRow): Promise<void> {
    await this.store({ fair });
    this.company.fair.stored(fair);
  }

  /** Sends away everyone watching without a seat (spectators forbidden); each is told why (Subscriber.kick). */
  private sendAway(): void {
    for (const sub of strangers(this.row.seats, this.subscribers)) {
      this.subscribers.delete(sub);
      sub.kick?.();
    }
  }

  /** The room as its flag fall sees it (room-flag.ts). */
  private get flagRoom(): FlagRoom {
    return {
      live: this.live,
      ...(this.deps.retry === undefined ? {} : { retry: this.deps.retry }),
      liveRoom: () => this.liveRoom,
      version: () => this.version,
      closed: () => this.closed,
      broken: () => this.broken,
      now: this.deps.now,
      serial: (task) => this.serial(task),
      commit: (action, at, abandonedBy) => this.commit(action, at, abandonedBy),
    };
  }
}
