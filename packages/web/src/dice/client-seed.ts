import type { GameView } from '@zar/protocol';
import { hex } from './hex.js';

/*
 * The page's share of a match's provably fair dice (docs/fair-dice.md): a random seed the server
 * cannot know in advance. It is sent once the page has seen the commitment (view.fair) and the
 * server still waits for it; after a reconnect it is sent again only if the server still shows
 * none (the first may have been lost with the connection).
 */

/** 16 random bytes as 32 lowercase hex digits, as docs/fair-dice.md says a browser makes its seed. */
export function newClientSeed(random: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  const bytes = new Uint8Array(16);
  random.getRandomValues(bytes);
  return hex(bytes);
}

/**
 * Whether the server waits for this viewer's seed: a fair match not over yet, a seat, and no
 * seed for it yet. A match that ended before the seat's seed came (his opponent's flag fell
 * first) waits for nothing: its server seed is out, and a seed now would only be refused.
 */
export function awaitsSeed(view: Pick<GameView, 'fair' | 'you' | 'status'>): boolean {
  return view.status !== 'over' && view.fair !== null && view.you !== null && view.fair.clientSeeds[view.you] === null;
}

/**
 * Decides when the seed goes out: at most once per connection, and only while the server awaits
 * it. The seed is drawn once, when first needed, so a resend after a reconnect is the same seed.
 */
export class SeedSender {
  private seed: string | null = null;
  private sentOnConnection = false;
  /** The commitment shown when the seed first went out (before the first roll), until the server takes the seed. */
  private sentUnder: string | null = null;

  constructor(private readonly draw: () => string = newClientSeed) {}

  /** A new connection: the server may not have the seed sent on the last one. */
  reconnected(): void {
    this.sentOnConnection = false;
  }

  /** The seed to send now for this view, or null. */
  seedFor(view: Pick<GameView, 'fair' | 'you' | 'status'>): string | null {
    if (this.sentOnConnection || !awaitsSeed(view)) return null;
    this.seed ??= this.draw();
    this.sentOnConnection = true;
    this.sentUnder ??= view.fair?.commitment ?? null;
    return this.seed;
  }

  /**
   * Once, when a view first shows this page's seed as the viewer's: the commitment it was sent
   * under and the seed, for the replay's check to compare the proof with (fair-memory.ts). A
   * seed the server did not take (another tab's came first, or it came after the dice began)
   * is never reported.
   */
  taken(view: Pick<GameView, 'fair' | 'you'>): { readonly commitment: string; readonly seed: string } | null {
    const { seed, sentUnder } = this;
    if (seed === null || sentUnder === null || view.fair === null || view.you === null) return null;
    if (view.fair.clientSeeds[view.you] !== seed) return null;
    this.sentUnder = null;
    return { commitment: sentUnder, seed };
  }
}
