import {
  type CubeContext,
  contextOfMatchId,
  createCubeSearch,
  createPlySearch,
  createRollout,
  cubefulValue,
  cubeLife,
  type Evaluator,
  MONEY,
  NEURAL_GAME,
  summarise,
  toEquity,
} from '@zar/bot';
import {
  BOARD_LENGTH,
  type Dice,
  err,
  formatPlay,
  ok,
  type Position,
  type Result,
  rulesFor,
  sameBoard,
  swapHalves,
} from '@zar/engine';
import { parseMatchId } from '@zar/match';
import type { Command } from 'commander';
import { type CliContext, fail } from '../io.js';
import { loadEvaluator } from '../load-evaluator.js';
import { readPosition } from '../read-position.js';

interface HintOptions {
  rollout?: string;
  plies?: string;
  count?: string;
  match?: string;
  weights?: string;
  json?: boolean;
}

export interface PlayHint {
  readonly play: string;
  /** Cubeful equity for the mover, normalised per cube, in the context given. */
  readonly equity: number;
  readonly cubeless: number;
  readonly plies: number;
  /** win, win gammon, win backgammon, lose gammon, lose backgammon for the mover. */
  readonly probabilities: readonly number[];
  /** With --rollout: the mover's cubeless equity from a truncated rollout, and its standard error. */
  readonly rollout?: { readonly trials: number; readonly equity: number; readonly stdError: number };
}

/** Rollouts for hints: truncated after 10 plies, with luck cancellation (see rollout.ts). */
const ROLLOUT_PLIES = 10;
const ROLLOUT_PLAYS = 3;

export function registerHint(program: Command, ctx: CliContext): void {
  program
    .command('hint')
    .description('list the best plays of a backgammon position and roll, or its cube decision without a roll')
    .argument('<position>', 'a gnubg Position ID (or Zar text form), side on roll')
    .argument('[dice]', 'the roll, e.g. 31 or 3-1; without it, the cube decision')
    .option('--plies <n>', 'search depth 0, 1 or 2', '1')
    .option('--count <n>', 'how many plays to list', '5')
    .option('--match <id>', 'gnubg Match ID for cube and score (money, centred cube when omitted)')
    .option('--weights <file>', 'evaluator weights (default: packages/bot/weights)')
    .option('--rollout <trials>', `also roll out the best ${ROLLOUT_PLAYS} plays (truncated, variance-reduced)`)
    .option('--json', 'print JSON')
    .action((position: string, dice: string | undefined, opts: HintOptions) => {
      const r = hint(position, dice, opts);
      if (!r.ok) return fail(ctx, r.error);
      ctx.io.stdout.write(opts.json ? `${JSON.stringify(r.value.json)}\n` : r.value.text);
    });
}

/** Reads "31", "3-1", "3,1" or "3 1". */
export function parseDiceText(text: string): Result<Dice> {
  const m = /^\s*([1-6])\s*[-, /]?\s*([1-6])\s*$/.exec(text);
  if (!m) return err('ERR_DICE', `dice are two numbers 1..6, e.g. 31 or 3-1, not ${JSON.stringify(text)}`);
  return ok([Number(m[1]), Number(m[2])]);
}

function parseDepth(text: string | undefined, max: number, what: string): Result<number> {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > max) return err('ERR_USAGE', `${what} is 0..${max}, not ${text}`);
  return ok(n);
}

function hint(
  position: string,
  diceText: string | undefined,
  opts: HintOptions,
): Result<{ json: unknown; text: string }> {
  const read = readPosition(position);
  if (!read.ok) return read;
  if (read.value.pos.game !== NEURAL_GAME) return err('ERR_WRONG_GAME', `hints are for ${NEURAL_GAME} positions`);
  const plies = parseDepth(opts.plies, 2, '--plies');
  if (!plies.ok) return plies;
  const count = parseDepth(opts.count, 1000, '--count');
  if (!count.ok) return count;
  let cube: CubeContext = MONEY;
  if (opts.match !== undefined) {
    const info = parseMatchId(opts.match);
    if (!info.ok) return info;
    cube = contextOfMatchId(info.value, info.value.onRoll);
  }
  const ev = loadEvaluator(opts.weights);
  if (!ev.ok) return ev;
  if (diceText === undefined) return ok(cubeHint(ev.value, read.value.pos, cube, Math.min(plies.value, 1)));
  const dice = parseDiceText(diceText);
  if (!dice.ok) return dice;
  let plays = playHints(ev.value, read.value.pos, dice.value, plies.value, cube).slice(0, count.value);
  if (opts.rollout !== undefined) {
    const trials = parseDepth(opts.rollout, 100_000, '--rollout');
    if (!trials.ok) return trials;
    plays = rollOut(ev.value, read.value.pos, dice.value, plays, trials.value);
  }
  const lines = plays.map(
    (p, i) =>
      `${String(i + 1).padStart(3)}. ${p.play.padEnd(24)} ${signed(p.equity)}  (${p.plies}-ply; ` +
      `win ${pct(p.probabilities[0])} wg ${pct(p.probabilities[1])} lg ${pct(p.probabilities[3])})` +
      (p.rollout
        ? `  rollout ${signed(p.rollout.equity)} ± ${p.rollout.stdError.toFixed(3)} (${p.rollout.trials} trials)`
        : ''),
  );
  const text = plays.length === 0 ? 'no play: the roll cannot be played\n' : `${lines.join('\n')}\n`;
  return ok({ json: { plays }, text });
}

/**
 * The plays of `dice`, best first, with cubeful equities in `cube` (the mover's context):
 * plays searched to `plies` come first, in their order, then those the filters dropped.
 */
export function playHints(ev: Evaluator, pos: Position, dice: Dice, plies: number, cube: CubeContext): PlayHint[] {
  const search = createPlySearch(ev);
  const ranked = search.rankPlays(pos.board, dice[0], dice[1], plies);
  const legal = rulesPlays(pos, dice);
  const after = new Int8Array(BOARD_LENGTH);
  return ranked
    .map((r) => {
      after.set(r.board);
      swapHalves(after);
      const play = legal.find((p) => sameBoard(p.board, after));
      return {
        play: play?.notation ?? '?',
        equity: toEquity(cube, cubefulValue(r.probs, cube, cubeLife(after))),
        cubeless: r.equity,
        plies: r.plies,
        probabilities: Array.from(r.probs),
      };
    })
    .sort((a, b) => b.plies - a.plies || b.equity - a.equity);
}

/** Adds a cubeless rollout of each of the first plays (the position each leaves, opponent on roll). */
function rollOut(ev: Evaluator, pos: Position, dice: Dice, plays: PlayHint[], trials: number): PlayHint[] {
  const rollout = createRollout(ev);
  const legal = rulesPlays(pos, dice);
  return plays.map((p, i) => {
    const next = i < ROLLOUT_PLAYS ? legal.find((l) => l.notation === p.play)?.board : undefined;
    if (!next) return p;
    const r = summarise(rollout.run(next, { trials, truncate: ROLLOUT_PLIES, varianceReduction: true, seed: 1 }));
    return { ...p, rollout: { trials: r.trials, equity: -r.equity, stdError: r.stdError } };
  });
}

function rulesPlays(pos: Position, dice: Dice): { notation: string; board: Int8Array }[] {
  return rulesFor(pos.game)
    .legalPlays(pos, dice)
    .map((p) => ({ notation: formatPlay(p.steps), board: p.next.board }));
}

function cubeHint(ev: Evaluator, pos: Position, cube: CubeContext, plies: number): { json: unknown; text: string } {
  const d = createCubeSearch(ev).decide(pos.board, cube, plies);
  const action = !d.mayDouble
    ? 'no double available'
    : d.double
      ? d.take
        ? d.beaver
          ? 'double, beaver'
          : 'double, take'
        : 'double, drop'
      : d.take
        ? 'no double, take'
        : 'too good to double, drop';
  const json = {
    action,
    mayDouble: d.mayDouble,
    double: d.double,
    take: d.take,
    noDouble: d.noDouble,
    doubleTake: d.doubleTake,
    doubleDrop: d.doubleDrop,
    plies: d.plies,
    probabilities: Array.from(d.probs),
  };
  const text = [
    `cube decision (${d.plies}-ply): ${action}`,
    `  no double     ${signed(d.noDouble)}`,
    `  double, take  ${signed(d.doubleTake)}`,
    `  double, drop  ${signed(d.doubleDrop)}`,
    `  win ${pct(d.probs[0])} wg ${pct(d.probs[1])} lg ${pct(d.probs[3])}`,
    '',
  ].join('\n');
  return { json, text };
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
const pct = (x: number | undefined): string => `${((x ?? 0) * 100).toFixed(1)}%`;
