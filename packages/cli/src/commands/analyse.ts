import { readFile } from 'node:fs/promises';
import { analyseMatch, type DecisionAnalysis, type MatchAnalysis, type PlayerReport } from '@zar/bot';
import { importMat, parseJsonRecord } from '@zar/match';
import type { Command } from 'commander';
import { type CliContext, fail } from '../io.js';
import { loadMatchJudges } from '../load-evaluator.js';

interface AnalyseOptions {
  plies: string;
  cubePlies: string;
  weights?: string;
  json?: boolean;
  all?: boolean;
}

/** A Zar JSON record starts with "{"; anything else is read as a .mat file. */
const isJson = (text: string): boolean =>
  text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('{');

export function registerAnalyse(program: Command, ctx: CliContext): void {
  program
    .command('analyse')
    .alias('analyze')
    .description(
      'analyse a match of any of the five games: equity lost per move and cube decision, marks, error rate, PR and luck',
    )
    .argument('<file>', 'a .mat file (backgammon) or a Zar JSON match record (any game)')
    .option('--plies <n>', 'depth of the play search, 0..2 (the other games: 0..1)', '1')
    .option('--cube-plies <n>', 'depth of cube decisions, 0..1', '1')
    .option(
      '--weights <file>',
      'backgammon evaluator weights (default: packages/bot/weights); other games use their own',
    )
    .option('--all', 'list every decision, not only the marked ones')
    .option('--json', 'print the whole analysis as JSON')
    .action(async (file: string, opts: AnalyseOptions) => {
      const plies = Number(opts.plies);
      const cubePlies = Number(opts.cubePlies);
      if (![0, 1, 2].includes(plies) || ![0, 1].includes(cubePlies)) {
        return fail(ctx, { code: 'ERR_USAGE', message: '--plies is 0, 1 or 2 and --cube-plies 0 or 1' });
      }
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (e) {
        return fail(ctx, { code: 'ERR_FILE', message: `cannot read ${file}: ${(e as Error).message}` });
      }
      const record = isJson(text) ? parseJsonRecord(text) : importMat(text, { allowUnfinished: true });
      if (!record.ok) return fail(ctx, { code: record.error.code, message: `${file}: ${record.error.message}` });
      const judges = await loadMatchJudges(record.value.settings, opts.weights);
      if (!judges.ok) return fail(ctx, judges.error);
      const analysis = analyseMatch(record.value, judges.value, { plies, cubePlies });
      if (!analysis.ok) return fail(ctx, analysis.error);
      ctx.io.stdout.write(
        opts.json ? `${JSON.stringify(analysis.value)}\n` : formatAnalysis(analysis.value, opts.all === true),
      );
    });
}

const eq = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

function describe(d: DecisionAnalysis, names: readonly string[]): string {
  const who = names[d.player] ?? `player ${d.player}`;
  const where = `game ${d.game}, ${who}`;
  const mark = d.mark === 'none' ? '' : `  ${d.mark.toUpperCase()}`;
  if (d.kind === 'move') {
    const alt = d.played === d.best ? '' : `; best ${d.best} ${eq(d.equityBest)}`;
    return `${where} rolls ${d.dice.join('-')}: ${d.played || '(no play)'} ${eq(d.equityPlayed)}${alt}  −${d.loss.toFixed(3)}${mark}`;
  }
  const e = d.equities;
  return (
    `${where}: ${d.chosen} (best ${d.best})  −${d.loss.toFixed(3)}${mark}` +
    `  [no double ${eq(e.noDouble)}, double/take ${eq(e.doubleTake)}, double/drop ${eq(e.doubleDrop)}]`
  );
}

function playerLine(p: PlayerReport): string {
  return (
    `${p.name.padEnd(16)} ${String(p.decisions).padStart(9)} ${p.equityLost.toFixed(3).padStart(11)} ` +
    `${p.errorRate.toFixed(1).padStart(10)} ${p.pr.toFixed(1).padStart(6)} ${eq(p.luck).padStart(7)} ` +
    `${String(p.marks.doubtful).padStart(8)} ${String(p.marks.error).padStart(6)} ${String(p.marks.blunder).padStart(8)}`
  );
}

export function formatAnalysis(a: MatchAnalysis, all: boolean): string {
  const names = a.players.map((p) => p.name);
  const lines = [
    `Analysis at ${a.plies}-ply (cube ${a.cubePlies}-ply), ${a.length === 0 ? 'money play' : `${a.length}-point match`}; equities per cube (EMG)`,
    '',
  ];
  for (const d of a.decisions) if (all || d.mark !== 'none') lines.push(describe(d, names));
  lines.push('', 'player           decisions  equity lost  mEMG/dec.     PR    luck doubtful errors blunders');
  for (const p of a.players) lines.push(playerLine(p));
  // Luck: the equity his rolls gave him beyond the average roll, summed, at 0-ply (docs/luck.md).
  lines.push('', 'luck: equity the rolls gave beyond the average roll, summed (EMG); positive is lucky', '');
  return lines.join('\n');
}
