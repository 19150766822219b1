import { countShots, type Dice, directShotsByDistance } from '@zar/engine';
import type { Command } from 'commander';
import { type CliContext, fail } from '../io.js';
import { readPosition } from '../read-position.js';

const percent = (p: number): string => `${(p * 100).toFixed(2)}%`;
const rollName = ([a, b]: Dice): string => `${a}-${b}`;

export function registerShots(program: Command, ctx: CliContext): void {
  program
    .command('shots')
    .description("count the rolls that hit an opponent's blot, or print the one-attacker table")
    .argument('[position]', 'a gnubg Position ID or a backgammon position in Zar text form')
    .argument('[point]', "the blot's point, 1..24, numbered from the side on roll")
    .option('--table', 'print the table of direct shots by distance (one attacker, no blocking)')
    .option('--json', 'print JSON: {"rolls":N}, or [{"distance":d,"rolls":N}, …] with --table')
    .action((text: string | undefined, point: string | undefined, opts: { table?: boolean; json?: boolean }) => {
      if (opts.table) {
        if (text !== undefined) {
          return fail(ctx, { code: 'ERR_USAGE', message: '--table takes no position; use one or the other' });
        }
        printTable(ctx, opts.json === true);
        return;
      }
      if (text === undefined || point === undefined) {
        return fail(ctx, {
          code: 'ERR_USAGE',
          message: 'give a position and a point, e.g. zar shots <id> 5, or --table',
        });
      }
      const read = readPosition(text);
      if (!read.ok) return fail(ctx, read.error);
      if (!/^\d+$/.test(point)) {
        return fail(ctx, {
          code: 'ERR_POINT',
          message: `the blot's point is a number 1..24, not ${JSON.stringify(point)}`,
        });
      }
      const blot = Number(point);
      const shots = countShots(read.value.pos, blot);
      if (!shots.ok) return fail(ctx, shots.error);
      const { rolls, hitting, probability } = shots.value;
      if (opts.json) {
        ctx.io.stdout.write(`${JSON.stringify({ rolls })}\n`);
        return;
      }
      const which = hitting.length > 0 ? `: ${hitting.map(rollName).join(' ')}` : '';
      ctx.io.stdout.write(`${rolls} of 36 rolls hit the blot on ${blot} (${percent(probability)})${which}\n`);
    });
}

function printTable(ctx: CliContext, json: boolean): void {
  const table = directShotsByDistance();
  if (json) {
    ctx.io.stdout.write(`${JSON.stringify(table.map(({ distance, rolls }) => ({ distance, rolls })))}\n`);
    return;
  }
  const lines = ['distance  rolls  chance'];
  for (const r of table) {
    lines.push(
      `${String(r.distance).padStart(8)}  ${String(r.rolls).padStart(5)}  ${percent(r.probability).padStart(6)}`,
    );
  }
  lines.push('', 'One attacker, one blot; a roll counts when a die, the sum, or a double played 2-4 times');
  lines.push('covers the distance exactly. Blocked points are ignored; `zar shots <position> <point>` counts exactly.');
  ctx.io.stdout.write(`${lines.join('\n')}\n`);
}
