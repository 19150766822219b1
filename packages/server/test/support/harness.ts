import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRules, formatPlay, parseZarPosition } from '@zar/engine';
import { type ClientAction, type GameView, PROTOCOL_HEADER, PROTOCOL_VERSION, type ServerMessage } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { type AppOptions, buildApp } from '../../src/app.js';
import { DEFAULT_LIMITS, type Limits } from '../../src/limits/config.js';
import { memoryStore, openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { checkBody, checkFrame, WS_PATH } from './contract.js';

export const SECRET = 'test-secret-test-secret-test-secret';

/**
 * Every test's server comes from one address (loopback) and acts faster than any person, so
 * its limits are raised far out of reach; the tests of the limits pass their own.
 */
export const TEST_LIMITS: Limits = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([name, n]) => [name, n * 1000]),
) as unknown as Limits;

export interface Running {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** http://127.0.0.1:port */
  readonly base: string;
  readonly ws: string;
  close(): Promise<void>;
}

/**
 * A server on a free port, bots acting at once, seeded dice. The bots think on the test's own
 * thread unless `botWorkers` says otherwise: the tests here expect a bot's answer to come
 * before their next request, and a worker's first answer waits for it to start (bot-pool.test.ts).
 */
export async function startServer(
  options: {
    store?: Store;
    diceSeed?: string;
    /** Dice as in real play: provably fair, no dice seed; `diceSeed` is then not read. */
    fair?: boolean;
    botWorkers?: number;
    now?: () => number;
    limits?: Limits;
    /** Any other option of the app (the lobby's poll, the pairing bands). */
    app?: Partial<AppOptions>;
  } = {},
): Promise<Running> {
  const store = options.store ?? memoryStore();
  const app = await buildApp({
    store,
    cookieSecret: SECRET,
    botDelayMs: 0,
    ...(options.fair ? {} : { diceSeed: options.diceSeed ?? 'test' }),
    botWorkers: options.botWorkers ?? 0,
    limits: options.limits ?? TEST_LIMITS,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...options.app,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  return {
    app,
    store,
    base,
    ws: `ws://127.0.0.1:${address.port}${WS_PATH}`,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'zar-server-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const sqliteStore = (file: string): Promise<Store> => openStore({ ZAR_DB: file });

export interface HttpResult<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly setCookie: string[];
}

/**
 * A browser-like caller: keeps its session cookie, says its protocol version as the page does,
 * and holds every answer to the contract (support/contract.ts).
 */
export class Caller {
  cookie = '';
  constructor(
    readonly base: string,
    readonly protocol: string = String(PROTOCOL_VERSION),
  ) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { [PROTOCOL_HEADER]: this.protocol };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const pair = c.split(';')[0] ?? '';
      // The session's cookie only: the device cookie of a sign-in (limits/devices.ts) is the login tests' own.
      if (pair.startsWith('zar_sid=')) this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const text = await res.text();
    // A text download (Route.download, a .mat file) is checked as the text it is.
    const json = res.headers.get('content-type')?.includes('json') ?? true;
    const parsed: unknown = !text ? null : json ? JSON.parse(text) : text;
    checkBody(method, path, res.status, parsed);
    return { status: res.status, body: parsed as T, setCookie };
  }

  /** Starts a game; returns its id (and invite path). */
  async newGame(body: Record<string, unknown>): Promise<{ id: string; seat: number; invite?: string }> {
    const r = await this.call<{ id: string; seat: number; invite?: string }>('POST', '/api/games', body);
    if (r.status !== 201) throw new Error(`new game: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }
}

type Waiter = {
  match: (m: ServerMessage) => boolean;
  resolve: (m: ServerMessage) => void;
  reject: (e: unknown) => void;
};

/**
 * A socket client that remembers every message and can wait for one. Every frame is held to
 * the contract: one that breaks it fails the test, at the next wait or at the latest when the
 * client closes (autoplay checks its frames too).
 */
export class Client {
  readonly messages: ServerMessage[] = [];
  private waiters: Waiter[] = [];
  /** The first frame that broke the contract. */
  private broken: unknown = null;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      let m: ServerMessage;
      try {
        m = checkFrame(data.toString());
      } catch (e) {
        this.broken ??= e;
        for (const w of this.waiters.splice(0)) w.reject(e);
        return;
      }
      this.messages.push(m);
      for (const w of this.waiters.filter((x) => x.match(m))) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
  }

  static open(url: string, cookie = ''): Promise<Client> {
    const socket = new WebSocket(url, cookie ? { headers: { cookie } } : {});
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new Client(socket)));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message (from now on) that matches. */
  next(match: (m: ServerMessage) => boolean, timeoutMs = 5000): Promise<ServerMessage> {
    if (this.broken !== null) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  /** Sends a request and waits for the first reply that matches. */
  request(message: unknown, match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    const reply = this.next(match);
    this.send(message);
    return reply;
  }

  async join(game: string): Promise<Extract<ServerMessage, { t: 'state' }>> {
    const m = await this.request({ t: 'join', game }, (x) => x.t === 'state' && x.game === game);
    return m as Extract<ServerMessage, { t: 'state' }>;
  }

  close(): Promise<void> {
    if (this.broken !== null) return Promise.reject(this.broken);
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** Who is expected to act in the view's game (null: the server's opening roll, or over). */
export const actorOfView = (view: GameView) => view.game.actor;

/** Joins until the bot has nothing left to do and the client is to act (or the game is over). */
export async function settled(client: Client, game: string): Promise<Extract<ServerMessage, { t: 'state' }>> {
  for (let i = 0; i < 100; i++) {
    const s = await client.join(game);
    if (s.view.status !== 'playing' || actorOfView(s.view) === s.view.you) return s;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the game did not settle');
}

/** A random legal action for the viewer, who must be the actor. Never doubles, always takes. */
export function randomAction(view: GameView, random: () => number): ClientAction {
  const g = view.game;
  switch (g.phase) {
    case 'roll':
      return { type: 'roll' };
    case 'doubled':
    case 'beavered':
    case 'raccooned':
      return { type: 'take' };
    case 'resigning':
      return { type: 'accept' };
    case 'move': {
      const rules = createRules(g.game, g.options);
      const pos = parseZarPosition(g.position);
      if (!rules.ok || !pos.ok || g.dice === null) throw new Error('view does not parse');
      const plays = rules.value.legalPlays(pos.value, g.dice);
      const play = plays[Math.floor(random() * plays.length)];
      return { type: 'play', play: play === undefined ? '' : formatPlay(play.steps) };
    }
    default:
      throw new Error(`no action in phase ${g.phase}`);
  }
}

export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays the client's seat with random legal actions until the match is over or `maxActs`
 * actions were sent. Joins the game, then acts on every state or event whose view says it is the client's turn.
 */
export function autoplay(
  client: Client,
  game: string,
  options: {
    random: () => number;
    maxActs?: number;
    timeoutMs?: number;
    /** After `maxActs`, go on until the view satisfies this (default: stop at once). */
    until?: (view: GameView) => boolean;
  },
): Promise<{ acts: number; last: GameView; v: number }> {
  const maxActs = options.maxActs ?? Number.POSITIVE_INFINITY;
  let acts = 0;
  let lastSent = -1;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.socket.off('message', onMessage);
      reject(new Error(`autoplay stalled after ${acts} acts`));
    }, options.timeoutMs ?? 30_000);
    const finish = (last: GameView, v: number) => {
      clearTimeout(timer);
      client.socket.off('message', onMessage);
      resolve({ acts, last, v });
    };
    const onMessage = (data: WebSocket.RawData) => {
      let m: ServerMessage;
      try {
        m = checkFrame(data.toString());
      } catch (e) {
        clearTimeout(timer);
        client.socket.off('message', onMessage);
        reject(e);
        return;
      }
      if ((m.t !== 'state' && m.t !== 'event') || m.game !== game) return;
      const view = m.view;
      const done = acts >= maxActs && (options.until?.(view) ?? true);
      if (view.status === 'over' || done) return finish(view, m.v);
      if (view.status !== 'playing' || actorOfView(view) !== view.you || m.v <= lastSent) return;
      lastSent = m.v;
      acts++;
      client.send({ t: 'act', game, v: m.v, action: randomAction(view, options.random) });
    };
    client.socket.on('message', onMessage);
    // A join answers with the state, which starts the play (a second join re-sends it).
    client.send({ t: 'join', game });
  });
}
