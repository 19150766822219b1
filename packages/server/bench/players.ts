/**
 * The scripted players of games.bench.ts: one WebSocket client per seat, each playing random
 * legal actions for its seat after a human-like pause, timing every action from its sending to
 * the event that applies it. They run in a process of their own by default (a browser is not
 * on the server's core either), so everything they need comes in the Job, never from argv.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ServerMessage } from '@zar/protocol';
import WebSocket from 'ws';
import { actorOfView, randomAction, seededRandom } from '../test/support/harness.js';
import { cpuUse } from './probes.js';

export interface Seat {
  readonly cookie: string;
  readonly address: string;
  readonly game: string;
  /** The server this seat's socket goes to (an instance of several); the job's url when absent. */
  readonly url?: string;
  /**
   * Stops acting for good this many ms after the measurement starts (the clock workload: a
   * player who walks away, or stalls, while the others play on); absent: plays throughout.
   */
  readonly stallAfterMs?: number;
}

/** How the players play and for how long. */
export interface Workload {
  /** Each pause before an action is `think` ms ±50 %; 0 saturates the server instead. */
  readonly think: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
}

export interface Job {
  readonly url: string;
  readonly workload: Workload;
  /**
   * Every instance's address (the takeover run): a player whose socket closes connects again to
   * the next one that answers and joins his game again, as a page behind the balancer does.
   */
  readonly instances?: readonly string[];
  /** Each game's event arrivals are kept (Measured.moved), to time a takeover. */
  readonly track?: boolean;
}

/** What the players saw while measured. */
export interface Measured {
  readonly acts: number;
  readonly events: number;
  readonly errors: number;
  /** Act → event, in ms, sorted. */
  readonly latencies: number[];
  /**
   * The turn coming back, in ms, sorted: from the event that ended a player's turn to the one
   * that gave it back (against a bot, its reply; the players' think time is not in it).
   */
  readonly replies: number[];
  readonly seconds: number;
  /** The measured window, by the wall clock (Date.now: the server's clock is the same machine's). */
  readonly from: number;
  readonly to: number;
  /** Each game's first receipt of a `timeout` event (Date.now), warm-up included. */
  readonly timeouts: readonly { readonly game: string; readonly receivedAt: number }[];
  /** With Job.track: each game's events as received (Date.now), in the measured window. */
  readonly moved?: Readonly<Record<string, readonly number[]>>;
  /** With Job.track: the games that ended (which move no more, taken over or not). */
  readonly ended?: readonly string[];
  /** With Job.track: each game's `state` arrivals (a join answered), in the measured window. */
  readonly states?: Readonly<Record<string, readonly number[]>>;
  /** With Job.track: each game's actions as sent (Date.now), in the measured window. */
  readonly sent?: Readonly<Record<string, readonly number[]>>;
  /** With Job.track: when each game's player saw his socket close (Date.now). */
  readonly closed?: Readonly<Record<string, readonly number[]>>;
  /** With Job.track: when each game's player connected again after his socket closed (Date.now). */
  readonly reopened?: Readonly<Record<string, readonly number[]>>;
}

class Stats {
  running = true;
  measuring = false;
  acts = 0;
  events = 0;
  errors = 0;
  readonly timeouts = new Map<string, number>();
  /** Each game's event arrivals, kept only when asked (Job.track); its states and actions sent likewise. */
  moved: Map<string, number[]> | null = null;
  states: Map<string, number[]> | null = null;
  sent: Map<string, number[]> | null = null;
  reopened: Map<string, number[]> | null = null;
  closed: Map<string, number[]> | null = null;
  readonly ended = new Set<string>();
  private samples: number[] = [];
  private replySamples: number[] = [];
  record(ms: number): void {
    if (this.measuring) this.samples.push(ms);
  }
  reply(ms: number): void {
    if (this.measuring) this.replySamples.push(ms);
  }
  arrived(game: string): void {
    this.mark(this.moved, game);
  }
  stated(game: string): void {
    this.mark(this.states, game);
  }
  acted(game: string): void {
    this.mark(this.sent, game);
  }
  reconnected(game: string): void {
    this.mark(this.reopened, game);
  }
  lost(game: string): void {
    this.mark(this.closed, game);
  }
  private mark(times: Map<string, number[]> | null, game: string): void {
    if (times === null || !this.measuring) return;
    const list = times.get(game);
    if (list === undefined) times.set(game, [Date.now()]);
    else list.push(Date.now());
  }
  timedOut(game: string, at: number): void {
    if (!this.timeouts.has(game)) this.timeouts.set(game, at);
  }
  reset(): void {
    this.acts = 0;
    this.events = 0;
    this.errors = 0;
    this.samples = [];
    this.replySamples = [];
    this.measuring = true;
  }
  latencies(): number[] {
    return [...Float64Array.from(this.samples).sort()];
  }
  replies(): number[] {
    return [...Float64Array.from(this.replySamples).sort()];
  }
}

type View = Extract<ServerMessage, { t: 'event' }>['view'];

/** One scripted player: acts on its turn after a human-like pause, times act → event. */
class Player {
  private latest: { v: number; view: View } | null = null;
  private pendingV = -1;
  private sentAt = 0;
  /** When the player's turn passed to the other side (performance.now); null while it is his, or not known. */
  private replyFrom: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** performance.now() from which this player never acts again; set when the measurement starts. */
  private stallAt = Number.POSITIVE_INFINITY;
  private readonly random: () => number;

  constructor(
    private socket: WebSocket,
    private readonly seat: Seat,
    seed: number,
    private readonly stats: Stats,
    private readonly think: number,
    /** Where to connect again when the socket closes (the takeover run); none: the player is gone. */
    private readonly instances: readonly string[] = [],
  ) {
    this.random = seededRandom(seed);
    this.attach(socket);
  }

  private attach(socket: WebSocket): void {
    this.socket = socket;
    socket.on('message', (data) => this.onMessage(JSON.parse(data.toString()) as ServerMessage));
    socket.on('close', () => void this.reconnect());
    socket.send(JSON.stringify({ t: 'join', game: this.seat.game }));
  }

  /** Another instance, after the page's wait, each tried in turn until one answers or the run ends. */
  private async reconnect(): Promise<void> {
    if (!this.stats.running || this.instances.length === 0) return;
    this.stats.lost(this.seat.game);
    // An action about to go would go out on the dead socket, and the player wait for its answer for ever.
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pendingV = -1;
    // As a round-robin balancer would, the players of one instance are spread over the others.
    const n = this.instances.length;
    const from = Math.max(0, this.instances.indexOf(this.socket.url));
    const first = n > 1 ? Math.floor(this.random() * (n - 1)) : 0;
    for (let i = 0; this.stats.running; i++) {
      // The page's waits before each attempt (web live-socket.ts backoff): 0.5 s, doubling up to 8 s.
      await new Promise((r) => setTimeout(r, Math.min(8000, 500 * 2 ** Math.min(i, 4))));
      if (!this.stats.running) return;
      const url = this.instances[n > 1 ? (from + 1 + ((first + i) % (n - 1))) % n : from] as string;
      try {
        this.attach(await open(url, this.seat.cookie, this.seat.address));
        this.stats.reconnected(this.seat.game);
        return;
      } catch {
        // Refused or unreachable: the next instance, after the next wait.
      }
    }
  }

  /** The measurement starts at `now` (performance.now()): a stalling player's countdown starts with it. */
  measureFrom(now: number): void {
    if (this.seat.stallAfterMs !== undefined) this.stallAt = now + this.seat.stallAfterMs;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket.terminate();
  }

  private onMessage(m: ServerMessage): void {
    if (m.t === 'error') {
      this.stats.errors++;
      this.pendingV = -1;
      // In the takeover run a join or command may meet the owner's death (ERR_OWNER_UNREACHABLE):
      // as a page does, ask for the game again, whose state lets the player act.
      if (this.instances.length > 0 && this.stats.running) {
        setTimeout(() => {
          if (this.socket.readyState === WebSocket.OPEN) {
            this.socket.send(JSON.stringify({ t: 'join', game: this.seat.game }));
          }
        }, 200);
      }
      return;
    }
    if ((m.t !== 'state' && m.t !== 'event') || m.game !== this.seat.game) return;
    // A fresh state (a join again): an action sent before it was lost or is in it; the player looks again, as a page does.
    if (m.t === 'state') {
      this.pendingV = -1;
      this.stats.stated(m.game);
    }
    if (m.t === 'event') {
      this.stats.events++;
      this.stats.arrived(m.game);
      if (m.view.status === 'over') this.stats.ended.add(m.game);
      if (m.action.type === 'timeout') this.stats.timedOut(m.game, Date.now());
    }
    if (m.t === 'event' && this.pendingV >= 0 && m.v === this.pendingV + 1) {
      this.stats.record(performance.now() - this.sentAt);
      this.pendingV = -1;
    }
    this.latest = { v: m.v, view: m.view };
    this.timeReply(m.t === 'state');
    this.maybeAct();
  }

  /** Times the turn's coming back; a fresh state (a join again) starts it over. */
  private timeReply(fresh: boolean): void {
    const view = this.latest?.view;
    const mine = view !== undefined && view.status === 'playing' && actorOfView(view) === view.you;
    if (fresh || view?.status !== 'playing') this.replyFrom = null;
    else if (mine && this.replyFrom !== null) {
      this.stats.reply(performance.now() - this.replyFrom);
      this.replyFrom = null;
    } else if (!mine) this.replyFrom ??= performance.now();
  }

  private canAct(): boolean {
    const view = this.latest?.view;
    return (
      view !== undefined &&
      view.status === 'playing' &&
      actorOfView(view) === view.you &&
      this.stats.running &&
      performance.now() < this.stallAt
    );
  }

  private maybeAct(): void {
    if (this.timer !== null || this.pendingV >= 0 || !this.canAct()) return;
    const pause = this.think > 0 ? this.think * (0.5 + this.random()) : 0;
    const fire = () => {
      this.timer = null;
      const latest = this.latest;
      if (latest === null || this.pendingV >= 0 || !this.canAct() || this.socket.readyState !== WebSocket.OPEN) return;
      this.pendingV = latest.v;
      this.sentAt = performance.now();
      this.stats.acts++;
      this.stats.acted(this.seat.game);
      this.socket.send(
        JSON.stringify({
          t: 'act',
          game: this.seat.game,
          v: latest.v,
          action: randomAction(latest.view, this.random),
        }),
      );
    };
    this.timer = setTimeout(fire, pause);
  }
}

function open(url: string, cookie: string, localAddress: string): Promise<WebSocket> {
  const socket = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false, localAddress });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

/**
 * Plays the seats of `batches` as they come: each batch's sockets are opened and joined at once,
 * so a player starts playing as soon as his game is made (a timed game's clock runs from its
 * creation, and a player who joined only after all the others' games were made would have spent
 * his reserve waiting). Once every batch is in, runs `connected` (a flood starts there), then
 * warms up and measures. `separate`: in a process of its own, whose event-loop delay it prints.
 */
export async function clients(
  job: Job,
  batches: AsyncIterable<readonly Seat[]>,
  connected: () => Promise<void>,
  separate: boolean,
): Promise<Measured> {
  const { think, warmupSeconds, seconds } = job.workload;
  const stats = new Stats();
  if (job.track) {
    stats.moved = new Map();
    stats.states = new Map();
    stats.sent = new Map();
    stats.reopened = new Map();
    stats.closed = new Map();
  }
  const players: Player[] = [];
  for await (const batch of batches) {
    const sockets = await Promise.all(batch.map((s) => open(s.url ?? job.url, s.cookie, s.address)));
    sockets.forEach((socket, k) => {
      players.push(new Player(socket, batch[k] as Seat, players.length + 1, stats, think, job.instances));
    });
  }
  await connected();
  await sleep(warmupSeconds);
  stats.reset();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpu = cpuUse();
  const from = Date.now();
  const start = performance.now();
  for (const p of players) p.measureFrom(start);
  await sleep(seconds);
  const measured = (performance.now() - start) / 1000;
  const to = Date.now();
  stats.measuring = false;
  stats.running = false;
  for (const p of players) p.stop();
  lag.disable();
  if (separate) {
    console.log(
      `clients: event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, ` +
        `max ${(lag.max / 1e6).toFixed(1)} ms; ${cpu.stop().text}`,
    );
  }
  return {
    acts: stats.acts,
    events: stats.events,
    errors: stats.errors,
    latencies: stats.latencies(),
    replies: stats.replies(),
    seconds: measured,
    from,
    to,
    timeouts: Array.from(stats.timeouts, ([game, receivedAt]) => ({ game, receivedAt })),
    ...(stats.moved === null
      ? {}
      : {
          moved: Object.fromEntries(stats.moved),
          ended: [...stats.ended],
          states: Object.fromEntries(stats.states ?? []),
          sent: Object.fromEntries(stats.sent ?? []),
          reopened: Object.fromEntries(stats.reopened ?? []),
          closed: Object.fromEntries(stats.closed ?? []),
        }),
  };
}
