import { createInterface } from 'node:readline';
import { checkDice, createRules, type Dice, err, formatPlay, ok, type Result, type ZarError } from '@zar/engine';
import type { Command } from 'commander';
import type { CliContext } from '../io.js';
import { parseRequestLine } from '../json-request.js';
import { readPosition, writePosition } from '../read-position.js';

/**
 * `zar moves`: one JSON request per input line, one JSON answer per line, in order.
 *
 * Request: {"game":"backgammon","position":"<gnubg Position ID>","dice":[3,1]}. "game"
 * defaults to backgammon; other games give "position" in Zar text form (a backgammon
 * position may be given either way). Blank lines are skipped.
 *
 * Answer: {"plays":[{"play":"8/5 6/5","position":"…"}, …]}. Each position is the result of
 * the play, in the form the request used, with the opponent on roll, except inside a gul
 * bara doubles run (see below). Plays are sorted by their notation, numbers compared as
 * numbers ("8/5 6/5" before "13/10 6/5"), so the answer does not depend on the generator's
 * order or on the order of the dice. A roll that cannot be played answers
 * {"plays":[],"pass":"<position after passing>"}.
 *
 * Gul bara doubles run: the answer covers one block. It carries "block": d (the die of the
 * block) whenever the position is inside a run or a play continues it, and each play says
 * "continues": true when the same side plays the next block from its position (then that
 * position still has the side on roll) or false when the turn has passed.
 *
 * A line that cannot be answered gets {"error":{"code":"ERR_…","message":"…"}} and the next
 * lines still run. The exit code is 0 when all input was read.
 */

interface PlayAnswer {
  readonly play: string;
  readonly position: string;
  readonly continues?: boolean;
}

type Answer =
  | { readonly plays: PlayAnswer[]; readonly block?: number; readonly pass?: string }
  | { readonly error: ZarError };

const notationOrder = new Intl.Collator('en', { numeric: true });
const byNotation = (a: PlayAnswer, b: PlayAnswer): number =>
  notationOrder.compare(a.play, b.play) || (a.play < b.play ? -1 : a.play > b.play ? 1 : 0);

export function registerMoves(program: Command, ctx: CliContext): void {
  program
    .command('moves')
    .description('read {"game","position","dice"} JSON lines on stdin; write the legal plays of each as a JSON line')
    .addHelpText(
      'after',
      `
Each answer: {"plays":[{"play":"8/5 6/5","position":"…"}, …]}, plays sorted by notation
(numbers as numbers); each position is the result with the opponent on roll, written the
way the request wrote its position (gnubg Position ID or Zar text). A roll that cannot be
played: {"plays":[],"pass":"…"}. Gul bara doubles runs: one block per request, with
"block": d and "continues" on each play. A bad line: {"error":{"code":"ERR_…","message":"…"}}.`,
    )
    .action(async () => {
      const lines = createInterface({ input: ctx.io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        if (line.trim() === '') continue;
        ctx.io.stdout.write(`${JSON.stringify(answerLine(line))}\n`);
      }
    });
}

export function answerLine(line: string): Answer {
  try {
    const answer = answerRequest(line);
    return answer.ok ? answer.value : { error: answer.error };
  } catch (e) {
    // A thrown error is a broken invariant in the engine; one bad line must not stop the rest.
    return { error: { code: 'ERR_INTERNAL', message: e instanceof Error ? e.message : String(e) } };
  }
}

function answerRequest(line: string): Result<Answer> {
  const request = parseRequest(line);
  if (!request.ok) return request;
  const { game, position, dice: rawDice } = request.value;
  const rules = createRules(game ?? 'backgammon');
  if (!rules.ok) return rules;
  const dice = checkDice(rawDice);
  if (!dice.ok) return dice;
  if (typeof position !== 'string') return err('ERR_REQUEST', '"position" must be a string');
  const read = readPosition(position, rules.value);
  if (!read.ok) return read;
  const { pos, form } = read.value;
  if (rules.value.outcome(pos)) return err('ERR_GAME_OVER', 'the game is over: there is nothing to play');
  const block = pos.run;
  if (block > 0 && !sameDie(dice.value, block)) {
    return err('ERR_DICE', `this position is inside a doubles run: the block to play is ${block}-${block}`);
  }
  const plays = rules.value.legalPlays(pos, dice.value);
  if (plays.length === 0) return ok({ plays: [], pass: writePosition(rules.value.pass(pos, dice.value), form) });
  const inRun = block > 0 || plays.some((p) => p.next.run > 0);
  const answers = plays.map((p) => {
    const a: PlayAnswer = { play: formatPlay(p.steps), position: writePosition(p.next, form) };
    return inRun ? { ...a, continues: p.next.run > 0 } : a;
  });
  answers.sort(byNotation);
  return ok(inRun ? { plays: answers, block: dice.value[0] } : { plays: answers });
}

const sameDie = (dice: Dice, die: number): boolean => dice[0] === die && dice[1] === die;

interface Request {
  readonly game?: unknown;
  readonly position?: unknown;
  readonly dice?: unknown;
}

function parseRequest(line: string): Result<Request> {
  return parseRequestLine(line, ['game', 'position', 'dice'], '{"game":"backgammon","position":"…","dice":[3,1]}');
}
