import type { ZarError } from '@zar/engine';

/** Stable codes for what can be wrong with a .mat file, or with a record to be written as one. */
export type MatErrorCode =
  | 'ERR_MAT_EMPTY'
  | 'ERR_MAT_HEADER'
  | 'ERR_MAT_SYNTAX'
  | 'ERR_MAT_SCORE'
  | 'ERR_MAT_ILLEGAL_MOVE'
  | 'ERR_MAT_ILLEGAL_ACTION'
  | 'ERR_MAT_CUBE'
  | 'ERR_MAT_RESULT'
  | 'ERR_MAT_TRUNCATED'
  | 'ERR_MAT_RECORD'
  | 'ERR_MAT_UNREPRESENTABLE';

/** A .mat error: `line` is the 1-based line of the file it concerns (null when none does). */
export interface MatError extends ZarError<MatErrorCode> {
  readonly line: number | null;
}

export type MatResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: MatError };

/** The error; its message starts "line N: " when it concerns a line. */
export function matError(code: MatErrorCode, line: number | null, message: string): { ok: false; error: MatError } {
  return { ok: false, error: { code, line, message: line === null ? message : `line ${line}: ${message}` } };
}
