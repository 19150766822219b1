/** One `bench:strength` run of a suite: its dice seed and how many duplicate pairs. */
export interface SuiteRun {
  readonly seed: number;
  readonly pairs: number;
}

/**
 * The seeds and sizes every weights' record since step 1h is measured on, so that two weights
 * meet the same dice: 6,000 games at 0-ply, 4,000 at 1-ply (a 1-ply game costs ten times more).
 */
export const STANDARD_SUITES: Readonly<Record<0 | 1, readonly SuiteRun[]>> = {
  0: [
    { seed: 7, pairs: 500 },
    { seed: 8, pairs: 1000 },
    { seed: 9, pairs: 1000 },
    { seed: 10, pairs: 500 },
  ],
  1: [
    { seed: 7, pairs: 500 },
    { seed: 8, pairs: 500 },
    { seed: 9, pairs: 500 },
    { seed: 10, pairs: 500 },
  ],
};

export type PlanResult = { ok: true; runs: SuiteRun[] } | { ok: false; error: string };

/** `7:500,8:1000` → the runs, in order; a seed may not repeat (its games would count twice). */
export function parseSuite(text: string): PlanResult {
  const runs: SuiteRun[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+):(\d+)\s*$/.exec(part);
    if (!m) return { ok: false, error: `--seeds takes seed:pairs,…; "${part}" is not one` };
    const seed = Number(m[1]);
    const pairs = Number(m[2]);
    if (pairs < 1) return { ok: false, error: `--seeds: seed ${seed} has no pairs` };
    if (runs.some((r) => r.seed === seed)) return { ok: false, error: `--seeds: seed ${seed} appears twice` };
    runs.push({ seed, pairs });
  }
  return { ok: true, runs };
}

/**
 * The runs dealt to `streams` parallel workers, longest first onto the least loaded, so the
 * suite ends as early as the sizes allow (7:500,8:1000,9:1000,10:500 on two → 1,500 pairs each).
 */
export function dealRuns(runs: readonly SuiteRun[], streams: number): SuiteRun[][] {
  if (!(Number.isInteger(streams) && streams >= 1)) throw new Error(`streams must be a positive integer: ${streams}`);
  const out: SuiteRun[][] = Array.from({ length: Math.min(streams, Math.max(1, runs.length)) }, () => []);
  const load = out.map(() => 0);
  const bySize = runs.map((r, i) => ({ r, i })).sort((a, b) => b.r.pairs - a.r.pairs || a.i - b.i);
  for (const { r } of bySize) {
    let k = 0;
    for (let j = 1; j < out.length; j++) if ((load[j] as number) < (load[k] as number)) k = j;
    (out[k] as SuiteRun[]).push(r);
    load[k] = (load[k] as number) + r.pairs;
  }
  return out;
}
