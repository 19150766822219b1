import type { Result } from '@zar/engine';
import { DAY_MS } from '@zar/match';
import type { Log } from '../common/log.js';
import { Periodic } from '../common/periodic.js';
import type { Env } from '../env.js';
import type { GamesStore } from '../store/types.js';

/*
 * Correspondence matches without a room. A correspondence match nobody watches is dropped from
 * memory like any idle room, its clock still running: a server holds thousands of them with
 * no room each. Each of its actions stores when its stretch runs out (games.deadline_at), and
 * this sweep, at start and every SWEEP_EVERY_MS, loads the games whose deadline has passed, a
 * batch at a time: the room rebuilds its clock from the record (pauses skipped) and, its flag
 * fallen, ends the match on time as it does for a room that never left memory. A deadline the
 * server's downtime moved back costs one load: the room finds no flag fallen, stores the true
 * deadline (Rooms keepDeadline) and is dropped again once idle. Beside other instances a game is loaded as any is, claimed through its
 * ownership; one another instance holds is that instance's to time out.
 */

/** How often the sweep looks for deadlines passed. A match lost on time is ended this late at most. */
export const SWEEP_EVERY_MS = 30_000;
/** Games loaded by one sweep at most; the next sweep takes the rest. */
export const SWEEP_BATCH = 200;

/** ZAR_CORRESPONDENCE_DAY_MS, for tests alone: a correspondence clock's day, DAY_MS when unset. */
export function correspondenceDayFrom(env: Env): Result<number, 'ERR_CORRESPONDENCE_DAY'> {
  const given = env.ZAR_CORRESPONDENCE_DAY_MS;
  if (given === undefined || given === '') return { ok: true, value: DAY_MS };
  const n = Number(given);
  if (Number.isInteger(n) && n >= 100 && n <= DAY_MS) return { ok: true, value: n };
  const message = `ZAR_CORRESPONDENCE_DAY_MS is "${given}"; give milliseconds, a whole number from 100 to ${DAY_MS} (tests only)`;
  return { ok: false, error: { code: 'ERR_CORRESPONDENCE_DAY', message } };
}

export interface DeadlineSweepDeps {
  readonly store: Pick<GamesStore, 'dueCorrespondence'>;
  readonly now: () => number;
  readonly log: Log;
  /** Loads a game's room here (claiming it beside other instances); it times itself out once started. */
  readonly load: (id: string) => Promise<unknown>;
  readonly everyMs?: number;
}

/** The sweep for correspondence matches whose time is up; one run at a time. */
export class DeadlineSweep {
  private readonly periodic: Periodic<number>;

  constructor(private readonly deps: DeadlineSweepDeps) {
    this.periodic = new Periodic({
      everyMs: deps.everyMs ?? SWEEP_EVERY_MS,
      pass: () => this.run(),
      failed: (e) => deps.log.warn({ err: e }, 'the sweep for correspondence deadlines failed'),
    });
  }

  /** Sweeps now, then every `everyMs` (a sweep still under way is not doubled). */
  start(): void {
    this.periodic.start(true);
  }

  /** One sweep from now, after the one under way if any: answers how many games it loaded. */
  async sweep(): Promise<number> {
    return (await this.periodic.run()) ?? 0;
  }

  close(): Promise<void> {
    return this.periodic.close();
  }

  private async run(): Promise<number> {
    const due = await this.deps.store.dueCorrespondence(this.deps.now(), SWEEP_BATCH);
    let n = 0;
    for (const id of due) {
      if (this.periodic.closed) break;
      try {
        await this.deps.load(id);
        n++;
      } catch (e) {
        this.deps.log.warn({ err: e, game: id }, 'could not load a correspondence match whose time is up');
      }
    }
    return n;
  }
}
