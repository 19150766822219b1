import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import type { PairingOptions } from '@zar/match';
import { type ErrorCode, isErrorCode, versionMismatch } from '@zar/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Analyses } from './analysis/analyses.js';
import { BackgroundAnalyses, type BackgroundOptions } from './analysis/background.js';
import { RequestedAnalyses } from './analysis/requested.js';
import { analysisRoutes } from './analysis/routes.js';
import { boardRoutes } from './board/routes.js';
import { AddressBook, type BotKind, botWorkersFrom, createBots, type QueueWaits } from './bots/index.js';
import { Pacer } from './bots/pacer.js';
import { ChatService } from './chat/chat-service.js';
import {
  aloneConfig,
  type Cluster,
  type ClusterConfig,
  type LocalNetwork,
  localCluster,
  openCluster,
} from './cluster/index.js';
import { Outage } from './common/outage.js';
import { diceRoutes } from './dice/routes.js';
import { settingOrStop } from './env.js';
import { summaryOf } from './game/games.js';
import { RoomHandles } from './game/handle.js';
import { hintRoutes } from './game/hints-routes.js';
import { recordRoutes } from './game/record-routes.js';
import { RemoteRooms } from './game/remote-room.js';
import { RemoteAudience } from './game/remote-subscribers.js';
import { Rooms } from './game/rooms.js';
import { type GameRoutesDeps, gameRoutes } from './game/routes.js';
import { clientFileHeaders } from './http/client-files.js';
import { securityHeaders } from './http/headers.js';
import { healthRoutes } from './http/health.js';
import { originCheck, parseOrigins, parseTrustedProxies } from './http/origin.js';
import { refuse } from './http/refuse.js';
import { RequestLog, socketError, upgradeOnlyAt } from './http/request-log.js';
import { socketPingFrom } from './http/socket-pings.js';
import { otherVersion } from './http/version.js';
import { offlineRoutes } from './imports/offline-routes.js';
import { importRoutes } from './imports/routes.js';
import { BoardGuard } from './limits/board.js';
import { type Limits, limitsFrom } from './limits/config.js';
import { GameGuard } from './limits/games.js';
import { HintGuard } from './limits/hints.js';
import { LoginGuard } from './limits/logins.js';
import { limitersFor } from './limits/redis-limiter.js';
import { correspondenceRoutes } from './lobby/correspondence-routes.js';
import { LobbyFeed } from './lobby/feed.js';
import { LiveFeed } from './lobby/live-feed.js';
import { liveRoutes } from './lobby/live-routes.js';
import { PairingPool } from './lobby/pairing-pool.js';
import { pairingGapOf } from './lobby/pairing-schedule.js';
import { lobbyRoutes } from './lobby/routes.js';
import { sharedLobby } from './lobby/shared-lobby.js';
import { statsRoutes } from './lobby/stats-routes.js';
import { type AccountRoutesDeps, accountRoutes, guestRoutes } from './people/account-routes.js';
import { Auth } from './people/auth.js';
import { playersRoutes } from './people/players-routes.js';
import { preferencesRoutes } from './people/preferences-routes.js';
import { SESSION_SWEEP_MS, type SessionLimits, sessionLimitsFrom } from './people/sessions.js';
import { peopleFor } from './people/shared-people.js';
import { cutPuzzles } from './puzzles/from-analysis.js';
import { puzzleRoutes } from './puzzles/routes.js';
import { sockets } from './sockets.js';
import type { Store } from './store/types.js';
import { isStoreUnavailable } from './store/unavailable.js';
import { tournamentRoutes } from './tournament/routes.js';
import { sharedTournaments } from './tournament/shared-tournaments.js';
import { Tournaments } from './tournament/tournaments.js';

export interface AppOptions {
  readonly store: Store;
  /** Signs the session cookie; keep it across restarts or every player is logged out. */
  readonly cookieSecret: string;
  /** A pino logger; none (silent) when left out. */
  readonly logger?: FastifyBaseLogger;
  /** Seeds every game's dice (tests, benchmarks); cryptographic dice when left out. */
  readonly diceSeed?: string;
  /** Pause before a bot acts; default 400 ms so people see its moves. */
  readonly botDelayMs?: number;
  /** The built web client (packages/web/dist); not served when missing. */
  readonly staticDir?: string;
  /** Secure cookies even over plain http (set in production behind TLS). */
  readonly secureCookies?: boolean;
  /**
   * Worker threads for the bots' decisions; 0 runs them on the main thread. Default:
   * ZAR_BOT_WORKERS, else two (bots/runner.ts says why).
   */
  readonly botWorkers?: number;
  /** 'baseline': the heuristic bot plays every seat, to benchmark the server rather than the bots. */
  readonly botKind?: BotKind;
  /** 'fifo': bot work first come first served, as before fair shares (benchmarks compare). Default 'fair'. */
  readonly botScheduling?: 'fair' | 'fifo';
  /** Benchmarks: told how long each bot job waited for a worker and ran (bots/queue-waits.ts). */
  readonly botWaits?: QueueWaits;
  /**
   * Every match between people analysed after it ends (analysis/background.ts), with these
   * options; false: only on request. Default: on when the bots have worker threads, off when
   * they run on the main thread (an analysis would then take turns with every request).
   */
  readonly backgroundAnalysis?: BackgroundOptions | false;
  /**
   * Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (addresses, CIDR ranges,
   * 'loopback'). Default: ZAR_TRUST_PROXY, comma-separated; none when unset.
   */
  readonly trustedProxies?: readonly string[];
  /**
   * Origins besides the server's own whose pages may open the socket and change state
   * (https://zar.example). Default: ZAR_ORIGINS, comma-separated; none when unset.
   */
  readonly allowedOrigins?: readonly string[];
  /** When sessions end on the server. Default: ZAR_SESSION_IDLE_DAYS, ZAR_SESSION_MAX_DAYS (sessions.ts). */
  readonly sessions?: SessionLimits;
  /** How often sessions with open sockets are checked against their limits (tests: shorter). Default SESSION_SWEEP_MS. */
  readonly sessionSweepMs?: number;
  /** How often every socket is pinged; one silent for two intervals is dropped (socket-pings.ts). Default: ZAR_SOCKET_PING_MS, else 10 s. */
  readonly socketPingMs?: number;
  /** What one address or account may ask (limits/config.ts). Default: ZAR_LIMITS, else DEFAULT_LIMITS. */
  readonly limits?: Limits;
  /** Drop idle rooms from memory after this long. */
  readonly idleMs?: number;
  /** A correspondence clock's day, for tests (game/deadline-sweep.ts). Default: ZAR_CORRESPONDENCE_DAY_MS, else a day. */
  readonly correspondenceDayMs?: number;
  /** How often correspondence matches whose time is up are looked for (deadline-sweep.ts). Default 30 s. */
  readonly deadlineSweepMs?: number;
  /** An untimed match's absent actor may be claimed after this long (claim.ts). Default: ZAR_CLAIM_AFTER_SECONDS, else 5 min. */
  readonly claimAfterMs?: number;
  /** How often the server writes its heartbeat (heartbeat.ts). Default: ZAR_HEARTBEAT_MS, else 1 s. */
  readonly heartbeatMs?: number;
  /** How long a fair match's opening roll waits for the players' seeds (game/company/fair.ts). Default: ZAR_SEED_WAIT_MS, else 5 s. */
  readonly seedWaitMs?: number;
  /** Quick pairing's bands and how they widen (match's PAIRING_DEFAULTS when left out). */
  readonly pairing?: PairingOptions;
  /** The least ms between two pairings of the quick-pairing pool (pairing-schedule.ts). Default: ZAR_PAIRING_GAP_MS, else 200. */
  readonly pairingGapMs?: number;
  /** How often the live lobby reads the open games while someone watches (default 1 s). */
  readonly lobbyPollMs?: number;
  /** How this instance works beside others (cluster/config.ts; main.ts reads REDIS_URL). Default: alone. */
  readonly cluster?: ClusterConfig;
  /** Tests of several instances in one process: this one joins that in-process network instead of Redis. */
  readonly network?: LocalNetwork;
  readonly now?: () => number;
}

export interface Zar {
  readonly rooms: Rooms;
  readonly store: Store;
  readonly auth: Auth;
  readonly cluster: Cluster;
}

declare module 'fastify' {
  interface FastifyInstance {
    zar: Zar;
  }
}

/** Request bodies are small JSON objects; anything bigger is refused before it is parsed. */
const BODY_LIMIT = 16 * 1024;
/** The ws library closes a connection whose frame is bigger than this; the protocol refuses above 4 KiB. */
const MAX_PAYLOAD = 64 * 1024;

/** Fastify's own refusals of a request, in the contract's codes. */
function requestErrorCode(status: number, code: string | undefined): ErrorCode {
  if (status === 413) return 'ERR_TOO_LARGE';
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'ERR_JSON';
  return isErrorCode(code) ? code : 'ERR_REQUEST';
}

function botWorkersOf(options: AppOptions): number {
  if (options.botWorkers !== undefined) return options.botWorkers;
  return settingOrStop(botWorkersFrom(process.env));
}

function sessionLimitsOf(options: AppOptions): SessionLimits {
  if (options.sessions !== undefined) return options.sessions;
  return settingOrStop(sessionLimitsFrom(process.env));
}

function limitsOf(options: AppOptions): Limits {
  if (options.limits !== undefined) return options.limits;
  return settingOrStop(limitsFrom(process.env));
}

/**
 * The routes that know their caller (a visitor who has not played is served as nobody): the
 * account, making, joining and listing games. A client of another protocol version is refused first.
 */
function callerRoutes(deps: GameRoutesDeps & AccountRoutesDeps) {
  return async (api: FastifyInstance): Promise<void> => {
    api.addHook('onRequest', async (request, reply) => {
      const other = otherVersion(request);
      if (other !== null) return refuse(reply, 400, 'ERR_VERSION', versionMismatch(other));
      request.user = await deps.auth.identify(request);
    });
    guestRoutes(deps)(api);
    gameRoutes(deps)(api);
    lobbyRoutes(deps)(api);
    accountRoutes(deps)(api);
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const limits = limitsOf(options);
  const trusted = [...(options.trustedProxies ?? parseTrustedProxies(process.env.ZAR_TRUST_PROXY))];
  const origins = options.allowedOrigins
    ? parseOrigins(options.allowedOrigins.join(','))
    : parseOrigins(process.env.ZAR_ORIGINS);
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Fastify's two info lines per request let a flood write megabytes a minute: debug instead.
    logController: new RequestLog(),
    // Only configured proxies may say the request came over https or from another address.
    trustProxy: trusted.length === 0 ? false : trusted,
  }) as unknown as FastifyInstance;
  const { store } = options;
  const clusterConfig = options.cluster ?? aloneConfig();
  const cluster =
    options.network === undefined
      ? await openCluster(clusterConfig, app.log)
      : localCluster(clusterConfig.instance, clusterConfig.limits, app.log, options.network);
  // Beside other instances, what one address or account may ask is counted by all of them together.
  const limiters = await limitersFor(options.cluster, cluster.liveness, app.log);
  const pacer = new Pacer();
  // Where each player last came from: his bot time is shared out by address (bots/owners.ts).
  const addresses = new AddressBook();
  const bots = createBots(botWorkersOf(options), app.log, pacer, options.botKind, {
    addresses,
    ...(options.botScheduling === undefined ? {} : { scheduling: options.botScheduling }),
    ...(options.botWaits === undefined ? {} : { waits: options.botWaits }),
  });
  // A match's end: its tournament, if any, books it; `tournaments` is made below.
  const tournamentEnded = (gameId: string): void => {
    tournaments
      .ended(gameId)
      .catch((e: unknown) => app.log.error({ err: e, game: gameId }, 'a tournament could not book a match'));
  };
  const chat = new ChatService({ store, now, log: app.log });
  // One guard for every way a person starts a match (routes, rematches, pairing requests): the same minute's count.
  const games = new GameGuard(limits, { store, now, limiters });
  const rooms = new Rooms({
    store,
    log: app.log,
    botDelayMs: options.botDelayMs ?? 400,
    now,
    pacer,
    bots,
    games,
    ended: (room) => {
      chat.ended(room);
      tournamentEnded(room.id);
    },
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
    ...(options.correspondenceDayMs === undefined ? {} : { correspondenceDayMs: options.correspondenceDayMs }),
    ...(options.deadlineSweepMs === undefined ? {} : { deadlineSweepMs: options.deadlineSweepMs }),
    ...(options.claimAfterMs === undefined ? {} : { claimAfterMs: options.claimAfterMs }),
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(options.seedWaitMs === undefined ? {} : { seedWaitMs: options.seedWaitMs }),
    ...(cluster.shared ? { cluster } : {}),
  });
  // Each game's room here, or at the instance that owns it: commands forwarded, frames relayed.
  const handles = new RoomHandles(rooms, chat);
  const remote = cluster.shared
    ? {
        owned: new RemoteAudience({ cluster, locator: rooms, handles, log: app.log }),
        relayed: new RemoteRooms({ cluster, locator: rooms, handles, log: app.log }),
      }
    : null;
  if (remote !== null) handles.reachOthers(remote.relayed);
  const analyses = new Analyses({ maxQueued: limits.analysisQueue, perOwner: limits.analysesPerAccount });
  // Every analysis the server makes of a match people played adds its puzzles (docs/puzzles.md).
  const analysed = cutPuzzles(store);
  const backgroundOptions = options.backgroundAnalysis ?? (botWorkersOf(options) > 0 ? {} : false);
  const background =
    backgroundOptions === false
      ? null
      : new BackgroundAnalyses(
          { store, runner: bots, log: app.log, now, analysed, liveness: cluster.liveness },
          backgroundOptions,
        );
  const requested = new RequestedAnalyses({
    store,
    analyses,
    holder: cluster.instance,
    now,
    log: app.log,
    analysed,
    maxQueued: limits.analysisQueue,
    perOwner: limits.analysesPerAccount,
  });
  const auth = new Auth({
    store,
    now,
    secureCookies: options.secureCookies ?? false,
    sessions: sessionLimitsOf(options),
  });
  // A session's sockets close when it ends by its limits, not only when it is next looked up.
  const stopSweep = auth.sweepEvery(
    options.sessionSweepMs ?? SESSION_SWEEP_MS,
    new Outage(app.log, 'the sessions could not be checked; trying again', 'the sessions are checked again'),
  );
  // Who is online, and sessions' ends, across the instances when there are others.
  const online = peopleFor(cluster, auth.sockets, (ends) => auth.tellEnds(ends), app.log);
  const people = online.people;
  // One pairing pool and one live list for all the instances, run by the holder of the lobby's lease.
  const shared = await sharedLobby(options.cluster, cluster, app.log, options.network);
  // Every tournament's clock run by the holder of the tournaments' lease; alone, by this instance.
  const sharedTours = await sharedTournaments(options.cluster, cluster, app.log, options.network);
  const tournaments = new Tournaments({
    store,
    rooms,
    people,
    now,
    log: app.log,
    diceSeed: options.diceSeed,
    ...(sharedTours.link === undefined ? {} : { link: sharedTours.link }),
  });
  const pool = new PairingPool({
    store,
    rooms,
    people,
    now,
    log: app.log,
    openGames: limits.openGames,
    correspondenceGames: limits.correspondenceGames,
    diceSeed: options.diceSeed,
    gapMs: pairingGapOf(options.pairingGapMs, process.env),
    ...(options.pairing === undefined ? {} : { options: options.pairing }),
    ...(shared.pool === undefined ? {} : { link: shared.pool }),
  });
  const lobby = new LobbyFeed({
    store,
    pool,
    log: app.log,
    ...(options.lobbyPollMs === undefined ? {} : { pollMs: options.lobbyPollMs }),
  });
  const live = new LiveFeed({
    store,
    rooms,
    now,
    log: app.log,
    ...(shared.live === undefined ? {} : { link: shared.live((id) => rooms.locate(id)) }),
  });
  app.decorate('zar', { rooms, store, auth, cluster });
  app.decorateRequest('user', null);

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (isStoreUnavailable(error)) {
      // The database is away (store/unavailable.ts): a stable code, and the client may try again.
      request.log.warn({ err: error }, 'the store is unavailable');
      return refuse(
        reply.header('retry-after', '5'),
        503,
        'ERR_STORE_UNAVAILABLE',
        'the database is unavailable; try again shortly',
      );
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return refuse(reply, 500, 'ERR_INTERNAL', 'the server could not do that');
    }
    return refuse(reply, status, requestErrorCode(status, error.code), error.message);
  });

  // Before any route: every answer gets the headers, and a forged origin reaches no handler.
  app.addHook('onRequest', securityHeaders);
  await app.register(fastifyCookie, { secret: options.cookieSecret });
  // Before @fastify/websocket's own preClose closes the sockets: the games are handed over first.
  app.addHook('preClose', async () => {
    remote?.owned.leave();
    await rooms.handOver();
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_PAYLOAD }, errorHandler: socketError });
  // After the socket plugin's own hook, which marks an upgrade so that a refused one is closed.
  app.addHook('onRequest', originCheck(origins));
  app.addHook('onRequest', upgradeOnlyAt('/ws'));
  // Once the routes have identified (or made) the player: the address his bot time counts under.
  app.addHook('onResponse', async (request) => {
    if (request.user !== null) addresses.note(request.user.id, request.ip);
  });
  await app.register(
    callerRoutes({
      store,
      rooms,
      handles,
      auth,
      logins: new LoginGuard(limits, limiters),
      games,
      diceSeed: options.diceSeed,
      now,
    }),
    { prefix: '/api' },
  );
  await app.register(analysisRoutes({ store, analyses, requested, auth }), { prefix: '/api' });
  await app.register(hintRoutes({ handles, auth, bots, now, guard: new HintGuard(limiters) }), { prefix: '/api' });
  await app.register(
    boardRoutes({ auth, bots, now, guard: new BoardGuard(limiters), ...(cluster.shared ? { cluster } : {}) }),
    { prefix: '/api' },
  );
  await app.register(preferencesRoutes({ store, auth, now, limiters }), { prefix: '/api' });
  await app.register(correspondenceRoutes({ store, auth, limits, limiters, now }), { prefix: '/api' });
  await app.register(statsRoutes({ store, now }), { prefix: '/api' });
  await app.register(healthRoutes({ store, liveness: cluster.liveness, now }), { prefix: '/api' });
  await app.register(recordRoutes({ store, limits, limiters, now, auth }), { prefix: '/api' });
  await app.register(importRoutes({ store, analyses, auth, limits, limiters, now }), { prefix: '/api' });
  await app.register(offlineRoutes({ store, auth, limits, limiters, now }), { prefix: '/api' });
  await app.register(puzzleRoutes({ store, auth, limits, limiters, now }), { prefix: '/api' });
  await app.register(playersRoutes({ store, limits, limiters, now, summaryOf }), { prefix: '/api' });
  await app.register(tournamentRoutes({ store, auth, tournaments, limits, limiters, now }), { prefix: '/api' });
  await app.register(diceRoutes({ store, limits, limiters, now }), { prefix: '/api' });
  await app.register(liveRoutes(live), { prefix: '/api' });
  await app.register(
    sockets(
      { rooms, handles, auth, limits, limiters, games, store, people, pool, lobby, chat, live, tournaments },
      {
        pingMs: options.socketPingMs ?? settingOrStop(socketPingFrom(process.env)),
      },
    ),
  );

  const staticDir = options.staticDir;
  const spa = staticDir !== undefined && existsSync(join(staticDir, 'index.html'));
  if (spa) await app.register(fastifyStatic, { root: staticDir, setHeaders: clientFileHeaders(staticDir) });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (spa && request.method === 'GET' && !path.startsWith('/api/') && path !== '/ws') {
      // The client routes (/play/…, /invite/…) are the page's own: hand it the page.
      return reply.sendFile('index.html');
    }
    return refuse(reply, 404, 'ERR_NOT_FOUND', `no route ${request.method} ${path}`);
  });

  // Running tournaments book the matches that ended while the server was down, and start the games they lack.
  app.addHook('onReady', async () => {
    await tournaments
      .recover()
      .catch((e: unknown) => app.log.error({ err: e }, 'the tournaments could not be recovered'));
    // Before the background's start, which may take a match at once under this instance's name.
    await requested
      .start(cluster.liveness)
      .catch((e: unknown) => app.log.error({ err: e }, 'the analyses asked for could not start'));
    await background
      ?.start()
      .catch((e: unknown) => app.log.error({ err: e }, 'the background analysis could not start'));
  });
  app.addHook('onClose', async () => {
    stopSweep();
    // Before the rooms: no round's games are started into rooms that are closing.
    await tournaments.close();
    // Given back once nothing more is launched here, so that another instance takes the clocks at once.
    await sharedTours.close();
    // The pool first: a match it is starting is stored before the rooms close.
    lobby.close();
    live.close();
    await pool.close();
    await shared.close();
    online.close();
    await rooms.close();
    remote?.owned.close();
    remote?.relayed.close();
    // Before the bots: its piece in hand is answered, and it takes no other.
    requested.close();
    const backgroundClosed = background?.close();
    await bots.close();
    await backgroundClosed;
    await analyses.close();
    // After the rooms (the later pieces hand their games over through it), before the store.
    await limiters.close();
    await cluster.close();
  });
  return app;
}
