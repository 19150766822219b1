import {
  type ChatMessage,
  type ChatPhrase,
  type ClientAction,
  type EventAction,
  type GameView,
  PROTOCOL_PARAM,
  PROTOCOL_VERSION,
  type ReportReason,
  type ServerMessage,
} from '@zar/protocol';
import { SeedSender } from './dice/client-seed.js';
import { rememberSeenDice } from './dice/fair-memory.js';
import { type LiveHandlers, LiveSocket, type SocketOptions } from './live-socket.js';
import { announceRound } from './tournaments/round-news.js';

export {
  backoff,
  ERR_SCHEMA,
  type SocketLike,
  type SocketOptions,
  type SocketStatus,
} from './live-socket.js';

/**
 * The game's live connection. It joins one game, keeps the version of the last state it
 * saw, and acts at that version. When the connection drops (a server restart, a network
 * change) it reconnects by itself and joins again, so an open page picks up where it was
 * (live-socket.ts: the reconnects, the ping, the frames' schemas, ERR_VERSION).
 */
export interface SocketHandlers extends LiveHandlers {
  /** A whole state (on join, after a refused action; action null) or the state after one event's action. */
  readonly onView: (view: GameView, version: number, action: EventAction | null) => void;
  /** The match's chat: every stored message the viewer may read (whole), or new ones (table/match-chat.ts). */
  readonly onChat?: (whole: boolean, messages: readonly ChatMessage[]) => void;
}

/** The socket's address, with the protocol version this page speaks. */
export function socketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws?${PROTOCOL_PARAM}=${PROTOCOL_VERSION}`;
}

export class GameSocket extends LiveSocket {
  private version = -1;
  private readonly seeds = new SeedSender();

  constructor(
    url: string,
    private readonly game: string,
    private readonly handlers: SocketHandlers,
    options: SocketOptions = {},
  ) {
    super(url, handlers, options);
    this.open();
  }

  /** The version of the last state seen; actions are sent at it. */
  get seen(): number {
    return this.version;
  }

  /** Sends an action at the version seen; false when there is no connection right now. */
  act(action: ClientAction): boolean {
    return this.send({ t: 'act', game: this.game, v: this.version, action });
  }

  /**
   * Claims the match of the absent opponent at the version seen (the server refuses a claim
   * made too early, or on a version the page has not caught up with); false when offline.
   */
  claim(): boolean {
    return this.send({ t: 'claim', game: this.game, v: this.version });
  }

  /** Offers or accepts a rematch (true), or withdraws or declines one (false); false when offline. */
  rematch(offer: boolean): boolean {
    return this.send({ t: 'rematch', game: this.game, offer });
  }

  /** Writes in the match's chat (the channel view.chat.write names); false when offline. */
  chat(text: string): boolean {
    return this.send({ t: 'chat', game: this.game, text });
  }

  /** Writes a canned phrase, shown in each reader's language; false when offline. */
  phrase(phrase: ChatPhrase): boolean {
    return this.send({ t: 'phrase', game: this.game, phrase });
  }

  /** Reports a chat message to the moderators; false when offline. */
  report(message: string, reason: ReportReason): boolean {
    return this.send({ t: 'report', game: this.game, message, reason });
  }

  /** A player of a casual match allows (true) or forbids (false) spectators; false when offline. */
  spectators(allow: boolean): boolean {
    return this.send({ t: 'spectators', game: this.game, allow });
  }

  protected opened(): void {
    this.seeds.reconnected();
    this.send({ t: 'join', game: this.game });
  }

  protected message(msg: ServerMessage): void {
    if (msg.t === 'chat' && msg.game === this.game) this.handlers.onChat?.(msg.whole, msg.messages);
    // The player's next tournament match has started: the table's tournament line says so.
    if (msg.t === 'round') announceRound({ tournament: msg.tournament, game: msg.game });
    if (msg.t !== 'state' && msg.t !== 'event') return;
    if (msg.game !== this.game) return;
    // Events can cross a fresh state on reconnect: never step back to an older view.
    if (msg.t === 'event' && msg.v <= this.version) return;
    this.version = msg.v;
    this.handlers.onView(msg.view, msg.v, msg.t === 'event' ? msg.action : null);
    // The page's share of the fair dice, once it has seen the commitment (dice/client-seed.ts).
    const seed = this.seeds.seedFor(msg.view);
    if (seed !== null) this.send({ t: 'seed', game: this.game, seed });
    const taken = this.seeds.taken(msg.view);
    if (taken !== null) rememberSeenDice({ game: this.game, ...taken });
  }
}
