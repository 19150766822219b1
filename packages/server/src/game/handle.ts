import type { Result } from '@zar/engine';
import type { MatchState, Player } from '@zar/match';
import type { ClientAction, ErrorCode, GameView, ReportReason } from '@zar/protocol';
import type { ChatReader, ChatService, ChatWords } from '../chat/chat-service.js';
import type { GameRow, GameStatusRow } from '../store/types.js';
import type { Room } from './room.js';
import type { RoomErrorCode, RoomResult, Subscriber } from './room-result.js';
import type { Located } from './rooms.js';

/**
 * What sockets and routes need of a game, wherever its room is: the local Room (LocalRoom, a
 * thin adapter) or the room of the instance that owns the game (remote-room.ts, which forwards
 * each command to it and relays its frames). Commands answer the owner's Result with its codes;
 * a remote one that cannot reach an owner in time answers ERR_OWNER_UNREACHABLE.
 */
export interface RoomHandle {
  readonly id: string;
  act(userId: string | null, action: ClientAction, version: number): Promise<HandleResult<number>>;
  claim(userId: string | null, version: number): Promise<HandleResult<number>>;
  seed(userId: string | null, seed: string): Promise<HandleResult<void>>;
  allowSpectators(userId: string | null, allow: boolean): Promise<HandleResult<void>>;
  rematch(userId: string | null, offer: boolean, address: string): Promise<HandleResult<string | null>>;
  join(userId: string, name: string, via: 'lobby' | 'invite'): Promise<HandleResult<Player>>;
  /** A chat message or phrase of `userId`'s in the match (ChatService.write, on the owner). */
  write(userId: string | null, words: ChatWords): Promise<Result<void, ErrorCode>>;
  report(userId: string | null, messageId: string, reason: ReportReason): Promise<Result<void, ErrorCode>>;
  /**
   * `sub` watches the game and reads its chat (`reader` for a local room; a remote one's chat
   * comes through `sub`'s frames), starting with a state; refused with ERR_NO_SPECTATORS when
   * the players keep him out. Answers what ends the watch. `lost` is called when the watch ends
   * from the owner's side without a kick (the owner died and no other took the game in time).
   */
  watch(sub: Subscriber, reader: ChatReader, lost: () => void): Promise<HandleResult<() => void>>;
  /** What `userId` may see of the game now; `match` asks for the match itself too. */
  look(userId: string | null, match?: boolean): Promise<HandleResult<RoomLook>>;
  /** A fresh `state` frame for `userId` (after a refused command), or null when he may not see the table. */
  stateFor(userId: string | null): Promise<string | null>;
}

/** What a socket or a route reads of a game at one moment. */
export interface RoomLook {
  readonly id: string;
  readonly version: number;
  readonly status: GameStatusRow;
  readonly seats: GameRow['seats'];
  readonly rated: boolean;
  /** The viewer asked about may watch (socket.ts join). */
  readonly admits: boolean;
  /** His view; null when he is not admitted. */
  readonly view: GameView | null;
  /** The match, when asked for (the hints). */
  readonly match?: MatchState;
}

export type HandleErrorCode = RoomErrorCode | 'ERR_OWNER_UNREACHABLE' | 'ERR_NOT_FOUND';
export type HandleResult<T> = Result<T, HandleErrorCode>;

export const NO_SPECTATORS = {
  ok: false,
  error: { code: 'ERR_NO_SPECTATORS', message: 'the players do not allow spectators' },
} as const;

/** Where a game's room is: Rooms.locate, or a test's. */
export interface RoomLocator {
  locate(id: string): Located | Promise<Located>;
  /** A room loaded here, answered in the same tick (Rooms.loadedRoom): the command path's way, before locate. */
  loadedRoom?(id: string): Room | undefined;
}

/** The half of the handles that reaches other instances (remote-room.ts RemoteRooms). */
export interface RemoteHandles {
  handle(id: string, owner: string): RoomHandle;
  /** The game's handle while sockets here watch it at its owner: its owner is known, the store is not asked. */
  watched(id: string): RoomHandle | undefined;
  /** The game's room is here now (taken over): its watches relayed from the old owner move to it first. */
  arrived(room: LocalRoom): void;
}

/** `room`'s look for `userId` (its answer to a remote look too). */
export function lookOf(room: Room, userId: string | null, match = false): RoomLook {
  const admits = room.admits(userId);
  return {
    id: room.id,
    version: room.version,
    status: room.status,
    seats: room.seats,
    rated: room.rated,
    admits,
    view: admits ? room.view(userId) : null,
    ...(match ? { match: room.match } : {}),
  };
}

/** The local room as a RoomHandle: each command is the room's own, called as it is. */
export class LocalRoom implements RoomHandle {
  constructor(
    readonly room: Room,
    private readonly chat: ChatService,
  ) {}

  get id(): string {
    return this.room.id;
  }

  act(userId: string | null, action: ClientAction, version: number): Promise<RoomResult<number>> {
    return this.room.act(userId, action, version);
  }

  claim(userId: string | null, version: number): Promise<RoomResult<number>> {
    return this.room.claim(userId, version);
  }

  seed(userId: string | null, seed: string): Promise<RoomResult<void>> {
    return this.room.seed(userId, seed);
  }

  allowSpectators(userId: string | null, allow: boolean): Promise<RoomResult<void>> {
    return this.room.allowSpectators(userId, allow);
  }

  rematch(userId: string | null, offer: boolean, address: string): Promise<RoomResult<string | null>> {
    return this.room.rematch(userId, offer, address);
  }

  join(userId: string, name: string, via: 'lobby' | 'invite'): Promise<RoomResult<Player>> {
    return this.room.join(userId, name, via);
  }

  write(userId: string | null, words: ChatWords): Promise<Result<void, ErrorCode>> {
    return this.chat.write(this.room, userId, words);
  }

  report(userId: string | null, messageId: string, reason: ReportReason): Promise<Result<void, ErrorCode>> {
    return this.chat.report(this.room, userId, messageId, reason);
  }

  watch(sub: Subscriber, reader: ChatReader): Promise<HandleResult<() => void>> {
    return Promise.resolve(this.watchNow(sub, reader));
  }

  /** watch, answered in the same tick (the owner's answer to a remote watch). */
  watchNow(sub: Subscriber, reader: ChatReader): HandleResult<() => void> {
    const { room } = this;
    // A match whose players forbade spectators is not shown to anyone without a seat.
    if (!room.admits(sub.userId)) return NO_SPECTATORS;
    const stopChat = this.chat.watch(room, reader);
    const leave = room.subscribe(sub);
    return {
      ok: true,
      value: () => {
        leave();
        stopChat();
      },
    };
  }

  look(userId: string | null, match = false): Promise<HandleResult<RoomLook>> {
    return Promise.resolve({ ok: true, value: lookOf(this.room, userId, match) });
  }

  stateFor(userId: string | null): Promise<string | null> {
    return Promise.resolve(this.room.admits(userId) ? this.room.stateFrame(userId) : null);
  }
}

/**
 * The handle of each game, from where its room is (RoomLocator): a local room's adapter is
 * made once and kept beside the room, so the command path allocates nothing more than before.
 * Without other instances (`remote` null) every room is here.
 */
export class RoomHandles {
  private readonly locals = new WeakMap<Room, LocalRoom>();

  constructor(
    private readonly locator: RoomLocator,
    private readonly chat: ChatService,
    private remote: RemoteHandles | null = null,
  ) {}

  /** Set once, when the remote half is made (it needs these handles for games that come here). */
  reachOthers(remote: RemoteHandles): void {
    this.remote = remote;
  }

  /** The game's handle; null for an unknown game (or one owned elsewhere by an instance alone). */
  get(id: string): RoomHandle | null | Promise<RoomHandle | null> {
    const room = this.locator.loadedRoom?.(id);
    if (room !== undefined) return this.here(room);
    const watched = this.remote?.watched(id);
    if (watched !== undefined) return watched;
    const at = this.locator.locate(id);
    return at instanceof Promise ? at.then((found) => this.handleAt(id, found)) : this.handleAt(id, at);
  }

  /** The local room's handle (made once per room). */
  local(room: Room): LocalRoom {
    let handle = this.locals.get(room);
    if (handle === undefined) {
      handle = new LocalRoom(room, this.chat);
      this.locals.set(room, handle);
    }
    return handle;
  }

  private handleAt(id: string, at: Located): RoomHandle | null {
    if (at === null) return null;
    if (at.at === 'here') return this.here(at.room);
    return this.remote === null ? null : this.remote.handle(id, at.instance);
  }

  private here(room: Room): LocalRoom {
    const local = this.local(room);
    this.remote?.arrived(local);
    return local;
  }
}
