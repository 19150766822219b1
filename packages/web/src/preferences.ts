import { DEFAULT_PREFERENCES, decode, type Preferences, PreferencesSchema } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { browserStorage, keep } from './storage.js';

/*
 * The player's table preferences in the browser: read once, kept in localStorage, and pushed
 * to every component that uses them when they change. An account's copy on the server is
 * loaded over this one (see `adoptPreferences`), so a new device gets the player's settings.
 */

export const PREFERENCES_KEY = 'zar.preferences';

type Listener = (p: Preferences) => void;
const listeners = new Set<Listener>();
let current: Preferences | null = null;

/** A stored value that no longer parses (hand-edited, or from a newer client) falls back to the defaults. */
function load(): Preferences {
  const text = browserStorage()?.getItem(PREFERENCES_KEY);
  if (!text) return DEFAULT_PREFERENCES;
  try {
    const r = decode(PreferencesSchema, JSON.parse(text));
    return r.ok ? r.value : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function preferences(): Preferences {
  current ??= load();
  return current;
}

function publish(next: Preferences): void {
  current = next;
  keep(PREFERENCES_KEY, JSON.stringify(next));
  for (const l of listeners) l(next);
}

/** Changes some preferences here and now; the caller saves them to an account where there is one. */
export function setPreferences(change: Partial<Preferences>): Preferences {
  const next = { ...preferences(), ...change };
  publish(next);
  return next;
}

/** Takes the account's stored preferences as the browser's own (after signing in, or on load). */
export function adoptPreferences(stored: Preferences): void {
  publish(stored);
}

export function onPreferences(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preferences, re-rendering the component when they change. */
export function usePreferences(): Preferences {
  const [prefs, setPrefs] = useState(preferences);
  useEffect(() => onPreferences(setPrefs), []);
  return prefs;
}
