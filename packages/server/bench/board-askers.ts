import { type Dice, makeZarPosition, type Position, rulesFor } from '@zar/engine';
import type { FastifyInstance } from 'fastify';

/*
 * Visitors of the analysis board for bots.bench.ts's `board` scenario: each, from an address of
 * its own, keeps a long luck-cancelled rollout running and asks for 2-ply evaluations and 1-ply
 * temperature maps of positions of a seeded game as fast as the board's limits let him (a
 * refusal makes him wait the Retry-After it gives), so that the workers' board class is always
 * full while the quiet players' bots are timed.
 */

const rules = rulesFor('backgammon');

/** Positions met in a seeded game of random plays (a small LCG: the same for every run). */
function positions(seed: number, count: number): { position: Position; dice: Dice }[] {
  let s = seed >>> 0;
  const next = (n: number): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
  const out: { position: Position; dice: Dice }[] = [];
  let pos = rules.start();
  while (out.length < count) {
    const dice: Dice = [next(6) + 1, next(6) + 1];
    const plays = rules.legalPlays(pos, dice);
    out.push({ position: pos, dice });
    const play = plays[next(Math.max(1, plays.length))];
    pos = play ? play.next : rules.pass(pos, dice);
    if (rules.outcome(pos)) pos = rules.start();
  }
  return out;
}

export interface BoardLoad {
  /** Answers the askers had (200), and refusals past the limits (429). */
  answered: number;
  limited: number;
  /** Ends the askers once their requests under way are answered. */
  stop(): Promise<void>;
}

/** `count` board askers on `app`, each on its own address, until `stop`. */
export function boardAskers(app: FastifyInstance, count: number): BoardLoad {
  const loops: Promise<void>[] = [];
  let running = true;
  const load: BoardLoad = {
    answered: 0,
    limited: 0,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
  const ask = async (address: string, url: string, payload: object): Promise<number> => {
    const reply = await app.inject({ method: 'POST', url, remoteAddress: address, payload });
    if (reply.statusCode === 200) load.answered++;
    if (reply.statusCode === 429) {
      load.limited++;
      await new Promise((r) => setTimeout(r, 1000 * Number(reply.headers['retry-after'] ?? 1)));
    }
    return reply.statusCode;
  };
  for (let i = 0; i < count; i++) {
    const address = `127.6.0.${i + 1}`;
    const seen = positions(1000 + i, 200);
    const loop = async () => {
      const start = makeZarPosition(rules.start());
      await ask(address, '/api/board/rollouts', { position: start, trials: 1296, truncate: 10 });
      for (let k = 0; running; k++) {
        const { position, dice } = seen[k % seen.length] as { position: Position; dice: Dice };
        const text = `${makeZarPosition(position)}:dice=${dice[0]}${dice[1]}`;
        await ask(address, '/api/board/evaluate', { position: text, plies: 2 });
        if (k % 5 === 0) await ask(address, '/api/board/temperature', { position: makeZarPosition(position) });
      }
    };
    loops.push(loop());
  }
  return load;
}
