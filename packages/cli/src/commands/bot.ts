import { createInterface } from 'node:readline';
import { contextOfMatchId, createNeuralBot, isLevel, LEVEL_NAMES, NEURAL_GAME, type NeuralBot } from '@zar/bot';
import { checkDice, err, formatPlay, ok, parsePositionId, type Result, rulesFor, type ZarError } from '@zar/engine';
import { parseMatchId } from '@zar/match';
import type { Command } from 'commander';
import { type CliContext, fail } from '../io.js';
import { parseRequestLine } from '../json-request.js';
import { loadEvaluator } from '../load-evaluator.js';

/**
 * `zar bot --game backgammon --level L`: a bot for outside judges, one JSON request per line
 * on stdin, one JSON answer per line on stdout, written as soon as it is known.
 *
 *   {"position":"<Position ID>","match":"<Match ID>","dice":[a,b]}     → {"play":"<notation>"}
 *   {"position":…,"match":…,"decision":"double"}                      → {"double":true|false}
 *   {"position":…,"match":…,"decision":"take"}                        → {"take":true|false}
 *
 * IDs as gnubg prints them: the position seen by the player on roll (for "take", the doubler;
 * the answer is the doubled player's). A play that cannot be made answers {"play":""}. A line
 * that cannot be answered gets {"error":{"code":"ERR_…","message":"…"}} and the next still run.
 */
type Answer =
  | { readonly play: string }
  | { readonly double: boolean }
  | { readonly take: boolean }
  | { readonly error: ZarError };

interface BotOptions {
  game: string;
  level: string;
  weights?: string;
  seed: string;
}

export function registerBot(program: Command, ctx: CliContext): void {
  program
    .command('bot')
    .description('answer JSON lines with the neural bot: plays, doubles and takes (for outside judges)')
    .option('--game <game>', `the game (${NEURAL_GAME})`, NEURAL_GAME)
    .option('--level <level>', `one of ${LEVEL_NAMES.join(', ')}`, 'expert')
    .option('--weights <file>', 'evaluator weights (default: packages/bot/weights)')
    .option('--seed <n>', 'seed of the noise of the weaker levels', '1')
    .addHelpText(
      'after',
      `
Requests, one JSON object per line:
  {"position":"4HPwATDgc/ABMA","match":"cAgAAAAAAAAA","dice":[3,1]}  → {"play":"8/5 6/5"}
  {"position":"…","match":"…","decision":"double"}                  → {"double":false}
  {"position":"…","match":"…","decision":"take"}                    → {"take":true}
A bad line: {"error":{"code":"ERR_…","message":"…"}}.`,
    )
    .action(async (opts: BotOptions) => {
      if (opts.game !== NEURAL_GAME) {
        return fail(ctx, { code: 'ERR_WRONG_GAME', message: `the neural bot plays ${NEURAL_GAME}, not ${opts.game}` });
      }
      if (!isLevel(opts.level)) {
        return fail(ctx, { code: 'ERR_LEVEL', message: `--level is one of ${LEVEL_NAMES.join(', ')}` });
      }
      const ev = loadEvaluator(opts.weights);
      if (!ev.ok) return fail(ctx, ev.error);
      const bot = createNeuralBot(ev.value, opts.level, Number(opts.seed) || 1);
      const lines = createInterface({ input: ctx.io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        if (line.trim() === '') continue;
        ctx.io.stdout.write(`${JSON.stringify(answerBotLine(bot, line))}\n`);
      }
    });
}

export function answerBotLine(bot: NeuralBot, line: string): Answer {
  try {
    const r = answer(bot, line);
    return r.ok ? r.value : { error: r.error };
  } catch (e) {
    return { error: { code: 'ERR_INTERNAL', message: e instanceof Error ? e.message : String(e) } };
  }
}

const rules = rulesFor(NEURAL_GAME);

function answer(bot: NeuralBot, line: string): Result<Answer> {
  const parsed = parseRequestLine(
    line,
    ['position', 'match', 'dice', 'decision'],
    '{"position":"…","match":"…","dice":[3,1]} or {"position":"…","match":"…","decision":"double"}',
  );
  if (!parsed.ok) return parsed;
  const req = parsed.value;
  if (typeof req.position !== 'string') return err('ERR_REQUEST', '"position" must be a gnubg Position ID');
  if (typeof req.match !== 'string') return err('ERR_REQUEST', '"match" must be a gnubg Match ID');
  const read = parsePositionId(req.position);
  if (!read.ok) return read;
  const valid = rules.validate(read.value);
  if (!valid.ok) return valid;
  const pos = valid.value;
  const info = parseMatchId(req.match);
  if (!info.ok) return info;
  if (rules.outcome(pos)) return err('ERR_GAME_OVER', 'the game is over');
  const onRoll = info.value.onRoll;
  if (req.decision === undefined) {
    const dice = checkDice(req.dice);
    if (!dice.ok) return dice;
    const play = bot.choosePlay(pos, dice.value);
    return ok({ play: play ? formatPlay(play.steps) : '' });
  }
  if (req.dice !== undefined) return err('ERR_REQUEST', 'a request has "dice" or "decision", not both');
  if (req.decision === 'double') {
    return ok({ double: bot.chooseDouble(pos.board, contextOfMatchId(info.value, onRoll)) });
  }
  if (req.decision === 'take') {
    // The answer is the doubled player's; the decision is worked out from the doubler's side.
    const answer = bot.chooseTake(pos.board, contextOfMatchId(info.value, onRoll));
    return ok({ take: answer !== 'drop' });
  }
  return err('ERR_REQUEST', `"decision" is "double" or "take", not ${JSON.stringify(req.decision)}`);
}
