import { type DiceTally, summarizeDice } from '@zar/match';
import {
  DICE_LUCK_MATCHES,
  type DiceStats,
  type MatchLuck,
  NameSchema,
  type PlayerDice,
  REST,
  type SiteDice,
} from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { TtlCache } from '../common/ttl-cache.js';
import { at } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiters } from '../limits/limiter.js';
import type { DiceStore, DiceTotalsRow, LuckRow, PeopleStore } from '../store/types.js';

export interface DiceDeps {
  /** Where the rate limits are kept: shared through Redis beside other instances, in this process alone (app.ts decides, never a route). */
  readonly limiters: RateLimiters;
  readonly store: DiceStore & PeopleStore;
  readonly limits: Limits;
  readonly now: () => number;
}

/** How long the dice statistics are served before the store is asked again. */
export const DICE_CACHE_MS = 5_000;
/** Players' dice pages kept at once. */
const PLAYERS_CACHED = 256;
/** The one key of the site's statistics in their cache. */
const SITE = 'site';

/** A tally's counts with their fairness tests (@zar/match's dice-stats.ts), as the contract sends them. */
export function diceStatsOf(totals: DiceTotalsRow): DiceStats {
  const summary = summarizeDice(totals.tally);
  const tally: DiceTally = summary.tally;
  return {
    matches: totals.matches,
    faces: [...tally.faces],
    rolls: [...tally.rolls],
    openingDice: tally.openingDice,
    doubles: summary.doubles,
    faceTest: summary.faceTest,
    rollTest: summary.rollTest,
  };
}

/**
 * A luck row as the page shows it. Rows of analyses made before luck was measured carry none
 * and are left out: a match without its luck is no point of a luck chart.
 */
function matchLuckOf(row: LuckRow): MatchLuck[] {
  if (row.luck === null || row.opponentLuck === null) return [];
  return [{ game: row.gameId, at: row.at, opponent: row.opponent, luck: [row.luck, row.opponentLuck], pr: row.pr }];
}

/** An account's dice page, or null for a name no account has (a guest's has no name). */
async function playerDiceOf(store: DiceStore & PeopleStore, name: string): Promise<PlayerDice | null> {
  const user = await store.userByName(name);
  if (user === null || user.name === null) return null;
  const [totals, luck] = await Promise.all([store.diceTotals(user.id), store.luckOf(user.id, DICE_LUCK_MATCHES)]);
  return { name: user.name, stats: diceStatsOf(totals), luck: luck.flatMap(matchLuckOf) };
}

/**
 * GET /api/dice (the dice of every finished match on the site, tested for fairness) and GET
 * /api/players/:name/dice (an account's own dice and the luck of his analysed backgammon
 * matches; 404 for a name no account has). For every visitor: no session needed and none
 * made. Each answer is served for DICE_CACHE_MS before the store is asked again; a player's
 * page read from the store costs an address one of its `recordsPerMinute` (429 beyond), as a
 * profile does. The site's page is one key, read at most once per DICE_CACHE_MS whoever asks,
 * so it costs nobody anything.
 */
export function diceRoutes(deps: DiceDeps) {
  const { store, now } = deps;
  const site = new TtlCache<SiteDice>(DICE_CACHE_MS, 1);
  const players = new TtlCache<PlayerDice | null>(DICE_CACHE_MS, PLAYERS_CACHED);
  const byAddress = deps.limiters.limiter('dice-pages', deps.limits.recordsPerMinute, deps.limits.recordsPerMinute);

  return async (api: FastifyInstance): Promise<void> => {
    api.get(at(REST.siteDice), async () => {
      const t = now();
      const load = async (): Promise<SiteDice> => ({ stats: diceStatsOf(await store.diceTotals(null)) });
      return (await (site.fresh(SITE, t) ?? site.put(SITE, t, load))) satisfies SiteDice;
    });

    api.get<{ Params: { name: string } }>(at(REST.playerDice), async (request, reply) => {
      const { name } = request.params;
      // A name no account could have is looked up nowhere.
      if (!v.is(NameSchema, name)) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no player has that name');
      const t = now();
      let page = players.fresh(name, t);
      if (page === null) {
        const taken = await byAddress.take(request.ip, t);
        if (!taken.ok) return refuseTooMany(reply, tooMany('too many dice pages asked for', taken.retryAfterMs));
        // Another request may have asked for it while this one waited.
        page = players.fresh(name, t) ?? players.put(name, t, () => playerDiceOf(store, name));
      }
      const found = await page;
      if (found === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no player has that name');
      return found satisfies PlayerDice;
    });
  };
}
