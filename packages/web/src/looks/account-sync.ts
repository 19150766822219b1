import { DEFAULT_PREFERENCES, type Preferences } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { adoptPreferences, onPreferences, preferences } from '../preferences.js';

/*
 * An account keeps its preferences on the server, so they follow the player to every device;
 * a guest keeps them in this browser only. Who the visitor is (`me`, answered for everyone) is
 * asked on every page the app opens (cheap, and it notices a sign-in or a sign-out made on the
 * account page); the account's copy is asked only for an account, since the server refuses a
 * guest (401 or 403, a red line in every visitor's console), and every change made in this
 * browser is sent back. An account
 * that holds only the defaults (a new one) takes the browser's choices instead, so a guest who
 * registers keeps the board he had set up.
 */

export interface SyncState {
  /** Preferences are kept on an account (the server answered for one). */
  readonly account: boolean;
  /** The last change could not be saved to the account. */
  readonly failed: boolean;
}

let state: SyncState = { account: false, failed: false };
let adopting = false;
const listeners = new Set<(s: SyncState) => void>();

function publish(next: SyncState): void {
  state = next;
  for (const l of listeners) l(next);
}

const sameAs = (a: Preferences, b: Preferences): boolean =>
  (Object.keys(a) as (keyof Preferences)[]).every((k) => a[k] === b[k]);

let inFlight: Promise<void> | null = null;
/** The save under way, and the newest change waiting for it (see saveInTurn). */
let saving: Promise<void> | null = null;
let waiting: Preferences | null = null;

/**
 * Loads the account's preferences over the browser's, when someone is signed in. Calls made
 * while one is under way share it (the app and the panel both ask on opening a page), so a
 * new account is never sent the browser's choices twice, the second late over a newer change.
 */
export function syncAccountPreferences(): Promise<void> {
  inFlight ??= sync().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function sync(): Promise<void> {
  // A change still on its way would be undone by loading the account's older copy over it.
  await saving;
  const who = await api.me();
  if (!who.ok) return;
  if (who.value.guest) {
    publish({ account: false, failed: false });
    return;
  }
  const r = await api.preferences();
  if (r.ok) {
    const mine = preferences();
    // A change made while the copy was on its way is newer than it, and is being saved over it.
    if (saving) {
      publish({ account: true, failed: false });
      return;
    }
    if (sameAs(r.value, DEFAULT_PREFERENCES) && !sameAs(mine, DEFAULT_PREFERENCES)) {
      const saved = await api.savePreferences(mine);
      publish({ account: true, failed: !saved.ok });
      return;
    }
    adopting = true;
    try {
      adoptPreferences(r.value);
    } finally {
      adopting = false;
    }
    publish({ account: true, failed: false });
  } else if (r.error.code === 'ERR_ACCOUNT_ONLY' || r.error.status === 401) {
    // Signed out (elsewhere) between the two questions.
    publish({ account: false, failed: false });
  }
}

/*
 * Every change made in this browser goes to the account, whichever page made it. Saves go one
 * at a time and only the newest waiting one is sent: two quick clicks sent side by side could
 * reach the server in either order and leave the older choice stored.
 */
async function saveInTurn(): Promise<void> {
  while (waiting) {
    const next = waiting;
    waiting = null;
    const r = await api.savePreferences(next);
    publish({ account: state.account, failed: !r.ok });
  }
}

onPreferences((p) => {
  if (adopting || !state.account) return;
  waiting = p;
  saving ??= saveInTurn().finally(() => {
    saving = null;
  });
});

export function useSyncState(): SyncState {
  const [s, setS] = useState(state);
  useEffect(() => {
    listeners.add(setS);
    return () => {
      listeners.delete(setS);
    };
  }, []);
  return s;
}
