import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { BAR, createFastPlayGenerator, fastPlaysBuffer, swapHalves, THEM } from '@zar/engine';
import type { Chooser } from './duel.js';

/** Where Debian installs GNU Backgammon; override with ZAR_GNUBG. */
const GNUBG = process.env.ZAR_GNUBG ?? '/usr/games/gnubg';
const SCRIPT = new URL('./gnubg-player.py', import.meta.url).pathname;

export interface GnubgPlayer {
  readonly chooser: Chooser;
  close(): void;
}

/**
 * GNU Backgammon as a duel opponent, for measuring strength only: its cubeless best move at
 * `plies` (0 = its 0-ply "expert" net), through its embedded Python, one process.
 */
export function gnubgPlayer(plies: number): GnubgPlayer {
  const child: ChildProcess = spawn(GNUBG, ['-t', '-q', '-r', '-p', SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((line: string) => void)[] = [];
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    if (line.startsWith('ZARMOVE')) waiting.shift()?.(line);
  });
  const ask = (text: string) =>
    new Promise<string>((resolve) => {
      waiting.push(resolve);
      child.stdin?.write(`${text}\n`);
    });
  const gen = createFastPlayGenerator();
  const plays = fastPlaysBuffer();
  /** gnubg's play must be one of ours: a check on both move generators and on the translation. */
  const isLegal = (board: Int8Array, d1: number, d2: number, after: Int8Array): boolean => {
    const n = gen.generate(board, d1, d2, plays);
    if (n === 0) return after.every((v, i) => v === board[i]);
    for (let k = 0; k < n; k++) {
      let same = true;
      for (let i = 0; i < 52 && same; i++) same = plays[k * 52 + i] === after[i];
      if (same) return true;
    }
    return false;
  };
  const chooser: Chooser = async (board, d1, d2, next) => {
    const opp: number[] = [];
    const me: number[] = [];
    for (let p = 1; p <= BAR; p++) {
      opp.push(board[THEM + p] as number);
      me.push(board[p] as number);
    }
    const reply = await ask(`${plies} ${d1} ${d2} ${opp.join(' ')} ${me.join(' ')}`);
    const move = reply.split(' ').slice(1).map(Number);
    next.set(board.subarray(0, 52));
    for (let i = 0; i + 1 < move.length; i += 2) {
      const from = move[i] as number;
      const to = move[i + 1] as number;
      if (from === 0) break;
      next[from] = (next[from] as number) - 1;
      next[to] = (next[to] as number) + 1;
      // A blot on the landing point (the opponent's point 25 - to) goes to the bar.
      if (to > 0 && next[THEM + 25 - to] === 1) {
        next[THEM + 25 - to] = 0;
        next[THEM + BAR] = (next[THEM + BAR] as number) + 1;
      }
    }
    if (!isLegal(board, d1, d2, next)) throw new Error(`gnubg answered an illegal play: ${reply}`);
    swapHalves(next);
  };
  return { chooser, close: () => child.stdin?.end() };
}
