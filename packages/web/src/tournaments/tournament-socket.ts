import type { ClientMessage, ServerMessage, TournamentView } from '@zar/protocol';
import { type LiveHandlers, LiveSocket, type SocketOptions } from '../live-socket.js';

/**
 * A tournament page's live connection: it watches one tournament (its whole view on watching
 * and whenever it changes) and hears when the viewer's match of a round starts. It reconnects
 * by itself (live-socket.ts) and watches again on every new connection, so a page left open
 * through a server restart is live again without a reload.
 */
export interface TournamentHandlers extends LiveHandlers {
  readonly onTournament: (view: TournamentView) => void;
  /** The viewer's match of a round of this tournament has started: he plays in `game`. */
  readonly onRound: (game: string) => void;
}

export class TournamentSocket extends LiveSocket {
  constructor(
    url: string,
    private readonly id: string,
    private readonly handlers: TournamentHandlers,
    options: SocketOptions = {},
  ) {
    super(url, handlers, options);
    this.open();
  }

  protected opened(): void {
    this.send({ t: 'tournament', id: this.id, watch: true });
  }

  protected message(msg: ServerMessage): void {
    // Another tournament's frames (a page opened before this one on a shared socket) are not this page's.
    if (msg.t === 'tournament' && msg.tournament.id === this.id) this.handlers.onTournament(msg.tournament);
    else if (msg.t === 'round' && msg.tournament === this.id) this.handlers.onRound(msg.game);
  }

  /** Said before closing, so that a socket the server keeps for a moment stops its pushes. */
  protected override lastWords(): ClientMessage {
    return { t: 'tournament', id: this.id, watch: false };
  }
}
