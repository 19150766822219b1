import type { Result } from '@zar/engine';
import type { Log } from '../common/log.js';
import { type Bus, type BusCode, broadcastChannel, call, type EnvelopeHandler, Inbox, Listeners } from './bus.js';
import { type Envelope, type EnvelopeKind, headerOf, tooLarge } from './envelope.js';
import { type Liveness, LivenessListeners } from './liveness.js';

/**
 * The bus's in-process twin: instances in one process (one alone, in production without
 * Redis; several, in tests) that reach each other through a shared network object. Delivery
 * is a microtask later, never within `send`, and in send order, as over Redis; nothing is
 * encoded, and there are no timers or sockets.
 */
export class LocalNetwork {
  private readonly buses = new Map<string, LocalBus>();
  private readonly listeners = new Listeners();

  constructor(
    private readonly maxEnvelopeBytes: number,
    private readonly log: Log,
  ) {}

  /** The bus of `instance` on this network. */
  join(instance: string): LocalBus {
    if (this.buses.has(instance)) throw new Error(`instance ${instance} is already on the network`);
    const bus = new LocalBus(instance, this, this.log);
    this.buses.set(instance, bus);
    return bus;
  }

  /** @internal the buses' sending half. */
  post(to: string | null, channel: string | null, envelope: Envelope): Result<void, BusCode> {
    if (
      tooLarge(headerOf(envelope.kind, envelope.type, envelope.from, envelope.id), envelope.body, this.maxEnvelopeBytes)
    ) {
      return {
        ok: false,
        error: { code: 'ERR_ENVELOPE_TOO_LARGE', message: `a cluster message is over ${this.maxEnvelopeBytes} bytes` },
      };
    }
    if (to !== null) {
      const bus = this.buses.get(to);
      // Nobody reading that channel: published to no one, as Redis does.
      if (bus !== undefined) queueMicrotask(() => bus.deliver(envelope));
    } else if (channel !== null) {
      const handlers = this.listeners.of(channel);
      if (handlers !== undefined) queueMicrotask(() => this.fanOut(channel, envelope));
    }
    return { ok: true, value: undefined };
  }

  /** @internal */
  listen(channel: string, handler: EnvelopeHandler): () => void {
    this.listeners.add(channel, handler);
    return () => void this.listeners.remove(channel, handler);
  }

  /** @internal */
  leave(instance: string): void {
    this.buses.delete(instance);
  }

  private fanOut(channel: string, envelope: Envelope): void {
    const handlers = this.listeners.of(channel);
    if (handlers === undefined) return;
    for (const handler of [...handlers]) call(handler, envelope, this.log);
  }
}

export class LocalBus implements Bus {
  private readonly inbox: Inbox;
  private readonly unlisten = new Set<() => void>();
  private closed = false;

  constructor(
    readonly instance: string,
    private readonly network: LocalNetwork,
    log: Log,
  ) {
    this.inbox = new Inbox(log);
  }

  get dropped(): number {
    return this.inbox.dropped;
  }

  send(to: string, kind: EnvelopeKind, type: string, id: number, body: string): Result<void, BusCode> {
    if (this.closed) return closed();
    return this.network.post(to, null, { kind, type, from: this.instance, id, body });
  }

  broadcast(channel: string, type: string, body: string): Result<void, BusCode> {
    if (this.closed) return closed();
    return this.network.post(null, broadcastChannel(channel), { kind: 'tell', type, from: this.instance, id: 0, body });
  }

  on(type: string, handler: EnvelopeHandler): () => void {
    return this.inbox.on(type, handler);
  }

  onRpc(handler: EnvelopeHandler): void {
    this.inbox.onRpc(handler);
  }

  listen(channel: string, handler: EnvelopeHandler): () => void {
    const ours: EnvelopeHandler = (envelope) => {
      if (!this.closed) handler(envelope);
    };
    const stop = this.network.listen(broadcastChannel(channel), ours);
    this.unlisten.add(stop);
    return () => {
      this.unlisten.delete(stop);
      stop();
    };
  }

  /** @internal the network's receiving half. */
  deliver(envelope: Envelope): void {
    if (!this.closed) this.inbox.deliver(envelope);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.unlisten) stop();
    this.unlisten.clear();
    this.network.leave(this.instance);
  }
}

function closed(): Result<void, BusCode> {
  return { ok: false, error: { code: 'ERR_BUS_CLOSED', message: 'the cluster bus is closed' } };
}

/**
 * The liveness of an instance alone (always live, no peers, no timers), or of one in a test,
 * which says itself who comes and goes and when the instance is fenced.
 */
export class LocalLiveness extends LivenessListeners implements Liveness {
  private readonly known = new Set<string>();
  private fenced = false;

  constructor(readonly instance: string) {
    super();
  }

  get live(): boolean {
    return !this.fenced;
  }

  peers(): ReadonlySet<string> {
    return new Set(this.known);
  }

  aliveNow(instance: string): Promise<boolean> {
    return Promise.resolve(instance === this.instance || this.known.has(instance));
  }

  /** A test's peer coming (true) or going (false). */
  setPeer(instance: string, up: boolean): void {
    if (up === this.known.has(instance)) return;
    if (up) this.known.add(instance);
    else this.known.delete(instance);
    for (const listener of this.peerListeners) listener(instance, up);
  }

  /** A test's fence. */
  setFenced(fenced: boolean): void {
    if (fenced === this.fenced) return;
    this.fenced = fenced;
    for (const listener of this.fenceListeners) listener(fenced);
  }

  async close(): Promise<void> {
    this.peerListeners.clear();
    this.fenceListeners.clear();
  }
}
