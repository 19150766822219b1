import type { DiceSource, GameAction, Player } from '@zar/match';
import type { FairDiceView } from '@zar/protocol';
import { carriesDice, fairSource, GameDice } from '../../dice/dice.js';
import { commitmentOf, fairView, seedStep, withAbsentSeeds, withSeed } from '../../dice/fair-seeds.js';
import { DEFAULT_SEED_WAIT_MS } from '../../env.js';
import type { FairDiceRow, GameRow } from '../../store/types.js';
import type { RoomDecision } from '../decision.js';
import { fail, type RoomResult } from '../room-result.js';

/*
 * A room's fair dice (docs/fair-dice.md; the seeds' rules are dice/fair-seeds.ts). A seed is
 * stored before anyone hears of it; once both are known (or the wait is over and the missing
 * ones are stored as the absent seed) the seeds never change again, so the opening is the same
 * whenever it is drawn, even after a refused write or a restart. The deciders here say what
 * to store; the room stores it, then tells RoomFair (stored).
 */

/** What a room's fair dice need from the room's dependencies (RoomDeps). */
export interface FairDeps {
  readonly now: () => number;
  /** How long the opening roll waits for the players' seeds (ZAR_SEED_WAIT_MS; 5 s when left out). */
  readonly seedWaitMs?: number;
  /** When this room's server took the game on (it started, or took the game from an instance that died): the wait for missing seeds begins again. */
  readonly upSince?: number;
}

const complete = (fair: FairDiceRow): boolean => fair.clientSeeds[0] !== null && fair.clientSeeds[1] !== null;

/**
 * Decides seat `seat`'s `seed` for the seeds stored so far (`fair`) of a match in `status` that
 * has played `actions`. Refused for a spectator, a second different seed, or once the dice have
 * begun or the match is over (fair-seeds.ts seedStep). The seeds to store, whom to tell, and
 * whether the opening waiting for them goes now.
 */
export function decideSeed(
  fair: FairDiceRow | null,
  seat: Player | null,
  seed: string,
  status: GameRow['status'],
  actions: readonly GameAction[],
): RoomResult<RoomDecision> {
  if (seat === null) return fail('ERR_NOT_A_PLAYER', 'only a player gives a seed for the dice');
  const step = seedStep(fair, seat, seed, status === 'over' || actions.some(carriesDice));
  if (!step.ok) return step;
  // seedStep refuses a match without fair dice.
  if (fair === null) throw new Error('a seed was accepted for a match without fair dice');
  // A page that reconnects sends its seed again: nothing changes, only he is sent the state.
  const given = step.value === 'same' ? fair : withSeed(fair, seat, seed);
  const store = given === fair ? null : { fair: given };
  return {
    ok: true,
    value: { store, sendAway: false, tell: store === null ? 'sender' : 'all', opening: complete(given) },
  };
}

/**
 * Decides what to store before the opening roll: the seeds not given by now, as the absent
 * seed, so that the roll can be drawn from seeds that never change again. Null when there is
 * nothing to store (no fair dice, or both seeds known).
 */
export const seedsBeforeOpening = (fair: FairDiceRow | null): FairDiceRow | null =>
  fair === null || complete(fair) ? null : withAbsentSeeds(fair);

/**
 * A room's dice and what it shows of their proof: its GameDice, drawn from the fair seeds
 * once both are stored, and when the wait for them began. No I/O: the room stores the seeds.
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

  /** The room stored `fair` (GameRow.fair): shown from now on, and the dice are drawn from it once complete. */
  stored(fair: FairDiceRow): void {
    this.fair = fair;
    // No dice are drawn before the seeds are complete: the fair dice begin at roll 0.
    const source = fairSource(fair, 0);
    if (source !== null) this.dice.use(source);
  }
}
