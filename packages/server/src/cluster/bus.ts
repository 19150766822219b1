import type { Result } from '@zar/engine';
import type { Redis } from 'ioredis';
import type { Log } from '../common/log.js';
import { Outage } from '../common/outage.js';
import { type Envelope, type EnvelopeKind, headerOf, isName, parseEnvelope, tooLarge } from './envelope.js';

export type EnvelopeHandler = (envelope: Envelope) => void;

export type BusCode = 'ERR_ENVELOPE_TOO_LARGE' | 'ERR_BUS_DOWN' | 'ERR_BUS_CLOSED';

/**
 * Envelopes between instances. Each instance reads one channel of its own, whatever games it
 * serves, so there is one SUBSCRIBE per instance rather than one per game, and named
 * broadcast channels for what every instance hears.
 *
 * Delivery is at most once (pub/sub keeps nothing for an absent reader) and in order from one
 * sender: Redis runs one connection's commands in order and writes each subscriber's messages
 * in the order it published them, and an instance publishes through one connection. Those who
 * need more (a game's frames) number what they send and resync on a gap.
 */
export interface Bus {
  readonly instance: string;
  /** Puts an envelope on `to`'s channel. Ok is "sent", not "received". */
  send(to: string, kind: EnvelopeKind, type: string, id: number, body: string): Result<void, BusCode>;
  /** A tell on the named broadcast channel, heard by every instance listening (this one too). */
  broadcast(channel: string, type: string, body: string): Result<void, BusCode>;
  /** The handler of the tells of `type` on this instance's channel; undone by the function returned. */
  on(type: string, handler: EnvelopeHandler): () => void;
  /** The handler of asks, answers and refusals on this instance's channel (the Rpc). */
  onRpc(handler: EnvelopeHandler): void;
  /**
   * Hears a broadcast channel; the first listener subscribes to it, the last one gone
   * unsubscribes. Over Redis the subscription takes a round trip: what is broadcast before it
   * is confirmed is not heard.
   */
  listen(channel: string, handler: EnvelopeHandler): () => void;
  close(): Promise<void>;
}

export function instanceChannel(instance: string): string {
  return `zar:i:${instance}`;
}

export function broadcastChannel(name: string): string {
  if (!isName(name)) throw new Error(`"${name}" cannot be a channel's name`);
  return `zar:b:${name}`;
}

/** The receiving half both buses share: handlers by subject, the rpc's, and what was dropped. */
export class Inbox {
  private readonly handlers = new Map<string, EnvelopeHandler>();
  private rpc: EnvelopeHandler | null = null;
  /** Envelopes no handler took, or that could not be read: the tests' and the logs' count. */
  dropped = 0;

  constructor(private readonly log: Log) {}

  on(type: string, handler: EnvelopeHandler): () => void {
    if (this.handlers.has(type)) throw new Error(`two handlers for "${type}"`);
    this.handlers.set(type, handler);
    return () => {
      if (this.handlers.get(type) === handler) this.handlers.delete(type);
    };
  }

  onRpc(handler: EnvelopeHandler): void {
    this.rpc = handler;
  }

  deliver(envelope: Envelope): void {
    const handler = envelope.kind === 'tell' ? this.handlers.get(envelope.type) : this.rpc;
    if (handler === undefined || handler === null) {
      this.dropped++;
      return;
    }
    call(handler, envelope, this.log);
  }
}

/** One handler's throw is logged and stops nothing else on the channel. */
export function call(handler: EnvelopeHandler, envelope: Envelope, log: Log): void {
  try {
    handler(envelope);
  } catch (e) {
    log.error({ err: e, type: envelope.type, from: envelope.from }, 'a cluster message handler failed');
  }
}

/** Listeners of named broadcast channels, by channel. */
export class Listeners {
  private readonly byChannel = new Map<string, Set<EnvelopeHandler>>();

  /** Adds one; true when it is the channel's first (subscribe now). */
  add(channel: string, handler: EnvelopeHandler): boolean {
    const set = this.byChannel.get(channel);
    if (set !== undefined) {
      set.add(handler);
      return false;
    }
    this.byChannel.set(channel, new Set([handler]));
    return true;
  }

  /** Removes one; true when the channel has none left (unsubscribe now). */
  remove(channel: string, handler: EnvelopeHandler): boolean {
    const set = this.byChannel.get(channel);
    if (set === undefined || !set.delete(handler)) return false;
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  of(channel: string): ReadonlySet<EnvelopeHandler> | undefined {
    return this.byChannel.get(channel);
  }
}

export interface RedisBusOptions {
  readonly instance: string;
  readonly commands: Redis;
  readonly subscriber: Redis;
  readonly maxEnvelopeBytes: number;
  readonly log: Log;
}

/** The bus over Redis pub/sub: PUBLISH on the command connection, SUBSCRIBE on the other. */
export class RedisBus implements Bus {
  readonly instance: string;
  private readonly inbox: Inbox;
  private readonly listeners = new Listeners();
  private readonly own: string;
  private readonly publishing: Outage;
  private closed = false;

  private constructor(private readonly options: RedisBusOptions) {
    this.instance = options.instance;
    this.own = instanceChannel(options.instance);
    this.inbox = new Inbox(options.log);
    this.publishing = new Outage(
      options.log,
      'cluster messages cannot be published',
      'cluster messages are published again',
    );
    options.subscriber.on('message', (channel: string, text: string) => this.received(channel, text));
  }

  /** A bus reading its instance's channel; the subscriber connection must be ready. */
  static async open(options: RedisBusOptions): Promise<RedisBus> {
    const bus = new RedisBus(options);
    await options.subscriber.subscribe(bus.own);
    return bus;
  }

  get dropped(): number {
    return this.inbox.dropped;
  }

  send(to: string, kind: EnvelopeKind, type: string, id: number, body: string): Result<void, BusCode> {
    return this.publish(instanceChannel(to), headerOf(kind, type, this.instance, id), body);
  }

  broadcast(channel: string, type: string, body: string): Result<void, BusCode> {
    return this.publish(broadcastChannel(channel), headerOf('tell', type, this.instance, 0), body);
  }

  on(type: string, handler: EnvelopeHandler): () => void {
    return this.inbox.on(type, handler);
  }

  onRpc(handler: EnvelopeHandler): void {
    this.inbox.onRpc(handler);
  }

  listen(channel: string, handler: EnvelopeHandler): () => void {
    const name = broadcastChannel(channel);
    if (this.listeners.add(name, handler)) this.subscription(this.options.subscriber.subscribe(name));
    return () => {
      if (this.listeners.remove(name, handler) && !this.closed) {
        this.subscription(this.options.subscriber.unsubscribe(name));
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private publish(channel: string, header: string, body: string): Result<void, BusCode> {
    if (this.closed) return { ok: false, error: { code: 'ERR_BUS_CLOSED', message: 'the cluster bus is closed' } };
    if (tooLarge(header, body, this.options.maxEnvelopeBytes)) {
      return {
        ok: false,
        error: {
          code: 'ERR_ENVELOPE_TOO_LARGE',
          message: `a cluster message is over ${this.options.maxEnvelopeBytes} bytes`,
        },
      };
    }
    const { commands } = this.options;
    if (commands.status !== 'ready') {
      return { ok: false, error: { code: 'ERR_BUS_DOWN', message: 'Redis is unreachable' } };
    }
    commands.publish(channel, header + body).then(this.published, this.unpublished);
    return { ok: true, value: undefined };
  }

  private readonly published = (): void => this.publishing.recovered();
  private readonly unpublished = (e: unknown): void => this.publishing.failed(e);

  private subscription(done: Promise<unknown>): void {
    // Lost with the connection: autoResubscribe subscribes again to what it knew.
    done.catch((e: unknown) => this.options.log.warn({ err: e }, 'a cluster channel could not be (un)subscribed'));
  }

  private received(channel: string, text: string): void {
    if (this.closed) return;
    // Characters, not bytes: a cheap bound that lets nothing much larger than the limit be parsed.
    const envelope = text.length > this.options.maxEnvelopeBytes ? null : parseEnvelope(text);
    if (envelope === null) {
      this.inbox.dropped++;
      return;
    }
    if (channel === this.own) {
      this.inbox.deliver(envelope);
      return;
    }
    const listeners = this.listeners.of(channel);
    if (listeners === undefined || envelope.kind !== 'tell') {
      this.inbox.dropped++;
      return;
    }
    for (const handler of listeners) call(handler, envelope, this.options.log);
  }
}
