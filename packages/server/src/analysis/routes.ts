import { type MatchAnalysis, whyNotAnalysable } from '@zar/bot';
import type { MatchRecord } from '@zar/match';
import { type AnalysisHeld, REST, type AnalysisStatus as Sent } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import { at, ID } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import type { Auth } from '../people/auth.js';
import type { AnalysisStore, GameRow, GamesStore } from '../store/types.js';
import type { Analyses } from './analyses.js';
import { prRowsOf } from './pr-rows.js';

export interface AnalysisDeps {
  readonly store: GamesStore & AnalysisStore;
  readonly analyses: Analyses;
  readonly auth: Auth;
  readonly now: () => number;
  /** Told of each analysis made here once it is ready (the puzzles are cut from it); a failure is logged. */
  readonly analysed?: (row: GameRow, record: MatchRecord, analysis: MatchAnalysis) => Promise<void>;
}

/**
 * GET /api/games/:id/analysis: the analysis of a finished match — 200 with it when ready,
 * 202 with the progress while it is queued or running (ask again), 409 while the match is
 * still being played (an analysis would be a hint), 422 for rules no analysing player of
 * @zar/bot's table values exactly, saying why. Only a player may ask (a session: he has
 * started or joined a game; 401 ERR_NO_SESSION otherwise), an analysis is seconds of a
 * worker's time: a player has at most `analysesPerAccount` under way (429), and the queue
 * holds at most `analysisQueue` (503 ERR_ANALYSIS_BUSY), both with Retry-After.
 */
export function analysisRoutes(deps: AnalysisDeps) {
  return async (api: FastifyInstance): Promise<void> => {
    api.get<{ Params: { id: string } }>(at(REST.analysis), async (request, reply) => {
      const { id } = request.params;
      // Not the /api hook's user (it is another plugin's): this route makes no guest.
      const user = await deps.auth.identify(request);
      if (user === null) return refuse(reply, 401, 'ERR_NO_SESSION', 'only players may ask for an analysis');
      const row = ID.test(id) ? await deps.store.gameById(id) : null;
      if (row === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such game');
      if (row.status !== 'over') return refuse(reply, 409, 'ERR_NOT_OVER', 'a match is analysed once it is over');
      const refused = whyNotAnalysable(row.record.settings);
      if (refused !== null) return refuse(reply, 422, 'ERR_ANALYSIS_GAME', refused);
      // Made in the background (a match between people), or kept from before a restart.
      const kept = await storedAnalysis(deps.store, id, row.version);
      if (kept !== null) {
        const ready: Sent = { state: 'ready', analysis: kept };
        return reply.code(200).send(ready);
      }
      let record: MatchRecord | null = null;
      const status = await deps.analyses.request(
        `${id}:${row.version}`,
        async () => {
          record = { ...row.record, actions: (await deps.store.actions(id)).map((stored) => stored.action) };
          return record;
        },
        user.id,
        // The players' PRs are kept for their profiles once the analysis is ready.
        (analysis) => {
          if (record !== null && deps.analysed !== undefined) {
            deps.analysed(row, record, analysis).catch((e: unknown) => {
              request.log.warn({ err: e, game: id }, 'the puzzles of an analysed match could not be cut');
            });
          }
          const rows = prRowsOf(row, analysis, deps.now());
          if (rows.length === 0) return;
          deps.store.savePr(rows).catch((e: unknown) => {
            request.log.warn({ err: e, game: id }, 'the PRs of an analysed match could not be kept');
          });
        },
      );
      if (status.state === 'refused') {
        return refuseTooMany(reply, status, status.code === 'ERR_ANALYSIS_BUSY' ? 503 : 429);
      }
      if (status.state === 'failed') return refuse(reply, 500, status.code, status.message);
      // The bot's analysis must fit the contract's: a compile error here otherwise.
      const sent: Sent = status;
      return reply.code(status.state === 'ready' ? 200 : 202).send(sent);
    });

    /*
     * GET /api/games/:id/analysis/held: the analysis already made of a finished match, or null,
     * for anyone who may see the match (its replay's marks); it never starts one, so it needs
     * no session and costs one read of the game.
     */
    api.get<{ Params: { id: string } }>(at(REST.analysisHeld), async (request, reply) => {
      const { id } = request.params;
      const row = ID.test(id) ? await deps.store.gameById(id) : null;
      if (row === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such game');
      const held: AnalysisHeld = {
        analysis:
          row.status === 'over'
            ? ((await storedAnalysis(deps.store, id, row.version)) ?? deps.analyses.held(`${id}:${row.version}`))
            : null,
      };
      return held;
    });
  };
}

/** The analysis the store keeps of the game at `version` (the server wrote it), or null. */
async function storedAnalysis(store: AnalysisStore, id: string, version: number): Promise<MatchAnalysis | null> {
  const kept = await store.analysisOf(id);
  return kept !== null && kept.version === version ? (kept.analysis as MatchAnalysis) : null;
}
