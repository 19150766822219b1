import type { Result } from '@zar/engine';
import type { Log } from '../common/log.js';
import type { Bus } from './bus.js';
import { type Envelope, isName } from './envelope.js';

/** Why a question got no answer from the instance asked. */
export type AskCode =
  | 'ERR_ASK_TIMEOUT'
  | 'ERR_ASK_BUSY'
  | 'ERR_ASK_CLOSED'
  | 'ERR_ASK_UNKNOWN'
  | 'ERR_ASK_GONE'
  | 'ERR_ASK_FAILED'
  | 'ERR_ENVELOPE_TOO_LARGE'
  | 'ERR_BUS_DOWN'
  | 'ERR_BUS_CLOSED';

/**
 * An answer: the answering handler's own Result (its refusal codes pass through as they are),
 * or why none came.
 */
export type Answer = Result<string, string>;

/** What answers a question of one subject: a body, or a refusal with a stable code. */
export type Answerer = (body: string, from: string) => Answer | Promise<Answer>;

export interface RpcOptions {
  readonly maxPending: number;
  readonly timeoutMs: number;
  readonly log: Log;
}

interface Pending {
  readonly to: string;
  readonly resolve: (answer: Answer) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Questions to another instance and their answers, over the bus: each ask carries a number its
 * answer repeats. Every ask is answered exactly once — by the other instance, by a timeout, by
 * a refusal here when too many are waiting or the bus refuses, or at close — and never hangs.
 * An answer that comes after its ask gave up finds no one waiting and is dropped.
 */
export class Rpc {
  private readonly pending = new Map<number, Pending>();
  private readonly answerers = new Map<string, Answerer>();
  /** Numbers start at random: a restarted instance of the same name cannot mistake an old answer for a new one. */
  private next = Math.floor(Math.random() * 2 ** 30);
  private closed = false;
  /** Instances the liveness called dead (and not back since): asked nothing, they answer nothing. */
  private readonly gone = new Set<string>();
  /** Answers that came too late (or were never asked): the tests' count. */
  lateAnswers = 0;

  constructor(
    private readonly bus: Bus,
    private readonly options: RpcOptions,
  ) {
    bus.onRpc((envelope) => this.received(envelope));
  }

  /** Questions waiting for their answer now. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Answers the questions of `method`; undone by the function returned. */
  serve(method: string, answerer: Answerer): () => void {
    if (this.answerers.has(method)) throw new Error(`two answerers for "${method}"`);
    this.answerers.set(method, answerer);
    return () => {
      if (this.answerers.get(method) === answerer) this.answerers.delete(method);
    };
  }

  ask(to: string, method: string, body: string, timeoutMs = this.options.timeoutMs): Promise<Answer> {
    if (this.closed) return refused('ERR_ASK_CLOSED', 'this instance is closing');
    if (this.gone.has(to)) return refused('ERR_ASK_GONE', `${to} is down`);
    if (this.pending.size >= this.options.maxPending) {
      return refused('ERR_ASK_BUSY', `${this.options.maxPending} questions to other instances are waiting`);
    }
    this.next = this.next >= Number.MAX_SAFE_INTEGER ? 1 : this.next + 1;
    const id = this.next;
    const sent = this.bus.send(to, 'ask', method, id, body);
    if (!sent.ok) return Promise.resolve(sent);
    return new Promise<Answer>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({
          ok: false,
          error: { code: 'ERR_ASK_TIMEOUT', message: `${to} did not answer ${method} within ${timeoutMs} ms` },
        });
      }, timeoutMs);
      this.pending.set(id, { to, resolve, timer });
    });
  }

  /**
   * An instance died (up false) or came back. Its waiting questions are answered ERR_ASK_GONE
   * at once, and new ones until it is back: a command sent to an owner that died is taken to
   * the game's next owner without waiting out its timeout.
   */
  peer(instance: string, up: boolean): void {
    if (up) {
      this.gone.delete(instance);
      return;
    }
    this.gone.add(instance);
    // Random names of instances that never come back: the oldest are forgotten.
    if (this.gone.size > MAX_GONE) this.gone.delete(this.gone.values().next().value as string);
    for (const [id, pending] of this.pending) {
      if (pending.to !== instance) continue;
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.resolve({ ok: false, error: { code: 'ERR_ASK_GONE', message: `${instance} is down` } });
    }
  }

  /** Every waiting question is answered ERR_ASK_CLOSED; no question is asked or answered after. */
  close(): void {
    this.closed = true;
    for (const { resolve, timer } of this.pending.values()) {
      clearTimeout(timer);
      resolve({ ok: false, error: { code: 'ERR_ASK_CLOSED', message: 'this instance is closing' } });
    }
    this.pending.clear();
  }

  private received(envelope: Envelope): void {
    if (envelope.kind === 'ask') {
      if (!this.closed) void this.answer(envelope);
      return;
    }
    const pending = this.pending.get(envelope.id);
    if (pending === undefined || pending.to !== envelope.from) {
      this.lateAnswers++;
      return;
    }
    this.pending.delete(envelope.id);
    clearTimeout(pending.timer);
    pending.resolve(
      envelope.kind === 'answer'
        ? { ok: true, value: envelope.body }
        : { ok: false, error: { code: envelope.type, message: envelope.body } },
    );
  }

  private async answer(ask: Envelope): Promise<void> {
    const answerer = this.answerers.get(ask.type);
    let answer: Answer;
    if (answerer === undefined) {
      answer = { ok: false, error: { code: 'ERR_ASK_UNKNOWN', message: `no answerer for ${ask.type}` } };
    } else {
      try {
        answer = await answerer(ask.body, ask.from);
      } catch (e) {
        this.options.log.error(
          { err: e, method: ask.type, from: ask.from },
          'a cluster question could not be answered',
        );
        answer = {
          ok: false,
          error: { code: 'ERR_ASK_FAILED', message: `${ask.type} failed on ${this.bus.instance}` },
        };
      }
    }
    let sent = answer.ok
      ? this.bus.send(ask.from, 'answer', '', ask.id, answer.value)
      : this.bus.send(ask.from, 'refusal', codeOf(answer.error.code), ask.id, answer.error.message);
    // Too large to send: the asker is told so rather than left to its timeout.
    if (!sent.ok && sent.error.code === 'ERR_ENVELOPE_TOO_LARGE') {
      sent = this.bus.send(ask.from, 'refusal', sent.error.code, ask.id, sent.error.message);
    }
    // Unsent otherwise (Redis away): the asker's timeout answers it.
    if (!sent.ok)
      this.options.log.warn({ method: ask.type, code: sent.error.code }, 'a cluster answer could not be sent');
  }
}

/** Dead instances remembered (each one a name); far more than a cluster has. */
const MAX_GONE = 1000;

/** A refusal's code goes in the envelope's header: one that cannot is reported as a failure. */
function codeOf(code: string): string {
  return isName(code) ? code : 'ERR_ASK_FAILED';
}

function refused(code: AskCode, message: string): Promise<Answer> {
  return Promise.resolve({ ok: false, error: { code, message } });
}
