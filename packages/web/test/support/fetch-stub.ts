import { setFetch } from '../../src/api.js';

/** A request the REST client sent, as the stub saw it. */
export interface Sent {
  readonly path: string;
  readonly init: RequestInit;
}

/**
 * The server's side, played by the test: one answer for every request, each request kept.
 * A string body goes out as it is (a broken answer), anything else as JSON, undefined as none.
 */
export function answer(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  setFetch(async (path, init) => {
    sent.push({ path, init });
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

/** Puts the browser's fetch back, after each test that stubbed it. */
export function realFetch(): void {
  setFetch((input, init) => fetch(input, init));
}
