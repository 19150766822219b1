/**
 * `npm run bench:suite -w @zar/bot-lab -- [--plies 0|1] [--seeds 7:500,…] [--streams 2]
 *   [--weights FILE] [--logs DIR] [--gnubg PATH]`
 *
 * The standard measurement against GNU Backgammon 0-ply: `bench:strength` on each seed of the
 * suite (0-ply: 7:500, 8:1000, 9:1000, 10:500 pairs; 1-ply: 500 pairs each), in `--streams`
 * processes at once, then every seed's result and all of them together (ppg weighted by games,
 * intervals added in quadrature, as `train record --combine` does). Each run's whole output is
 * kept in `--logs` (default: a new folder under the system's temporary one) as `seed-S.log`,
 * ready for `train record --add NAME=LOG`. Never part of the test suite.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { combined, lastSummary, type StrengthEntry, strengthEntry } from '../training/record-strength.js';
import { dealRuns, parseSuite, STANDARD_SUITES, type SuiteRun } from './suite-plan.js';

const STRENGTH = fileURLToPath(new URL('./strength.bench.ts', import.meta.url));

interface Done {
  readonly run: SuiteRun;
  readonly log: string;
  readonly entry: StrengthEntry;
  readonly mEmg: number | null;
}

function runOne(run: SuiteRun, args: readonly string[], log: string): Promise<Done> {
  const argv = ['--import', 'tsx', STRENGTH, '--pairs', `${run.pairs}`, '--seed', `${run.seed}`, ...args];
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log);
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', reject);
    child.on('close', (code) => {
      out.end(() => {
        if (code !== 0) return reject(new Error(`seed ${run.seed} exited with ${code}; see ${log}`));
        try {
          const summary = lastSummary(readFileSync(log, 'utf8'));
          const judge = summary.judge as { mEmgPerUnforcedPlay?: unknown } | undefined;
          const mEmg = typeof judge?.mEmgPerUnforcedPlay === 'number' ? judge.mEmgPerUnforcedPlay : null;
          resolve({ run, log, entry: strengthEntry(summary), mEmg });
        } catch (e) {
          reject(new Error(`seed ${run.seed}: ${(e as Error).message}; see ${log}`));
        }
      });
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      plies: { type: 'string', default: '0' },
      seeds: { type: 'string' },
      streams: { type: 'string', default: '2' },
      weights: { type: 'string' },
      logs: { type: 'string' },
      gnubg: { type: 'string' },
    },
  });
  const plies = Number(values.plies);
  if (plies !== 0 && plies !== 1 && plies !== 2) throw new Error(`--plies is 0, 1 or 2, not ${values.plies}`);
  const plan = values.seeds
    ? parseSuite(values.seeds)
    : { ok: true as const, runs: [...STANDARD_SUITES[plies === 0 ? 0 : 1]] };
  if (!plan.ok) {
    console.error(plan.error);
    process.exitCode = 2;
    return;
  }
  const streams = Number(values.streams);
  const dir = values.logs ?? mkdtempSync(join(tmpdir(), 'zar-suite-'));
  mkdirSync(dir, { recursive: true });
  const args = [
    '--plies',
    `${plies}`,
    ...(values.weights ? ['--weights', values.weights] : []),
    ...(values.gnubg ? ['--gnubg', values.gnubg] : []),
  ];
  const t0 = performance.now();
  const done: Done[] = [];
  console.error(`${plan.runs.length} runs in ${streams} streams; logs in ${dir}`);
  await Promise.all(
    dealRuns(plan.runs, streams).map(async (queue) => {
      for (const run of queue) {
        const d = await runOne(run, args, join(dir, `seed-${run.seed}.log`));
        console.error(
          `seed ${run.seed}: ${d.entry.games} games, ${d.entry.ppg.toFixed(3)} ± ${d.entry.ci95.toFixed(3)} ppg` +
            `${d.mEmg === null ? '' : `, judged ${d.mEmg.toFixed(2)} mEMG`} (${Math.round((performance.now() - t0) / 1000)} s)`,
        );
        done.push(d);
      }
    }),
  );
  done.sort((a, b) => plan.runs.indexOf(a.run) - plan.runs.indexOf(b.run));
  const all = combined(
    done.map((d) => d.entry),
    `seeds ${done.map((d) => d.run.seed).join(', ')} together, weighted by games`,
  );
  const judged = done.map((d) => d.mEmg).filter((m): m is number => m !== null);
  console.log(
    JSON.stringify(
      {
        measuredBy: `npm run bench:suite -w @zar/bot-lab -- ${process.argv.slice(2).join(' ')}`,
        plies,
        runs: done.map((d) => ({
          seed: d.run.seed,
          games: d.entry.games,
          ppg: d.entry.ppg,
          ci95: d.entry.ci95,
          mEmg: d.mEmg,
          log: d.log,
        })),
        ...all,
        judgedMEmg: judged.length > 0 ? { min: Math.min(...judged), max: Math.max(...judged) } : null,
        seconds: Math.round((performance.now() - t0) / 1000),
      },
      null,
      2,
    ),
  );
}

await main();
