import type { Log } from '../common/log.js';
import type { Rooms } from '../game/rooms.js';
import type { People } from '../people/online.js';
import type { GameRow, TournamentRow, TournamentStore } from '../store/types.js';
import { storedOf } from './data.js';
import { boardGameRow } from './matches.js';
import type { Retries } from './retries.js';
import { boardsToPlay } from './rounds.js';

/** What starting a round's games needs from the tournaments' dependencies (TournamentsDeps). */
export interface LaunchDeps {
  readonly store: TournamentStore;
  readonly rooms: Pick<Rooms, 'create' | 'get'>;
  readonly people: Pick<People, 'send'>;
  readonly now: () => number;
  readonly log: Log;
  /** Seeds every game's dice (tests); fair dice when left out. */
  readonly diceSeed: string | undefined;
}

/** Whether games may be started now (Tournaments): not while closing, and only where the tournaments run. */
export interface LaunchState {
  readonly closed: () => boolean;
  readonly runs: () => boolean;
}

/**
 * The games of a running tournament's current round, stored and started once the round that
 * draws them is written; when the store refuses one (it is away), the tournament is brought up
 * to date again a while later (`sync`), until its games are stored.
 */
export class Launcher {
  /** Games this instance started: a change that started some tells the other instances' watchers. */
  started = 0;
  /** Round starts the store refused in a row, by tournament (launchOrRetry): the retries' wait grows with them. */
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly deps: LaunchDeps,
    private readonly retries: Retries,
    private readonly state: LaunchState,
    private readonly sync: (id: string) => Promise<unknown>,
  ) {}

  /**
   * launch, and when the store refuses a game (it is away), the tournament's sync again a while
   * later, until its games are stored: the round is written already, its games follow. The
   * change that drew the round stands either way. Answers launch's games (null: none read).
   */
  async launchOrRetry(row: TournamentRow): Promise<GameRow[] | null> {
    try {
      const games = await this.launch(row);
      this.failures.delete(row.id);
      return games;
    } catch (e) {
      if (this.state.closed()) return null;
      const failed = (this.failures.get(row.id) ?? 0) + 1;
      this.failures.set(row.id, failed);
      this.deps.log.warn({ err: e, tournament: row.id }, "a round's games could not be started; trying again");
      this.retries.after(`tournament:${row.id}`, failed, () => this.sync(row.id));
      return null;
    }
  }

  /**
   * Loads here the current round's games that are stored and not over when no live instance
   * holds them: left free by a holder that stopped, or stored as it was stopping and never
   * started. Their bots play on, and nobody else would ask for them; a game held elsewhere is
   * left there (Rooms.get answers null).
   */
  async resume(row: TournamentRow): Promise<void> {
    if (row.status !== 'running' || this.state.closed() || !this.state.runs()) return;
    const open = new Set(boardsToPlay(storedOf(row)).map(({ board }) => board.game));
    for (const game of await this.deps.store.gamesOfTournament(row.id)) {
      if (game.status !== 'over' && open.has(game.id)) await this.deps.rooms.get(game.id);
    }
  }

  /**
   * Stores and starts the current round's games not stored yet; each person in one is sent
   * `round`. Answers the tournament's games, those it started among them, for the watchers'
   * view (tell), which would read them again; null when it had no round to start and read none.
   */
  private async launch(row: TournamentRow): Promise<GameRow[] | null> {
    if (row.status !== 'running' || this.state.closed() || !this.state.runs()) return null;
    const t = storedOf(row);
    const open = boardsToPlay(t);
    if (open.length === 0) return null;
    const games = await this.deps.store.gamesOfTournament(row.id);
    const stored = new Set(games.map((g) => g.id));
    for (const { round, board } of open) {
      if (board.game === null || stored.has(board.game)) continue;
      const game = boardGameRow(t, row.id, round.number, board, this.deps.diceSeed, this.deps.now());
      await this.deps.rooms.create(game);
      this.started++;
      games.push(game);
      for (const seat of game.seats) {
        if (seat.kind === 'human' && seat.userId !== null) {
          this.deps.people.send(seat.userId, { t: 'round', tournament: row.id, game: game.id });
        }
      }
    }
    return games;
  }
}
