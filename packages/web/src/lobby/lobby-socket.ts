import type { ClientMessage, Lobby, SeekKind, ServerMessage } from '@zar/protocol';
import { type LiveHandlers, LiveSocket, type SocketOptions } from '../live-socket.js';

/**
 * The lobby's live connection: it watches the lobby (open games, the pool's counts, the
 * player's own requests) and carries quick-pairing requests. It reconnects by itself as the
 * game's socket does (live-socket.ts) and watches again on every new connection, so a page left open
 * through a server restart is live again without a reload. The server cancels a request when
 * the socket that made it closes (another page of the player would not follow him into the
 * match), so requests are not sent again after a reconnect: the next lobby frame shows what
 * still waits.
 */
export interface LobbyHandlers extends LiveHandlers {
  /** The whole lobby, on watching and whenever it changes. */
  readonly onLobby: (lobby: Lobby) => void;
  /** A request of this player was paired: he plays in `game`. */
  readonly onPaired: (game: string, seek: string) => void;
}

export class LobbySocket extends LiveSocket {
  constructor(
    url: string,
    private readonly handlers: LobbyHandlers,
    options: SocketOptions = {},
  ) {
    super(url, handlers, options);
    this.open();
  }

  /** Asks to be paired for a kind of match; false when there is no connection right now. */
  seek(kind: SeekKind): boolean {
    return this.send({ t: 'seek', kind });
  }

  /** Cancels one of this player's requests; false when there is no connection right now. */
  unseek(id: string): boolean {
    return this.send({ t: 'unseek', id });
  }

  protected opened(): void {
    this.send({ t: 'lobby', watch: true });
  }

  protected message(msg: ServerMessage): void {
    if (msg.t === 'lobby') this.handlers.onLobby(msg.lobby);
    else if (msg.t === 'paired') this.handlers.onPaired(msg.game, msg.seek);
  }

  /** Said before closing, so that a socket the server keeps for a moment stops its pushes. */
  protected override lastWords(): ClientMessage {
    return { t: 'lobby', watch: false };
  }
}
