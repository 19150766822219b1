import { type Clock, type DiceSource, type GameAction, type MatchState, matchReducer, type Player } from '@zar/match';
import type { ClientAction } from '@zar/protocol';
import { type BotRunner, InThreadBots } from '../bots/index.js';
import { seatOf } from '../store/game-seats.js';
import type { GameRow, Store } from '../store/types.js';
import { decideAbandon } from './abandon.js';
import { Autopilot, type AutopilotDeps, type RunDue } from './autopilot.js';
import { decideSeed, seedsBeforeOpening } from './company/fair.js';
import { decideSpectators } from './company/spectators.js';
import type { ActionDecision, RoomDecision } from './decision.js';
import { LATE_ACTION, LATE_STEP, timeoutOf } from './flag.js';
import { decideJoin, startDecision } from './join.js';
import { decideAct, decideClaim } from './player-check.js';
import { statusAfter } from './progress.js';
import { GameProxy, type ProxyDeps } from './proxy.js';
import { CommandQueue } from './queue.js';
import { pastPairLimit, readStanding } from './rating/loaders.js';
import { decideRematch, type RematchDeps, startRematch } from './rating/rematch.js';
import { PAST_PAIR_LIMIT } from './rating/view.js';
import { RoomReads } from './room-reads.js';
import { fail, type RoomResult, unavailable } from './room-result.js';
import { RoomWrites } from './room-writes.js';

export interface RoomDeps extends ProxyDeps, AutopilotDeps, RematchDeps {
  readonly store: Store;
  /** Decides for the bot seats (a worker pool); on the main thread, through the pacer, when left out. */
  readonly bots?: BotRunner;
  /** Asked for a fresh copy of the game from the store when this one is broken (Rooms). */
  readonly reload?: (room: Room) => void;
  /** Told once when a commit ends the match (any ending): the chat and the tournaments follow it. */
  readonly ended?: (room: Room) => void;
  /** Told when the room stepped down (stepDown): another instance owns its game now (Rooms). */
  readonly steppedDown?: (room: Room) => void;
}

/**
 * The one authority over one match (lila's round actor, boardgame.io's master). Commands run
 * one at a time through a promise queue; each applied action is stored before anyone hears of
 * it, then broadcast with the new version. Bots and the opening roll take the same path. Only
 * the room queues, stores (its RoomWrites, room-writes.ts), versions and publishes. What it
 * knows is its GameProxy (proxy.ts); its timers are the Autopilot's (autopilot.ts), which hands
 * it each step due; its commands are decided by functions of those values that call nothing
 * back (player-check.ts, join.ts, abandon.ts, company/, rating/), and it carries their
 * decisions out (run, carry, commit).
 */
export class Room extends RoomReads {
  private readonly deps: RoomDeps;
  private readonly runner: BotRunner;
  private readonly autopilot: Autopilot;
  /** The commands, one at a time (queue.ts): only the room queues. */
  private readonly queue: CommandQueue;
  /** Its writes to the store, fenced by its ownership's epoch (room-writes.ts): only the room stores. */
  private readonly writes: RoomWrites;
  /** The store refused a write it should have accepted: this copy must not be trusted. */
  broken = false;
  /** Stepped down (stepDown): another instance owns the game, and this copy writes nothing more. */
  private gone = false;

  constructor(
    row: GameRow,
    state: MatchState,
    actions: GameAction[],
    dice: DiceSource | null /* dice.ts diceOfRow: null while a fair match awaits its seeds */,
    deps: RoomDeps,
    /** The clock rebuilt from the record (Rooms.load); a new match's starts at its creation. */
    clock?: Clock | null,
    epoch?: number,
  ) {
    const runner = deps.bots ?? new InThreadBots(deps.pacer);
    super(new GameProxy(row, state, actions, dice, runner, deps, clock), deps, epoch);
    this.deps = deps;
    this.runner = runner;
    this.writes = new RoomWrites(this.game, epoch, deps, { moved: () => this.stepDown(), broke: () => this.broke() });
    this.queue = new CommandQueue(this.id, deps, () => this.touch());
    this.autopilot = new Autopilot(this.game, deps, this.runDue);
  }

  /** Something is queued or scheduled (a step due, a clock running): the room is not dropped from memory. */
  protected get busy(): boolean {
    return this.queue.pending > 0 || this.autopilot.busy;
  }

  /** A player's action at the version he saw; the seat is his session's, never the message's. */
  act(userId: string | null, action: ClientAction, version: number): Promise<RoomResult<number>> {
    return this.queue.run(() => {
      const at = this.deps.now();
      return this.run(decideAct(this.game, userId, action, version, at), at, LATE_ACTION);
    });
  }

  /** Seats a person in the empty seat (from the lobby or an invite link) and starts the game (join.ts). */
  join(userId: string, name: string, via: 'lobby' | 'invite'): Promise<RoomResult<Player>> {
    return this.queue.run(async () => {
      const d = decideJoin(this.game.row, userId, name, via);
      if (!d.ok) return d;
      const { seat, change } = d.value;
      if (change !== null) await this.carry(userId, startDecision(this.game.row, change));
      return { ok: true, value: seat };
    });
  }

  /** Claims an untimed match between people from its absent actor (player-check.ts decideClaim): he loses as on time, abandoned. */
  claim(userId: string | null, version: number): Promise<RoomResult<number>> {
    return this.queue.run(() => {
      const at = this.deps.now();
      return this.run(decideClaim(this.game.claimSituation(), this.version, userId, version, at), at);
    });
  }

  /** Ends a game against a bot whose player went away, unless it went on after `idleSince` (abandon.ts decideAbandon). */
  abandon(idleSince: number): Promise<RoomResult<number>> {
    return this.queue.run(() => this.run(decideAbandon(this.game.row, idleSince), this.deps.now()));
  }

  /**
   * Starts whatever is due without a person: the opening roll, a bot's decision. Resolves once
   * the room has read what it shows beside the match (the ratings, a rematch already started),
   * ahead of any command in its queue. `resumed`: built from the store (a takeover, a load, a
   * restart), its first automatic step has waited already and goes before others (pacer.ts).
   */
  start(resumed = false): Promise<void> {
    const read = this.queue.run(async () => {
      await this.readRatings(true);
      await this.game.company.watching.readTournament(this.game.row);
      // Watchers handed over from a broken copy were sent a state before this was read.
      this.audience.resend();
      return { ok: true, value: undefined };
    });
    this.autopilot.start(resumed);
    return read.then(() => undefined);
  }

  /**
   * A seated player offers (true) or withdraws or declines (false) a rematch of the finished
   * match; once both agree (a bot at once), the next match is stored and started, and everyone
   * watching is sent a state whose rematch names it (rating/rematch.ts).
   */
  rematch(userId: string | null, offer: boolean, address: string): Promise<RoomResult<string | null>> {
    return this.queue.run(async () => {
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
    return this.queue.run(() => {
      const { fair, seats, status } = this.game.row;
      return this.follow(userId, decideSeed(fair, seatOf(seats, userId), seed, status, this.game.actions));
    });
  }

  /** A player of a casual match between people forbids (false) or allows (true) spectators; forbidden, they are sent away. */
  allowSpectators(userId: string | null, allow: boolean): Promise<RoomResult<void>> {
    return this.queue.run(() => {
      const row = this.game.row;
      return this.follow(userId, decideSpectators(row, seatOf(row.seats, userId), allow));
    });
  }

  /** Stops scheduling; resolves when the queue has drained. */
  async close(): Promise<void> {
    const drained = this.queue.close();
    this.autopilot.close();
    this.audience.quiet();
    await drained;
    this.runner.forget(this.id);
  }

  /**
   * This instance no longer owns the game (the store refused its epoch, or its alive key may be
   * gone): nothing more is scheduled or written, queued commands answer ERR_CLOSED, and every
   * watcher is told to look again (Subscriber.moved: a socket closes, its page reconnects and
   * finds the owner). Rooms drops it from memory.
   */
  stepDown(): void {
    if (this.gone) return;
    this.gone = true;
    void this.close();
    this.audience.movedAway();
    this.deps.steppedDown?.(this);
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
      const at = await this.writes.update(d.store, d.starts === true);
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
   * Carries out what a decider answered for the match at `at` (decision.ts ActionDecision),
   * inside the queue: a refusal is answered as it is, an action stored; a flag fallen is stored as
   * the timeout that ends the match, and with `late` (it fell before the action came) the action
   * is then refused with that message.
   */
  private async run(d: ActionDecision, at: number, late?: string): Promise<RoomResult<number>> {
    if ('ok' in d) return d;
    if ('type' in d) return this.commit(d, at);
    const r = await this.commit(timeoutOf(d), at, d.abandonedBy);
    return r.ok && late !== undefined ? fail('ERR_MATCH_OVER', late) : r;
  }

  /** Stores `action`, applied at `at`, then tells everyone (run's last step). */
  private async commit(action: GameAction, at: number, abandonedBy?: Player): Promise<RoomResult<number>> {
    const r = matchReducer(this.game.match, action);
    if (!r.ok) return r;
    const changed = statusAfter(this.game.row, r.value);
    const stored = await this.writes.append(action, r.value, changed, at, abandonedBy);
    if (!stored.ok) return stored;
    this.game.applied(action, r.value, changed, at, abandonedBy, stored);
    this.autopilot.clockChanged();
    if (changed === 'over') this.runner.forget(this.id);
    this.audience.event(action);
    this.autopilot.next();
    if (changed === 'over') this.deps.ended?.(this);
    return { ok: true, value: this.version };
  }

  /** The store's version is not this copy's (room-writes.ts): a fresh copy takes over, with its own timers (this one's would fire refused writes, and hold it). */
  private broke(): void {
    this.broken = true;
    this.autopilot.broke();
    this.audience.quiet();
    this.deps.reload?.(this);
  }

  /**
   * Runs in the queue what the autopilot found due (its only way into the room): what the step
   * brings now (autopilot.ts stepAt: the flag's timeout, the opening roll, a bot's action, or
   * nothing), then hands it the result: it decides any retry, and the players hear of one.
   */
  private readonly runDue: RunDue = async (due, decision) => {
    const r = await this.queue.run<number>(async () => {
      const at = this.deps.now();
      const d = this.autopilot.stepAt(due, decision, this.version, at);
      if (d === 'opening') return this.opening();
      return d === null ? { ok: true, value: this.version } : this.run(d, at, due === 'flag' ? undefined : LATE_STEP);
    });
    const notice = this.autopilot.after(due, decision, r);
    if (notice !== null) this.audience.send(notice);
  };

  /**
   * The opening roll: a fair match's seeds not given by now are stored as absent first
   * (company/fair.ts seedsBeforeOpening), so that it is drawn from seeds that never change again.
   */
  private async opening(): Promise<RoomResult<number>> {
    const absent = seedsBeforeOpening(this.game.row.fair);
    try {
      if (absent !== null) await this.writes.update({ fair: absent });
    } catch (e) {
      this.deps.log.warn({ err: e, game: this.id }, 'the store refused the absent seeds');
      return unavailable();
    }
    const at = this.deps.now();
    const opening: GameAction = { type: 'opening', dice: this.game.company.fair.dice.openingRoll() };
    return this.run(this.game.flagged(at) ?? opening, at, LATE_STEP);
  }

  /**
   * Reads the seats' ratings again (at start, when someone sits down) and, at start, a rematch
   * already started (rating/loaders.ts); a rated match about to begin whose players are past
   * their limit together is stored as not rated first, before anyone is shown it. A store that is
   * away leaves what was known: the view shows less, the match goes on (and one not found past
   * the limit is checked again by the store as it ends).
   */
  private async readRatings(rematch: boolean): Promise<void> {
    try {
      const limited = await pastPairLimit(this.deps.store, this.game.row, this.version, this.deps.now());
      if (limited) await this.writes.update(PAST_PAIR_LIMIT, true);
      this.game.ratingsRead(await readStanding(this.deps.store, this.game.row, rematch));
    } catch (e) {
      this.deps.log.warn({ err: e, game: this.id }, 'could not read the ratings of a game');
    }
  }
}
