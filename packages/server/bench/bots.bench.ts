/**
 * A quiet player's bot beside a flood: `npm run bench:bots -w @zar/server [-- --seconds 30
 * --scheduling both]`.
 *
 * Starts the server in this process with the neural bot in its workers (`--bot-workers N`,
 * default the server's own) and, on a fresh server for each scenario, has `--quiet` players
 * (default 4, each from an address of its own) play a money session against the `--level` bot
 * (default master), each acting `--think` ms (±50 %) after his turn comes. It times each of the
 * bot's answers as the player sees it: from the event handing the bot its turn to the event of
 * its action, the bot's pause (`--bot-delay`, default the server's 400 ms) included. Scenarios:
 *
 * - alone: only the quiet players;
 * - flood: beside one account on one address playing `--flood-games` (20) games against the
 *   same bot, acting the moment each turn comes;
 * - tournament: beside a casual Swiss tournament of `--tournament-bots` (16) bots of that level,
 *   created and started by an account of its own;
 * - board: beside `--board-askers` (4) visitors of the analysis board, each keeping a rollout
 *   running and asking for evaluations and temperature maps as fast as its limits let him
 *   (board-askers.ts).
 * - analysis: beside the background analysis of a queue of `--analysis-matches` (60) finished
 *   matches between people, 3-point backgammon and long nardy (analysis-backlog.ts); the quiet
 *   players also ask a hint when a decision of theirs comes, at most one every 2.1 s each (the
 *   server's limit is 30 a minute), here and alone, and the extra p99 of their bot moves and
 *   hints over alone is printed (target: 50 ms at most). The server starts its background
 *   analysis 30 s after it starts: give `--warmup 40` so the time measured is beside it. The
 *   measure for it: `--scenarios alone,analysis --quiet 8 --level expert --seconds 60 --warmup 40`
 *   (over 500 bot moves and 200 hints a scenario; docs/analysis.md).
 *
 * It prints p50/p95/p99 of the answers for each and the ratio p99(scenario)/p99(alone), the
 * target being at most 1.5; and, from the pool itself (bots/queue-waits.ts), how long the bot
 * moves and hints of every game waited for a worker and ran on one, and how long the
 * analysis's pieces held one: the delay one kind of work causes another, which the end-to-end
 * times (the bot's own thinking and its pause) hide. `--scheduling fifo` runs the pool first come first served (one
 * queue for everyone, as before fair shares); `both` runs fair, then fifo. The old pool, as it
 * was on a 2-core machine, is `--scheduling fifo --bot-workers 1`.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PROTOCOL_PARAM, PROTOCOL_VERSION } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { botWorkersFrom, QueueWaits } from '../src/bots/index.js';
import type { JobKind, WaitSamples } from '../src/bots/queue-waits.js';
import { memoryStore } from '../src/store/index.js';
import { HintAsker, queueFinishedMatches } from './analysis-backlog.js';
import { boardAskers } from './board-askers.js';
import { Answers, BotGamePlayer } from './bot-players.js';
import { cpuUse, pct } from './probes.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '8' },
    quiet: { type: 'string', default: '4' },
    think: { type: 'string', default: '300' },
    level: { type: 'string', default: 'master' },
    'bot-workers': { type: 'string' },
    'bot-delay': { type: 'string' },
    /** fair | fifo | both. */
    scheduling: { type: 'string', default: 'fair' },
    'flood-games': { type: 'string', default: '20' },
    'tournament-bots': { type: 'string', default: '16' },
    'board-askers': { type: 'string', default: '4' },
    /** Finished matches between people queued for the background analysis in the `analysis` scenario. */
    'analysis-matches': { type: 'string', default: '60' },
    /** Comma-separated: alone, flood, tournament, board, analysis. */
    scenarios: { type: 'string', default: 'alone,flood,tournament' },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const QUIET = Math.max(1, Number(args.quiet));
const THINK = Number(args.think);
const LEVEL = args.level;
const FLOOD_GAMES = Number(args['flood-games']);
const TOURNAMENT_BOTS = Number(args['tournament-bots']);
const BOARD_ASKERS = Number(args['board-askers']);
const ANALYSIS_MATCHES = Number(args['analysis-matches']);
const defaultWorkers = botWorkersFrom(process.env);
/** The workers asked for, else the server's own default here (ZAR_BOT_WORKERS, else two). */
const WORKERS =
  args['bot-workers'] === undefined ? (defaultWorkers.ok ? defaultWorkers.value : 1) : Number(args['bot-workers']);
const DELAY = args['bot-delay'] === undefined ? undefined : Number(args['bot-delay']);
const SCENARIOS = args.scenarios.split(',') as Scenario[];
type Scenario = 'alone' | 'flood' | 'tournament' | 'board' | 'analysis';
type Scheduling = 'fair' | 'fifo';
const SCHEDULINGS: Scheduling[] = args.scheduling === 'both' ? ['fair', 'fifo'] : [args.scheduling as Scheduling];

const quietAddress = (i: number): string => `127.3.0.${i + 1}`;
const FLOOD_ADDRESS = '127.4.0.1';
const ORGANISER_ADDRESS = '127.5.0.1';

interface Line {
  readonly scenario: Scenario;
  readonly answers: Float64Array;
  /** The quiet players' hints, asked on their turns (alone and beside the analysis only). */
  readonly hints: Float64Array;
  readonly hintErrors: number;
  /** What the pool saw of each kind of job while measured: waits for a worker, and times on one. */
  readonly waits: Readonly<Record<JobKind, WaitSamples>>;
  readonly runs: Readonly<Record<JobKind, WaitSamples>>;
  /** Matches the background analysis finished while measured (beside it only). */
  readonly analysed: number | null;
  /**
   * The event-loop delay and CPU of this process while measured: a job's wait ends only when
   * the main thread reads its worker's answer, so on a crowded machine part of it is this lag.
   */
  readonly mainThread: string;
  /** The load's bot answers a second while measured (the flood's), for the scale of it. */
  readonly loadRate: number | null;
  readonly errors: number;
}

/** The session cookie a reply set. */
function cookieOf(reply: { headers: Record<string, unknown> }): string {
  const set = reply.headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : set;
  return typeof first === 'string' ? (first.split(';')[0] ?? '') : '';
}

async function post(app: FastifyInstance, url: string, address: string, cookie: string, payload?: object) {
  const reply = await app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: cookie === '' ? {} : { cookie },
    ...(payload === undefined ? {} : { payload }),
  });
  if (reply.statusCode >= 300) throw new Error(`POST ${url}: ${reply.statusCode} ${reply.body}`);
  return { body: reply.json() as { id: string }, cookie: cookieOf(reply) || cookie };
}

/** `count` games against the bot made by one player from `address` (a guest made by the first); their seats. */
async function botGames(app: FastifyInstance, url: string, address: string, count: number) {
  let cookie = '';
  const seats = [];
  for (let i = 0; i < count; i++) {
    const made = await post(app, '/api/games', address, cookie, {
      preset: 'backgammon',
      length: 0,
      opponent: 'bot',
      level: LEVEL,
    });
    cookie = made.cookie;
    seats.push({ url, cookie, address, game: made.body.id });
  }
  return seats;
}

/** A casual Swiss tournament of bots only, made and started by an account of its own; answers its page's address. */
async function botTournament(app: FastifyInstance): Promise<string> {
  const account = await post(app, '/api/register', ORGANISER_ADDRESS, '', {
    name: 'bench-organiser',
    password: 'bench-password',
  });
  const made = await post(app, '/api/tournaments', ORGANISER_ADDRESS, account.cookie, {
    name: 'Bench cup',
    format: 'swiss',
    rounds: 5,
    // A clock no bot loses on, however busy the machine (a tournament's rounds must be timed).
    roundSettings: [{ length: 5, clock: { kind: 'timed', delayMs: 60_000, perPointMs: 600_000 } }],
    maxPlayers: TOURNAMENT_BOTS,
  });
  const at = `/api/tournaments/${made.body.id}`;
  for (let i = 0; i < TOURNAMENT_BOTS; i++)
    await post(app, `${at}/bots`, ORGANISER_ADDRESS, account.cookie, { level: LEVEL });
  await post(app, `${at}/start`, ORGANISER_ADDRESS, account.cookie);
  return at;
}

/** How far the tournament got: its matches by state, and the games its bots played in them. */
async function tournamentProgress(app: FastifyInstance, at: string): Promise<string> {
  const view = (await app.inject({ method: 'GET', url: at })).json() as {
    rounds: { pairings: { state: string; score: [number, number] | null }[] }[];
  };
  const states = new Map<string, number>();
  let points = 0;
  for (const round of view.rounds) {
    for (const p of round.pairings) {
      states.set(p.state, (states.get(p.state) ?? 0) + 1);
      points += (p.score?.[0] ?? 0) + (p.score?.[1] ?? 0);
    }
  }
  return `tournament: ${[...states].map(([s, n]) => `${n} ${s}`).join(', ')}; ${points} points won in its matches`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits `seconds`, printing the quiet players' answers so far every five. */
async function progress(label: string, seconds: number, quiet: Answers, load: Answers): Promise<void> {
  for (let left = seconds; left > 0; left -= 5) {
    await sleep(Math.min(5, left) * 1000);
    const done = Math.min(seconds, seconds - left + 5);
    process.stdout.write(
      `  ${label} ${done}/${seconds} s: ${quiet.count} answers measured, load ${load.actions} bot actions\n`,
    );
  }
}

async function runScenario(scheduling: Scheduling, scenario: Scenario): Promise<Line> {
  const store = memoryStore();
  if (scenario === 'analysis') await queueFinishedMatches(store, ANALYSIS_MATCHES);
  const poolWaits = new QueueWaits();
  const app = await buildApp({
    store,
    botWaits: poolWaits,
    cookieSecret: 'bench-secret',
    diceSeed: 'bench-bots',
    botKind: 'strongest',
    botScheduling: scheduling,
    botWorkers: WORKERS,
    ...(DELAY === undefined ? {} : { botDelayMs: DELAY }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const url = `ws://127.0.0.1:${port}/ws?${PROTOCOL_PARAM}=${PROTOCOL_VERSION}`;
  const quiet = new Answers();
  const load = new Answers();
  const hints = new Answers();
  const players: BotGamePlayer[] = [];
  const askers: HintAsker[] = [];
  // Hints are timed beside the background analysis and alone, to compare.
  const asking = scenario === 'analysis' || scenario === 'alone';
  for (let i = 0; i < QUIET; i++) {
    const [seat] = await botGames(app, url, quietAddress(i), 1);
    if (seat === undefined) continue;
    const asker = asking ? new HintAsker(app, seat, hints) : null;
    if (asker !== null) askers.push(asker);
    players.push(new BotGamePlayer(seat, THINK, quiet, i + 1, asker === null ? undefined : () => asker.turn()));
  }
  if (scenario === 'flood') {
    const seats = await botGames(app, url, FLOOD_ADDRESS, FLOOD_GAMES);
    for (const [i, seat] of seats.entries()) players.push(new BotGamePlayer(seat, 0, load, 100 + i));
  }
  await Promise.all(players.map((p) => p.start()));
  const tournament = scenario === 'tournament' ? await botTournament(app) : null;
  const board = scenario === 'board' ? boardAskers(app, BOARD_ASKERS) : null;
  const label = `${scheduling} ${scenario}`;
  console.log(`${label}: ${players.length} players in; warming up ${WARMUP} s, then measuring ${SECONDS} s`);
  await sleep(WARMUP * 1000);
  quiet.start();
  load.start();
  hints.start();
  poolWaits.clear();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpu = cpuUse();
  const backlogFrom = await store.analysisBacklog();
  const loadFrom = load.actions;
  const boardFrom = board?.answered ?? 0;
  await progress(label, SECONDS, quiet, load);
  quiet.measuring = false;
  hints.measuring = false;
  const waits = samplesBy((kind) => poolWaits.waitsOf(kind));
  const runs = samplesBy((kind) => poolWaits.runsOf(kind));
  lag.disable();
  const delay = (p: number) => (lag.percentile(p) / 1e6).toFixed(1);
  const mainThread = `event-loop delay p50 ${delay(50)} p99 ${delay(99)} max ${delay(100)} ms; ${cpu.stop().text}`;
  await Promise.all(askers.map((a) => a.stop()));
  let analysed: number | null = null;
  if (scenario === 'analysis') {
    const left = await store.analysisBacklog();
    analysed = backlogFrom - left;
    const per30 = ((analysed * 30) / SECONDS).toFixed(1);
    console.log(
      `  analysis: ${analysed} matches analysed in ${SECONDS} s (${per30} per 30 s), ${left} left in the queue`,
    );
  }
  const loadRate = scenario === 'flood' ? (load.actions - loadFrom) / SECONDS : null;
  if (board !== null) {
    const rate = ((board.answered - boardFrom) / SECONDS).toFixed(1);
    console.log(`  board: ${rate} answers/s to its askers, ${board.limited} refused past the limits`);
    await board.stop();
  }
  if (tournament !== null) console.log(`  ${await tournamentProgress(app, tournament)}`);
  for (const p of players) p.stop();
  await app.close();
  await store.close();
  return {
    scenario,
    answers: quiet.sorted(),
    hints: hints.sorted(),
    hintErrors: hints.errors,
    waits,
    runs,
    analysed,
    mainThread,
    loadRate,
    errors: quiet.errors,
  };
}

const KINDS: readonly JobKind[] = ['decide', 'hint', 'board', 'analyse'];

function samplesBy(of: (kind: JobKind) => WaitSamples): Record<JobKind, WaitSamples> {
  return Object.fromEntries(KINDS.map((kind) => [kind, of(kind)])) as Record<JobKind, WaitSamples>;
}

/** `n`, p50, p99 and max of sorted samples, in ms to a tenth (pool times are small). */
function spread(label: string, sorted: Float64Array, count = sorted.length): string {
  const ms = (p: number) => pct(sorted, p).toFixed(1);
  const kept = count > sorted.length ? ` (last ${sorted.length} of ${count})` : '';
  return `${label} n ${count}${kept} p50 ${ms(50)} p99 ${ms(99)} max ${ms(100)} ms`;
}

/** The extra p99 of `l` over `alone`'s, in ms (NaN without samples). */
const extra = (l: Float64Array, alone: Float64Array | undefined): string =>
  alone === undefined ? 'n/a' : `${(pct(l, 99) - pct(alone, 99)).toFixed(1)} ms`;

function report(scheduling: Scheduling, lines: readonly Line[]): void {
  const alone = lines.find((l) => l.scenario === 'alone');
  const p99Alone = alone === undefined ? NaN : pct(alone.answers, 99);
  console.log(
    `\n${scheduling} scheduling, ${WORKERS} bot workers, bot delay ${DELAY === undefined ? 'the server’s 400' : DELAY} ms, level ${LEVEL}:`,
  );
  for (const l of lines) {
    const ms = (p: number) => `${pct(l.answers, p).toFixed(0).padStart(5)} ms`;
    const ratio = l.scenario === 'alone' ? '' : `  p99/p99(alone) ${(pct(l.answers, 99) / p99Alone).toFixed(2)}`;
    const rate = l.loadRate === null ? '' : `  (flood: ${l.loadRate.toFixed(1)} bot answers/s)`;
    console.log(
      `  ${l.scenario.padEnd(10)} n ${String(l.answers.length).padStart(4)}  p50 ${ms(50)}  p95 ${ms(95)}  ` +
        `p99 ${ms(99)}  max ${ms(100)}  errors ${l.errors}${ratio}${rate}`,
    );
    const pad = ''.padEnd(12);
    if (l.hints.length > 0 || l.hintErrors > 0)
      console.log(`${pad}${spread('hints end to end:', l.hints)}, ${l.hintErrors} not answered 200`);
    const { waits, runs } = l;
    console.log(
      `${pad}${spread('queue wait: moves', waits.decide.sorted, waits.decide.count)}; ` +
        `${spread('hints', waits.hint.sorted, waits.hint.count)}`,
    );
    console.log(
      `${pad}${spread('on a worker: moves', runs.decide.sorted, runs.decide.count)}; ` +
        `${spread('hints', runs.hint.sorted, runs.hint.count)}`,
    );
    if (runs.analyse.count > 0)
      console.log(
        `${pad}${spread('analysis pieces on a worker:', runs.analyse.sorted, runs.analyse.count)}; ` +
          `${spread('their queue wait', waits.analyse.sorted, waits.analyse.count)}` +
          (l.analysed === null ? '' : `; ${((l.analysed * 30) / SECONDS).toFixed(1)} matches analysed per 30 s`),
      );
    if (runs.board.count > 0)
      console.log(`${pad}${spread('board work on a worker:', runs.board.sorted, runs.board.count)}`);
    console.log(`${pad}${l.mainThread}`);
    if (alone === undefined || l === alone) continue;
    console.log(
      `${pad}p99 extra over alone (target 50 ms): queue wait moves ${extra(waits.decide.sorted, alone.waits.decide.sorted)}, ` +
        `hints ${extra(waits.hint.sorted, alone.waits.hint.sorted)}; end to end moves ${extra(l.answers, alone.answers)}, ` +
        `hints ${l.hints.length === 0 ? 'n/a' : extra(l.hints, alone.hints)}`,
    );
  }
}

async function main(): Promise<void> {
  console.log(
    `bots.bench: ${QUIET} quiet players (think ${THINK} ms) against the ${LEVEL} bot; ` +
      `${SCENARIOS.join(', ')}; ${SCHEDULINGS.join(' then ')} scheduling; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  for (const scheduling of SCHEDULINGS) {
    const lines: Line[] = [];
    for (const scenario of SCENARIOS) lines.push(await runScenario(scheduling, scenario));
    report(scheduling, lines);
  }
  console.log(
    `load average at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

await main();
