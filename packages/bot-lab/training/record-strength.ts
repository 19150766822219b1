import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BACKGAMMON_WEIGHTS } from './paths.js';

/** One measurement as the weights' record keeps it. */
export type StrengthEntry = Record<string, unknown> & { games: number; ppg: number; ci95: number };

/**
 * The JSON summary a benchmark printed: the last top-level object of its output, which may be
 * preceded by progress lines (`2>&1` into one log).
 */
export function lastSummary(text: string): Record<string, unknown> {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (!line.startsWith('{')) continue;
    try {
      const v: unknown = JSON.parse(lines.slice(i).join('\n'));
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // A progress line that starts with a brace; keep looking further up.
    }
  }
  throw new Error('no JSON summary in the output');
}

/**
 * A `bench:strength` or `train strength` summary as a record entry: what was measured, how,
 * and the result. gnubg's judgement keeps its totals, classes and marks.
 */
export function strengthEntry(summary: Record<string, unknown>): StrengthEntry {
  const { games, ppg, ci95 } = summary;
  if (typeof games !== 'number' || typeof ppg !== 'number' || typeof ci95 !== 'number')
    throw new Error('the summary has no games, ppg and ci95');
  const how = typeof summary.measuredBy === 'string' ? `; measured by: ${summary.measuredBy}` : '';
  const judge = summary.judge as Record<string, unknown> | undefined;
  const zar = summary.zar as Record<string, unknown> | undefined;
  const { measuredBy: _m, judge: _j, zar: _z, checkpoint: _c, play, ...rest } = summary;
  return {
    ...rest,
    ...(zar ? { zar: { plies: zar.plies, cube: zar.cube } } : {}),
    play: `${typeof play === 'string' ? play : 'duplicate dice'}${how}`,
    ...(judge ? { gnubgJudgement: judge } : {}),
    games,
    ppg,
    ci95,
  };
}

/** Independent measurements together: ppg weighted by games, intervals added in quadrature. */
export function combined(entries: readonly StrengthEntry[], note: string): StrengthEntry {
  const games = entries.reduce((n, e) => n + e.games, 0);
  if (games === 0) throw new Error('nothing to combine');
  const ppg = entries.reduce((s, e) => s + e.games * e.ppg, 0) / games;
  const ci95 = Math.sqrt(entries.reduce((s, e) => s + (e.games * e.ci95) ** 2, 0)) / games;
  return { note, games, ppg: Number(ppg.toFixed(4)), ci95: Number(ci95.toFixed(4)) };
}

/**
 * `record --weights FILE --add NAME=LOG … [--combine NAME=A+B+… …]`: puts benchmark results
 * into the weights' record (`record.strength.NAME`), each with the command that measured it,
 * and combined entries over several seeds.
 */
export function runRecord(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      weights: { type: 'string' },
      add: { type: 'string', multiple: true },
      combine: { type: 'string', multiple: true },
    },
  });
  const file = values.weights ?? BACKGAMMON_WEIGHTS;
  const weights = JSON.parse(readFileSync(file, 'utf8')) as { record?: Record<string, unknown> };
  if (!weights.record) throw new Error(`${file} has no record`);
  const strength = { ...((weights.record.strength as Record<string, StrengthEntry> | undefined) ?? {}) };
  const named = (spec: string): [string, string] => {
    const at = spec.indexOf('=');
    if (at <= 0 || at === spec.length - 1) throw new Error(`expected NAME=VALUE, not ${spec}`);
    return [spec.slice(0, at), spec.slice(at + 1)];
  };
  for (const spec of values.add ?? []) {
    const [name, log] = named(spec);
    strength[name] = strengthEntry(lastSummary(readFileSync(log, 'utf8')));
  }
  for (const spec of values.combine ?? []) {
    const [name, list] = named(spec);
    const parts = list.split('+').map((key) => {
      const e = strength[key];
      if (!e) throw new Error(`--combine: no entry ${key} in the record`);
      return e;
    });
    strength[name] = combined(parts, `${list.split('+').join(', ')} together, weighted by games`);
  }
  weights.record = { ...weights.record, strength };
  writeFileSync(file, `${JSON.stringify(weights)}\n`);
  for (const [name, e] of Object.entries(strength))
    console.log(`${name}: ${e.games} games, ${e.ppg.toFixed(3)} ± ${e.ci95.toFixed(3)} ppg`);
}
