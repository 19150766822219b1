/** Where a command reads and writes; tests pass their own, the bin passes the process's. */
export interface TextSink {
  write(text: string): unknown;
}

export interface Io {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: TextSink;
  readonly stderr: TextSink;
}

export function processIo(): Io {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

/** What every command gets: its streams, and the exit code it leaves for `main`. */
export interface CliContext {
  readonly io: Io;
  exitCode: number;
}

/** Reports a failed command on stderr as `zar: CODE: message` and marks the run failed. */
export function fail(ctx: CliContext, error: { readonly code: string; readonly message: string }): void {
  ctx.io.stderr.write(`zar: ${error.code}: ${error.message}\n`);
  ctx.exitCode = 1;
}
