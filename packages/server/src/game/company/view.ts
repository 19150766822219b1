import type { Player } from '@zar/match';
import type { ChatAccess, FairDiceView, GameView, WatchView } from '@zar/protocol';
import { againstBot, type ChatViewer, chatAccess } from '../../chat/channels.js';
import { seatOf } from '../../store/game-seats.js';
import type { GameRow } from '../../store/types.js';

/** The tournament round a match is, as its view names it. */
export type GameTournament = NonNullable<GameView['tournament']>;

/*
 * A view's company: the dice's proof so far, who watches, what the viewer may do with the
 * chat, the tournament. Built here both as values (the room's
 * matchView) and as JSON text (view-json.ts viewFor appends it), from one source.
 */

export interface CompanySource {
  readonly seats: GameRow['seats'];
  readonly status: GameRow['status'];
  readonly rated: boolean;
  /** The fair dice as everyone sees them (fair.ts); null for a match without them. */
  readonly fair: FairDiceView | null;
  readonly noSpectators: GameRow['noSpectators'];
  /** Spectators watching now (watchers.ts). */
  readonly spectators: number;
  readonly tournament: GameTournament | null;
}

export interface CompanyMeta {
  readonly fair: FairDiceView | null;
  readonly watch: WatchView;
  readonly chat: ChatAccess;
  readonly tournament: GameTournament | null;
}

/**
 * A seated player of a casual match between people may forbid or allow spectators while it is
 * played (once over, a match is public, as every match's record is). Not in a tournament: its
 * rounds are public, as lichess's are, for the bracket's visitors to watch.
 */
export const mayForbid = (
  s: Pick<CompanySource, 'seats' | 'rated' | 'status'> & { readonly tournament: object | null },
  you: Player | null,
): boolean => you !== null && !s.rated && !againstBot(s.seats) && s.status !== 'over' && s.tournament === null;

/** Neither seat forbids spectators. */
export const spectatorsAllowed = (noSpectators: GameRow['noSpectators']): boolean =>
  !noSpectators[0] && !noSpectators[1];

/** Spectators may watch now: neither seat forbids them, or the match is over. */
export const spectatorsAdmitted = (s: Pick<GameRow, 'noSpectators' | 'status'>): boolean =>
  s.status === 'over' || spectatorsAllowed(s.noSpectators);

/**
 * `userId` may watch the match: he plays in it, it waits for an opponent (whoever opens its
 * link is shown it, so that he can join), or spectators are admitted. The socket's join, GET
 * of the game and of its record all ask this (Room.admits, record-routes.ts).
 */
export const admits = (row: Pick<GameRow, 'seats' | 'status' | 'noSpectators'>, userId: string | null): boolean =>
  row.status === 'waiting' || spectatorsAdmitted(row) || seatOf(row.seats, userId) !== null;

/** The fields for one viewer. */
export function companyMeta(s: CompanySource, viewer: ChatViewer): CompanyMeta {
  return {
    fair: s.fair,
    watch: {
      spectators: s.spectators,
      allowed: spectatorsAdmitted(s),
      forbidden: [s.noSpectators[0], s.noSpectators[1]],
      canForbid: mayForbid(s, viewer.you),
    },
    chat: chatAccess(s.seats, s.status, viewer),
    tournament: s.tournament,
  };
}

/** The same as JSON, in matchView's order, with a leading comma: `,"fair":…,"watch":…,"chat":…,"tournament":…`. */
export const companyJson = (m: CompanyMeta): string =>
  `,"fair":${JSON.stringify(m.fair)},"watch":${JSON.stringify(m.watch)},"chat":${JSON.stringify(m.chat)},"tournament":${JSON.stringify(m.tournament)}`;

/**
 * What sets one viewer's frame apart from another's: his seat, or for a spectator whether he
 * has an account (he may write in the spectators' channel). At most four frames per change.
 */
export type ViewerKey = Player | 'account' | 'guest';

export const viewerKey = (v: ChatViewer): ViewerKey => v.you ?? (v.account ? 'account' : 'guest');

export const viewerOfKey = (k: ViewerKey): ChatViewer =>
  k === 'account' || k === 'guest' ? { you: null, account: k === 'account' } : { you: k, account: true };
