/**
 * Plays generated per second: the fast generator, legalPlays, and (where /usr/games/gnubg
 * exists) gnubg 1.07's own GenerateMoves, over the same positions x all 21 rolls; then
 * legalPlays of each other game over positions of a seeded walk (see `walkPositions`).
 * Run with `npm run bench -w @zar/engine`. The positions are the first ones of each kind in
 * the gnubg fixture (test/fixtures/backgammon-gnubg-plays.json.gz); rolls with fewer than
 * two plays are left out (see `choices`). gnubg is timed by bench/gnubg-timer.py, which
 * says exactly what its number includes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createFastPlayGenerator,
  type Dice,
  fastPlaysBuffer,
  GAME_IDS,
  type GameId,
  type Position,
  parsePositionId,
  rulesFor,
} from '../src/index.js';
import { loadGnubgRows } from '../test/gnubg-fixture.js';

const GNUBG = '/usr/games/gnubg';
const PER_KIND = 12;
const SECONDS = 2;
/** Positions per game of the seeded walk, and every how many turns one is taken. */
const WALK_POSITIONS = 60;
const WALK_EVERY = 2;
const WALK_SEED = 20_251_203;

interface Work {
  readonly id: string;
  readonly pos: Position;
  readonly dice: Dice;
}

function benchWork(): Work[] {
  const byKind = new Map<string, string[]>();
  for (const row of loadGnubgRows()) {
    const ids = byKind.get(row.source) ?? [];
    if (ids.length < PER_KIND && !ids.includes(row.id)) ids.push(row.id);
    byKind.set(row.source, ids);
  }
  const work: Work[] = [];
  for (const id of [...byKind.values()].flat()) {
    const parsed = parsePositionId(id);
    if (!parsed.ok) throw new Error(parsed.error.message);
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) work.push({ id, pos: parsed.value, dice: [a, b] });
  }
  return work;
}

/**
 * gnubg's `move` makes the play itself when there are fewer than two, which is more than
 * generating; those rolls are left out of every measurement.
 */
function choices(work: Work[]): Work[] {
  const bg = rulesFor('backgammon');
  return work.filter((w) => bg.legalPlays(w.pos, w.dice).length >= 2);
}

/** Runs `pass` once to warm up, then until SECONDS have gone by: seconds per pass, plays per pass. */
function time(pass: () => number): { perPass: number; plays: number } {
  const plays = pass();
  let passes = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < SECONDS * 1000) {
    pass();
    passes++;
    t = performance.now();
  }
  return { perPass: (t - t0) / 1000 / passes, plays };
}

function gnubgSecondsPerPass(work: Work[]): { net: number; gross: number } | null {
  if (!existsSync(GNUBG)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'zar-bench-'));
  try {
    const input = join(dir, 'work.json');
    const output = join(dir, 'result.json');
    writeFileSync(input, JSON.stringify(work.map((w) => [w.id, w.dice[0], w.dice[1]])));
    const script = fileURLToPath(new URL('./gnubg-timer.py', import.meta.url));
    const run = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', script], {
      env: { ...process.env, ZAR_BENCH_IN: input, ZAR_BENCH_OUT: output, ZAR_BENCH_SECONDS: String(SECONDS) },
      stdio: 'ignore',
      timeout: 120_000,
    });
    if (run.status !== 0 || !existsSync(output)) {
      console.log(`gnubg: the timing script failed (status ${run.status})`);
      return null;
    }
    const r = JSON.parse(readFileSync(output, 'utf8')) as Record<string, number>;
    const gross = ((r.moveSeconds ?? 0) / (r.moveCalls ?? 1)) * work.length;
    const overhead = ((r.overheadSeconds ?? 0) / (r.overheadCalls ?? 1)) * work.length;
    return { gross, net: gross - overhead };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Numerical Recipes' LCG: the engine rolls no dice, and the walk must be the same on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s >>> 16; // the low bits of an LCG repeat with short periods
  };
}

/**
 * Positions of `game` with the side on roll free to roll (not mid gul bara run, not over),
 * every WALK_EVERY turns of games played from the start with seeded dice and picks.
 */
function walkPositions(game: GameId): Position[] {
  const rules = rulesFor(game);
  const next = lcg(WALK_SEED);
  const positions: Position[] = [];
  let pos = rules.start();
  for (let turn = 0; positions.length < WALK_POSITIONS; turn++) {
    if (rules.outcome(pos)) pos = rules.start();
    if (pos.run === 0 && turn % WALK_EVERY === 0) positions.push(pos);
    const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : [1 + (next() % 6), 1 + (next() % 6)];
    const plays = rules.legalPlays(pos, dice);
    const pick = plays[next() % Math.max(1, plays.length)];
    pos = pick ? pick.next : rules.pass(pos, dice);
  }
  return positions;
}

const rate = (plays: number, seconds: number): string => `${(plays / seconds / 1e6).toFixed(2)} M plays/s`;
const perCall = (seconds: number, calls: number): string =>
  `${((seconds / calls) * 1e6).toFixed(2)} µs per position+roll`;

const all = benchWork();
const work = choices(all);
const bg = rulesFor('backgammon');
const fast = createFastPlayGenerator();
const out = fastPlaysBuffer();

const fastRun = time(() => {
  let n = 0;
  for (const w of work) n += fast.generate(w.pos.board, w.dice[0], w.dice[1], out);
  return n;
});
const slowRun = time(() => {
  let n = 0;
  for (const w of work) n += bg.legalPlays(w.pos, w.dice).length;
  return n;
});
if (fastRun.plays !== slowRun.plays) throw new Error(`fast ${fastRun.plays} plays, legalPlays ${slowRun.plays}`);

const plays = fastRun.plays;
console.log(
  `${all.length / 21} positions x 21 rolls = ${all.length}; ${work.length} with two plays or more, ${plays} plays per pass`,
);
console.log(`fast generator  ${rate(plays, fastRun.perPass)}  ${perCall(fastRun.perPass, work.length)}`);
console.log(`legalPlays      ${rate(plays, slowRun.perPass)}  ${perCall(slowRun.perPass, work.length)}`);
const gnubg = gnubgSecondsPerPass(work);
if (gnubg) {
  console.log(`gnubg 1.07      ${rate(plays, gnubg.gross)}  ${perCall(gnubg.gross, work.length)}`);
  console.log(
    '  (gnubg.command("move") with no argument: Python call, command parsing, GenerateMoves, one output line)',
  );
  console.log(`gnubg, net      ${rate(plays, gnubg.net)}  ${perCall(gnubg.net, work.length)}`);
  console.log('  (the same less the time of gnubg.command("show dice"): about GenerateMoves alone)');
  console.log(
    `ratio fast / gnubg: ${(gnubg.gross / fastRun.perPass).toFixed(2)} (gross), ${(gnubg.net / fastRun.perPass).toFixed(2)} (net)`,
  );
} else {
  console.log(`gnubg: ${GNUBG} not found, skipped`);
}
console.log(`ratio fast / legalPlays: ${(slowRun.perPass / fastRun.perPass).toFixed(1)}`);

console.log(`other games: ${WALK_POSITIONS} positions of a seeded walk x 21 rolls each, every roll counted`);
for (const game of GAME_IDS) {
  if (game === 'backgammon') continue;
  const rules = rulesFor(game);
  const rolls: Dice[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) rolls.push([a, b]);
  const positions = walkPositions(game);
  const run = time(() => {
    let n = 0;
    for (const pos of positions) for (const dice of rolls) n += rules.legalPlays(pos, dice).length;
    return n;
  });
  const calls = positions.length * rolls.length;
  console.log(
    `${`${game} legalPlays`.padEnd(24)}${rate(run.plays, run.perPass)}  ${perCall(run.perPass, calls)}  (${run.plays} plays per pass)`,
  );
}
