import { parseArgs } from 'node:util';
import { buildBearoffDatabase, createEvaluator } from '@zar/bot';
import { readCheckpoint, startingNets } from './checkpoint.js';
import { baselineChooser, duel, neuralChooser, onePlyChooser } from './duel.js';
import { gnubgPlayer } from './gnubg-duel.js';
import { TRAIN } from './paths.js';

/**
 * `strength --from <checkpoint> --pairs N --seed S [--our-plies 1] [--opponent gnubg --plies 0]`: ppg of the
 * net at 0-ply against the baseline bot, another checkpoint, or GNU Backgammon when installed.
 */
export async function runStrength(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      pairs: { type: 'string' },
      seed: { type: 'string' },
      opponent: { type: 'string' },
      plies: { type: 'string' },
      'our-plies': { type: 'string' },
    },
  });
  const from = values.from ?? 'training/checkpoints/latest.json';
  const cp = readCheckpoint(from);
  if (!cp) throw new Error(`no checkpoint at ${from}`);
  const t0 = performance.now();
  // Checkpoints with fewer dense inputs are widened, so older nets play exactly as they did.
  const db = buildBearoffDatabase();
  const ev = createEvaluator(startingNets(from), db);
  const pairs = Number(values.pairs ?? 500);
  const plies = Number(values.plies ?? 0);
  const gnubg = values.opponent === 'gnubg' ? gnubgPlayer(plies) : null;
  // Any other --opponent is a second checkpoint: net against net.
  const other = values.opponent && !gnubg ? readCheckpoint(values.opponent) : null;
  if (values.opponent && !gnubg && !other) throw new Error(`no checkpoint at ${values.opponent}`);
  const opponent = gnubg
    ? gnubg.chooser
    : other
      ? neuralChooser(createEvaluator(startingNets(values.opponent as string), db))
      : baselineChooser();
  const ourPlies = Number(values['our-plies'] ?? 0);
  const ours = ourPlies === 1 ? onePlyChooser(ev) : neuralChooser(ev);
  const s = await duel(ours, opponent, pairs, Number(values.seed ?? 12345));
  gnubg?.close();
  const secs = (performance.now() - t0) / 1000;
  console.log(
    JSON.stringify({
      measuredBy: `${TRAIN} strength ${args.join(' ')}`,
      seed: Number(values.seed ?? 12345),
      checkpoint: from,
      trainedGames: cp.games,
      plies: ourPlies,
      opponent: gnubg
        ? `GNU Backgammon 1.07, ${plies}-ply cubeless`
        : other
          ? `${values.opponent} (${other.games} games), 0-ply`
          : 'baseline heuristic (expert, no noise), 0-ply',
      ...s,
      seconds: Math.round(secs),
    }),
  );
}
