import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { clusterConfigFrom } from './cluster/index.js';
import { SEEDED_DICE_WARNING } from './dice/dice.js';
import { settingOrStop } from './env.js';
import { DEFAULT_SQLITE_FILE, openStore } from './store/index.js';

/**
 * `npm start`: the store (SQLite file by default, PostgreSQL with DATABASE_URL), every live
 * game recovered, the built web client and the API on PORT (3000).
 */
const env = process.env;
const log = pino({
  level: env.LOG_LEVEL ?? 'info',
  redact: ['req.headers.cookie', 'res.headers["set-cookie"]', 'password', '*.password'],
});

/** The cookie secret outlives the process (or every player would be logged out by a restart). */
function cookieSecret(): string {
  if (env.ZAR_SECRET) return env.ZAR_SECRET;
  const file = env.ZAR_SECRET_FILE ?? join(dirname(env.ZAR_DB || DEFAULT_SQLITE_FILE), 'cookie-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

async function main(): Promise<void> {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT ${env.PORT} is not a port number`);
  const host = env.HOST ?? '127.0.0.1';
  const botDelayMs = env.ZAR_BOT_DELAY_MS === undefined ? 400 : Number(env.ZAR_BOT_DELAY_MS);
  const staticDir = env.ZAR_STATIC_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  // Loud, and before anything else: seeded dice on a public server would let players read the future.
  if (env.ZAR_DICE_SEED) log.warn(SEEDED_DICE_WARNING);
  const cluster = settingOrStop(clusterConfigFrom(env));
  const store = await openStore(env);
  const app = await buildApp({
    store,
    cluster,
    cookieSecret: cookieSecret(),
    logger: log,
    botDelayMs,
    staticDir,
    secureCookies: env.NODE_ENV === 'production',
    ...(env.ZAR_DICE_SEED ? { diceSeed: env.ZAR_DICE_SEED } : {}),
  });
  // Listening first: the downtime recorded as the rooms were built ends then, and every clock
  // recovered runs from it, so a slow recovery of many games would be charged to their actors
  // while no one could reach the server. A game asked for meanwhile is loaded on demand.
  await app.listen({ port, host });
  const recovered = await app.zar.rooms.recover();
  const address = app.server.address();
  const shown = typeof address === 'object' && address !== null ? address.port : port;
  log.info(
    { recovered, instance: cluster.instance },
    `Zar is serving at http://${host === '0.0.0.0' ? 'localhost' : host}:${shown}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    try {
      await app.close();
      await store.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((e: unknown) => {
  log.fatal({ err: e }, 'the server could not start');
  process.exit(1);
});
