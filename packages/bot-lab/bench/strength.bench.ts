/**
 * `npm run bench:strength -w @zar/bot-lab -- [--pairs 100] [--plies 0] [--cube] [--judge-plies 0]
 *   [--weights FILE] [--seed 1] [--install]`
 *
 * Money games between Zar and GNU Backgammon at 0-ply, driven through gnubg's Python scripting
 * (bench/gnubg-driver.py). Duplicate dice: each dice stream is played twice, Zar first and then
 * gnubg first, so most of the luck cancels; points per game are reported from Zar's side with a
 * 95% interval over the pairs. Zar's unforced plays are judged by gnubg: where Zar's play differs
 * from gnubg's choice, gnubg values both (cubeless, at --judge-plies) and the difference is the
 * error; the error rate is in mEMG per unforced play. With --cube the games are played with a
 * money cube (no Jacoby, no beavers) and both sides double and take by their own analysis.
 * The loss is also split by mark (gnubg's thresholds), and `--dump FILE` writes every play that
 * lost equity as a JSON line (Position ID, dice, both plays, loss), to find where the errors are,
 * and with --cube every wrong cube decision (its kind, the cube, both sides' cubeless
 * probabilities and both sides' cubeful equities), to see whether the evaluator or the cube model
 * is wrong.
 * Never part of the test suite: gnubg answers about 100 requests a second.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type CubeContext,
  type CubeOwner,
  classify,
  createNeuralBot,
  type Mark,
  MONEY,
  markOf,
  mayDouble,
  type NeuralBot,
  type Random,
  seededRandom,
} from '@zar/bot';
import { type Dice, makePositionId, type Position, rulesFor, sameBoard } from '@zar/engine';
import { meanCi } from '../training/duel-stats.js';
import { findGnubg, GNUBG, type Gnubg, gnubgBoard, gnubgPlay, startGnubg } from './gnubg-process.js';
import { loadBenchEvaluator, weightsFile } from './weights-file.js';

const rules = rulesFor('backgammon');

/** gnubg's rating bands by mEMG per unforced move (analysis.c arThrsRating; bot-research.md §1). */
const RATINGS: readonly [number, string][] = [
  [2, 'Supernatural'],
  [5, 'World class'],
  [8, 'Expert'],
  [12, 'Advanced'],
  [18, 'Intermediate'],
  [26, 'Casual'],
  [35, 'Beginner'],
];
const ratingOf = (mEmg: number): string => RATINGS.find(([t]) => mEmg < t)?.[1] ?? 'Awful';

/** Names of the evaluator's position classes (OVER, BEAROFF, RACE, CONTACT). */
const CLASS_NAMES = ['over', 'bearoff', 'race', 'contact'] as const;

interface Judge {
  moves: number;
  loss: number;
  differing: number;
  /** Unforced plays and their loss by the class of the position played from. */
  byClass: Record<string, { plays: number; loss: number }>;
  /** Plays and their loss by mark (a play that loses less than 0.04 is 'none'). */
  byMark: Record<Mark, { plays: number; loss: number }>;
  /** Zar's cube decisions that were close by gnubg's numbers, or where either side doubled. */
  cubeDecisions: number;
  cubeLoss: number;
  cubeWrong: number;
  /** The wrong cube decisions by kind, and their loss: where the cube errs, not only how much. */
  cubeErrors: Record<CubeError, { n: number; loss: number }>;
}

type CubeError = 'missedDouble' | 'wrongDouble' | 'wrongTake' | 'wrongDrop';

/** gnubg's cubeful equities for the side on roll: no double, double/take, double/drop. */
interface CubeView {
  readonly text: string;
  readonly noDouble: number;
  readonly take: number;
  readonly drop: number;
}

/** A cube decision counts when doubling is within this of not doubling (as in analyse-match.ts). */
const CLOSE_CUBE = 0.16;

interface Bench {
  readonly gnubg: Gnubg;
  readonly bot: NeuralBot;
  readonly cube: boolean;
  readonly judgePlies: number;
  readonly judge: Judge;
  /** File that gets one JSON line per play that lost equity, or null. */
  readonly dump: string | null;
}

/** The mover's cubeless equity after a play, by gnubg (the next position has the opponent on roll). */
async function gnubgValue(b: Bench, next: Position): Promise<number> {
  const a = await b.gnubg.ask({ op: 'eval', board: gnubgBoard(next.board), plies: b.judgePlies });
  return -(a.equity ?? 0);
}

async function zarPlay(b: Bench, pos: Position, dice: Dice): Promise<Position> {
  const plays = rules.legalPlays(pos, dice);
  if (plays.length === 0) return rules.pass(pos, dice);
  const mine = b.bot.choosePlay(pos, dice) ?? (plays[0] as (typeof plays)[number]);
  if (plays.length > 1) {
    b.judge.moves++;
    const cls = CLASS_NAMES[classify(pos.board)] as string;
    const tally = b.judge.byClass[cls] ?? { plays: 0, loss: 0 };
    b.judge.byClass[cls] = tally;
    tally.plays++;
    const theirs = await gnubgPlay(b.gnubg, pos, dice);
    if (!sameBoard(theirs.board, mine.next.board)) {
      b.judge.differing++;
      const best = await gnubgValue(b, theirs);
      const chosen = await gnubgValue(b, mine.next);
      recordLoss(b, tally, Math.max(0, best - chosen), () => ({
        position: makePositionId(pos),
        dice,
        class: cls,
        // Position IDs after each play (the opponent on roll), to paste into gnubg.
        zar: makePositionId(mine.next),
        gnubg: makePositionId(theirs),
      }));
    } else b.judge.byMark.none.plays++;
  }
  return mine.next;
}

/** Adds a differing play's loss to the totals, its class's tally and its mark, and to the dump file. */
function recordLoss(b: Bench, tally: { loss: number }, loss: number, describe: () => Record<string, unknown>): void {
  b.judge.loss += loss;
  tally.loss += loss;
  const band = b.judge.byMark[markOf(loss)];
  band.plays++;
  band.loss += loss;
  if (b.dump && loss > 0)
    appendFileSync(b.dump, `${JSON.stringify({ ...describe(), loss: Number(loss.toFixed(4)) })}\n`);
}

const gnubgOwner = (owner: CubeOwner): number => (owner === 'centre' ? -1 : owner === 'me' ? 1 : 0);

async function gnubgCube(b: Bench, pos: Position, ctx: CubeContext): Promise<CubeView> {
  const a = await b.gnubg.ask({
    op: 'cube',
    board: gnubgBoard(pos.board),
    cube: ctx.value,
    owner: gnubgOwner(ctx.owner),
  });
  return { text: a.text ?? '', noDouble: a.noDouble ?? 0, take: a.take ?? 0, drop: a.drop ?? 1 };
}

/** Where a cube decision was taken: the doubler's position and cube. */
interface CubeSpot {
  readonly pos: Position;
  readonly ctx: CubeContext;
}

/** Scores Zar's double (or not) against gnubg's equities for the same position. */
async function judgeDouble(b: Bench, g: CubeView, doubled: boolean, at: CubeSpot): Promise<void> {
  const afterDouble = Math.min(g.take, g.drop);
  if (!doubled && afterDouble < g.noDouble - CLOSE_CUBE) return;
  const best = Math.max(g.noDouble, afterDouble);
  const loss = best - (doubled ? afterDouble : g.noDouble);
  await countCube(b, loss, doubled ? 'wrongDouble' : 'missedDouble', g, at);
}

/** Scores Zar's take (or drop); gnubg's equities are the doubler's. */
async function judgeTake(b: Bench, g: CubeView, takes: boolean, at: CubeSpot): Promise<void> {
  const loss = Math.max(-g.take, -g.drop) - (takes ? -g.take : -g.drop);
  await countCube(b, loss, takes ? 'wrongTake' : 'wrongDrop', g, at);
}

const round4 = (x: number) => Number(x.toFixed(4));

async function countCube(b: Bench, loss: number, kind: CubeError, g: CubeView, at: CubeSpot): Promise<void> {
  const j = b.judge;
  if (b.dump && loss > 1e-6) {
    // Both sides' view of the doubler's position: cubeless probabilities, then cubeful equities.
    const theirs = await b.gnubg.ask({ op: 'eval', board: gnubgBoard(at.pos.board), plies: 0 });
    const mine = b.bot.cubeDecision(at.pos.board, at.ctx);
    const line = {
      cube: kind,
      position: makePositionId(at.pos),
      value: at.ctx.value,
      owner: at.ctx.owner,
      loss: round4(loss),
      gnubg: {
        probs: (theirs.probs ?? []).map(round4),
        noDouble: round4(g.noDouble),
        take: round4(g.take),
        drop: round4(g.drop),
      },
      zar: {
        probs: Array.from(mine.probs, round4),
        noDouble: round4(mine.noDouble),
        take: round4(mine.doubleTake),
        drop: round4(mine.doubleDrop),
      },
    };
    appendFileSync(b.dump, `${JSON.stringify(line)}\n`);
  }
  j.cubeDecisions++;
  j.cubeLoss += loss;
  if (loss <= 1e-6) return;
  j.cubeWrong++;
  j.cubeErrors[kind].n++;
  j.cubeErrors[kind].loss += loss;
}

/** Points Zar wins (negative: loses) in one money game; `zarFirst` says who has the opening roll. */
async function playGame(b: Bench, random: Random, zarFirst: boolean): Promise<number> {
  const die = () => 1 + Math.floor(random() * 6);
  let d1 = die();
  let d2 = die();
  while (d1 === d2) d2 = die();
  let pos = rules.start();
  let zarOnRoll = zarFirst;
  let value = 1;
  let owner: 'zar' | 'gnubg' | null = null;
  for (let turn = 0; turn < 1000; turn++) {
    if (turn > 0) {
      d1 = die();
      d2 = die();
      if (b.cube) {
        const ctx: CubeContext = {
          ...MONEY,
          value,
          owner: owner === null ? 'centre' : (owner === 'zar') === zarOnRoll ? 'me' : 'them',
        };
        if (mayDouble(ctx)) {
          const g = await gnubgCube(b, pos, ctx);
          const doubles = zarOnRoll ? b.bot.chooseDouble(pos.board, ctx) : /^(Double|Redouble)/.test(g.text);
          if (zarOnRoll) await judgeDouble(b, g, doubles, { pos, ctx });
          if (doubles) {
            const takes = zarOnRoll ? !/pass/i.test(g.text) : b.bot.chooseTake(pos.board, ctx) !== 'drop';
            if (!zarOnRoll) await judgeTake(b, g, takes, { pos, ctx });
            if (!takes) return zarOnRoll ? value : -value;
            value *= 2;
            owner = zarOnRoll ? 'gnubg' : 'zar';
          }
        }
      }
    }
    const dice: Dice = [d1, d2];
    pos = zarOnRoll ? await zarPlay(b, pos, dice) : await gnubgPlay(b.gnubg, pos, dice);
    const end = rules.outcome(pos);
    if (end) {
      // The final position has the loser on roll.
      const points = end.points * value;
      return zarOnRoll ? points : -points;
    }
    zarOnRoll = !zarOnRoll;
  }
  return 0;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pairs: { type: 'string', default: '100' },
      plies: { type: 'string', default: '0' },
      cube: { type: 'boolean', default: false },
      'judge-plies': { type: 'string', default: '0' },
      weights: { type: 'string' },
      seed: { type: 'string', default: '1' },
      gnubg: { type: 'string', default: GNUBG },
      install: { type: 'boolean', default: false },
      dump: { type: 'string' },
    },
  });
  const path = findGnubg(values.gnubg, values.install);
  if (!path) {
    console.error(
      `gnubg not found at ${values.gnubg}. Install GNU Backgammon (Debian: sudo apt-get install gnubg), ` +
        'run again with --install (as root), or give --gnubg PATH.',
    );
    process.exitCode = 2;
    return;
  }
  const file = weightsFile(values.weights);
  const { ev } = loadBenchEvaluator(file);
  const plies = Number(values.plies);
  const bot = createNeuralBot(ev, { plies, cubePlies: Math.min(1, plies), noise: 0 });
  const b: Bench = {
    gnubg: startGnubg(path),
    bot,
    cube: values.cube,
    judgePlies: Number(values['judge-plies']),
    judge: {
      moves: 0,
      loss: 0,
      differing: 0,
      byClass: {},
      byMark: {
        none: { plays: 0, loss: 0 },
        doubtful: { plays: 0, loss: 0 },
        error: { plays: 0, loss: 0 },
        blunder: { plays: 0, loss: 0 },
      },
      cubeDecisions: 0,
      cubeLoss: 0,
      cubeWrong: 0,
      cubeErrors: {
        missedDouble: { n: 0, loss: 0 },
        wrongDouble: { n: 0, loss: 0 },
        wrongTake: { n: 0, loss: 0 },
        wrongDrop: { n: 0, loss: 0 },
      },
    },
    dump: values.dump ?? null,
  };
  if (b.dump) writeFileSync(b.dump, '');
  const pairs = Number(values.pairs);
  const seed = Number(values.seed);
  const results: number[] = [];
  let games = 0;
  let wins = 0;
  // Games by the points Zar scored: cubeless, ±2 is a gammon and ±3 a backgammon, which shows
  // whether a deficit comes from single games or from gammons.
  const byPoints = new Map<number, number>();
  const t0 = performance.now();
  for (let i = 0; i < pairs; i++) {
    const s = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0;
    const a = await playGame(b, seededRandom(s), true);
    const c = await playGame(b, seededRandom(s), false);
    results.push((a + c) / 2);
    for (const p of [a, c]) byPoints.set(p, (byPoints.get(p) ?? 0) + 1);
    games += 2;
    wins += (a > 0 ? 1 : 0) + (c > 0 ? 1 : 0);
    if ((i + 1) % 10 === 0) {
      const { mean, ci95 } = meanCi(results);
      process.stderr.write(`${i + 1}/${pairs} pairs: ${mean.toFixed(3)} ± ${ci95.toFixed(3)} ppg\n`);
    }
  }
  b.gnubg.close();
  const { mean, ci95 } = meanCi(results);
  const mEmg = (1000 * b.judge.loss) / Math.max(1, b.judge.moves);
  const summary = {
    measuredBy: `npm run bench:strength -w @zar/bot-lab -- ${process.argv.slice(2).join(' ')}`,
    seed: Number(values.seed),
    opponent: 'gnubg 1.07, 0-ply (its "expert" level), cubeless evaluation of plays',
    zar: { weights: file, plies, cube: b.cube ? `Janowski ${Math.min(1, plies)}-ply` : 'none' },
    play: `money games${b.cube ? ' with the cube (no Jacoby, no beavers)' : ', cubeless'}, duplicate dice`,
    games,
    ppg: Number(mean.toFixed(4)),
    ci95: Number(ci95.toFixed(4)),
    winRate: Number((wins / games).toFixed(4)),
    gamesByPoints: Object.fromEntries(
      [...byPoints.entries()].sort(([x], [y]) => y - x).map(([p, n]) => [p > 0 ? `+${p}` : `${p}`, n]),
    ),
    judge: {
      by: `gnubg ${b.judgePlies}-ply, cubeless`,
      unforcedPlays: b.judge.moves,
      differingFromGnubg: b.judge.differing,
      mEmgPerUnforcedPlay: Number(mEmg.toFixed(2)),
      rating: ratingOf(mEmg),
      // Where the loss is: mEMG per unforced play from each class of position, and its share.
      byClass: Object.fromEntries(
        Object.entries(b.judge.byClass).map(([cls, t]) => [
          cls,
          {
            unforcedPlays: t.plays,
            mEmgPerUnforcedPlay: Number(((1000 * t.loss) / Math.max(1, t.plays)).toFixed(2)),
            shareOfLoss: Number((t.loss / Math.max(1e-9, b.judge.loss)).toFixed(3)),
          },
        ]),
      ),
      // How the loss splits between many small errors and a few large ones.
      byMark: Object.fromEntries(
        Object.entries(b.judge.byMark).map(([mark, t]) => [
          mark,
          { plays: t.plays, shareOfLoss: Number((t.loss / Math.max(1e-9, b.judge.loss)).toFixed(3)) },
        ]),
      ),
      ...(b.cube
        ? {
            cubeDecisions: b.judge.cubeDecisions,
            cubeWrong: b.judge.cubeWrong,
            cubeMEmgPerDecision: Number(((1000 * b.judge.cubeLoss) / Math.max(1, b.judge.cubeDecisions)).toFixed(2)),
            cubeErrors: Object.fromEntries(
              Object.entries(b.judge.cubeErrors).map(([kind, t]) => [
                kind,
                { wrong: t.n, shareOfLoss: Number((t.loss / Math.max(1e-9, b.judge.cubeLoss)).toFixed(3)) },
              ]),
            ),
          }
        : {}),
    },
    seconds: Math.round((performance.now() - t0) / 1000),
  };
  console.log(JSON.stringify(summary, null, 2));
}

await main();
