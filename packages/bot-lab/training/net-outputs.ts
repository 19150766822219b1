import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { loadBenchEvaluator } from '../bench/weights-file.js';
import { writeJson } from './checkpoint.js';
import { type GnubgClass, gnubgClass } from './label-classes.js';
import { drawPositions } from './label-draw.js';
import { BACKGAMMON_WEIGHTS, TRAIN } from './paths.js';
import { netsId } from './refine-sets.js';

/** The fixture @zar/bot's tests check the shipped nets against. */
export const NET_OUTPUTS_FIXTURE = fileURLToPath(
  new URL('../../bot/test/fixtures/backgammon-net-outputs.json', import.meta.url),
);

/** A fixed set of positions and a weights file's five outputs on each, as recorded at training. */
export interface NetOutputs {
  readonly kind: 'zar-net-outputs/1';
  /** The command that wrote the file: run it again whenever the shipped weights change. */
  readonly command: string;
  /** The fingerprint of the nets that gave `outputs` (refine-sets' netsId of the weights file). */
  readonly nets: string;
  readonly rows: readonly { readonly class: GnubgClass; readonly board: number[]; readonly outputs: number[] }[];
}

/**
 * Positions of each class, `perClass` of each, from self-play of `weights`' nets (seed 1): contact,
 * crashed and race, so that every net a weights file holds is checked.
 */
function fixedBoards(file: string, perClass: number): { class: GnubgClass; board: number[] }[] {
  const { ev } = loadBenchEvaluator(file);
  const drawn = drawPositions(ev, { positions: 20_000, seed: 1, childrenShare: 0.05, explore: 0 });
  const rows: { class: GnubgClass; board: number[] }[] = [];
  const taken = { contact: 0, crashed: 0, race: 0 } as Record<GnubgClass, number>;
  for (let i = 0; i < drawn.count && rows.length < 3 * perClass; i += 97) {
    const board = drawn.boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH);
    const cls = gnubgClass(board);
    if ((taken[cls] ?? perClass) >= perClass) continue;
    taken[cls] = (taken[cls] as number) + 1;
    rows.push({ class: cls, board: Array.from(board) });
  }
  return rows;
}

/**
 * `net-outputs [--weights FILE] [--out FILE] [--per-class 8] [--new-boards]`: records a weights
 * file's outputs on a fixed set of positions, the boards of the file already there kept (new
 * ones drawn the first time or with --new-boards), so that a test can tell that the nets a
 * product loads are the nets that were trained. `export` of new weights is followed by this.
 */
export function runNetOutputs(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      weights: { type: 'string', default: BACKGAMMON_WEIGHTS },
      out: { type: 'string', default: NET_OUTPUTS_FIXTURE },
      'per-class': { type: 'string', default: '8' },
      'new-boards': { type: 'boolean', default: false },
    },
  });
  const file = values.weights;
  const out = values.out;
  const kept =
    existsSync(out) && !values['new-boards'] ? (JSON.parse(readFileSync(out, 'utf8')) as NetOutputs).rows : null;
  const boards = kept ?? fixedBoards(file, Number(values['per-class']));
  const { ev, weights } = loadBenchEvaluator(file);
  const probs = new Float32Array(OUTPUTS);
  const rows = boards.map((r) => {
    ev.evaluate(Int8Array.from(r.board), probs, 0);
    return { class: r.class, board: r.board, outputs: Array.from(probs) };
  });
  const result: NetOutputs = {
    kind: 'zar-net-outputs/1',
    command: `${TRAIN} net-outputs`,
    nets: netsId(weights),
    rows,
  };
  writeJson(out, result);
  console.log(`${out}: ${rows.length} positions' outputs of ${file} (nets ${result.nets})`);
}
