import type { DiceSource } from '@zar/match';
import type { GameRow } from '../../store/types.js';
import { type FairDeps, RoomFair } from './fair.js';
import { type CompanyMeta, companyMeta, type ViewerKey, viewerOfKey } from './view.js';
import { RoomWatch, type WatchDeps } from './watchers.js';

/**
 * What a room keeps of its match's company: the fair dice and their seeds (fair.ts), the
 * spectators and the tournament (watchers.ts), and their part of every view (view.ts). The
 * room decides with the deciders beside them (fair.ts, spectators.ts) and stores and tells.
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
}
