/**
 * What instances tell each other, and how it looks on a Redis channel.
 *
 * The wire form is one header line, then the body as it is:
 *
 *     T game.frames i-3kQ9 0\n{"t":"state",…}
 *
 * The body is usually a frame already written as JSON for a socket. Wrapping it in a JSON
 * envelope would escape every quote in it and make the receiver parse it twice; here the
 * header is cut at the first newline (no header field can hold one) and the body is never
 * read by the bus. Space-separated fields keep the header to a few bytes.
 */
export type EnvelopeKind = 'tell' | 'ask' | 'answer' | 'refusal';

export interface Envelope {
  readonly kind: EnvelopeKind;
  /**
   * A tell's or an ask's subject (the handler it goes to); an answer's is empty ('-' on the
   * wire); a refusal's is its error code.
   */
  readonly type: string;
  /** The sending instance. */
  readonly from: string;
  /** An ask's number, repeated by its answer or refusal; 0 for a tell. */
  readonly id: number;
  readonly body: string;
}

/** A subject, an error code or an instance: what can sit in a header field or a channel name. */
const NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

export function isName(text: string): boolean {
  return NAME.test(text);
}

const KIND_CHAR: Readonly<Record<EnvelopeKind, string>> = { tell: 'T', ask: 'A', answer: 'R', refusal: 'X' };
const CHAR_KIND: Readonly<Record<string, EnvelopeKind | undefined>> = {
  T: 'tell',
  A: 'ask',
  R: 'answer',
  X: 'refusal',
};

/** The header line of an envelope; a subject that is not a name is a bug of the caller. */
export function headerOf(kind: EnvelopeKind, type: string, from: string, id: number): string {
  if (type === '-' || (type !== '' && !NAME.test(type))) throw new Error(`"${type}" cannot be an envelope's subject`);
  return `${KIND_CHAR[kind]} ${type === '' ? '-' : type} ${from} ${id}\n`;
}

/**
 * Whether header and body exceed `max` bytes. The UTF-8 length is counted only when the text
 * could exceed it: a UTF-16 unit is at most 3 bytes, so most bodies are let through unread.
 */
export function tooLarge(header: string, body: string, max: number): boolean {
  if (header.length + body.length * 3 <= max) return false;
  return header.length + Buffer.byteLength(body) > max;
}

/** The envelope in a channel's message; null when it is not one (another program on the same Redis). */
export function parseEnvelope(text: string): Envelope | null {
  const end = text.indexOf('\n');
  if (end < 0) return null;
  const fields = text.slice(0, end).split(' ');
  if (fields.length !== 4) return null;
  const [k = '', type = '', from = '', n = ''] = fields;
  const kind = CHAR_KIND[k];
  const id = Number(n);
  if (kind === undefined || !Number.isSafeInteger(id) || id < 0 || !NAME.test(from)) return null;
  return { kind, type: type === '-' ? '' : type, from, id, body: text.slice(end + 1) };
}
