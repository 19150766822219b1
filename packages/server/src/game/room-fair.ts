import type { DiceSource, GameAction, Player } from '@zar/match';
import type { FairDiceView } from '@zar/protocol';
import { carriesDice, fairSource, GameDice } from '../dice/dice.js';
import { commitmentOf, fairView, seedStep, withAbsentSeeds, withSeed } from '../dice/fair-seeds.js';
import { DEFAULT_SEED_WAIT_MS } from '../env.js';
import type { FairDiceRow, GameRow, GamesStore } from '../store/types.js';
import { fail } from './room-result.js';

/** What a room's fair dice need from the room's dependencies (RoomDeps). */
export interface FairDeps {
  readonly store: GamesStore;
  readonly now: () => number;
  /** How long the opening roll waits for the players' seeds (ZAR_SEED_WAIT_MS; 5 s when left out). */
  readonly seedWaitMs?: number;
  /** When this server started: after a restart, the wait for missing seeds begins again. */
  readonly upSince?: number;
}

/**
 * A room's dice (docs/fair-dice.md): its GameDice, and for a match with fair dice
 * the seeds as stored, the players' `seed` messages, and the wait for them before the opening
 * roll. A seed is stored before anyone hears of it; once both are known (or the wait is over
 * and the missing ones are stored as the absent seed) the seeds never change again, so the
 * opening is the same whenever it is drawn, even after a refused write or a restart.
 */
export class RoomFair {
  /** Spent only by kept actions (dice.ts); without a source while the seeds are awaited. */
  readonly dice: GameDice;
  private fair: FairDiceRow | null;
  private readonly commitment: string | null;
  /** When the wait for the seeds began: when the match began to be played, or this server started. */
  private since: number;
  private shown: { fair: FairDiceRow; status: GameRow['status']; view: FairDiceView } | null = null;

  /** `source`: the dice of the row and its actions (dice.ts diceOfRow). */
  constructor(
    row: GameRow,
    source: DiceSource | null,
    private readonly deps: FairDeps,
  ) {
    this.fair = row.fair;
    this.commitment = row.fair === null ? null : commitmentOf(row.fair);
    this.dice = new GameDice(source);
    this.since = Math.max(row.updatedAt, deps.upSince ?? row.updatedAt);
  }

  /** The seeds as stored now (GameRow.fair). */
  get row(): FairDiceRow | null {
    return this.fair;
  }

  /** The match began to be played at `at` (its second player sat down): the wait for seeds starts. */
  started(at: number): void {
    this.since = at;
  }

  /** How long the opening roll should still wait for seeds; 0 when it may be drawn now. */
  waitLeft(): number {
    if (this.dice.ready) return 0;
    const wait = this.deps.seedWaitMs ?? DEFAULT_SEED_WAIT_MS;
    return Math.max(0, this.since + wait - this.deps.now());
  }

  /** The dice's proof as the view shows it in `status` (the server seed only once over). */
  view(status: GameRow['status']): FairDiceView | null {
    const fair = this.fair;
    if (fair === null || this.commitment === null) return null;
    const s = this.shown;
    if (s !== null && s.fair === fair && s.status === status) return s.view;
    const view = fairView(fair, this.commitment, status);
    this.shown = { fair, status, view };
    return view;
  }

  /**
   * Seat `seat` gives its seed (the room's queue runs this): 'same' for a repeat, 'new' once
   * stored. Refused for a spectator, a second different seed, or once the dice have begun or
   * the match is over (`status`).
   */
  async seed(id: string, seat: Player | null, seed: string, actions: readonly GameAction[], status: GameRow['status']) {
    if (seat === null) return fail('ERR_NOT_A_PLAYER', 'only a player gives a seed for the dice');
    const step = seedStep(this.fair, seat, seed, status === 'over' || actions.some(carriesDice));
    if (!step.ok || step.value === 'same' || this.fair === null) return step;
    await this.store(id, withSeed(this.fair, seat, seed));
    return step;
  }

  /**
   * Before the opening roll: the seeds not given by now are stored as the absent seed, so that
   * the dice can be drawn. Nothing to do once both are known.
   */
  async complete(id: string): Promise<void> {
    if (this.fair === null || this.dice.ready) return;
    await this.store(id, withAbsentSeeds(this.fair));
  }

  private async store(id: string, fair: FairDiceRow): Promise<void> {
    await this.deps.store.updateGame(id, { fair }, this.deps.now());
    this.fair = fair;
    // No dice are drawn before the seeds are complete: the fair dice begin at roll 0.
    const source = fairSource(fair, 0);
    if (source !== null) this.dice.use(source);
  }
}
