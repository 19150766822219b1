import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BAR, type Dice, matchPlay, type Position, rulesFor, THEM } from '@zar/engine';

/** Where Debian's gnubg package puts the program. */
export const GNUBG = '/usr/games/gnubg';
const DRIVER = fileURLToPath(new URL('./gnubg-driver.py', import.meta.url));

const rules = rulesFor('backgammon');

/** gnubg's board for the side on roll of `board` (Zar layout): [opponent, mover], 25 counts each. */
export function gnubgBoard(board: Int8Array): number[][] {
  const side = (base: number) => {
    const s: number[] = [];
    for (let p = 1; p <= BAR; p++) s.push(board[base + p] ?? 0);
    return s;
  };
  return [side(THEM), side(0)];
}

/** gnubg's move tuple (from, to, …; 25 bar, 0 off, unused pairs 0) in Zar notation. */
export function moveText(move: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i + 1 < move.length; i += 2) {
    const from = move[i] as number;
    const to = move[i + 1] as number;
    if (from === 0 && to === 0) continue;
    parts.push(`${from === 25 ? 'bar' : from}/${to <= 0 ? 'off' : to}`);
  }
  return parts.join(' ');
}

export interface GnubgAnswer {
  readonly move?: number[];
  readonly probs?: number[];
  readonly equity?: number;
  readonly text?: string;
  /** Cube answers: gnubg's cubeful equities for the side on roll, per cube. */
  readonly noDouble?: number;
  readonly take?: number;
  readonly drop?: number;
  readonly error?: string;
}

export interface Gnubg {
  ask(request: Record<string, unknown>): Promise<GnubgAnswer>;
  close(): void;
}

/**
 * Finds gnubg, installing Debian's package when `install` is set and we are root; otherwise
 * says how to get it.
 */
export function findGnubg(path: string, install: boolean): string | null {
  if (existsSync(path)) return path;
  if (install) {
    const r = spawnSync('apt-get', ['install', '-y', 'gnubg'], { stdio: 'inherit' });
    if (r.status === 0 && existsSync(path)) return path;
  }
  return null;
}

/** Starts gnubg with the JSON-lines driver; answers come back in request order. */
export function startGnubg(path: string): Gnubg {
  const child: ChildProcessWithoutNullStreams = spawn(path, ['-t', '-q', '-r', '-p', DRIVER], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const waiting: ((a: GnubgAnswer) => void)[] = [];
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    // gnubg prints its own chatter ("The dice have been set…"); answers are marked.
    if (!line.startsWith('@@')) return;
    waiting.shift()?.(JSON.parse(line.slice(2)) as GnubgAnswer);
  });
  child.stderr.resume();
  return {
    ask(request) {
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${JSON.stringify(request)}\n`);
      });
    },
    close() {
      child.stdin.end(`${JSON.stringify({ op: 'quit' })}\n`);
    },
  };
}

/** gnubg's play of `dice` from `pos` at `plies` (0-ply by default): the position it leaves. */
export async function gnubgPlay(gnubg: Gnubg, pos: Position, dice: Dice, plies = 0): Promise<Position> {
  const plays = rules.legalPlays(pos, dice);
  if (plays.length === 0) return rules.pass(pos, dice);
  if (plays.length === 1) return (plays[0] as (typeof plays)[number]).next;
  const a = await gnubg.ask({ op: 'move', board: gnubgBoard(pos.board), dice, plies });
  const found = matchPlay(plays, moveText(a.move ?? []));
  if (!found.ok) throw new Error(`gnubg's move ${JSON.stringify(a)} is not legal here: ${found.error.message}`);
  return found.value.next;
}
