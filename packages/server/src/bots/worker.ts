import { parentPort, workerData } from 'node:worker_threads';
import { loadPlayers, warmBearoff } from '@zar/bot';
import { answerAnalysisPiece } from './analysis-work.js';
import { answerBoard } from './board-work.js';
import { answerHint } from './hints.js';
import type { FromWorker, ToWorker } from './messages.js';
import { agentMaker, type BotKind, SeatAgents } from './seat-agents.js';

/**
 * A bot worker: answers the decisions of the bot seats routed to it, one at a time, keeping
 * each seat's agent between decisions. While idle it loads the trained weights and (for the
 * strongest bot) fills the bearoff database in small slices, so no decision waits seconds for either.
 */
const port = parentPort;
if (port === null) throw new Error('the bot worker must run in a worker thread');

const kind: BotKind = (workerData as { kind?: BotKind }).kind ?? 'strongest';
const agents = new SeatAgents(agentMaker(kind));
const reply = (m: FromWorker): void => port.postMessage(m);

port.on('message', (m: ToWorker) => {
  if (m.t === 'forget') agents.forget(m.game);
  else if (m.t === 'hint') void answerHint(m.match, m.asker).then((answer) => reply({ t: 'hint', id: m.id, answer }));
  else if (m.t === 'board') void answerBoard(m.work).then((answer) => reply({ t: 'board', id: m.id, answer }));
  else if (m.t === 'analyse')
    void answerAnalysisPiece(m.piece).then((answer) => reply({ t: 'analysed', id: m.id, answer }));
  else if (m.t === 'crash') throw new Error('crash requested (a test)');
  else {
    try {
      const decided = agents.decide(m.req, m.match);
      if (!(decided instanceof Promise)) reply({ t: 'decision', id: m.id, decision: decided });
      else
        decided.then(
          (decision) => reply({ t: 'decision', id: m.id, decision }),
          (e: unknown) => reply({ t: 'failed', id: m.id, message: String(e) }),
        );
    } catch (e) {
      reply({ t: 'failed', id: m.id, message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  }
});

/** Ranks per slice: about 20 ms at worst here, short enough to sit between decisions. */
const WARM_SLICE = 50;
/**
 * Rest between slices: filling the database costs about 5 s of a core, and on a small machine
 * that core is shared with the server's own thread, so it is spread over half a minute.
 */
const WARM_REST_MS = 40;
const warm = (): void => {
  if (!warmBearoff(WARM_SLICE)) setTimeout(warm, WARM_REST_MS);
};
// Weights that fail to load fail each decision that needs them, which the server answers itself.
void loadPlayers()
  .catch(() => undefined)
  .then(() => {
    reply({ t: 'ready' });
    // The baseline bot reads no bearoff database, and a server of baseline bots (its benchmarks)
    // would otherwise spend ten seconds of a core in its first half minute filling two copies.
    if (kind === 'strongest') setTimeout(warm, WARM_REST_MS);
  });
