import { analyseMatch, LEVEL_NAMES, loadJudges, MARK_THRESHOLDS, type MatchAnalysis } from '@zar/bot';
import { GAME_IDS, type GameId } from '@zar/engine';
import { selfPlayRecord } from './self-play-record.js';

/*
 * `npx tsx packages/bot-lab/bench/mark-calibration.ts [games per level] [game ...]`: the marks'
 * thresholds of each game (docs/analysis.md, "Marks"). For each game, each of the five bot
 * levels plays itself in single money games on seeded dice (the same seeds in every game); the
 * analysis judges every move at its default depth (1-ply). Backgammon's moves, pooled over the
 * five levels, are marked by gnubg's thresholds a share of the time each; a game's thresholds
 * are the losses that mark the same shares of its own pooled moves. Prints per level: moves,
 * PR and the share of moves over each threshold; then the proposed thresholds.
 */

const perLevel = Number(process.argv[2] ?? 8);
const games = (process.argv.length > 3 ? process.argv.slice(3) : GAME_IDS) as GameId[];

/** The loss below which a share `share` of `sorted` (ascending) lies above or at. */
const quantileAbove = (sorted: readonly number[], share: number): number =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.floor(sorted.length * (1 - share))))] as number;

const shareAtLeast = (losses: readonly number[], t: number): number =>
  losses.length === 0 ? 0 : losses.filter((l) => l >= t).length / losses.length;

const pooled = new Map<GameId, number[]>();
let referenceShares: [number, number, number] | null = null;
for (const game of games) {
  const all: number[] = [];
  for (const level of LEVEL_NAMES) {
    const t0 = performance.now();
    const losses: number[] = [];
    let lost = 0;
    let decisions = 0;
    for (let k = 0; k < perLevel; k++) {
      const record = await selfPlayRecord(game, level, 1000 + 17 * k);
      const a = analyseMatch(record, await loadJudges(record.settings));
      if (!a.ok) throw new Error(a.error.message);
      const analysis: MatchAnalysis = a.value;
      for (const d of analysis.decisions) if (d.kind === 'move') losses.push(d.loss);
      for (const p of analysis.players) {
        lost += p.equityLost;
        decisions += p.decisions;
      }
    }
    all.push(...losses);
    const shares = [MARK_THRESHOLDS.doubtful, MARK_THRESHOLDS.error, MARK_THRESHOLDS.blunder].map((t) =>
      (100 * shareAtLeast(losses, t)).toFixed(1),
    );
    const pr = decisions > 0 ? (500 * lost) / decisions : 0;
    const s = ((performance.now() - t0) / 1000).toFixed(0);
    console.log(
      `${game.padEnd(11)} ${level.padEnd(9)} moves ${String(losses.length).padStart(5)}  PR ${pr.toFixed(2).padStart(6)}  ` +
        `>=0.04 ${shares[0]}%  >=0.08 ${shares[1]}%  >=0.16 ${shares[2]}%  (${s} s)`,
    );
  }
  all.sort((x, y) => x - y);
  pooled.set(game, all);
  if (game === 'backgammon') {
    referenceShares = [
      shareAtLeast(all, MARK_THRESHOLDS.doubtful),
      shareAtLeast(all, MARK_THRESHOLDS.error),
      shareAtLeast(all, MARK_THRESHOLDS.blunder),
    ];
    console.log(`backgammon pooled shares: ${referenceShares.map((x) => (100 * x).toFixed(1)).join('% ')}%`);
  }
}

if (referenceShares === null) throw new Error('backgammon is the reference: include it');
for (const [game, all] of pooled) {
  const t = referenceShares.map((share) => quantileAbove(all, share).toFixed(3));
  console.log(`${game.padEnd(11)} moves ${all.length}: doubtful ${t[0]}, error ${t[1]}, blunder ${t[2]}`);
}
