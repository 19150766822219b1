import * as v from 'valibot';

export type Decoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** A strict object's refusal of a key it does not name (valibot says "Expected never"). */
const isUnknownField = (issue: v.BaseIssue<unknown>): boolean =>
  issue.type === 'strict_object' && issue.expected === 'never';

/** Checks a value against a schema; the first problem is named with where it is. Never throws. */
export function decode<S extends v.GenericSchema>(schema: S, input: unknown): Decoded<v.InferOutput<S>> {
  const r = v.safeParse(schema, input);
  if (r.success) return { ok: true, value: r.output };
  const issue = r.issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
  const message = issue === undefined ? 'invalid' : isUnknownField(issue) ? 'unknown field' : issue.message;
  return { ok: false, message: `${path ? `${path}: ` : ''}${message}` };
}
