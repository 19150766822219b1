import type { ClientMessage, LiveGames, ServerMessage } from '@zar/protocol';
import { type LiveHandlers, LiveSocket, type SocketOptions } from '../live-socket.js';

/**
 * The live list's connection (the /watch page): it watches the games being played, and the
 * server sends the whole list on watching and whenever it changes. It reconnects by itself
 * (live-socket.ts) and watches again on every new connection.
 */
export interface LiveListHandlers extends LiveHandlers {
  readonly onLive: (live: LiveGames) => void;
}

export class LiveListSocket extends LiveSocket {
  constructor(
    url: string,
    private readonly handlers: LiveListHandlers,
    options: SocketOptions = {},
  ) {
    super(url, handlers, options);
    this.open();
  }

  protected opened(): void {
    this.send({ t: 'live', watch: true });
  }

  protected message(msg: ServerMessage): void {
    if (msg.t === 'live') this.handlers.onLive(msg.live);
  }

  /** Said before closing, so that a socket the server keeps for a moment stops its pushes. */
  protected override lastWords(): ClientMessage {
    return { t: 'live', watch: false };
  }
}
