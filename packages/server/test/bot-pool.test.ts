import { Worker } from 'node:worker_threads';
import { GAME_IDS, type GameId } from '@zar/engine';
import {
  actorOf,
  type Decision,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
  seededDice,
  toAction,
} from '@zar/match';
import { afterEach, describe, expect, it } from 'vitest';
import { BotPool, fallbackDecision, type RunnerLog } from '../src/bots/index.js';
import { SeatAgents, type SeatRequest } from '../src/bots/seat-agents.js';
import { levelOf } from '../src/game/seats.js';
import { autoplay, Caller, Client, type Running, seededRandom, startServer } from './support/harness.js';

/** A log that keeps what it is told, so a test can see that a failure was reported. */
function quietLog(): RunnerLog & { warned: string[]; errors: string[] } {
  const warned: string[] = [];
  const errors: string[] = [];
  return { warned, errors, warn: (_o, msg) => warned.push(msg ?? ''), error: (_o, msg) => errors.push(msg ?? '') };
}

/** A one-game match of `game` after `steps` baseline decisions, with a player to act. */
function stateOf(game: GameId, steps: number, seed = 3): MatchState {
  const settings = parseMatchSettings({ length: 1, cycle: [{ game }] });
  if (!settings.ok) throw new Error(settings.error.message);
  const dice = seededDice(`pool-${game}-${seed}`);
  let match = newMatch(settings.value);
  let decided = 0;
  for (;;) {
    const actor = actorOf(match.game);
    if (actor !== null && decided === steps) return match;
    let action: Parameters<typeof matchReducer>[1];
    if (actor === null) action = { type: 'opening', dice: dice.openingRoll() };
    else {
      decided++;
      action = toAction(fallbackDecision({ game: 'x', seat: actor, level: 'expert', seed }, match), actor, dice);
    }
    const r = matchReducer(match, action);
    if (!r.ok) throw new Error(r.error.message);
    if (r.value.winner !== null) return match;
    match = r.value;
  }
}

const legal = (match: MatchState, decision: Decision): boolean => {
  const me = actorOf(match.game);
  return me !== null && matchReducer(match, toAction(decision, me, seededDice(1))).ok;
};

const pools: BotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('bot decisions off the main thread', () => {
  it('a match state survives structured cloning unchanged, in every game', () => {
    for (const game of GAME_IDS) {
      for (const steps of [0, 7, 40]) {
        const match = stateOf(game, steps);
        const copy = structuredClone(match);
        expect(copy).toEqual(match);
        expect(copy.game.position.board).toBeInstanceOf(Int8Array);
      }
    }
  });

  it('a worker answers as the same seat on this thread would, decision after decision', async () => {
    const log = quietLog();
    const pool = new BotPool({ size: 2, log });
    pools.push(pool);
    const here = new SeatAgents();
    for (const game of ['backgammon', 'plakoto'] as const) {
      const req: SeatRequest = { game: `g-${game}`, seat: 0, level: 'club', seed: 5 };
      for (let steps = 0; steps < 30; steps += 3) {
        const match = stateOf(game, steps);
        if (actorOf(match.game) !== 0) continue;
        const there = await pool.decide(req, match);
        expect(legal(match, there)).toBe(true);
        // The worker keeps the seat's agent, so its seeded noise runs on as it does here.
        expect(there).toEqual(await here.decide(req, match));
      }
    }
    expect(log.warned).toEqual([]);
  }, 60_000);

  it('a worker that crashes is replaced, and the decision it owed is answered by the new one', async () => {
    const log = quietLog();
    const pool = new BotPool({ size: 1, log });
    pools.push(pool);
    const req: SeatRequest = { game: 'crashing', seat: 0, level: 'beginner', seed: 9 };
    const match = stateOf('backgammon', 0);
    await pool.decide(req, match);
    pool.crash(req.game);
    const owed = pool.decide(req, match);
    expect(legal(match, await owed)).toBe(true);
    expect(log.errors).toContain('a bot worker failed');
    expect(log.warned).toContain('a bot worker stopped; starting another');
    // Answered by the new worker, not by the stand-in.
    expect(log.warned).not.toContain('the baseline bot decides in its place');
    expect(legal(match, await pool.decide(req, match))).toBe(true);
  }, 60_000);

  it('when workers keep dying, the baseline bot answers here, and the server lives on', async () => {
    const log = quietLog();
    let started = 0;
    const spawn = () => {
      started++;
      return new Worker('process.exit(3)', { eval: true });
    };
    const pool = new BotPool({ size: 1, log, spawn });
    pools.push(pool);
    const req: SeatRequest = { game: 'doomed', seat: 0, level: 'master', seed: 4 };
    for (const steps of [0, 5, 11]) {
      const match = stateOf('backgammon', steps);
      if (actorOf(match.game) !== 0) continue;
      const decision = await pool.decide(req, match);
      expect(decision).toEqual(fallbackDecision(req, match));
      expect(legal(match, decision)).toBe(true);
    }
    expect(log.warned).toContain('the baseline bot decides in its place');
    // Two tries for the first decision, then a pause before starting more.
    expect(started).toBeGreaterThanOrEqual(2);
    expect(started).toBeLessThanOrEqual(3);
  }, 30_000);

  it('a worker stuck in an endless loop is stopped, and the baseline bot answers after a second try', async () => {
    const log = quietLog();
    let started = 0;
    // Starts, takes decisions and never answers, as a bot looping for ever would.
    const stuck =
      "const { parentPort } = require('node:worker_threads'); parentPort.postMessage({ t: 'ready' }); parentPort.on('message', () => {});";
    const spawn = () => {
      started++;
      return new Worker(stuck, { eval: true });
    };
    const pool = new BotPool({ size: 1, log, spawn, stallMs: 200 });
    pools.push(pool);
    const req: SeatRequest = { game: 'stuck', seat: 0, level: 'expert', seed: 2 };
    const match = stateOf('backgammon', 0);
    const decision = await pool.decide(req, match);
    expect(decision).toEqual(fallbackDecision(req, match));
    expect(log.errors.filter((e) => e === 'a bot worker stopped answering; stopping it')).toHaveLength(2);
    expect(log.warned).toContain('the baseline bot decides in its place');
    expect(started).toBe(2);
  }, 30_000);

  it('a busy worker that keeps answering is not taken for a stuck one', async () => {
    const log = quietLog();
    // Each decision takes it 100 ms of thought; twenty queued take 2 s, far past the stall limit.
    const busy = `const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ t: 'ready' });
      parentPort.on('message', (m) => {
        const until = Date.now() + 100;
        while (Date.now() < until) {}
        parentPort.postMessage({ t: 'decision', id: m.id, decision: { thought: m.req.game } });
      });`;
    const pool = new BotPool({ size: 1, log, stallMs: 400, spawn: () => new Worker(busy, { eval: true }) });
    pools.push(pool);
    const match = stateOf('backgammon', 0);
    const games = Array.from({ length: 20 }, (_, i) => `busy-${i}`);
    const answers = await Promise.all(
      games.map((game) => pool.decide({ game, seat: 0, level: 'master', seed: 1 }, match)),
    );
    // Every answer is the worker's own, none the stand-in's.
    expect(answers).toEqual(games.map((game) => ({ thought: game })));
    expect(log.errors).toEqual([]);
    expect(log.warned).toEqual([]);
  }, 30_000);

  /** A worker that thinks `req.seed` ms a decision (hints: 20 ms) and answers with whose it was. */
  const thinker = `const { parentPort } = require('node:worker_threads');
    parentPort.postMessage({ t: 'ready' });
    parentPort.on('message', (m) => {
      if (m.t !== 'decide' && m.t !== 'hint') return;
      const until = Date.now() + (m.t === 'hint' ? 20 : m.req.seed);
      while (Date.now() < until) {}
      if (m.t === 'hint') parentPort.postMessage({ t: 'hint', id: m.id, answer: { ok: false, error: { code: 'ERR_PHASE', message: 'hinted' } } });
      else parentPort.postMessage({ t: 'decision', id: m.id, decision: { thought: m.req.game } });
    });`;

  /** Owner A asks 50 decisions, then owner B one decision and one hint; answers in the order they came back. */
  async function floodThenQuiet(scheduling: 'fair' | 'fifo'): Promise<string[]> {
    const pool = new BotPool({
      size: 1,
      log: quietLog(),
      scheduling,
      spawn: () => new Worker(thinker, { eval: true }),
    });
    pools.push(pool);
    const match = stateOf('backgammon', 0);
    const order: string[] = [];
    const flood = Array.from({ length: 50 }, (_, i) =>
      pool
        .decide({ game: `a-${i}`, seat: 0, level: 'master', seed: 10, owner: { person: 'a' } }, match)
        .then(() => order.push(`a-${i}`)),
    );
    const quiet = pool
      .decide({ game: 'b', seat: 0, level: 'master', seed: 10, owner: { person: 'b' } }, match)
      .then(() => order.push('b'));
    const hint = pool.hint('b', match, 0, { person: 'b', address: '192.0.2.1' }).then((a) => {
      expect(a).toMatchObject({ ok: false, error: { message: 'hinted' } });
      order.push('b-hint');
    });
    await Promise.all([...flood, quiet, hint]);
    return order;
  }

  it('shares the workers among owners: one asking after another’s fifty is answered before most of them', async () => {
    const order = await floodThenQuiet('fair');
    // The first of A's was running when B asked; B's decision and hint each wait one of A's at most.
    expect(order.indexOf('b')).toBeLessThanOrEqual(2);
    expect(order.indexOf('b-hint')).toBeLessThanOrEqual(4);
    // Within A's, first come first served.
    expect(order.filter((o) => o.startsWith('a-'))).toEqual(Array.from({ length: 50 }, (_, i) => `a-${i}`));
    // First come first served (the pool before fair shares), B waited behind all fifty.
    const fifo = await floodThenQuiet('fifo');
    expect(fifo.indexOf('b')).toBe(50);
  }, 30_000);

  it('with two workers, one owner leaves one free: another’s decision does not wait for his', async () => {
    const pool = new BotPool({ size: 2, log: quietLog(), spawn: () => new Worker(thinker, { eval: true }) });
    pools.push(pool);
    const match = stateOf('backgammon', 0);
    const order: string[] = [];
    // A's decisions take 300 ms each; B's 1 ms.
    const slow = Array.from({ length: 4 }, (_, i) =>
      pool
        .decide({ game: `t-${i}`, seat: 0, level: 'master', seed: 300, owner: { tournament: 'big' } }, match)
        .then(() => order.push(`t-${i}`)),
    );
    const quick = pool
      .decide({ game: 'q', seat: 1, level: 'master', seed: 1, owner: { person: 'q' } }, match)
      .then(() => order.push('q'));
    await Promise.all([...slow, quick]);
    // Had the tournament both workers, the quick one would wait for one of its 300 ms decisions.
    expect(order[0]).toBe('q');
  }, 30_000);

  it('a hint that waits past its time is answered unavailable, and leaves the queue', async () => {
    const log = quietLog();
    const pool = new BotPool({ size: 1, log, hintMs: 50, spawn: () => new Worker(thinker, { eval: true }) });
    pools.push(pool);
    const match = stateOf('backgammon', 0);
    const busy = pool.decide({ game: 'slow', seat: 0, level: 'master', seed: 400 }, match);
    const hint = await pool.hint('other', match, 0, { person: 'p' });
    expect(hint).toMatchObject({ ok: false, error: { code: 'ERR_HINT_UNAVAILABLE' } });
    expect(await busy).toEqual({ thought: 'slow' });
    expect(log.warned).toEqual([]);
  }, 30_000);

  it('a closed pool refuses new decisions and stops its workers', async () => {
    const pool = new BotPool({ size: 1, log: quietLog() });
    await pool.decide({ game: 'g', seat: 0, level: 'club', seed: 1 }, stateOf('fevga', 0));
    await pool.close();
    await expect(pool.decide({ game: 'g', seat: 0, level: 'club', seed: 1 }, stateOf('fevga', 0))).rejects.toThrow(
      'closed',
    );
  }, 30_000);

  it('a seat forgets its agents when its game is forgotten', async () => {
    const agents = new SeatAgents();
    const match = stateOf('gul-bara', 0);
    const me = actorOf(match.game) ?? 0;
    await agents.decide({ game: 'a', seat: me, level: 'club', seed: 1 }, match);
    await agents.decide({ game: 'b', seat: me, level: 'club', seed: 1 }, match);
    expect(agents.size).toBe(2);
    agents.forget('a');
    expect(agents.size).toBe(1);
  });

  it('a stored level the server does not know plays as club', () => {
    expect(levelOf('master')).toBe('master');
    expect(levelOf('beginner')).toBe('beginner');
    expect(levelOf('grandmaster')).toBe('club');
    expect(levelOf(null)).toBe('club');
  });
});

describe('a server whose bots play in a worker', () => {
  let server: Running | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('plays a backgammon match against the neural bot to the end; takes the five level names', async () => {
    server = await startServer({ botWorkers: 1 });
    const me = new Caller(server.base);
    const refused = await me.call('POST', '/api/games', {
      preset: 'backgammon',
      opponent: 'bot',
      level: 'grandmaster',
    });
    expect(refused.status).toBe(400);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot', level: 'casual' });
    const client = await Client.open(server.ws, me.cookie);
    const done = await autoplay(client, id, { random: seededRandom(11), timeoutMs: 90_000 });
    expect(done.last.status).toBe('over');
    expect(done.last.players[1]).toMatchObject({ kind: 'bot', level: 'casual' });
    await client.close();
    // Master is accepted (its game is not played out here: 2-ply takes a while per move).
    const master = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot', level: 'master' });
    expect((await me.call('GET', `/api/games/${master.id}`)).status).toBe(200);
  }, 120_000);
});
