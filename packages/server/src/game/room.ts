import {
  type Agent,
  actorOf,
  type Clock,
  type Decision,
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
import type { GameRow, GameStatusRow, Store } from '../store/types.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import { abandonCheck } from './abandon.js';
import { type AutoDeps, type AutoStep, dueStep, openingOnSeeds, retried, stillDue } from './automatic.js';
import { type ClaimDeps, claimCheck, claimSituation } from './claim.js';
import { FlagTimer, newRoomClock, tickRoomClock } from './clock.js';
import { clockPresenceOf } from './clock-presence.js';
import { RoomCompany } from './company/company.js';
import type { CompanyDecision } from './company/decision.js';
import { decideSeed, type FairDeps, seedsBeforeOpening } from './company/fair.js';
import { decideSpectators, strangers } from './company/spectators.js';
import { admits, spectatorsAdmitted } from './company/view.js';
import type { WatchDeps } from './company/watchers.js';
import { type Flagged, flagFallen, timeoutOf } from './flag.js';
import { RoomFrames } from './frames.js';
import { decideJoin } from './join.js';
import { outcomeChange } from './outcome-change.js';
import { playerAt } from './player-check.js';
import { PRESENCE_EVERY_MS, type Presence, PresenceRelay, presenceChange, presenceOf } from './presence.js';
import { rowAfterAction, statusAfter } from './progress.js';
import { pastPairLimit, readStanding } from './rating/loaders.js';
import { NO_STANDING, rateAtEnd } from './rating/ratings.js';
import { decideRematch, type RematchDeps, rematchFor, startRematch } from './rating/rematch.js';
import { PAST_PAIR_LIMIT, type RatedSource, ratedAfterRead, ratedAtEnd, ratedSourceOf } from './rating/view.js';
import { afterStep, retryNotice } from './retry.js';
import { fail, type Log, type RoomRefusal, type RoomResult, type Subscriber, unavailable } from './room-result.js';
import { botsOf, seatOf } from './seats.js';
import { StepTimer } from './timer.js';

export interface RoomDeps extends ClaimDeps, AutoDeps, FairDeps, WatchDeps, RematchDeps {
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

/**
 * The one authority over one match (lila's round actor, boardgame.io's master). Commands run
 * one at a time through a promise queue; each applied action is stored before anyone hears of
 * it, then broadcast with the new version. Bots and the opening roll take the same path. Only
 * the room queues, stores, versions and publishes, and it keeps its timers; its helpers
 * (automatic.ts, flag.ts, claim.ts, abandon.ts, presence.ts) decide from its values and call
 * nothing back.
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
  private readonly bots: readonly [Agent | null, Agent | null];
  /** The opening roll or the bot's turn scheduled (automatic.ts); null when none is. */
  private auto: AutoStep | null = null;
  private readonly autoTimer = new StepTimer();
  /** Automatic actions, and flag-fall timeouts, the store refused in a row (the next retry waits longer). */
  private autoRefusals = 0;
  private flagRefusals = 0;
  /** Rated or casual, the seats' ratings, the rematch, the series (rating/view.ts); replaced, never mutated. */
  private rating: RatedSource;
  /** The store refused a write it should have accepted: this copy must not be trusted. */
  broken = false;
  /** The fresh copy that took this broken one's watchers over. */
  private successor: Room | null = null;
  /** Null for an untimed match (clock.ts). */
  private clock: Clock | null;
  /** Set at the clock's flag fall (flag.ts); armed, the room is not dropped from memory. */
  private readonly flag: FlagTimer;
  /** Each seat's presence as last sensed (presence.ts). */
  private present: Presence;
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
    this.bots = botsOf(row, this.runner);
    this.rating = ratedSourceOf(row, NO_STANDING, rematchFor(row));
    this.lastActive = deps.now();
    this.clock = clock === undefined ? newRoomClock(row.clock, state, row.createdAt) : clock;
    this.flag = new FlagTimer(deps.now, () => this.flagFell());
    this.present = presenceOf(row.seats, []);
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
      this.auto === null &&
      !this.flag.armed &&
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
    const present = presenceChange(
      this.row.seats,
      Array.from(this.subscribers, (sub) => sub.userId),
      this.present,
    );
    if (present !== null) this.present = present;
    return this.company.watching.recount(this.row.seats, this.subscribers) || present !== null;
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
      const player = playerAt(this.row, userId, version, this.version, 'acted on');
      if (!player.ok) return player;
      const seat = player.value;
      // A flag that fell before the action came ends the match first (its timer may be a moment behind).
      const at = this.deps.now();
      const flagged = flagFallen(this.row.status, this.clock, this.present, at);
      if (flagged !== null)
        return this.lateFlag(flagged, at, 'time ran out before this action arrived: the match is over');
      if (actorOf(this.state.game) !== seat) return fail('ERR_NOT_YOUR_TURN', 'it is not your turn to act');
      // The record keeps one notation of a play, whatever form its sender wrote it in.
      const standard =
        action.type === 'play' ? { ...action, play: standardPlayText(this.state.game, action.play) } : action;
      return this.apply(toAction(standard, seat, this.company.fair.dice));
    });
  }

  /** Seats a person in the empty seat (from the lobby or an invite link) and starts the game (join.ts). */
  join(userId: string, name: string, via: 'lobby' | 'invite'): Promise<RoomResult<Player>> {
    return this.serial(async () => {
      const d = decideJoin(this.row, userId, name, via);
      if (!d.ok) return d;
      const { seat, change } = d.value;
      if (change === null) return { ok: true, value: seat };
      const at = this.deps.now();
      await this.deps.store.updateGame(this.id, change, at);
      this.row = { ...this.row, ...change, updatedAt: at };
      this.company.fair.started(at);
      if (!spectatorsAdmitted(this.row)) this.sendAway(); // those who came to the link and did not join
      this.sensed();
      await this.readRatings(false);
      this.resend();
      this.next();
      return { ok: true, value: seat };
    });
  }

  /** Claims an untimed match between people from its absent actor (claim.ts): he loses it as on time, abandoned. */
  claim(userId: string | null, version: number): Promise<RoomResult<number>> {
    return this.serial(async () => {
      const seat = playerAt(this.row, userId, version, this.version, 'claimed at');
      if (!seat.ok) return seat;
      const absent = claimCheck(this.claimSituation(), seat.value, this.deps.now());
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
      const person = abandonCheck(this.row, idleSince);
      return person.ok ? this.apply({ type: 'timeout', player: person.value }) : person;
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
    this.next();
    this.flag.set(this.clock);
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
    return this.serial(() => {
      const seat = seatOf(this.row.seats, userId);
      return this.follow(userId, decideSeed(this.row.fair, seat, seed, this.row.status, this.actions));
    });
  }

  /** A player of a casual match between people forbids (false) or allows (true) spectators; forbidden, they are sent away. */
  allowSpectators(userId: string | null, allow: boolean): Promise<RoomResult<void>> {
    return this.serial(() => this.follow(userId, decideSpectators(this.row, seatOf(this.row.seats, userId), allow)));
  }

  /** Does what a company decider decided on `userId`'s command (company/decision.ts), in its order. */
  private async follow(userId: string | null, d: RoomResult<CompanyDecision>): Promise<RoomResult<void>> {
    if (!d.ok) return d;
    const { store, sendAway, tell, opening } = d.value;
    if (store !== null) await this.store(store);
    if (sendAway) {
      this.sendAway();
      this.sensed();
    }
    this.resend(undefined, tell === 'all' ? undefined : userId);
    if (opening) this.seedsIn();
    return { ok: true, value: undefined };
  }

  /** Stops scheduling; resolves when the queue has drained. */
  async close(): Promise<void> {
    this.closed = true;
    this.autoTimer.clear();
    this.flag.clear();
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
    const flagged = action.type === 'timeout' ? null : flagFallen(this.row.status, this.clock, this.present, at);
    if (flagged !== null) return this.lateFlag(flagged, at, 'time ran out before this action: the match is over');
    return this.commit(action, at, abandonedBy);
  }

  /** The actor's flag fell before an action came: the match ends on time first, and the action is refused. */
  private async lateFlag(flagged: Flagged, at: number, message: string): Promise<RoomRefusal> {
    const r = await this.commit(timeoutOf(flagged), at, flagged.abandonedBy);
    return r.ok ? fail('ERR_MATCH_OVER', message) : r;
  }

  /** Stores `action`, applied at `at`, then tells everyone (apply's second half). */
  private async commit(action: GameAction, at: number, abandonedBy?: Player): Promise<RoomResult<number>> {
    const r = matchReducer(this.state, action);
    if (!r.ok) return r;
    const changed = statusAfter(this.row, r.value);
    let stored: Awaited<ReturnType<Store['appendAction']>>;
    // A rated match is rated by the store with the action that ends it, in one transaction.
    const rate = rateAtEnd(this.row, this.state, r.value, this.actions, action, this.present, at);
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
      this.flag.clear();
      this.presence.clear();
      this.deps.log.error({ game: this.id, version: this.version }, 'stored version differs from the room: reload');
      this.deps.reload?.(this);
      return fail('ERR_INTERNAL', 'the game changed elsewhere; reload it');
    }
    this.state = r.value;
    this.clock = tickRoomClock(this.clock, r.value, at);
    this.flag.set(this.clock);
    this.actions.push(action);
    this.company.fair.dice.kept(action);
    this.row = rowAfterAction(this.row, r.value, changed, at, abandonedBy);
    if (changed === 'over') this.runner.forget(this.id);
    const rated = ratedAtEnd(this.rating, this.row, stored);
    if (rated !== null) ({ row: this.row, source: this.rating } = rated);
    this.frames.event(this.subscribers, action);
    this.next();
    if (changed === 'over') this.deps.ended?.(this);
    return { ok: true, value: this.version };
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
    clockPresence: (you, at) =>
      clockPresenceOf({ clock: this.clock, presence: this.present, claim: this.claimSituation() }, you, at),
  }));

  /**
   * The opening roll: a fair match's seeds not given by now are stored as absent first
   * (company/fair.ts seedsBeforeOpening), so that it is drawn from seeds that never change again.
   */
  private async opening(): Promise<RoomResult<number>> {
    const absent = seedsBeforeOpening(this.row.fair);
    try {
      if (absent !== null) await this.store({ fair: absent });
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

  /**
   * Stores fields of the row beside the match, then keeps them (a fair match's dice are drawn
   * from its seeds once complete); `touched`: the game's updatedAt moves too.
   */
  private async store(change: Partial<Pick<GameRow, 'fair' | 'noSpectators' | 'rated' | 'unrated'>>, touched = false) {
    const at = this.deps.now();
    await this.deps.store.updateGame(this.id, change, at);
    this.row = touched ? { ...this.row, ...change, updatedAt: at } : { ...this.row, ...change };
    if (change.fair) this.company.fair.stored(change.fair);
  }

  /** Sends away everyone watching without a seat (spectators forbidden); each is told why (Subscriber.kick). */
  private sendAway(): void {
    for (const sub of strangers(this.row.seats, this.subscribers)) {
      this.subscribers.delete(sub);
      sub.kick?.();
    }
  }

  private claimSituation() {
    return claimSituation(this.row, this.state, this.clock !== null, this.deps);
  }

  /** Schedules what is due without a person, if anything (automatic.ts): the opening roll, a bot's turn. */
  private next(): void {
    if (this.closed || this.broken || this.auto !== null) return;
    const { row, state, version, bots, deps } = this;
    const step = dueStep(row.status, state, version, bots, this.company.fair.waitLeft(), deps.botDelayMs);
    if (step === null) return;
    this.auto = step;
    this.autoTimer.after(step.waitMs, () => this.runAuto(step));
  }

  /** Both seeds came before their wait ran out: the opening roll waiting for them goes now. */
  private seedsIn(): void {
    if (!openingOnSeeds(this.auto, this.autoTimer.armed)) return;
    this.autoTimer.clear();
    this.runAuto(this.auto);
  }

  /** The opening roll is queued; a bot thinks first, outside the queue (in a worker), and its decision is queued. */
  private runAuto(step: AutoStep): void {
    const seat = step.bot;
    if (seat === null) {
      this.enqueue(step, () => this.opening());
      return;
    }
    const bot = this.bots[seat] as Agent;
    new Promise<Decision>((resolve) => resolve(bot.decide(this.state, seat))).then(
      (decision) => this.enqueue(step, () => this.apply(toAction(decision, seat, this.company.fair.dice))),
      (e: unknown) => {
        this.auto = null;
        if (!this.closed) this.deps.log.error({ err: e, game: this.id }, 'the bot could not decide');
      },
    );
  }

  /**
   * Runs `apply` through the pacer and the queue if the game is still where `step` was decided.
   * Refused by the store, it is tried again later (retry.ts) and the players hear that the
   * server is recovering; meanwhile the room is busy, so it is not dropped with the retry in it.
   */
  private enqueue(step: AutoStep, apply: () => Promise<RoomResult<number>>): void {
    const task = () =>
      this.serial(async () => {
        this.auto = null;
        if (stillDue(step, this.version)) return apply();
        // Something else moved the game on in between (a restart's recovery): look again.
        this.next();
        return { ok: true, value: this.version } as const;
      }).then((r) => {
        const after = afterStep(r, this.autoRefusals, this.deps.retry, this.closed || this.broken);
        this.autoRefusals = after.refusals;
        if (after.fault && !r.ok) this.deps.log.error({ game: this.id, error: r.error }, 'automatic action refused');
        if (after.retryMs === null) return;
        const waitMs = after.retryMs;
        this.deps.log.warn(
          { game: this.id, refusals: after.refusals, waitMs },
          'the store refused an automatic action: retrying',
        );
        const notice = retryNotice(this.id, waitMs);
        for (const sub of this.subscribers) sub.send(notice);
        this.auto = retried(step);
        this.autoTimer.after(waitMs, () => this.enqueue(step, apply));
      });
    this.deps.pacer.enqueue(task);
  }

  /** The flag timer fired: the actor loses on time, through the queue; a timeout the store refused is tried again. */
  private flagFell(): void {
    void this.serial(async () => {
      const at = this.deps.now();
      const flagged = flagFallen(this.row.status, this.clock, this.present, at);
      if (flagged !== null) return this.commit(timeoutOf(flagged), at, flagged.abandonedBy);
      this.flag.set(this.clock); // it fired before the fall on this room's clock (an injected one): wait again
      return { ok: true, value: this.version };
    }).then((r) => {
      const after = afterStep(r, this.flagRefusals, this.deps.retry, this.closed || this.broken);
      this.flagRefusals = after.refusals;
      if (after.retryMs !== null) this.flag.at(after.retryMs);
    });
  }
}
