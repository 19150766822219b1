/** Expected failures are values: a stable code for programs, a message for people. */
export interface ZarError<C extends string = string> {
  readonly code: C;
  readonly message: string;
}

export type Result<T, C extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ZarError<C> };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<C extends string>(code: C, message: string): { readonly ok: false; readonly error: ZarError<C> } {
  return { ok: false, error: { code, message } };
}

/** For code paths where a failure means a broken invariant, not bad input. */
export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
