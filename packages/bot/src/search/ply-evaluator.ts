import type { CubelessEquity } from '../probabilities.js';
import type { Roll } from '../rolls.js';

/**
 * What the n-ply search (`createNplySearch`) needs of a player: its evaluator, its play
 * generator and its rolls, over its own kind of position `P`, always seen from the side on roll.
 * Backgammon's net works on 52-byte boards with the allocation-free generator
 * (backgammon-net/search.ts), the game nets on the engine's positions and plays
 * (game-net/search.ts); the search itself is one.
 */
export interface PlyEvaluator<P> {
  /** The equity the search ranks and chooses plays by: the cubeless equity of the rules it plays. */
  readonly equity: CubelessEquity;
  /** The five probabilities of `pos` for its side on roll, at `out[at..]`. */
  evaluate(pos: P, out: Float32Array, at: number): void;
  /** Whether `evaluate` is final for `pos` (a finished game, an exact database): nothing to search. */
  isExact(pos: P): boolean;
  /** The rolls that may come in `pos`, with their weights out of 36 (ROLLS, or a fixed roll). */
  rollsOf(pos: P): readonly Roll[];
  /** Scratch for the plays of one roll; the search keeps one per depth. */
  expansion(): Expansion<P>;
  /** Fills `into` with the plays of `d1`-`d2` in `pos` and their 0-ply values; returns how many (0: no play). */
  expand(pos: P, d1: number, d2: number, into: Expansion<P>): number;
}

/** The plays of one roll, as `PlyEvaluator.expand` left them. */
export interface Expansion<P> {
  /** Play k's five probabilities at `probs[5k..]`, for the side on roll after it (0-ply). */
  readonly probs: Float32Array;
  /** Whether the side that made play k is still on roll after it (a gul bara run goes on). */
  sameSide(k: number): boolean;
  /** The position after play k, for the side then on roll: a value of its own, which the caller may keep. */
  next(k: number): P;
  /** The position when the roll cannot be played: the turn passes, the opponent on roll. */
  passed(): P;
}
