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

/**
 * What a reader's sentence for an error needs besides its code and line, so that a page can
 * say it in its own language (the English `message` says the same in more words). By code:
 * HEADER and SYNTAX `found` (the text read there); SCORE `given` and `expected` ("2-1");
 * ILLEGAL_MOVE `player` (his name in the file), `dice` ("6-2") and `move` (as written, "" for
 * none); ILLEGAL_ACTION `player` and `action` (the file's word: Doubles, Takes, Drops, Wins);
 * CUBE `value` and `expected`; RESULT `player` and `points`; TRUNCATED `game`; EMPTY none.
 */
export type MatErrorParams = Readonly<Record<string, string | number>>;

/** A .mat error: `line` is the 1-based line of the file it concerns (null when none does). */
export interface MatError extends ZarError<MatErrorCode> {
  readonly line: number | null;
  readonly params: MatErrorParams;
  /**
   * The other lines that could not be read, when the file was read to its end before replay
   * (malformed move lines); none after an error of the replay, which stops there.
   */
  readonly more?: readonly MatError[];
}

export type MatResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: MatError };

/** The error; its message starts "line N: " when it concerns a line. */
export function matError(
  code: MatErrorCode,
  line: number | null,
  message: string,
  params: MatErrorParams = {},
): { ok: false; error: MatError } {
  return { ok: false, error: { code, line, message: line === null ? message : `line ${line}: ${message}`, params } };
}

/** A line's text as an error quotes it: trimmed, and cut short when long. */
export function quoted(text: string, max = 60): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}
