import { readFile } from 'node:fs/promises';
import { importMat, type MatchRecord, type MatchState, parseJsonRecord, replay } from '@zar/match';
import type { Command } from 'commander';
import { type CliContext, fail } from '../io.js';

/** A Zar JSON record starts with "{"; anything else is read as a .mat file. */
const isJson = (text: string): boolean =>
  text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('{');

function summary(record: MatchRecord): string {
  const r = replay(record);
  if (!r.ok) throw new Error(`a checked record no longer replays: ${r.error.message}`);
  const end = r.value.states[r.value.states.length - 1] as MatchState;
  const started = end.winner === null && end.game.phase !== 'opening' ? 1 : 0;
  const games = end.results.length + started;
  const unfinished = end.winner === null && record.settings.length > 0 ? ' (unfinished)' : '';
  return `OK: ${games} game${games === 1 ? '' : 's'}, final score ${end.score[0]}-${end.score[1]}${unfinished}`;
}

export function registerMat(program: Command, ctx: CliContext): void {
  const mat = program.command('mat').description('match files: .mat (JellyFish, gnubg) and Zar JSON records');
  mat
    .command('check')
    .description('replay a match file through the rules; print the games and final score, or the first error')
    .argument('<file>', 'a .mat file or a Zar JSON match record')
    .option('--unfinished', 'accept a match that stops before it is won')
    .action(async (file: string, opts: { unfinished?: boolean }) => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (e) {
        return fail(ctx, { code: 'ERR_FILE', message: `cannot read ${file}: ${(e as Error).message}` });
      }
      const read = isJson(text)
        ? parseJsonRecord(text)
        : importMat(text, { allowUnfinished: opts.unfinished === true });
      if (!read.ok) return fail(ctx, { code: read.error.code, message: `${file}: ${read.error.message}` });
      ctx.io.stdout.write(`${summary(read.value)}\n`);
    });
}
