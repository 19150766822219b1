/** What a service writes to the server's log: pino's logger fits, and so does a test's. */
export interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}
