import {
  type Clock,
  type Decision,
  type DiceSource,
  type GameAction,
  type MatchState,
  matchReducer,
  type Player,
  toAction,
} from '@zar/match';
import type { ClientAction, GameView, ServerMessage } from '@zar/protocol';
import { type BotRunner, InThreadBots } from '../bots/index.js';
import type { GameRow, GameStatusRow, Store } from '../store/types.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import { abandonCheck } from './abandon.js';
import { Audience } from './audience.js';
import type { AutoStep } from './automatic.js';
import { Autopilot, type AutopilotDeps, type Due } from './autopilot.js';
import { claimCheck } from './claim.js';
import { decideSeed, seedsBeforeOpening } from './company/fair.js';
import { decideSpectators } from './company/spectators.js';
import type { RoomDecision, RowChange } from './decision.js';
import { type Flagged, timeoutOf } from './flag.js';
import { decideJoin, startDecision } from './join.js';
import { outcomeChange } from './outcome-change.js';
import { actionOf, playerAt } from './player-check.js';
import { statusAfter } from './progress.js';
import { GameProxy, type ProxyDeps } from './proxy.js';
import { pastPairLimit, readStanding } from './rating/loaders.js';
import { rateAtEnd } from './rating/ratings.js';
import { decideRematch, type RematchDeps, startRematch } from './rating/rematch.js';
import { PAST_PAIR_LIMIT } from './rating/view.js';
import { fail, type Log, type RoomRefusal, type RoomResult, type Subscriber, unavailable } from './room-result.js';
import { seatOf } from './seats.js';

export interface RoomDeps extends ProxyDeps, AutopilotDeps, RematchDeps {
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
 * the room queues, stores, versions and publishes. What it knows is its GameProxy (proxy.ts);
 * its timers are the Autopilot's (autopilot.ts), which hands it each step due; its commands
 * are decided by functions of those values that call nothing back (join.ts, claim.ts,
 * abandon.ts, company/, rating/), and it carries their decisions out (carry, commit).
 */
export class Room {
  readonly id: string;
  /** The row, the match, its actions, the clock, presence, company and rating (proxy.ts). */
  private readonly game: GameProxy;
  private readonly runner: BotRunner;
  private readonly autopilot: Autopilot;
  /** Those watching, and the frames they are sent (audience.ts). */
  private readonly audience: Audience;
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private closed = false;
  /** The store refused a write it should have accepted: this copy must not be trusted. */
  broken = false;
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
    this.runner = deps.bots ?? new InThreadBots(deps.pacer);
    this.game = new GameProxy(row, state, actions, dice, this.runner, deps, clock);
    this.audience = new Audience(this.game, deps);
    this.autopilot = new Autopilot(this.game, deps, (due, decision) => this.runDue(due, decision));
    this.lastActive = deps.now();
  }

  get version(): number {
    return this.game.version;
  }

  get status(): GameStatusRow {
    return this.game.row.status;
  }

  get seats(): GameRow['seats'] {
    return this.game.row.seats;
  }

  get match(): MatchState {
    return this.game.match;
  }

  /** A rated match: only accounts may join it. */
  get rated(): boolean {
    return this.game.row.rated;
  }

  /** The tournament the match is a round of (its name read when the room started); null for none. */
  get tournament() {
    return this.game.company.watching.tournament;
  }

  /** Spectators watching now (each person once). */
  get spectators(): number {
    return this.game.company.watching.spectators;
  }

  /** `userId` may watch: he plays here, the game waits for an opponent, or spectators are admitted. */
  admits(userId: string | null): boolean {
    return this.game.admits(userId);
  }

  /** Nothing queued, nothing scheduled, no clock running, nobody watching, quiet for `idleMs`. */
  idle(now: number, idleMs: number): boolean {
    return (
      this.pending === 0 &&
      !this.autopilot.busy &&
      this.audience.subscribers.size === 0 &&
      now - this.lastActive >= idleMs
    );
  }

  view(userId: string | null): GameView {
    return this.audience.view(userId);
  }

  stateMessage(userId: string | null): ServerMessage {
    return { t: 'state', game: this.id, v: this.version, view: this.view(userId) };
  }

  /** stateMessage, serialised: the JSON of the unchanged parts of the view is reused. */
  stateFrame(userId: string | null): string {
    return this.audience.stateFrame(userId);
  }

  /** `sub` watches: he is sent the state now and each frame from now on (audience.ts). */
  subscribe(sub: Subscriber): () => void {
    this.lastActive = this.deps.now();
    this.audience.add(sub);
    return () => this.unsubscribe(sub);
  }

  /** Also from the copy that replaced this one, if the watcher was handed over to it. */
  unsubscribe(sub: Subscriber): void {
    this.lastActive = this.deps.now();
    this.audience.remove(sub);
  }

  /**
   * This copy is broken and `fresh` was loaded from the store: everyone watching this one
   * watches that one from now on, starting with its state (a resync), and what ends a watch
   * here ends it there. An ending the store kept though it said it lost it is told now.
   */
  handOver(fresh: Room): void {
    this.audience.handOver(fresh);
    if (this.status !== 'over' && fresh.status === 'over') this.deps.ended?.(fresh);
  }

  /** A player's action at the version he saw; the seat is his session's, never the message's. */
  act(userId: string | null, action: ClientAction, version: number): Promise<RoomResult<number>> {
    return this.serial(async () => {
      const player = playerAt(this.game.row, userId, version, this.version, 'acted on');
      if (!player.ok) return player;
      // A flag that fell before the action came ends the match first (its timer may be a moment behind).
      const at = this.deps.now();
      const flagged = this.game.flagged(at);
      if (flagged !== null)
        return this.lateFlag(flagged, at, 'time ran out before this action arrived: the match is over');
      const a = actionOf(this.game.match, action, player.value, this.game.company.fair.dice);
      return 'ok' in a ? a : this.apply(a);
    });
  }

  /** Seats a person in the empty seat (from the lobby or an invite link) and starts the game (join.ts). */
  join(userId: string, name: string, via: 'lobby' | 'invite'): Promise<RoomResult<Player>> {
    return this.serial(async () => {
      const d = decideJoin(this.game.row, userId, name, via);
      if (!d.ok) return d;
      const { seat, change } = d.value;
      if (change !== null) await this.carry(userId, startDecision(this.game.row, change));
      return { ok: true, value: seat };
    });
  }

  /** Claims an untimed match between people from its absent actor (claim.ts): he loses it as on time, abandoned. */
  claim(userId: string | null, version: number): Promise<RoomResult<number>> {
    return this.serial(async () => {
      const seat = playerAt(this.game.row, userId, version, this.version, 'claimed at');
      if (!seat.ok) return seat;
      const absent = claimCheck(this.game.claimSituation(), seat.value, this.deps.now());
      return absent.ok ? this.apply({ type: 'timeout', player: absent.value }, absent.value) : absent;
    });
  }

  /**
   * Ends a game against a bot whose player went away (abandon.ts): unless something happened
   * after `idleSince`, the player loses on time (the match's 'timeout', stored and replayed like
   * any action). One timeout ends the match, a money session too (match.ts, bookTimeout).
   */
  abandon(idleSince: number): Promise<RoomResult<number>> {
    return this.serial(async () => {
      const person = abandonCheck(this.game.row, idleSince);
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
      await this.game.company.watching.readTournament(this.game.row);
      // Watchers handed over from a broken copy were sent a state before this was read.
      this.audience.resend();
      return { ok: true, value: undefined };
    });
    this.autopilot.start();
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
      const { row, rating } = this.game;
      const d = decideRematch(rating.rematch, row, seatOf(row.seats, userId), offer, this.deps.now());
      if (!d.ok) return d;
      const { rematch, start, tell } = d.value;
      if (start !== null) {
        const started = await startRematch(this.deps, row, start, userId, address);
        if (!started.ok) return started;
      }
      if (tell === 'all') this.game.offers(rematch);
      this.audience.resend(undefined, tell === 'all' ? undefined : userId);
      return { ok: true, value: rematch.next };
    });
  }

  /** A seated player's seed for the fair dice (company/fair.ts): stored, then shown; both in, the opening roll goes. */
  seed(userId: string | null, seed: string): Promise<RoomResult<void>> {
    return this.serial(() => {
      const { fair, seats, status } = this.game.row;
      return this.follow(userId, decideSeed(fair, seatOf(seats, userId), seed, status, this.game.actions));
    });
  }

  /** A player of a casual match between people forbids (false) or allows (true) spectators; forbidden, they are sent away. */
  allowSpectators(userId: string | null, allow: boolean): Promise<RoomResult<void>> {
    return this.serial(() => {
      const row = this.game.row;
      return this.follow(userId, decideSpectators(row, seatOf(row.seats, userId), allow));
    });
  }

  /** Stops scheduling; resolves when the queue has drained. */
  async close(): Promise<void> {
    this.closed = true;
    this.autopilot.close();
    this.audience.quiet();
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

  /** A decider's answer (`d`, on `userId`'s command) carried out; a refusal is answered as it is. */
  private async follow(userId: string | null, d: RoomResult<RoomDecision>): Promise<RoomResult<void>> {
    if (!d.ok) return d;
    await this.carry(userId, d.value);
    return { ok: true, value: undefined };
  }

  /** Does what a decider decided beside the match (decision.ts), in its order, inside the queue. */
  private async carry(userId: string | null, d: RoomDecision): Promise<void> {
    if (d.store !== null) {
      const at = await this.store(d.store, d.starts === true);
      if (d.starts) this.game.company.fair.started(at);
    }
    if (d.sendAway) this.audience.sendAway();
    if (d.sendAway || d.starts) this.game.sensed(this.audience.subscribers);
    if (d.starts) await this.readRatings(false);
    this.audience.resend(undefined, d.tell === 'all' ? undefined : userId);
    if (d.opening) this.autopilot.seedsIn();
    if (d.starts) this.autopilot.next();
  }

  /**
   * Applies, stores, then tells everyone. Only called from inside the queue. `abandonedBy`: the
   * seat that loses this match by abandonment (a claim, or a flag fallen while he was away).
   */
  private async apply(action: GameAction, abandonedBy?: Player): Promise<RoomResult<number>> {
    // One reading decides whether the flag fell first and is the stored time: an action at or after
    // the fall would be played on a spent reserve (a bot that thought past it, a person a ms late).
    const at = this.deps.now();
    const flagged = action.type === 'timeout' ? null : this.game.flagged(at);
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
    const { row, match, actions, present } = this.game;
    const r = matchReducer(match, action);
    if (!r.ok) return r;
    const changed = statusAfter(row, r.value);
    let stored: Awaited<ReturnType<Store['appendAction']>>;
    // A rated match is rated by the store with the action that ends it, in one transaction.
    const rate = rateAtEnd(row, match, r.value, actions, action, present, at);
    try {
      const outcome = outcomeChange(match, r.value, abandonedBy);
      stored = await this.deps.store.appendAction(this.id, this.version, action, at, changed, outcome, rate);
    } catch (e) {
      // Nothing was applied here and the action may be tried again; should the store have kept
      // it all the same (a connection cut after COMMIT), the retry meets a version conflict
      // and the game is reloaded from the store (below).
      this.deps.log.warn({ err: e, game: this.id, version: this.version }, 'the store refused an action');
      return unavailable();
    }
    if (!stored.ok) {
      this.broken = true;
      // A fresh copy takes over, with its own timers: this one's would fire refused writes, and hold it.
      this.autopilot.broke();
      this.audience.quiet();
      this.deps.log.error({ game: this.id, version: this.version }, 'stored version differs from the room: reload');
      this.deps.reload?.(this);
      return fail('ERR_INTERNAL', 'the game changed elsewhere; reload it');
    }
    this.game.applied(action, r.value, changed, at, abandonedBy, stored);
    this.autopilot.clockChanged();
    if (changed === 'over') this.runner.forget(this.id);
    this.audience.event(action);
    this.autopilot.next();
    if (changed === 'over') this.deps.ended?.(this);
    return { ok: true, value: this.version };
  }

  /**
   * Runs in the queue what the autopilot found due (its only way into the room), then hands it
   * the result: it decides any retry, and the players hear of one.
   */
  private runDue(due: Due, decision: Decision | null): Promise<void> {
    return this.serial(() => (due === 'flag' ? this.flagFell() : this.automatic(due, decision))).then((r) => {
      const notice = this.autopilot.after(due, decision, r);
      if (notice !== null) this.audience.send(notice);
    });
  }

  /** An automatic step's turn in the queue: the opening roll, or the bot's decision, if the game is still where it was decided. */
  private async automatic(step: AutoStep, decision: Decision | null): Promise<RoomResult<number>> {
    if (!this.autopilot.taken(step, this.version)) return { ok: true, value: this.version };
    if (step.bot === null || decision === null) return this.opening();
    return this.apply(toAction(decision, step.bot, this.game.company.fair.dice));
  }

  /** The flag timer fired: the actor loses on time (flag.ts), abandoned if he was away. */
  private async flagFell(): Promise<RoomResult<number>> {
    const at = this.deps.now();
    const flagged = this.game.flagged(at);
    if (flagged !== null) return this.commit(timeoutOf(flagged), at, flagged.abandonedBy);
    this.autopilot.clockChanged(); // it fired before the fall on this room's clock (an injected one): wait again
    return { ok: true, value: this.version };
  }

  /**
   * The opening roll: a fair match's seeds not given by now are stored as absent first
   * (company/fair.ts seedsBeforeOpening), so that it is drawn from seeds that never change again.
   */
  private async opening(): Promise<RoomResult<number>> {
    const absent = seedsBeforeOpening(this.game.row.fair);
    try {
      if (absent !== null) await this.store({ fair: absent });
    } catch (e) {
      this.deps.log.warn({ err: e, game: this.id }, 'the store refused the absent seeds');
      return unavailable();
    }
    return this.apply({ type: 'opening', dice: this.game.company.fair.dice.openingRoll() });
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
      if (await pastPairLimit(this.deps.store, this.game.row, this.version, this.deps.now())) {
        await this.store(PAST_PAIR_LIMIT, true);
      }
      this.game.ratingsRead(await readStanding(this.deps.store, this.game.row, rematch));
    } catch (e) {
      this.deps.log.warn({ err: e, game: this.id }, 'could not read the ratings of a game');
    }
  }

  /** Stores fields of the row beside the match, then keeps them (proxy.ts changed); `touched`: its updatedAt moves too. Answers the time stored. */
  private async store(change: RowChange, touched = false): Promise<number> {
    const at = this.deps.now();
    await this.deps.store.updateGame(this.id, change, at);
    this.game.changed(change, at, touched);
    return at;
  }
}
