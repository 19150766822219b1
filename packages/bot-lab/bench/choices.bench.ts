/**
 * `npm run bench:choices -w @zar/bot-lab -- [--games 150] [--seed 5] [--judge-plies 2]
 *   [--variants 1,0,2,1@OTHER.json,gnubg0,gnubg] [--only race|contact|bearoff] [--dump FILE]
 *   [--weights FILE] [--gnubg PATH] [--install]`
 *
 * Compares ways of choosing a play on the same decisions, judged by gnubg at a depth deeper
 * than either side plays (2-ply by default). The decisions come from the net's own 0-ply
 * self-play with seeded dice (every roll with two or more different plays). Each variant picks
 * its play; where the variants disagree, gnubg values every distinct choice (cubeless, for the
 * mover) and each variant's equity is compared, decision by decision, with the first variant's.
 * A variant is Zar's search at 0, 1 or 2 plies with the --weights nets, `PLIES@FILE` with the
 * nets of another weights file or training checkpoint, or gnubg's own choice: `gnubg` at the
 * judge's depth, `gnubg0` (or another digit) at that many plies. Each variant's loss against
 * the best of the choices is also given by position class. (The ways of choosing that were
 * tried and not adopted, such as blends, wider filters, ensembles and scaled gammons, are in
 * docs/bot-training-history.md.)
 *
 * Games against gnubg need about 4,000 of them for a ±0.04 ppg interval; this paired judgement
 * sees a difference in choosing well with far fewer decisions, and without the labeller bias
 * of judging a net by its own search. It does not replace the games: gnubg's deeper view is
 * still gnubg's, and a variant that merely agrees with gnubg more looks better here (gnubg's
 * 0-ply choices come out 0.03 ppg ahead of Zar's 1-ply, which the games have level; see
 * training/README.md, "Judging choices by gnubg 2-ply").
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  classify,
  createPlySearch,
  type Evaluator,
  equityOf,
  OUTPUTS,
  OVER,
  outcomeProbabilities,
  type PlySearch,
  seededRandom,
} from '@zar/bot';
import {
  BOARD_LENGTH,
  fastPlaysBuffer,
  makePosition,
  makePositionId,
  rulesFor,
  sameBoard,
  swapHalves,
} from '@zar/engine';
import { meanCi } from '../training/duel-stats.js';
import { findGnubg, GNUBG, type Gnubg, gnubgBoard, gnubgPlay, startGnubg } from './gnubg-process.js';
import { loadBenchEvaluator, weightsFile } from './weights-file.js';

const rules = rulesFor('backgammon');

interface Decision {
  readonly board: Int8Array;
  readonly d1: number;
  readonly d2: number;
}

/** Zar's choice at `plies`: the board the best play leaves (mover's view). */
const best = (s: PlySearch, d: Decision, plies: number): Int8Array =>
  (s.rankPlays(d.board, d.d1, d.d2, plies)[0] as { board: Int8Array }).board;

/** Decisions from `games` games of 0-ply self-play: each roll with two or more different plays. */
function selfPlayDecisions(ev: Evaluator, games: number, seed: number): Decision[] {
  const plays = fastPlaysBuffer();
  const childProbs = new Float32Array((plays.length / BOARD_LENGTH) * OUTPUTS);
  const random = seededRandom(seed);
  const roll = () => 1 + Math.floor(random() * 6);
  const out: Decision[] = [];
  const start = rules.start().board.slice(0, BOARD_LENGTH);
  for (let g = 0; g < games; g++) {
    const board = start.slice();
    for (let ply = 0; ply < 2000; ply++) {
      const d1 = roll();
      let d2 = roll();
      // The opening roll is never a double.
      while (ply === 0 && d2 === d1) d2 = roll();
      const chosen = ev.bestPlay0ply(board, d1, d2, plays, childProbs);
      if (chosen.count > 1) out.push({ board: board.slice(), d1, d2 });
      if (chosen.index >= 0) board.set(plays.subarray(chosen.index * BOARD_LENGTH, (chosen.index + 1) * BOARD_LENGTH));
      swapHalves(board);
      if (classify(board) === OVER) break;
    }
  }
  return out;
}

/** The mover's cubeless equity after a play: exact when the game is over, else gnubg's. */
async function judged(gnubg: Gnubg, after: Int8Array, plies: number): Promise<number> {
  const view = after.slice(0, BOARD_LENGTH);
  swapHalves(view);
  if (classify(view) === OVER) {
    const p = new Float32Array(OUTPUTS);
    outcomeProbabilities(view, 0, p, 0);
    return -equityOf(p, 0);
  }
  const a = await gnubg.ask({ op: 'eval', board: gnubgBoard(view), plies });
  if (a.equity === undefined) throw new Error(`gnubg did not value a position: ${JSON.stringify(a)}`);
  return -a.equity;
}

/** gnubg's own play at `plies` for the decision, as the board it leaves (mover's view). */
async function gnubgChoice(gnubg: Gnubg, d: Decision, plies: number): Promise<Int8Array> {
  const next = await gnubgPlay(gnubg, makePosition('backgammon', d.board.slice()), [d.d1, d.d2], plies);
  const after = next.board.slice(0, BOARD_LENGTH);
  swapHalves(after);
  return after;
}

/** Each choice's judged equity, the same number for the same board (one gnubg call each). */
async function judgeChoices(gnubg: Gnubg, chosen: readonly Int8Array[], plies: number): Promise<number[]> {
  const distinct: Int8Array[] = [];
  const which = chosen.map((b) => {
    const k = distinct.findIndex((x) => sameBoard(x, b));
    if (k >= 0) return k;
    distinct.push(b);
    return distinct.length - 1;
  });
  if (distinct.length === 1) return chosen.map(() => 0);
  const eq = await Promise.all(distinct.map((b) => judged(gnubg, b, plies)));
  return which.map((k) => eq[k] as number);
}

interface Variant {
  readonly name: string;
  /** Zar's way of choosing, or null for gnubg's own choice at `gnubgPlies`. */
  readonly choose: ((d: Decision) => Int8Array) | null;
  readonly gnubgPlies?: number;
}

/** A search per weights file, each file loaded once however many variants name it. */
function searchesByFile(): (file: string) => PlySearch {
  const searches = new Map<string, PlySearch>();
  return (f) => {
    const s = searches.get(f) ?? createPlySearch(loadBenchEvaluator(f).ev);
    searches.set(f, s);
    return s;
  };
}

function parseVariants(text: string, file: string, judgePlies: number, searchOf: (f: string) => PlySearch): Variant[] {
  return text.split(',').map((name) => {
    const g = /^gnubg(\d?)$/.exec(name);
    if (g) return { name, choose: null, gnubgPlies: g[1] ? Number(g[1]) : judgePlies };
    const [way = '', other] = name.split('@');
    if (!/^[012]$/.test(way))
      throw new Error(`unknown variant ${name}: use 0, 1 or 2 (plies), PLIES@FILE, gnubg or gnubgN`);
    const search = searchOf(other ?? file);
    const plies = Number(way);
    return { name, choose: (d: Decision) => best(search, d, plies).slice(0, BOARD_LENGTH) };
  });
}

const CLASS_NAMES = ['over', 'bearoff', 'race', 'contact'] as const;

/** One JSON line per decision where the first variant lost against the best choice, worst first. */
function dumpLosses(file: string, decisions: readonly Decision[], eq: readonly number[][]): void {
  const lines = decisions
    .map((d, i) => {
      const e = eq[i] as number[];
      const loss = Math.max(...e) - (e[0] as number);
      const position = makePositionId(makePosition('backgammon', d.board.slice()));
      return {
        position,
        dice: [d.d1, d.d2],
        loss: Number(loss.toFixed(4)),
        equities: e.map((x) => Number(x.toFixed(4))),
      };
    })
    .filter((x) => x.loss > 0)
    .sort((a, b) => b.loss - a.loss);
  writeFileSync(file, lines.map((x) => `${JSON.stringify(x)}\n`).join(''));
}

function report(
  variants: readonly Variant[],
  eq: readonly number[][],
  classes: readonly number[],
  ms: number[],
  perGame: number,
): void {
  const n = eq.length;
  for (let v = 0; v < variants.length; v++) {
    const d = meanCi(eq.map((e) => (e[v] as number) - (e[0] as number)));
    const loss = eq.map((e) => Math.max(...e) - (e[v] as number));
    const byClass = CLASS_NAMES.map((c, k) => {
      const mine = loss.filter((_, i) => classes[i] === k);
      const mean = (1000 * mine.reduce((a, x) => a + x, 0)) / Math.max(1, mine.length);
      return mine.length === 0 ? '' : ` ${c} ${mean.toFixed(2)} over ${mine.length}`;
    }).join('');
    console.log(
      `${variants[v]?.name} vs ${variants[0]?.name}: ${(1000 * d.mean).toFixed(3)} ± ${(1000 * d.ci95).toFixed(3)} m-points/decision` +
        ` (≈ ${(d.mean * perGame).toFixed(4)} ppg), differs on ${eq.filter((e) => e[v] !== e[0]).length}` +
        `; loss vs the best choice ${(1000 * meanCi(loss).mean).toFixed(3)} (by class:${byClass})` +
        `; ${((ms[v] as number) / n).toFixed(1)} ms/decision`,
    );
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '150' },
      seed: { type: 'string', default: '5' },
      'judge-plies': { type: 'string', default: '2' },
      variants: { type: 'string', default: '1,0,2' },
      weights: { type: 'string' },
      gnubg: { type: 'string', default: GNUBG },
      install: { type: 'boolean', default: false },
      only: { type: 'string' },
      dump: { type: 'string' },
    },
  });
  const only = values.only === undefined ? null : CLASS_NAMES.indexOf(values.only as (typeof CLASS_NAMES)[number]);
  if (only === -1) throw new Error(`--only takes one of ${CLASS_NAMES.join(', ')}, not ${values.only}`);
  const file = weightsFile(values.weights);
  const judgePlies = Number(values['judge-plies']);
  const searchOf = searchesByFile();
  const variants = parseVariants(values.variants as string, file, judgePlies, searchOf);
  const path = findGnubg(values.gnubg as string, values.install as boolean);
  if (!path) {
    console.error(`gnubg not found at ${values.gnubg}: sudo apt-get install gnubg, or run with --install as root.`);
    process.exitCode = 2;
    return;
  }
  const games = Number(values.games);
  const t0 = performance.now();
  const decisions = selfPlayDecisions(searchOf(file).evaluator, games, Number(values.seed)).filter(
    (d) => only === null || classify(d.board) === only,
  );
  console.log(`${decisions.length} decisions from ${games} games (${Math.round((performance.now() - t0) / 1000)} s)`);

  const gnubg = startGnubg(path);
  const ms = variants.map(() => 0);
  const judgedAll: Promise<number[]>[] = [];
  for (let i = 0; i < decisions.length; i++) {
    const d = decisions[i] as Decision;
    const chosen = variants.map((v, k) => {
      if (!v.choose) return gnubgChoice(gnubg, d, v.gnubgPlies ?? judgePlies);
      const t = performance.now();
      const b = v.choose(d);
      ms[k] = (ms[k] as number) + performance.now() - t;
      return b;
    });
    // gnubg answers in request order, so its valuations may queue behind later moves.
    judgedAll.push(Promise.all(chosen).then((boards) => judgeChoices(gnubg, boards, judgePlies)));
    if (i % 20 === 0) {
      // Let gnubg's answers drain while the next decisions are searched.
      await new Promise((r) => setImmediate(r));
      process.stdout.write(`\r${i + 1}/${decisions.length} decisions`);
    }
  }
  const eq = await Promise.all(judgedAll);
  gnubg.close();
  if (values.dump) dumpLosses(values.dump, decisions, eq);
  const differing = eq.filter((e) => e.some((x) => x !== e[0])).length;
  const perGame = decisions.length / games / 2;
  console.log(
    `\njudged by gnubg ${judgePlies}-ply, cubeless; ${differing} of ${decisions.length} decisions differ; ` +
      `~${perGame.toFixed(1)} decisions per side per game; ${Math.round((performance.now() - t0) / 1000)} s in all`,
  );
  report(
    variants,
    eq,
    decisions.map((d) => classify(d.board)),
    ms,
    perGame,
  );
}

await main();
