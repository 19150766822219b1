import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where @zar/bot keeps the committed weights, which the lab reads and writes. */
export const WEIGHTS_DIR = fileURLToPath(new URL('../../bot/weights/', import.meta.url));

/** The committed backgammon weights. */
export const BACKGAMMON_WEIGHTS = join(WEIGHTS_DIR, 'backgammon-td.json');

/** How a training command starts, as records write it (run from the repository's root). */
export const TRAIN = 'npm run train -w @zar/bot-lab --';

/** An export line of a record's replay, written by the lab or, before it moved, by @zar/bot. */
export const isExportLine = (line: string): boolean => /^npm run train -w @zar\/bot(-lab)? -- export /.test(line);
