/** A small seeded generator (mulberry32) so a bot's choices replay exactly from its seed. */
export type Random = () => number;

/** A generator whose stream can be started again from another seed (resumableMatchAgent: one start per decision). */
export interface RestartableRandom {
  readonly random: Random;
  /** Starts the stream again as `seededRandom(seed)` starts it. */
  restart(seed: number): void;
}

export function restartableRandom(seed: number): RestartableRandom {
  let a = seed >>> 0;
  return {
    random: () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    restart(next: number) {
      a = next >>> 0;
    },
  };
}

export function seededRandom(seed: number): Random {
  return restartableRandom(seed).random;
}

/**
 * What a bot's noise is drawn from: a number starts a stream of the bot's own; a generator is
 * drawn from as it stands, shared with whoever restarts it (resumableMatchAgent).
 */
export type NoiseSeed = number | Random;

export const randomOf = (seed: NoiseSeed): Random => (typeof seed === 'number' ? seededRandom(seed) : seed);

/** A normal deviate (Box–Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
