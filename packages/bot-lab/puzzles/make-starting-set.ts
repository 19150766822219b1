/**
 * `npm run puzzles:starting-set -w @zar/bot-lab -- [--games backgammon=100,plakoto] [--matches 16]
 *   [--length 5] [--seed 1] [--out ../bot/puzzles/starting-set.json]`
 *
 * `--games` lists the games of the set, each with its number of matches (`game=n`) or
 * `--matches`; the file is written whole, so list every game it is to hold.
 *
 * The starting set of puzzles that Zar ships, so that a new install has puzzles from its first
 * start (docs/puzzles.md): seeded bot-against-bot matches of each game at mixed levels (the
 * weaker side chooses worse, which is what makes a puzzle), each analysed and cut into puzzles
 * by the bot's selectPuzzles, the same position kept once. Resumable: each match's puzzles are
 * kept under .tmp/starting-set/ as it ends, and a run with the same settings goes on from there.
 * The written file is formatted for `biome ci` (one puzzle a line is not its format).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Puzzle } from '@zar/bot';
import { isGameId } from '@zar/engine';
import cliProgress from 'cli-progress';
import { type MatchSpec, puzzlesOfMatch, type Seat, seatName } from './match-puzzles.js';
import { summarise, writeStartingSet } from './starting-set-file.js';

/**
 * Who plays whom: a side that errs often (the baseline heuristic bot, which misjudges as a
 * novice does, or the net's noisy beginner) against the net at club (0-ply, quick) or expert
 * (1-ply), seats alternating. Master (2-ply) is left out: it would take most of the time and
 * add few errors. With the baseline at club about one decision in twenty of a match qualifies.
 */
const net = (level: Seat['level']): Seat => ({ bot: 'net', level });
const baseline = (level: Seat['level']): Seat => ({ bot: 'baseline', level });
const PAIRINGS: readonly (readonly [Seat, Seat])[] = [
  [baseline('club'), net('club')],
  [net('beginner'), net('club')],
  [baseline('casual'), net('expert')],
  [net('beginner'), net('expert')],
];

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    // The shipped set's recipe.
    games: { type: 'string', default: 'backgammon=100,long-nardy,plakoto,fevga,gul-bara' },
    matches: { type: 'string', default: '16' },
    length: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string', default: resolve(here, '../../bot/puzzles/starting-set.json') },
  },
});
const matches = Number(values.matches);
const games = values.games.split(',').map((entry) => {
  const [game, n] = entry.split('=');
  if (!isGameId(game)) throw new Error(`--games: ${game} is not a game`);
  return { game, matches: n === undefined ? matches : Number(n) };
});
const length = Number(values.length);
const seed = Number(values.seed);

function specsOf(): MatchSpec[] {
  const specs: MatchSpec[] = [];
  for (const { game, matches } of games) {
    for (let i = 0; i < matches; i++) {
      const [weak, strong] = PAIRINGS[i % PAIRINGS.length] as readonly [Seat, Seat];
      const seats: [Seat, Seat] = Math.floor(i / PAIRINGS.length) % 2 === 0 ? [weak, strong] : [strong, weak];
      const who = seats.map((s) => `${s.bot}-${s.level}`).join('-v-');
      specs.push({ game, length, seats, seed: seed * 100_003 + i, name: `${game}-${length}p-s${seed}-${i}-${who}` });
    }
  }
  return specs;
}

const work = resolve(here, '../.tmp/starting-set');
mkdirSync(work, { recursive: true });
const specs = specsOf();
const bar = new cliProgress.SingleBar(
  {
    format: 'matches {bar} {value}/{total} | {game} | {puzzles} puzzles | ETA {eta_formatted}',
    noTTYOutput: true,
    notTTYSchedule: 30_000,
  },
  cliProgress.Presets.shades_classic,
);
const t0 = performance.now();
const set: Puzzle[] = [];
let found = 0;
bar.start(specs.length, 0, { game: '', puzzles: 0 });
for (const spec of specs) {
  const file = resolve(work, `${spec.name}.json`);
  let puzzles: Puzzle[];
  if (existsSync(file)) puzzles = JSON.parse(readFileSync(file, 'utf8')) as Puzzle[];
  else {
    puzzles = await puzzlesOfMatch(spec);
    writeFileSync(file, JSON.stringify(puzzles));
  }
  set.push(...puzzles);
  found += puzzles.length;
  bar.increment(1, { game: spec.game, puzzles: found });
  // The work is synchronous: let the bar's timer run between matches.
  await new Promise((go) => setImmediate(go));
}
bar.stop();
const written = writeStartingSet(values.out, set, {
  games: Object.fromEntries(games.map((g) => [g.game, g.matches])),
  length,
  seed,
  pairings: PAIRINGS.map((p) => p.map(seatName).join(' v ')),
});
console.log(summarise(written));
console.log(`${((performance.now() - t0) / 1000).toFixed(0)} s; written to ${values.out}`);
