import type { DiceSource, GameAction } from '@zar/match';
import type { GameRow } from '../store/types.js';
import { type FairDeps, RoomFair } from './room-fair.js';
import { type RoomResult, type Subscriber, unavailable } from './room-result.js';
import { RoomWatch, spectatorsStep, type WatchDeps } from './room-watch.js';
import { seatOf } from './seats.js';
import { type CompanyMeta, companyMeta, spectatorsAllowed, type ViewerKey, viewerOfKey } from './watch-view.js';

/** The room as its company (RoomCompany) sees it, inside the room's queue. */
export interface CompanyRoom {
  readonly id: string;
  row(): GameRow;
  /** Replaces the room's row with these fields changed (already stored). */
  change(fields: Partial<Pick<GameRow, 'fair' | 'noSpectators'>>): void;
  actions(): readonly GameAction[];
  subscribers(): Set<Subscriber>;
  /** A fresh state to every watcher, or to `user`'s sockets only. */
  resend(user?: string | null): void;
  /** Reads presence and the spectators again (true when they changed). */
  sensed(): boolean;
  /** Both seeds are in: the opening roll waiting for them goes now (room-auto.ts). */
  seedsIn(): void;
  apply(action: GameAction): Promise<RoomResult<number>>;
}

const DONE = { ok: true as const, value: undefined };

/**
 * A room's company: the fair dice and their seeds (room-fair.ts), the spectators
 * and the tournament (room-watch.ts), and their part of every view (watch-view.ts). The room
 * runs these commands in its queue; each stores its change before anyone is told.
 */
export class RoomCompany {
  readonly fair: RoomFair;
  readonly watching: RoomWatch;

  constructor(row: GameRow, dice: DiceSource | null, deps: FairDeps & WatchDeps) {
    this.fair = new RoomFair(row, dice, deps);
    this.watching = new RoomWatch(deps);
  }

  /** What sets `userId`'s frame apart: his seat, or as a spectator whether he may write. */
  key(row: GameRow, userId: string | null): ViewerKey {
    return this.watching.key(row.seats, userId);
  }

  /** The company's fields of the view (fair, watch, chat, tournament) for a viewer of kind `key`. */
  meta(row: GameRow, key: ViewerKey): CompanyMeta {
    const { seats, status, rated, noSpectators } = row;
    const { spectators, tournament } = this.watching;
    const source = { seats, status, rated, noSpectators, spectators, tournament, fair: this.fair.view(status) };
    return companyMeta(source, viewerOfKey(key));
  }

  /** A seated player's seed (Room.seed): stored, then shown to everyone (a repeat: to its sender). */
  async seed(room: CompanyRoom, userId: string | null, seed: string): Promise<RoomResult<void>> {
    const row = room.row();
    const r = await this.fair.seed(room.id, seatOf(row.seats, userId), seed, room.actions(), row.status);
    if (!r.ok) return r;
    room.change({ fair: this.fair.row });
    room.resend(r.value === 'same' ? userId : undefined);
    if (this.fair.dice.ready) room.seedsIn();
    return DONE;
  }

  /** A player forbids or allows spectators (Room.allowSpectators); forbidden, those watching are sent away. */
  async allow(room: CompanyRoom, store: WatchDeps['store'], at: number, userId: string | null, allow: boolean) {
    const row = room.row();
    const r = spectatorsStep(row, seatOf(row.seats, userId), allow);
    if (!r.ok) return r;
    if (r.value[0] !== row.noSpectators[0] || r.value[1] !== row.noSpectators[1]) {
      await store.updateGame(room.id, { noSpectators: r.value }, at);
      room.change({ noSpectators: r.value });
    }
    if (!spectatorsAllowed(r.value)) {
      this.sendAway(room);
      room.sensed();
    }
    room.resend();
    return DONE;
  }

  /** Sends away everyone watching without a seat (spectators forbidden); each is told why (Subscriber.kick). */
  sendAway(room: CompanyRoom): void {
    const { seats } = room.row();
    const subscribers = room.subscribers();
    for (const sub of [...subscribers]) {
      if (seatOf(seats, sub.userId) !== null) continue;
      subscribers.delete(sub);
      sub.kick?.();
    }
  }

  /**
   * The opening roll (room-auto.ts): a fair match's seeds not given by now are stored as absent
   * first, so that the roll can be drawn, from seeds that never change again.
   */
  async opening(room: CompanyRoom, log: WatchDeps['log']): Promise<RoomResult<number>> {
    try {
      await this.fair.complete(room.id);
    } catch (e) {
      log.warn({ err: e, game: room.id }, 'the store refused the absent seeds');
      return unavailable();
    }
    room.change({ fair: this.fair.row });
    return room.apply({ type: 'opening', dice: this.fair.dice.openingRoll() });
  }
}
