import { type MatchAnalysis, whyNotAnalysable } from '@zar/bot';
import { type AnalysisHeld, REST, type AnalysisStatus as Sent } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import { at, ID } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import type { Auth } from '../people/auth.js';
import type { AnalysisStore, GamesStore } from '../store/types.js';
import type { Analyses } from './analyses.js';
import type { RequestedAnalyses } from './requested.js';

export interface AnalysisDeps {
  readonly store: GamesStore & AnalysisStore;
  /** The worker's analyses: what it holds of one made here before the store kept them. */
  readonly analyses: Analyses;
  /** The analyses asked for, through the store's queue. */
  readonly requested: RequestedAnalyses;
  readonly auth: Auth;
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
      // Made in the background (a match between people), or on request by any instance.
      const kept = await storedAnalysis(deps.store, id, row.version);
      if (kept !== null) {
        const ready: Sent = { state: 'ready', analysis: kept };
        return reply.code(200).send(ready);
      }
      const status = await deps.requested.ask(row, user.id);
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
