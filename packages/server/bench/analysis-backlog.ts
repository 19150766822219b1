import { baselineAgent } from '@zar/bot';
import { type GameAction, newMatch, parseMatchSettings, seededDice, step } from '@zar/match';
import type { FastifyInstance } from 'fastify';
import { newGameRow } from '../src/game/game-row.js';
import { outcomeOf } from '../src/store/outcome.js';
import type { SeatRow, Store } from '../src/store/types.js';
import type { Answers, BotGameSeat } from './bot-players.js';

/*
 * For bots.bench.ts's `analysis` scenario: a store holding a backlog of finished matches between
 * two people (3-point backgammon and long nardy, played by baseline bots), each queued for the
 * background analysis as the action that ended it was stored, so that the workers' lowest class
 * is never empty while the quiet players' bots are timed; and hint askers, who time the hints
 * asked in the quiet players' games beside it.
 */

const PEOPLE: readonly [SeatRow, SeatRow] = [
  { kind: 'human', userId: 'backlog-a', name: 'backlog-a', level: null },
  { kind: 'human', userId: 'backlog-b', name: 'backlog-b', level: null },
];

/** Stores `count` finished matches between two people; the store queues each for analysis. */
export async function queueFinishedMatches(store: Store, count: number): Promise<void> {
  for (const seat of PEOPLE) {
    await store.createUser({ id: seat.userId as string, name: seat.name, passwordHash: null, createdAt: 0 });
  }
  for (let i = 0; i < count; i++) {
    const parsed = parseMatchSettings({ length: 3, cycle: [{ game: i % 2 === 0 ? 'backgammon' : 'long-nardy' }] });
    if (!parsed.ok) throw new Error(parsed.error.message);
    let match = newMatch(parsed.value);
    const actions: GameAction[] = [];
    const dice = seededDice(7000 + i);
    const agents = [baselineAgent('casual', i), baselineAgent('expert', i + 1)] as const;
    for (let k = 0; k < 5000 && match.winner === null; k++) {
      const r = await step(match, agents, dice);
      if (!r.ok) throw new Error(r.error.message);
      actions.push(r.value.action);
      match = r.value.match;
    }
    const row = newGameRow({
      id: `backlog${String(i).padStart(4, '0')}`,
      settings: parsed.value,
      players: [PEOPLE[0].name, PEOPLE[1].name],
      dice: { source: 'seeded', seed: `backlog${i}` },
      seats: PEOPLE,
      status: 'playing',
      clock: { kind: 'untimed' },
      rated: false,
      pool: null,
      now: i,
    });
    // The bots' dice are in the actions: the record names no source to replay them from.
    const record = { version: 1 as const, settings: parsed.value, players: row.record.players };
    await store.createGame({ ...row, record, ...outcomeOf(record, []) });
    for (const [k, action] of actions.entries()) {
      const last = k === actions.length - 1;
      await store.appendAction(
        row.id,
        k,
        action,
        i,
        last ? 'over' : undefined,
        last ? outcomeOf(record, actions) : undefined,
      );
    }
  }
}

/**
 * The server allows an account 30 hints a minute (limits/hints.ts): a hint every 2.1 s stays
 * under it, so none is refused and each one timed reached the bots.
 */
const HINT_EVERY_MS = 2_100;

/**
 * A quiet player who asks a hint when a decision of his comes (BotGamePlayer's `turn`), at most
 * once every `everyMs`: each is a decision not asked about before, so each reaches a bot worker
 * (a hint asked again of one decision is answered from the server's memory). The answers
 * (200s) are timed into `answers`; any other reply counts as an error.
 */
export class HintAsker {
  private last = Number.NEGATIVE_INFINITY;
  private asking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly seat: BotGameSeat,
    private readonly answers: Answers,
    private readonly everyMs = HINT_EVERY_MS,
  ) {}

  /** His decision came: asks, unless he did less than `everyMs` ago or still waits for the last. */
  turn(): void {
    const now = performance.now();
    if (this.stopped || this.asking !== null || now - this.last < this.everyMs) return;
    this.last = now;
    this.asking = this.ask(now).finally(() => {
      this.asking = null;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.asking;
  }

  private async ask(started: number): Promise<void> {
    const reply = await this.app.inject({
      method: 'GET',
      url: `/api/games/${this.seat.game}/hint`,
      remoteAddress: this.seat.address,
      headers: { cookie: this.seat.cookie },
    });
    if (reply.statusCode === 200) this.answers.record(performance.now() - started);
    else if (this.answers.measuring) this.answers.errors++;
  }
}
