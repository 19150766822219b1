import { createRules, makeZarPosition, type Rules, rulesFor } from '@zar/engine';
import type { Command } from 'commander';
import { renderBoard } from '../board-text.js';
import { type CliContext, fail } from '../io.js';
import { readPosition, writePosition } from '../read-position.js';

const DEFAULT_GAME = 'backgammon';

export function registerShow(program: Command, ctx: CliContext): void {
  program
    .command('show')
    .description('draw a position with pip counts, from the side on roll')
    .argument('<position>', 'a gnubg Position ID, a position in Zar text form, or "start"')
    .option('-g, --game <game>', `the game whose start to draw (default ${DEFAULT_GAME}); checks a given position too`)
    .action((text: string, opts: { game?: string }) => {
      let expected: Rules | undefined;
      if (opts.game !== undefined) {
        const rules = createRules(opts.game);
        if (!rules.ok) return fail(ctx, rules.error);
        expected = rules.value;
      }
      if (text === 'start') {
        const rules = expected ?? rulesFor(DEFAULT_GAME);
        const pos = rules.start();
        ctx.io.stdout.write(`${renderBoard(pos, rules)}Zar: ${makeZarPosition(pos)}\n`);
        return;
      }
      const read = readPosition(text, expected);
      if (!read.ok) return fail(ctx, read.error);
      const { pos, rules, form } = read.value;
      let out = `${renderBoard(pos, rules)}Zar: ${makeZarPosition(pos)}\n`;
      if (form === 'position-id') out += `Position ID: ${writePosition(pos, form)}\n`;
      ctx.io.stdout.write(out);
    });
}
