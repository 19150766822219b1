import { parseArgs } from 'node:util';
import { runTd, TD_DEFAULTS, type TdOptions } from './td-run.js';

/**
 * `npm run train -w @zar/bot-lab -- <step> [options]`. Steps:
 *   td        TD(λ) self-play (resumable: --resume continues training/checkpoints/latest.json)
 *   refine    supervised refinement of a checkpoint on its own 1-ply probabilities
 *   export    writes a checkpoint's nets and their record to weights/
 *   import    a checkpoint from a committed weights file, to refine it further on a fresh machine
 *   record    adds benchmark results (bench:strength output) to a weights file's record
 *   strength  plays a checkpoint against the baseline heuristic bot, duplicate dice
 *   calibrate a checkpoint's probabilities against the outcomes of its own self-play games
 *   fresh     nets' error and choices against 1-ply (or 2-ply) labels on positions from unseen games
 *   supervise trains a checkpoint's nets on a label set of `npm run label` (gnubg's evaluations)
 *   compare-labels  another label set's (or nets') held-out error against a label set's
 *   net-outputs records the weights' outputs on fixed positions, for @zar/bot's test of the shipped nets
 * See training/README.md for what each step did on this machine and how long it took.
 */
const [step = 'td', ...rest] = process.argv.slice(2);

function tdOptions(args: string[]): TdOptions {
  const options = Object.fromEntries(
    Object.entries(TD_DEFAULTS).map(([k, v]) => [k, { type: typeof v === 'boolean' ? 'boolean' : 'string' }]),
  ) as Record<string, { type: 'boolean' | 'string' }>;
  const { values } = parseArgs({ args, options, strict: true });
  const o: TdOptions = { ...TD_DEFAULTS };
  for (const [k, v] of Object.entries(values)) {
    const d = (TD_DEFAULTS as unknown as Record<string, unknown>)[k];
    const parsed = typeof d === 'number' ? Number(v) : v;
    if (typeof d === 'number' && !Number.isFinite(parsed)) throw new Error(`--${k} takes a number, not ${String(v)}`);
    (o as unknown as Record<string, unknown>)[k] = parsed;
  }
  return o;
}

switch (step) {
  case 'td':
    await runTd(tdOptions(rest));
    break;
  case 'refine':
    await (await import('./refine.js')).runRefine(rest);
    break;
  case 'export':
    await (await import('./export.js')).runExport(rest);
    break;
  case 'import':
    (await import('./import.js')).runImport(rest);
    break;
  case 'record':
    (await import('./record-strength.js')).runRecord(rest);
    break;
  case 'strength':
    await (await import('./strength.js')).runStrength(rest);
    break;
  case 'calibrate':
    await (await import('./calibrate.js')).runCalibrate(rest);
    break;
  case 'fresh':
    await (await import('./fresh.js')).runFresh(rest);
    break;
  case 'supervise':
    await (await import('./supervise.js')).runSupervise(rest);
    break;
  case 'compare-labels':
    (await import('./supervise-compare.js')).runCompareLabels(rest);
    break;
  case 'net-outputs':
    (await import('./net-outputs.js')).runNetOutputs(rest);
    break;
  case 'game-td':
  case 'game-export':
  case 'game-duel':
    await (await import('./game-steps.js')).runGameStep(step, rest);
    break;
  default:
    console.error(
      `unknown step ${step}: use td, refine, export, import, record, strength, calibrate, fresh, supervise, compare-labels or net-outputs`,
    );
    process.exit(2);
}
