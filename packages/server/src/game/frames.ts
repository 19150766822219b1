import type { GameAction, MatchState, Player } from '@zar/match';
import { type GameView, matchView } from '@zar/protocol';
import { analysableNow } from '../analysis/analysable.js';
import type { GameRow } from '../store/types.js';
import { type ClockPresence, clockPresenceJson } from './clock-presence.js';
import type { RoomCompany } from './company/company.js';
import { companyJson, type ViewerKey, viewerOfKey } from './company/view.js';
import { hintNow } from './hint-now.js';
import { sendPerSeat } from './per-seat.js';
import { type RatedSource, ratedMeta, seatViews } from './rating/view.js';
import type { Subscriber } from './room-result.js';
import { eventAction, type ViewHalves, ViewJson, viewFor } from './view-json.js';

/** The room's values a frame is written from, read when it is written. */
export interface FrameSource {
  readonly id: string;
  readonly version: number;
  readonly row: GameRow;
  readonly match: MatchState;
  readonly actions: readonly GameAction[];
  readonly rated: RatedSource;
  readonly company: RoomCompany;
  readonly now: number;
  /** The clock, presence and claim of a frame for `you` written at `at` (clock-presence.ts). */
  clockPresence(you: Player | null, at: number): ClockPresence;
}

/**
 * A room's frames, serialised without building a GameView per frame (view-json.ts): a view
 * differs between watchers only by their kind (company/view.ts ViewerKey), so one change is
 * written at most four times, however many watch.
 */
export class RoomFrames {
  private readonly json = new ViewJson();

  constructor(private readonly source: () => FrameSource) {}

  /** The kind of viewer `userId` is. */
  key(userId: string | null, s: FrameSource = this.source()): ViewerKey {
    return s.company.key(s.row, userId);
  }

  /** The view of a viewer of kind `key`, as a value (what the frames' JSON parses to). */
  value(key: ViewerKey): GameView {
    const s = this.source();
    const { row, match } = s;
    const you = viewerOfKey(key).you;
    const meta = {
      ...s.company.meta(row, key),
      id: s.id,
      status: row.status,
      players: seatViews(row.seats, s.rated.standing),
      you,
      hint: hintNow(row.seats, match, you),
      analysable: analysableNow(row.status, match.settings),
      ...s.clockPresence(you, s.now),
      ...ratedMeta(s.rated, row.status, match.winner, you),
    };
    return matchView(match, meta, s.actions);
  }

  /** A `state` frame for a viewer of kind `key`. */
  state(key: ViewerKey, s: FrameSource = this.source()): string {
    return `{"t":"state","game":${JSON.stringify(s.id)},"v":${s.version},"view":${this.view(s, key, this.halves(s), s.now)}}`;
  }

  /** A fresh state to each watcher `to` accepts (one frame per kind of viewer, all written from one reading of the room). */
  resend(subscribers: Iterable<Subscriber>, to?: (sub: Subscriber) => boolean): void {
    const s = this.source();
    sendPerSeat(
      subscribers,
      (sub) => this.key(sub.userId, s),
      (key) => this.state(key, s),
      to,
    );
  }

  /** The `event` frame of `action`, just applied, to every watcher: the event is serialised once. */
  event(subscribers: Set<Subscriber>, action: GameAction): void {
    if (subscribers.size === 0) return;
    const s = this.source();
    const halves = this.halves(s);
    const head = `{"t":"event","game":${JSON.stringify(s.id)},"v":${s.version},"action":${JSON.stringify(eventAction(action))},"view":`;
    sendPerSeat(
      subscribers,
      (sub) => this.key(sub.userId, s),
      (key) => `${head}${this.view(s, key, halves, s.now)}}`,
    );
  }

  private halves(s: FrameSource): ViewHalves {
    const { id, row, match, actions, rated } = s;
    return this.json.halves({ id, status: row.status, seats: row.seats, match, actions, rated });
  }

  private view(s: FrameSource, key: ViewerKey, halves: ViewHalves, at: number): string {
    const you = viewerOfKey(key).you;
    return viewFor(halves, you, clockPresenceJson(s.clockPresence(you, at)), companyJson(s.company.meta(s.row, key)));
  }
}
