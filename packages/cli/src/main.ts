import { Command, CommanderError } from 'commander';
import { registerAnalyse } from './commands/analyse.js';
import { registerBot } from './commands/bot.js';
import { registerDice } from './commands/dice.js';
import { registerHint } from './commands/hint.js';
import { registerMat } from './commands/mat.js';
import { registerMoves } from './commands/moves.js';
import { registerPlay } from './commands/play.js';
import { registerShots } from './commands/shots.js';
import { registerShow } from './commands/show.js';
import { type CliContext, type Io, processIo } from './io.js';

/**
 * The `zar` program. Every command writes through `ctx.io` and leaves its exit code in
 * `ctx.exitCode`, so tests run it in-process with their own streams.
 */
export function buildProgram(ctx: CliContext = { io: processIo(), exitCode: 0 }): Command {
  const program = new Command();
  program
    .name('zar')
    .description('Zar: backgammon, long nardy, plakoto, fevga and gul bara')
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
    })
    // Commander would call process.exit; main turns its exits into a return value instead.
    .exitOverride();
  program.addHelpText(
    'after',
    `
Positions are gnubg Position IDs (backgammon) or Zar text (any game), seen from the side on roll.

Examples:
  echo '{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":[3,1]}' | zar moves
  zar show start --game plakoto
  zar show 4HPwATDgc/ABMA
  zar shots backgammon:13,11,8,offx12/20,offx14 5
  zar shots --table --json
  zar play --auto --game plakoto --export m.json && zar dice verify m.json`,
  );
  registerPlay(program, ctx);
  registerMoves(program, ctx);
  registerShow(program, ctx);
  registerShots(program, ctx);
  registerMat(program, ctx);
  registerHint(program, ctx);
  registerAnalyse(program, ctx);
  registerBot(program, ctx);
  registerDice(program, ctx);
  return program;
}

/** Runs `zar` with node-style argv (`[node, script, ...args]`); resolves to the exit code. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const ctx: CliContext = { io, exitCode: 0 };
  try {
    await buildProgram(ctx).parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode;
    throw e;
  }
  return ctx.exitCode;
}
