/**
 * `npm run bench:levels -w @zar/bot-lab -- [--pairs 100] [--master-pairs 10] [--weights FILE] [--seed 1]`
 *
 * Strength of the neural bot's levels: each level against the baseline heuristic bot (expert,
 * no noise) and each level against the next one up, in cubeless money games with duplicate
 * dice (each dice stream played twice, seats swapped). Prints ppg ± 95% interval from the
 * first-named side. Results are recorded in docs/bot-levels.md. Never part of the test suite.
 */
import { parseArgs } from 'node:util';
import {
  choosePlay,
  createNeuralBot,
  type Evaluator,
  LEVEL_NAMES,
  type Level,
  type Random,
  seededRandom,
} from '@zar/bot';
import { type Dice, type Position, rulesFor } from '@zar/engine';
import { newMatch, parseMatchSettings } from '@zar/match';
import { meanCi } from '../training/duel-stats.js';
import { loadBenchEvaluator, weightsFile } from './weights-file.js';

const rules = rulesFor('backgammon');

/** A player: the position after its play of `dice`. */
type Mover = (pos: Position, dice: Dice) => Position;

function neuralMover(ev: Evaluator, level: Level, seed: number): Mover {
  const bot = createNeuralBot(ev, level, seed);
  return (pos, dice) => {
    const play = bot.choosePlay(pos, dice);
    return play ? play.next : rules.pass(pos, dice);
  };
}

/** The baseline bot at 'expert' (no noise), through its play chooser. */
function baselineMover(seed: number): Mover {
  const settings = parseMatchSettings({ length: 0 });
  if (!settings.ok) throw new Error(settings.error.message);
  const match = newMatch(settings.value);
  const random = seededRandom(seed);
  return (pos, dice) => {
    const plays = rules.legalPlays(pos, dice);
    return plays.length === 0 ? rules.pass(pos, dice) : choosePlay(match, plays, 0, random).next;
  };
}

/** Points the first mover wins in one cubeless game. */
function playGame(first: Mover, second: Mover, random: Random): number {
  const die = () => 1 + Math.floor(random() * 6);
  let d1 = die();
  let d2 = die();
  while (d1 === d2) d2 = die();
  let pos = rules.start();
  for (let ply = 0; ply < 2000; ply++) {
    if (ply > 0) {
      d1 = die();
      d2 = die();
    }
    pos = (ply % 2 === 0 ? first : second)(pos, [d1, d2]);
    const end = rules.outcome(pos);
    if (end) return ply % 2 === 0 ? end.points : -end.points;
  }
  return 0;
}

function duel(a: Mover, b: Mover, pairs: number, seed: number) {
  const results: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const s = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0;
    results.push((playGame(a, b, seededRandom(s)) - playGame(b, a, seededRandom(s))) / 2);
  }
  return { games: 2 * pairs, ...meanCi(results) };
}

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '100' },
    'master-pairs': { type: 'string', default: '10' },
    weights: { type: 'string' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});
const file = weightsFile(values.weights);
const { ev } = loadBenchEvaluator(file);
const seed = Number(values.seed);
const only = values.only?.split(',');
console.log(`weights ${file}`);
const matchups: [string, Mover, Mover, number][] = [];
for (const level of LEVEL_NAMES) {
  const pairs = Number(level === 'master' ? values['master-pairs'] : values.pairs);
  matchups.push([`${level} vs baseline`, neuralMover(ev, level, seed), baselineMover(seed), pairs]);
}
for (let i = 1; i < LEVEL_NAMES.length; i++) {
  const lo = LEVEL_NAMES[i - 1] as Level;
  const hi = LEVEL_NAMES[i] as Level;
  const pairs = Number(hi === 'master' ? values['master-pairs'] : values.pairs);
  matchups.push([`${hi} vs ${lo}`, neuralMover(ev, hi, seed), neuralMover(ev, lo, seed + 1), pairs]);
}
for (const [name, a, b, pairs] of matchups) {
  if (only && !only.some((o) => name.startsWith(o))) continue;
  const t0 = performance.now();
  const r = duel(a, b, pairs, seed);
  const secs = ((performance.now() - t0) / 1000).toFixed(0);
  console.log(
    `${name.padEnd(22)} ${r.mean >= 0 ? '+' : ''}${r.mean.toFixed(3)} ± ${r.ci95.toFixed(3)} ppg  (${r.games} games, ${secs} s)`,
  );
}
