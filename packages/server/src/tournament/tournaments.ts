import { err, ok, type Result } from '@zar/engine';
import { INITIAL_RATING } from '@zar/match';
import type { BotLevel, NewTournament, TournamentList, TournamentView } from '@zar/protocol';
import type { Envelope } from '../cluster/index.js';
import { randomId } from '../common/ids.js';
import type { Log } from '../common/log.js';
import { ratingIn } from '../game/rating/loaders.js';
import type { Rooms } from '../game/rooms.js';
import type { People } from '../people/online.js';
import type { GameRow, GamesStore, PeopleStore, TournamentRow, TournamentStore } from '../store/types.js';
import { type CreateError, newTournament } from './create.js';
import { type StoredTournament, storedOf, withStored } from './data.js';
import { dueAt, expired } from './expiry.js';
import { Launcher } from './launch.js';
import { boardResultOf } from './matches.js';
import { KeyedQueue } from './queue.js';
import * as registration from './registration.js';
import { Retries } from './retries.js';
import { boardsToPlay, bookResult } from './rounds.js';
import { TOURNAMENTS_CHANNEL, type TournamentsLink } from './shared-tournaments.js';
import { TournamentSweep } from './sweep.js';
import { tournamentSummary, tournamentView, tournamentViews, type Viewer } from './view.js';
import { Watchers } from './watchers.js';

export interface TournamentsDeps {
  readonly store: TournamentStore & GamesStore & PeopleStore;
  readonly rooms: Pick<Rooms, 'create' | 'get'>;
  readonly people: Pick<People, 'send' | 'online'>;
  readonly now: () => number;
  readonly log: Log;
  /** Seeds every game's dice (tests); fair dice when left out. */
  readonly diceSeed: string | undefined;
  /** The first wait before a step the store refused is tried again (retries.ts; tests shorten it). */
  readonly retryMs?: number;
  /** Bots one tournament may seat (registration.ts MAX_TOURNAMENT_BOTS when left out; the simulations seat more). */
  readonly maxBots?: number;
  /** Beside other instances: only the lease's holder runs timers, launches and bookings. Alone: absent. */
  readonly link?: TournamentsLink;
  /** How often the holder catches up with the store (sweep.ts SWEEP_EVERY_MS when left out; tests shorten it). */
  readonly sweepMs?: number;
}

/** Registering or running tournaments one account may have created at once. */
export const OPEN_TOURNAMENTS_PER_CREATOR = 3;
/** Finished tournaments the list shows after the open ones. */
export const FINISHED_LISTED = 20;
/**
 * Registering, and running, tournaments read for the list and at start (far more than a site of
 * clubs runs at once). Read apart, so that registering ones, which anyone may open and which
 * last as long as nobody starts them, never push a running one out of the recovery.
 */
const OPEN_SCAN = 500;
/** Writes tried when another writer changed the row in between (a version conflict). */
const WRITE_TRIES = 5;
/** setTimeout's longest wait; a start further away is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type TournamentCode =
  | registration.RegistrationCode
  | CreateError['code']
  | 'ERR_NOT_FOUND'
  | 'ERR_TOO_MANY_GAMES';
export type TournamentResult<T> = Result<T, TournamentCode>;

/** The one who creates or registers: his user id, the name his seat shows, an account or a guest. */
export interface Person {
  readonly id: string;
  readonly name: string;
  readonly account: boolean;
}

type Changed = { status: TournamentRow['status']; data: StoredTournament } | null;

/**
 * The server's tournaments (lichess's arena and Swiss pages are the model).
 * Everything lives in the store's tournament row, written whole with its version: a change
 * reads the row, applies a rule (registration.ts, rounds.ts), writes it back (again from a
 * fresh read when another writer came first), then starts the games it drew and tells the
 * watchers. The games of a round are stored after the round that draws them, with ids that
 * follow from the tournament, round and board, so a restart at any point finds them or starts
 * the missing ones (sync). A match's end (RoomDeps.ended) books its result and, once the round
 * is complete, draws the next round or ends the tournament.
 */
export class Tournaments {
  private readonly queue = new KeyedQueue();
  private readonly watchers = new Watchers();
  /** The registering tournaments' start timers, with the time each is set for (dueAt). */
  private readonly timers = new Map<string, { readonly timer: NodeJS.Timeout; readonly at: number }>();
  private readonly retries: Retries;
  /** The current round's games, stored and started (launch.ts). */
  private readonly launcher: Launcher;
  /** What the other instances' lost messages left undone, found in the store (sweep.ts). */
  private readonly sweeper: TournamentSweep;
  private closed = false;
  private readonly unlink: Array<() => void> = [];

  constructor(private readonly deps: TournamentsDeps) {
    this.retries = new Retries(deps.log, deps.retryMs);
    const state = { closed: () => this.closed, runs: () => this.runs };
    this.launcher = new Launcher(deps, this.retries, state, (id) => this.sync(id));
    this.sweeper = new TournamentSweep({
      store: deps.store,
      log: deps.log,
      scan: OPEN_SCAN,
      shared: deps.link !== undefined,
      runs: () => this.runs && !this.closed,
      sync: (id) => this.sync(id),
      keepTimer: (row) => {
        if (this.timers.get(row.id)?.at !== dueAt(row)) this.schedule(row);
      },
      ...(deps.sweepMs === undefined ? {} : { everyMs: deps.sweepMs }),
    });
    const link = deps.link;
    if (link === undefined) return;
    this.unlink.push(
      link.bus.listen(TOURNAMENTS_CHANNEL, (envelope) => this.heard(envelope)),
      link.lease.onHolder((holder) => {
        if (holder !== link.lease.instance) return this.standDown();
        // The last holder may have died mid-round: every tournament brought up to date, as at a restart.
        this.recover().catch((e: unknown) => deps.log.error({ err: e }, 'the tournaments could not be taken over'));
      }),
    );
  }

  /** Whether this instance runs the tournaments' clocks: alone always, beside others while it holds the lease. */
  private get runs(): boolean {
    return this.deps.link === undefined || this.deps.link.lease.held;
  }

  async create(creator: Person, input: NewTournament): Promise<TournamentResult<{ id: string }>> {
    if (!creator.account) return err('ERR_ACCOUNT_ONLY', 'only an account creates tournaments: register first');
    const now = this.deps.now();
    const made = newTournament(input, { name: creator.name, guest: false }, now);
    if (!made.ok) return made;
    // One creator's creations one at a time, so that two sent together cannot both pass the cap.
    return this.queue.run(`creator:${creator.id}`, async () => {
      const open = await this.unexpired(await this.deps.store.tournamentsIn(['registering', 'running'], OPEN_SCAN));
      const mine = open.filter((row) => row.creatorId === creator.id).length;
      if (mine >= OPEN_TOURNAMENTS_PER_CREATOR) {
        return err('ERR_TOO_MANY_GAMES', `you have ${mine} tournaments open; at most ${OPEN_TOURNAMENTS_PER_CREATOR}`);
      }
      const row: TournamentRow = {
        id: randomId(9),
        creatorId: creator.id,
        status: 'registering',
        createdAt: now,
        startsAt: input.startsAt,
        updatedAt: now,
        version: 1,
        data: {},
      };
      const stored = withStored(row, made.value);
      await this.deps.store.createTournament(stored);
      this.schedule(stored);
      return ok({ id: row.id });
    });
  }

  join(id: string, who: Person): Promise<TournamentResult<TournamentRow>> {
    return this.change(id, async (row, t) => {
      const rating = who.account && t.pool !== null ? await ratingIn(this.deps.store, who.id, t.pool) : INITIAL_RATING;
      return registration.register(row.status, t, { ...who, rating });
    });
  }

  leave(id: string, userId: string): Promise<TournamentResult<TournamentRow>> {
    return this.change(id, async (row, t) => registration.withdraw(row.status, t, userId));
  }

  addBot(id: string, userId: string, level: BotLevel): Promise<TournamentResult<TournamentRow>> {
    return this.change(id, async (row, t) =>
      row.creatorId === userId ? registration.addBot(row.status, t, level, this.deps.maxBots) : notCreator(),
    );
  }

  start(id: string, userId: string): Promise<TournamentResult<TournamentRow>> {
    return this.change(id, async (row, t) =>
      row.creatorId === userId ? registration.start(row.status, t, row.id, this.deps.now()) : notCreator(),
    );
  }

  cancel(id: string, userId: string): Promise<TournamentResult<TournamentRow>> {
    return this.change(id, async (row, t) =>
      row.creatorId === userId ? registration.cancel(row.status, t, this.deps.now()) : notCreator(),
    );
  }

  /** The tournament as `viewer` sees it; null for an unknown id. */
  async view(id: string, viewer: Viewer): Promise<TournamentView | null> {
    let row = await this.deps.store.tournamentById(id);
    if (row !== null && expired(row, this.deps.now())) {
      await this.startsNow(id);
      row = await this.deps.store.tournamentById(id);
    }
    return row === null ? null : this.viewOf(row, viewer);
  }

  async viewOf(row: TournamentRow, viewer: Viewer): Promise<TournamentView> {
    const games = row.status === 'registering' ? [] : await this.deps.store.gamesOfTournament(row.id);
    return tournamentView(row, games, viewer, this.deps.maxBots);
  }

  /** Registering and running first (the soonest start first), then the last finished. */
  async list(): Promise<TournamentList> {
    const [running, registering, over] = await Promise.all([
      this.deps.store.tournamentsIn(['running'], OPEN_SCAN),
      this.deps.store.tournamentsIn(['registering'], OPEN_SCAN).then((rows) => this.unexpired(rows)),
      this.deps.store.tournamentsIn(['over'], FINISHED_LISTED),
    ]);
    const when = (row: TournamentRow) => storedOf(row).startedAt ?? row.startsAt ?? Number.MAX_SAFE_INTEGER;
    const soonest = (a: TournamentRow, b: TournamentRow) => when(a) - when(b);
    return { tournaments: [...running.sort(soonest), ...registering.sort(soonest), ...over].map(tournamentSummary) };
  }

  /** Sends `send` the view now and at every change; the answer ends the watch. Null: no such tournament. */
  async watch(id: string, viewer: Viewer, send: (view: TournamentView) => void): Promise<(() => void) | null> {
    const view = await this.view(id, viewer);
    if (view === null) return null;
    const stop = this.watchers.add(id, { viewer, send });
    send(view);
    return stop;
  }

  /**
   * A match ended (RoomDeps.ended): books it in its tournament, if it is a round of one. A
   * booking the store refused (it is away) is tried again, a while later, until it goes through.
   */
  async ended(gameId: string): Promise<void> {
    // Shutting down: the next start books it (recover).
    if (this.closed) return;
    if (!this.runs) {
      // The holder books it; were it lost with a holder's death, the next holder's recovery books it.
      this.deps.link?.bus.broadcast(TOURNAMENTS_CHANNEL, 'ended', gameId);
      return;
    }
    await this.book(gameId).catch((e: unknown) => {
      this.deps.log.warn({ err: e, game: gameId }, 'a tournament could not book a match; trying again');
      this.retries.after(`game:${gameId}`, 1, () => this.book(gameId));
    });
  }

  private async book(gameId: string): Promise<void> {
    const row = await this.deps.store.gameById(gameId);
    if (row === null || row.tournament === null) return;
    const synced = await this.sync(row.tournament.id);
    if (!synced.ok) this.deps.log.warn({ game: gameId, error: synced.error }, 'a tournament refused a match result');
  }

  /**
   * At the server's start: every running tournament books the matches that ended while it was
   * down and starts the games it lacks; the start timers of the registering ones are set.
   */
  async recover(): Promise<number> {
    if (!this.runs || this.closed) return 0;
    // Started first: when the store is away now, the sweep catches up once it is back.
    this.sweeper.start();
    const running = await this.deps.store.tournamentsIn(['running'], OPEN_SCAN);
    const registering = await this.deps.store.tournamentsIn(['registering'], OPEN_SCAN);
    for (const row of registering) this.schedule(row);
    for (const row of running) {
      // One that cannot be brought up to date does not hold the others up, and is tried again.
      await this.sync(row.id)
        .then((synced) => (synced.ok ? this.launcher.resume(synced.value) : undefined))
        .catch((e: unknown) => {
          this.deps.log.error({ err: e, tournament: row.id }, 'a tournament could not be recovered; trying again');
          this.retries.after(`tournament:${row.id}`, 1, () => this.sync(row.id));
        });
    }
    return running.length + registering.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.unlink) stop();
    this.standDown();
    await this.sweeper.close();
    this.retries.close();
    this.watchers.clear();
    await this.queue.drained();
  }

  /**
   * One sweep now (after the one under way): the running tournaments behind their games are
   * brought up to date, the registering ones' timers checked. Answers how many it brought up to date.
   */
  sweep(): Promise<number> {
    return this.sweeper.sweep();
  }

  /**
   * Brings a running tournament up to date with its games: books every ended match of the
   * current round (drawing the next round when it is complete), writes that, then starts the
   * current round's games that are not stored yet.
   */
  sync(id: string): Promise<TournamentResult<TournamentRow>> {
    return this.change(id, async (row, t) => {
      if (row.status !== 'running') return ok(null);
      const games = new Map((await this.deps.store.gamesOfTournament(id)).map((g) => [g.id, g]));
      let data = t;
      for (;;) {
        const done = await this.nextEnded(data, games);
        if (done === null) break;
        const booked = bookResult(data, id, done.match, done.result, this.deps.now());
        if (!booked.ok) return booked;
        data = booked.value;
      }
      return ok(data === t ? null : { status: data.endedAt === null ? 'running' : 'over', data });
    });
  }

  /** The first board of the current round whose game is over, with its result. */
  private async nextEnded(t: StoredTournament, games: ReadonlyMap<string, GameRow>) {
    for (const { board } of boardsToPlay(t)) {
      const game = board.game === null ? undefined : games.get(board.game);
      if (game === undefined || game.status !== 'over') continue;
      const online = (userId: string) => this.deps.people.online(userId) > 0;
      const result = boardResultOf(game, await this.deps.store.actions(game.id), board, online);
      if (result !== null) return { match: board.match, result };
    }
    return null;
  }

  /**
   * Runs `rule` over the stored tournament in its queue and writes what it answers (null: no
   * change), again from a fresh read when the version moved; then starts the games the
   * tournament lacks and tells its watchers.
   */
  private change(
    id: string,
    rule: (row: TournamentRow, t: StoredTournament) => Promise<Result<Changed, TournamentCode>>,
  ): Promise<TournamentResult<TournamentRow>> {
    return this.queue.run(id, async () => {
      for (let tries = 1; ; tries++) {
        const row = await this.deps.store.tournamentById(id);
        if (row === null) return err('ERR_NOT_FOUND', 'no such tournament');
        const r = await rule(row, storedOf(row));
        if (!r.ok) return r;
        if (r.value === null) {
          const started = this.launcher.started;
          await this.launcher.launchOrRetry(row);
          if (this.launcher.started !== started) this.announce(id);
          return ok(row);
        }
        const next: TournamentRow = {
          ...withStored(row, r.value.data),
          status: r.value.status,
          updatedAt: this.deps.now(),
          version: row.version + 1,
        };
        const written = await this.deps.store.updateTournament(next, row.version);
        if (written.ok) {
          this.schedule(next);
          await this.tell(next, await this.launcher.launchOrRetry(next));
          this.announce(id);
          return ok(next);
        }
        if (tries >= WRITE_TRIES) throw new Error(`tournament ${id}: the version kept moving`);
      }
    });
  }

  /**
   * Sends the watchers the tournament as written. The change is stored already: a read that
   * fails here (the database away) is logged, not passed on, or the change's author would be
   * told it failed and a booking would be tried again for nothing; the watchers hear of the
   * next change, and a page that reconnects reads it whole. `launched`: the games launch just
   * read and started, when it did, so they are not read twice.
   */
  private async tell(row: TournamentRow, launched: readonly GameRow[] | null): Promise<void> {
    if (!this.watchers.watched(row.id)) return;
    try {
      const games = row.status === 'registering' ? [] : (launched ?? (await this.deps.store.gamesOfTournament(row.id)));
      this.watchers.tell(row.id, tournamentViews(row, games, this.deps.maxBots));
    } catch (e) {
      this.deps.log.warn({ err: e, tournament: row.id }, 'a change could not be sent to its watchers');
    }
  }

  /**
   * `rows` without the registering ones a week old with no start time (expiry.ts), which are
   * cancelled now; one the store could not cancel is left to its timer, and still left out.
   */
  private async unexpired(rows: TournamentRow[]): Promise<TournamentRow[]> {
    const now = this.deps.now();
    const due = rows.filter((row) => expired(row, now));
    if (due.length === 0) return rows;
    await Promise.all(
      due.map((row) =>
        this.startsNow(row.id).catch((e: unknown) => {
          this.deps.log.warn({ err: e, tournament: row.id }, 'an expired tournament could not be cancelled');
        }),
      ),
    );
    return rows.filter((row) => !expired(row, now));
  }

  /** Sets (or clears) the timer that starts a registering tournament at its start time, or cancels one without at its expiry. */
  private schedule(row: TournamentRow): void {
    const old = this.timers.get(row.id);
    if (old !== undefined) clearTimeout(old.timer);
    this.timers.delete(row.id);
    const at = dueAt(row);
    if (this.closed || at === null || !this.runs) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, at - this.deps.now()));
    const timer = setTimeout(() => {
      this.timers.delete(row.id);
      this.startsNow(row.id).catch((e: unknown) => {
        this.deps.log.warn({ err: e, tournament: row.id }, 'a tournament could not start at its time; trying again');
        this.retries.after(`start:${row.id}`, 1, () => this.startsNow(row.id));
      });
    }, wait);
    timer.unref();
    this.timers.set(row.id, { timer, at });
  }

  /** Tells the other instances that `id` changed (their watchers, and the holder's timers and launches). */
  private announce(id: string): void {
    this.deps.link?.bus.broadcast(TOURNAMENTS_CHANNEL, 'changed', id);
  }

  /** What another instance told: a match ended (the holder books it) or a tournament changed. */
  private heard(envelope: Envelope): void {
    if (envelope.from === this.deps.link?.lease.instance || this.closed) return;
    if (envelope.type === 'ended') {
      if (this.runs) void this.ended(envelope.body);
      return;
    }
    if (envelope.type !== 'changed' || (!this.runs && !this.watchers.watched(envelope.body))) return;
    const id = envelope.body;
    this.refresh(id).catch((e: unknown) =>
      this.deps.log.warn({ err: e, tournament: id }, 'a told change was not read'),
    );
  }

  /**
   * A change written on another instance: the holder sets its timer and starts the games it
   * drew (telling the others when it started any); every instance tells its own watchers.
   */
  private refresh(id: string): Promise<void> {
    return this.queue.run(id, async () => {
      const row = await this.deps.store.tournamentById(id);
      if (row === null) return;
      let launched: GameRow[] | null = null;
      if (this.runs) {
        this.schedule(row);
        const started = this.launcher.started;
        launched = await this.launcher.launchOrRetry(row);
        if (this.launcher.started !== started) this.announce(id);
      }
      await this.tell(row, launched);
    });
  }

  /** No longer the holder (or closing): its start timers and sweeps stop; the next holder sets its own. */
  private standDown(): void {
    this.sweeper.stop();
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Its start time has come: it starts with at least 2 entrants, else it is cancelled. One
   * without a start time is cancelled once a week old (expiry.ts).
   */
  private startsNow(id: string): Promise<TournamentResult<TournamentRow>> {
    return this.change(id, async (row, t) => {
      const now = this.deps.now();
      if (expired(row, now)) return registration.cancel(row.status, t, now);
      if (row.status !== 'registering' || row.startsAt === null) {
        this.schedule(row);
        return ok(null);
      }
      // A start further away than one timer can wait: wait again.
      if (row.startsAt > now) {
        this.schedule(row);
        return ok(null);
      }
      return t.entrants.length >= 2
        ? registration.start(row.status, t, id, now)
        : registration.cancel(row.status, t, now);
    });
  }
}

const notCreator = () => err('ERR_TOURNAMENT' as const, 'only its creator may do that');
