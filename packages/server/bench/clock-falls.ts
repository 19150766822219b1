/**
 * How late the server declares a flag fall (target: ≤ 100 ms at p99). For every game
 * of a timed run it rebuilds, from the record alone, the clock as it stood after the last
 * action before the timeout (the match layer's clockOfActions over the stored actions, their
 * stored times and the server's pauses) and takes its flagFallAt: the moment the actor's time
 * ran out. The timeout's stored `at` (when the server applied it) minus that moment is the
 * lateness the server is responsible for; a negative one would be a timeout declared early,
 * which must never happen. The players' receipt of the timeout event (their wall clock, the
 * same machine's) minus the same moment is the lateness they saw.
 */
import { clockOfActions, flagFallAt, parseMatchSettings } from '@zar/match';
import type { Store } from '../src/store/types.js';
import { pct } from './probes.js';

/** A flag due in the measured window, and what became of it. */
export interface Fall {
  readonly game: string;
  /** The game's player was scripted to stop acting (otherwise he simply ran out of time playing). */
  readonly stalled: boolean;
  /** When the clock says the actor's time ran out (ms since the epoch). */
  readonly due: number;
  /** The stored timeout's `at`; null when none was stored by the time the store was read. */
  readonly declared: number | null;
  /** When a player's client received the timeout event; null when none did. */
  readonly received: number | null;
  /** When the store was read: an undeclared fall is at least this late. */
  readonly readAt: number;
  /** The due time in seconds into the measurement (negative: in the warm-up). */
  readonly into: number;
}

/** The flag due in a game by `until`, from the store's record; null when none was. */
async function fallOf(
  store: Store,
  game: string,
  until: number,
): Promise<{ due: number; declared: number | null } | null> {
  const row = await store.gameById(game);
  if (row === null || row.clock.kind === 'untimed') return null;
  const settings = parseMatchSettings(row.record.settings);
  if (!settings.ok) throw new Error(`game ${game}: ${settings.error.message}`);
  const actions = await store.actions(game);
  const k = actions.findIndex((a) => a.action.type === 'timeout');
  const before = k === -1 ? actions : actions.slice(0, k);
  const pauses = await store.pausesSince(row.createdAt);
  const rebuilt = clockOfActions(row.clock, settings.value, row.createdAt, before, pauses);
  if (!rebuilt.ok) throw new Error(`game ${game}: the record does not replay: ${rebuilt.error.message}`);
  const due = flagFallAt(rebuilt.value.clock);
  const declared = k === -1 ? null : (actions[k]?.at ?? null);
  if (due === null) {
    if (declared !== null) throw new Error(`game ${game}: a timeout was stored while no clock ran`);
    return null;
  }
  return declared !== null || due <= until ? { due, declared } : null;
}

/**
 * The falls of `games` that were due by the end of the measured `window` or declared at all,
 * read from the store: call it once the players have stopped, before the server closes.
 */
export async function fallsOf(
  store: Store,
  games: readonly { readonly id: string; readonly stalled: boolean }[],
  window: { readonly from: number; readonly to: number },
  receipts: readonly { readonly game: string; readonly receivedAt: number }[],
): Promise<Fall[]> {
  const received = new Map(receipts.map((r) => [r.game, r.receivedAt]));
  const found: Omit<Fall, 'readAt' | 'into'>[] = [];
  for (const { id, stalled } of games) {
    const f = await fallOf(store, id, window.to);
    if (f !== null) found.push({ game: id, stalled, ...f, received: received.get(id) ?? null });
  }
  const readAt = Date.now();
  return found.map((f) => ({ ...f, readAt, into: (f.due - window.from) / 1000 }));
}

const TARGET_P99_MS = 100;

/** The five latest falls, and when they were due: falls late together point at one stall of the server. */
function latest(falls: readonly Fall[]): string {
  return [...falls]
    .map((f) => ({ late: (f.declared ?? f.readAt) - f.due, at: f.into }))
    .sort((a, b) => b.late - a.late)
    .slice(0, 5)
    .map((f) => `${f.late.toFixed(0)} ms @ ${f.at.toFixed(2)} s`)
    .join(', ');
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

function spread(label: string, lateness: readonly number[]): string {
  const s = Float64Array.from(lateness).sort();
  return `${label}: p50 ${ms(pct(s, 50))}  p99 ${ms(pct(s, 99))}  max ${ms(pct(s, 100))}  (${s.length})`;
}

/**
 * The report of timed runs' falls, their p99 against `timerP99` (a bare timer's in the same
 * run: a flag cannot fall sooner than its timer fires, so the ratio is what the room adds). A
 * fall not declared by the time the store was read counts with its lateness so far, a lower
 * bound, and is named: it misses anyway.
 */
export function fallReport(falls: readonly Fall[], timerP99?: number): { lines: string[]; p99: number } {
  const declared = falls.map((f) => (f.declared ?? f.readAt) - f.due);
  const early = falls.filter((f) => f.declared !== null && f.declared < f.due).length;
  const pending = falls.filter((f) => f.declared === null);
  const seen = falls.flatMap((f) => (f.received === null ? [] : [f.received - f.due]));
  const planned = falls.filter((f) => f.stalled).length;
  const p99 = pct(Float64Array.from(declared).sort(), 99);
  const lines = [
    `flag falls due in the window: ${falls.length} (${planned} of players who stopped acting, ` +
      `${falls.length - planned} of players who ran out of time playing); declared early: ${early} (must be 0); ` +
      `not declared when the store was read: ${pending.length}` +
      (pending.length > 0 ? ` (due ${pending.map((f) => ms(f.readAt - f.due)).join(', ')} before)` : ''),
    `  ${spread('declared late (stored at − due)', declared)}  target p99 ≤ ${TARGET_P99_MS} ms: ` +
      (falls.length === 0 ? 'no falls' : p99 <= TARGET_P99_MS ? 'met' : 'MISSED') +
      (timerP99 === undefined ? '' : `; against a bare timer's p99 ×${(p99 / timerP99).toFixed(2)}`),
    `  ${spread('seen late by the players (event received − due)', seen)}`,
    `  the latest (lateness @ due, seconds into the measurement): ${latest(falls)}`,
  ];
  return { lines, p99 };
}
