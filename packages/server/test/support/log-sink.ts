import { pino } from 'pino';

/** Pino's levels, as its JSON lines carry them. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

export interface LogLine {
  readonly level: number;
  readonly msg?: string;
}

/** A pino destination that keeps every line, at every level, in memory. */
export class LogSink {
  readonly lines: LogLine[] = [];
  /** Bytes written at info or above: what a server at the default level would write. */
  loudBytes = 0;

  write(text: string): void {
    const line = JSON.parse(text) as LogLine;
    if (line.level >= LEVEL.info) this.loudBytes += Buffer.byteLength(text);
    this.lines.push(line);
  }

  /** A logger at 'trace' writing here, for the app's `logger` option. */
  logger() {
    return pino({ level: 'trace' }, this);
  }

  /** The lines at `level` or above, as "level msg". */
  atLeast(level: number): string[] {
    return this.lines.filter((l) => l.level >= level).map((l) => `${l.level} ${l.msg ?? ''}`);
  }
}
