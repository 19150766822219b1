import { Readable } from 'node:stream';
import { main } from '../src/main.js';

export interface ZarRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `zar <args>` in-process with `stdin` as its input and captures what it writes. */
export async function runZar(args: string[], stdin = ''): Promise<ZarRun> {
  let out = '';
  let err = '';
  const code = await main(['node', 'zar', ...args], {
    stdin: Readable.from([stdin]),
    stdout: {
      write: (s: string) => {
        out += s;
      },
    },
    stderr: {
      write: (s: string) => {
        err += s;
      },
    },
  });
  return { code, out, err };
}

/** The JSON lines a run wrote to stdout. */
export const jsonLines = (out: string): unknown[] =>
  out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);
