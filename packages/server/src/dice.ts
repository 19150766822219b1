import { cryptoDice, type DiceSource, type GameAction, type MatchRecord, seededDice } from '@zar/match';

export type DiceSpec = NonNullable<MatchRecord['dice']>;

/**
 * Where a new game's dice come from: the platform's cryptographic generator in real play;
 * a seed per game when the server was started with one (tests, benchmarks), so a run repeats.
 */
export function diceSpecFor(serverSeed: string | undefined, gameId: string): DiceSpec {
  return serverSeed === undefined ? { source: 'crypto' } : { source: 'seeded', seed: `${serverSeed}:${gameId}` };
}

/**
 * The dice source of a game that has already played `actions`. A seeded source is advanced
 * past the dice already drawn (two per roll or opening), so a restarted server keeps drawing
 * the same sequence it would have drawn without the restart.
 */
export function diceFor(spec: DiceSpec | undefined, actions: readonly GameAction[]): DiceSource {
  if (spec?.source === 'seeded') {
    const dice = seededDice(spec.seed);
    for (const a of actions) {
      if (a.type === 'roll' || a.type === 'opening') dice.roll();
    }
    return dice;
  }
  const crypto = cryptoDice();
  if (!crypto.ok) throw new Error(crypto.error.message);
  return crypto.value;
}
