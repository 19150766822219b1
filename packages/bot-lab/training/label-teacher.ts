import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH, err, ok, type Result } from '@zar/engine';
import { gnubgBoard } from '../bench/gnubg-process.js';

const DRIVER = fileURLToPath(new URL('./gnubg-label.py', import.meta.url));

export type TeacherErrorCode = 'ERR_TEACHER_DIED' | 'ERR_TEACHER_REFUSED' | 'ERR_TEACHER_ANSWER';

/** A batch's labels, or why there are none; `answered` says how many came before a failure. */
export type BatchResult =
  | { readonly ok: true; readonly value: Float32Array }
  | {
      readonly ok: false;
      readonly error: { readonly code: TeacherErrorCode; readonly message: string };
      readonly answered: number;
    };

/** One process of a teacher, labelling one batch at a time. */
export interface TeacherProcess {
  /**
   * The five outputs of each of `boards` (side on roll's view, Zar's layout) at `plies`, in the
   * view and order Zar's nets train on; `onLabel` is called as each arrives. ERR_TEACHER_DIED
   * when the process ended first: a fresh one may label the batch again.
   */
  label(boards: Int8Array, plies: number, onLabel: () => void): Promise<BatchResult>;
  close(): void;
}

export type StartTeacher = () => TeacherProcess;

/** How to start a program that speaks gnubg-label.py's protocol. */
export interface TeacherCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** Added to this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/** gnubg at `path` running the labeller's driver. */
export function gnubgCommand(path: string): TeacherCommand {
  return { command: path, args: ['-t', '-q', '-r', '-p', DRIVER] };
}

/** The driver's request for the five outputs of `board` (Zar layout, side on roll's view). */
export function labelRequest(board: Int8Array, plies: number): string {
  const [opponent, mover] = gnubgBoard(board);
  return `e ${plies} ${(opponent as number[]).join(' ')} ${(mover as number[]).join(' ')}\n`;
}

/**
 * The five outputs in one answer line of the driver, written at `out[at..]` as Zar's nets train
 * on them. gnubg answers for the side on roll of the board it was given (its player 1, whom
 * `labelRequest` puts second), cumulative and in the order win, win gammon, win backgammon, lose
 * gammon, lose backgammon: Zar's view and order. Its float rounding may put a gammon chance a
 * hair over the win chance (1.0 against 0.99999994 in a won race): the values are clamped into
 * [0, 1] and made coherent, as the evaluator's own outputs are.
 */
export function readAnswer(line: string, out: Float32Array, at: number): Result<true, TeacherErrorCode> {
  if (line.startsWith('@@! ')) return err('ERR_TEACHER_REFUSED', line.slice(4));
  const words = line.startsWith('@@ ') ? line.slice(3).trim().split(/\s+/) : [];
  if (words.length !== OUTPUTS) return err('ERR_TEACHER_ANSWER', `not five outputs: ${line}`);
  for (let k = 0; k < OUTPUTS; k++) {
    const v = Number(words[k]);
    if (!Number.isFinite(v)) return err('ERR_TEACHER_ANSWER', `output ${k} is not a number: ${line}`);
    out[at + k] = Math.min(1, Math.max(0, v));
  }
  const win = out[at] as number;
  out[at + 1] = Math.min(out[at + 1] as number, win);
  out[at + 2] = Math.min(out[at + 2] as number, out[at + 1] as number);
  out[at + 3] = Math.min(out[at + 3] as number, 1 - win);
  out[at + 4] = Math.min(out[at + 4] as number, out[at + 3] as number);
  return ok(true);
}

/**
 * Starts one teacher process. Its answers come back in request order, one line each, marked
 * "@@" (gnubg prints chatter of its own); a batch is written at once and read as it arrives.
 */
export function startTeacher(how: TeacherCommand): TeacherProcess {
  const child = spawn(how.command, how.args, {
    stdio: ['pipe', 'pipe', 'ignore'],
    // Its own process group: a Ctrl-C reaches the labeller, which closes its processes, and
    // not gnubg, which would answer its current request with an interruption. A process whose
    // labeller is gone reads the end of its input and exits.
    detached: true,
    env: how.env ? { ...process.env, ...how.env } : process.env,
  });
  let dead: string | null = null;
  let current: ((line: string | null) => void) | null = null;
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (line.startsWith('@@')) current?.(line);
  });
  const died = (why: string) => {
    dead ??= why;
    current?.(null);
  };
  child.on('exit', (code, signal) => died(`exited (${signal ?? `code ${code}`})`));
  child.on('error', (e) => died(e.message));
  // A write to a process that has just died fails; the exit says so.
  child.stdin.on('error', () => {});
  return {
    label(boards, plies, onLabel) {
      const n = boards.length / BOARD_LENGTH;
      const out = new Float32Array(n * OUTPUTS);
      return new Promise((resolve) => {
        let answered = 0;
        const fail = (code: TeacherErrorCode, message: string) => {
          current = null;
          // The rest of the batch's answers would be read as the next batch's.
          if (code !== 'ERR_TEACHER_DIED') child.kill();
          resolve({ ok: false, error: { code, message }, answered });
        };
        if (dead !== null) return fail('ERR_TEACHER_DIED', dead);
        current = (line) => {
          if (line === null) return fail('ERR_TEACHER_DIED', dead ?? 'died');
          const read = readAnswer(line, out, answered * OUTPUTS);
          if (!read.ok) return fail(read.error.code, read.error.message);
          answered++;
          onLabel();
          if (answered === n) {
            current = null;
            resolve({ ok: true, value: out });
          }
        };
        let text = '';
        for (let i = 0; i < n; i++)
          text += labelRequest(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), plies);
        child.stdin.write(text);
      });
    },
    close() {
      if (dead === null) child.kill();
    },
  };
}
