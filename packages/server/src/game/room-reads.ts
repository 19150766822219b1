import type { MatchState } from '@zar/match';
import type { GameView, ServerMessage } from '@zar/protocol';
import type { GameRow, GameStatusRow } from '../store/types.js';
import { Audience } from './audience.js';
import type { GameProxy } from './proxy.js';
import type { Subscriber } from './room-result.js';

/**
 * The read side of a room (a read model beside lila's round actor): what the rest of the server
 * and the tests ask of it (its version, status, seats, match, company, views and frames), and
 * who watches it. It answers from the room's GameProxy and its Audience, and never writes to the
 * store nor queues: Room extends it with the queue, the commands and their I/O.
 */
export abstract class RoomReads {
  readonly id: string;
  /** The row, the match, its actions, the clock, presence, company and rating (proxy.ts). */
  protected readonly game: GameProxy;
  /** Those watching, and the frames they are sent (audience.ts). */
  protected readonly audience: Audience;
  /** When someone last watched, stopped watching or sent a command (Rooms drops a quiet room). */
  lastActive: number;

  constructor(
    game: GameProxy,
    private readonly clock: { readonly now: () => number },
    /** The ownership's epoch the room writes with beside other instances (ownership.ts); undefined alone. */
    readonly epoch: number | undefined,
  ) {
    this.id = game.id;
    this.game = game;
    this.audience = new Audience(game, clock);
    this.lastActive = clock.now();
  }

  /** Something is queued or scheduled (Room): the room is not dropped from memory. */
  protected abstract get busy(): boolean;

  /** Nothing queued, nothing scheduled, no clock running, nobody watching, quiet for `idleMs`. */
  idle(now: number, idleMs: number): boolean {
    return !this.busy && this.audience.subscribers.size === 0 && now - this.lastActive >= idleMs;
  }

  get version(): number {
    return this.game.version;
  }

  get status(): GameStatusRow {
    return this.game.row.status;
  }

  get seats(): GameRow['seats'] {
    return this.game.row.seats;
  }

  get match(): MatchState {
    return this.game.match;
  }

  /** A rated match: only accounts may join it. */
  get rated(): boolean {
    return this.game.row.rated;
  }

  /** The tournament the match is a round of (its name read when the room started); null for none. */
  get tournament() {
    return this.game.company.watching.tournament;
  }

  /** Spectators watching now (each person once). */
  get spectators(): number {
    return this.game.company.watching.spectators;
  }

  /** `userId` may watch: he plays here, the game waits for an opponent, or spectators are admitted. */
  admits(userId: string | null): boolean {
    return this.game.admits(userId);
  }

  view(userId: string | null): GameView {
    return this.audience.view(userId);
  }

  stateMessage(userId: string | null): ServerMessage {
    return { t: 'state', game: this.id, v: this.version, view: this.view(userId) };
  }

  /** stateMessage, serialised: the JSON of the unchanged parts of the view is reused. */
  stateFrame(userId: string | null): string {
    return this.audience.stateFrame(userId);
  }

  /** `sub` watches: he is sent the state now and each frame from now on (audience.ts). */
  subscribe(sub: Subscriber): () => void {
    this.touch();
    this.audience.add(sub);
    return () => this.unsubscribe(sub);
  }

  /** Also from the copy that replaced this one, if the watcher was handed over to it. */
  unsubscribe(sub: Subscriber): void {
    this.touch();
    this.audience.remove(sub);
  }

  /** Someone watched, stopped watching, or sent a command (or it was answered): the room is not quiet. */
  protected touch(): void {
    this.lastActive = this.clock.now();
  }

  /**
   * This copy is broken and `fresh` was loaded from the store: everyone watching this one
   * watches that one from now on, starting with its state (a resync), and what ends a watch
   * here ends it there (Rooms tells an ending the store kept though this copy was told it lost it).
   */
  handOver(fresh: RoomReads): void {
    this.audience.handOver(fresh);
  }
}
