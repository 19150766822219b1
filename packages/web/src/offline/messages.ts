import type { ClientAction, EventAction, GameView, Hint, MatchRecordView, OfflineRecord } from '@zar/protocol';

/** A new match as the new-game form sets it up (home/setup-form.tsx offlinePath's query). */
export interface NewOffline {
  readonly preset: string | null;
  readonly length: string | null;
  readonly level: string | null;
  readonly names: readonly [string, string];
}

/**
 * What the page asks of the offline worker: a new match, a kept one (as IndexedDB gave it: the
 * worker checks it), or an action in it.
 */
export type ToWorker =
  /** Offline play was chosen for these rules: fetch the net now, while the page may be online. */
  | { readonly t: 'prepare'; readonly preset: string }
  | { readonly t: 'new'; readonly setup: NewOffline }
  | { readonly t: 'open'; readonly kept: unknown }
  | { readonly t: 'act'; readonly action: ClientAction }
  /** The bot's hint for the person's decision at version `v`. */
  | { readonly t: 'hint'; readonly v: number };

/** The downloads of a finished match: Zar JSON, and gnubg's .mat where the format holds the match. */
export interface OfflineFiles {
  readonly json: string;
  readonly mat: string | null;
}

/** What every state and event carries besides the view: the record to keep, the move list, the downloads once over. */
interface Carried {
  readonly v: number;
  readonly view: GameView;
  readonly moves: MatchRecordView | null;
  readonly kept: OfflineRecord;
  readonly files: OfflineFiles | null;
}

/**
 * What the worker answers: the whole state after opening, an event for each action (the
 * person's, then the bot's one by one, as a server's room sends them), and a refusal.
 */
export type FromWorker =
  | ({ readonly t: 'state' } & Carried)
  | ({ readonly t: 'event'; readonly action: EventAction } & Carried)
  | { readonly t: 'refused'; readonly code: string; readonly message: string }
  /** The hint asked at version `v` (refused when the match has moved on, or the bot has none). */
  | {
      readonly t: 'hint';
      readonly v: number;
      readonly answer: { ok: true; value: Hint } | { ok: false; error: { code: string; message: string } };
    };
