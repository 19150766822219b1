/**
 * The players of bots.bench.ts: one WebSocket client per game against the bot, acting for its
 * seat after a pause and timing each of the bot's answers, from the event that hands the bot
 * its turn to the event of the bot's action (the bot's pause before acting included, as a
 * player sees it).
 */
import type { ServerMessage } from '@zar/protocol';
import WebSocket from 'ws';
import { actorOfView, randomAction, seededRandom } from '../test/support/harness.js';

type View = Extract<ServerMessage, { t: 'event' }>['view'];

/** What the clients of one kind saw while measured. */
export class Answers {
  measuring = false;
  errors = 0;
  /** Bot actions seen, measured or not. */
  actions = 0;
  private samples: number[] = [];

  record(ms: number): void {
    this.actions++;
    if (this.measuring) this.samples.push(ms);
  }

  start(): void {
    this.samples = [];
    this.errors = 0;
    this.measuring = true;
  }

  get count(): number {
    return this.samples.length;
  }

  sorted(): Float64Array {
    return Float64Array.from(this.samples).sort();
  }
}

export interface BotGameSeat {
  readonly url: string;
  readonly cookie: string;
  /** The address the socket comes from (loopback: all of 127/8 is this machine). */
  readonly address: string;
  readonly game: string;
}

/**
 * One person playing one game against the bot: acts on his turn after `thinkMs` ±50 % (0: at
 * once); `turn`, if given, is told each time a decision of his comes (a hint asker's cue).
 */
export class BotGamePlayer {
  private socket: WebSocket | null = null;
  private latest: { v: number; view: View } | null = null;
  /** When the bot was handed its turn (performance.now()); null while it is not the bot's. */
  private botSince: number | null = null;
  private acting = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly random: () => number;

  constructor(
    private readonly seat: BotGameSeat,
    private readonly thinkMs: number,
    private readonly answers: Answers,
    seed: number,
    private readonly turn?: () => void,
  ) {
    this.random = seededRandom(seed);
  }

  async start(): Promise<void> {
    const socket = new WebSocket(this.seat.url, {
      headers: { cookie: this.seat.cookie },
      perMessageDeflate: false,
      localAddress: this.seat.address,
    });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (data) => this.onMessage(JSON.parse(data.toString()) as ServerMessage));
    socket.send(JSON.stringify({ t: 'join', game: this.seat.game }));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.terminate();
  }

  private onMessage(m: ServerMessage): void {
    if (m.t === 'error') {
      this.answers.errors++;
      this.acting = false;
      return;
    }
    if ((m.t !== 'state' && m.t !== 'event') || m.game !== this.seat.game) return;
    const now = performance.now();
    if (m.t === 'event' && this.botSince !== null) this.answers.record(now - this.botSince);
    this.latest = { v: m.v, view: m.view };
    this.acting = false;
    const actor = actorOfView(m.view);
    const botsTurn = m.view.status === 'playing' && actor !== null && actor !== m.view.you;
    this.botSince = botsTurn ? now : null;
    if (m.view.status === 'playing' && actor === m.view.you) this.turn?.();
    this.maybeAct();
  }

  private maybeAct(): void {
    const view = this.latest?.view;
    if (this.stopped || this.acting || this.timer !== null || view === undefined) return;
    if (view.status !== 'playing' || actorOfView(view) !== view.you) return;
    const fire = () => {
      this.timer = null;
      const latest = this.latest;
      if (this.stopped || latest === null || actorOfView(latest.view) !== latest.view.you) return;
      this.acting = true;
      this.socket?.send(
        JSON.stringify({ t: 'act', game: this.seat.game, v: latest.v, action: randomAction(latest.view, this.random) }),
      );
    };
    if (this.thinkMs <= 0) fire();
    else this.timer = setTimeout(fire, this.thinkMs * (0.5 + this.random()));
  }
}
