import type { Dice } from '@zar/engine';
import { cryptoDice, type DiceSource, fairDice, type GameAction, type MatchRecord, seededDice } from '@zar/match';
import type { FairDiceRow, GameRow } from '../store/types.js';

export type DiceSpec = NonNullable<MatchRecord['dice']>;

/**
 * Where a new game's dice come from: the platform's cryptographic generator in real play;
 * a seed per game when the server was started with one (tests, benchmarks), so a run repeats.
 */
export function diceSpecFor(serverSeed: string | undefined, gameId: string): DiceSpec {
  return serverSeed === undefined ? { source: 'crypto' } : { source: 'seeded', seed: `${serverSeed}:${gameId}` };
}

/**
 * A game's dice, spent only by the actions that are kept. A roll is drawn when an action asks
 * for it, but a roll the rules refuse (asking to roll when one must move) or the store refuses
 * (a full disk, the database away) leaves it waiting, and the next roll or opening gets that
 * same pair. So the k-th kept roll is the source's k-th draw: a seeded game is the same with
 * or without refusals and restarts (a restart replays only kept actions), and nobody can
 * throw away a roll by making the server refuse it. The waiting pair is never shown to anyone.
 */
export class GameDice implements DiceSource {
  private waiting: Dice | null = null;

  /**
   * `source` is null while a fair match waits for its players' seeds (fair-seeds.ts): nothing
   * may be drawn then, and the room's opening roll waits for `use` (game/company/fair.ts).
   */
  constructor(private source: DiceSource | null) {}

  /** The seeds are complete: the fair dice are drawn from now on. */
  use(source: DiceSource): void {
    this.source = source;
  }

  /** Dice can be drawn (a fair match has both seeds). */
  get ready(): boolean {
    return this.source !== null;
  }

  roll(): Dice {
    if (this.source === null) throw new Error('the dice of this match wait for its seeds');
    this.waiting ??= this.source.roll();
    return this.waiting;
  }

  /** The same draw as a roll (two dice), so a seeded replay counts both alike. */
  openingRoll(): [number, number] {
    const [a, b] = this.roll();
    return [a, b];
  }

  /** The action was stored: the dice it carries are spent. */
  kept(action: GameAction): void {
    if (carriesDice(action)) this.waiting = null;
  }
}

export const carriesDice = (a: GameAction): boolean => a.type === 'roll' || a.type === 'opening';

/**
 * The dice of a game that has already played `actions`. A seeded source is advanced past the
 * dice already drawn (two per roll or opening), so a restarted server keeps drawing the same
 * sequence it would have drawn without the restart.
 */
export function diceFor(spec: DiceSpec | undefined, actions: readonly GameAction[]): DiceSource {
  if (spec?.source === 'seeded') {
    const dice = seededDice(spec.seed);
    for (const a of actions) if (carriesDice(a)) dice.roll();
    return dice;
  }
  const crypto = cryptoDice();
  if (!crypto.ok) throw new Error(crypto.error.message);
  return crypto.value;
}

/**
 * The dice of a stored game that has already played `actions`: its fair dice (resumed at the
 * roll number after the last dice-carrying action) once both seeds are known, null while they
 * are awaited; the record's source for a match without fair dice (seeded tests, older matches).
 */
export function diceOfRow(row: Pick<GameRow, 'fair' | 'record'>, actions: readonly GameAction[]): DiceSource | null {
  if (row.fair === null) return diceFor(row.record.dice, actions);
  return fairSource(row.fair, actions.filter(carriesDice).length);
}

/** The fair dice of stored seeds from roll number `next` on; null while a seed is awaited. */
export function fairSource(fair: FairDiceRow, next: number): DiceSource | null {
  const [a, b] = fair.clientSeeds;
  if (a === null || b === null) return null;
  const dice = fairDice({ serverSeed: fair.serverSeed, clientSeeds: [a, b] }, next);
  // The seeds were checked before they were stored: a row that fails is a broken invariant.
  if (!dice.ok) throw new Error(`a stored game's seeds do not check: ${dice.error.message}`);
  return dice.value;
}

/** Logged at start when ZAR_DICE_SEED is set: anyone who knows the seed and a game's id knows its dice. */
export const SEEDED_DICE_WARNING =
  'ZAR_DICE_SEED IS SET: EVERY GAME’S DICE FOLLOW FROM THE SEED AND THE GAME ID, SO THEY CAN BE PREDICTED. For tests and benchmarks only; never serve players with it.';
