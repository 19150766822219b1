import type { Log } from '../common/log.js';
import { Periodic } from '../common/periodic.js';
import type { GameRow, GamesStore, TournamentRow, TournamentStore } from '../store/types.js';
import { storedOf } from './data.js';
import { boardsToPlay } from './rounds.js';

/*
 * What the tournaments' holder is told by the other instances (a match ended there, a
 * tournament changed there) goes over Redis pub/sub, which delivers at most once: a message
 * sent while the holder's subscriber reconnects, or never sent by an instance that died between
 * its store write and its broadcast, is lost, and a round would wait for ever for a match long
 * over. Only a new holder's recovery found such a loss. This sweep finds it within one period,
 * from the store alone: a running tournament whose current round has a match over and not
 * booked, or a game drawn and not stored, is brought up to date (Tournaments.sync), and beside
 * other instances every registering one's start timer is checked. Alone nothing is told, so
 * only the running ones are looked at: one small query when none runs.
 */

/**
 * How often the holder sweeps. A lost message holds its round up this long at most; a round
 * lasts minutes, and a pass reads every running tournament's games, so seconds would be
 * needless reads for a loss that is rare.
 */
export const SWEEP_EVERY_MS = 30_000;

export interface SweepDeps {
  readonly store: Pick<TournamentStore & GamesStore, 'tournamentsIn' | 'gamesOfTournament'>;
  readonly log: Log;
  /** Rows read by one pass at most, of each status (the recovery's bound). */
  readonly scan: number;
  /** Whether other instances tell this one of changes (the registering ones' timers are then checked too). */
  readonly shared: boolean;
  /** Whether the pass may act: this instance runs the tournaments and is not closing. */
  readonly runs: () => boolean;
  /** Brings a running tournament up to date: books its ended matches, starts its missing games. */
  readonly sync: (id: string) => Promise<unknown>;
  /** Sets a registering tournament's start timer unless it is set for its time already. */
  readonly keepTimer: (row: TournamentRow) => void;
  readonly everyMs?: number;
}

/** The holder's periodic catch-up with the store; started while it runs the tournaments, stopped when it stands down. */
export class TournamentSweep {
  private readonly periodic: Periodic<number>;

  constructor(private readonly deps: SweepDeps) {
    this.periodic = new Periodic({
      everyMs: deps.everyMs ?? SWEEP_EVERY_MS,
      pass: () => this.pass(),
      failed: (e) => deps.log.warn({ err: e }, 'the sweep of the tournaments failed; the next one tries again'),
    });
  }

  /** Every period from now; the first pass after one period (the recovery that starts it has just done its work). */
  start(): void {
    this.periodic.start(false);
  }

  stop(): void {
    this.periodic.stop();
  }

  /** One pass now, after the one under way if any: how many tournaments it brought up to date. */
  async sweep(): Promise<number> {
    return (await this.periodic.run()) ?? 0;
  }

  close(): Promise<void> {
    return this.periodic.close();
  }

  private async pass(): Promise<number> {
    if (!this.deps.runs()) return 0;
    const { store, scan } = this.deps;
    if (this.deps.shared) {
      for (const row of await store.tournamentsIn(['registering'], scan)) this.deps.keepTimer(row);
    }
    let synced = 0;
    for (const row of await store.tournamentsIn(['running'], scan)) {
      if (!this.deps.runs()) break;
      // One that fails is logged and left to the next pass; the others are still looked at.
      try {
        if (!behind(row, await store.gamesOfTournament(row.id))) continue;
        await this.deps.sync(row.id);
        synced++;
      } catch (e) {
        this.deps.log.warn({ err: e, tournament: row.id }, 'the sweep could not bring a tournament up to date');
      }
    }
    return synced;
  }
}

/**
 * Whether a running tournament lags behind its games: a match of its current round over with a
 * winner and not booked, or a game drawn and not stored. A match over without a winner is not
 * booked by sync either, so it does not count.
 */
export function behind(row: TournamentRow, games: readonly GameRow[]): boolean {
  const open = boardsToPlay(storedOf(row));
  if (open.length === 0) return false;
  const byId = new Map(games.map((g) => [g.id, g]));
  return open.some(({ board }) => {
    const game = board.game === null ? undefined : byId.get(board.game);
    return game === undefined || (game.status === 'over' && game.winner !== null);
  });
}
