import { useEffect, useState } from 'preact/hooks';
import { browserStorage, keep } from '../storage.js';

/*
 * What a reader chose about the chat, kept in this browser: the writers he muted (by name, as
 * lichess does) and whether the chat is off. Not an account preference: the table's
 * preferences are the protocol's schema, and muting is the reader's own business.
 */

export const MUTED_KEY = 'zar.chat.muted';
export const CHAT_OFF_KEY = 'zar.chat.off';
/** A reader who mutes more writers than this forgets the earliest. */
export const MAX_MUTED = 200;

/** The muted names stored; anything else there (hand-edited, another version) reads as none. */
export function parseMuted(text: string | null | undefined): readonly string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    const names = value.filter((n): n is string => typeof n === 'string' && n !== '');
    return [...new Set(names)].slice(-MAX_MUTED);
  } catch {
    return [];
  }
}

/** The list after muting (true) or unmuting (false) `name`: each name once, the latest muted last. */
export function withMuted(list: readonly string[], name: string, mute: boolean): readonly string[] {
  const rest = list.filter((n) => n !== name);
  return mute ? [...rest, name].slice(-MAX_MUTED) : rest;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const publish = () => {
  for (const l of listeners) l();
};

// Read once; a browser that refuses storage still mutes for as long as the page is open.
let muted: readonly string[] | null = null;
let off: boolean | null = null;

export function mutedNames(): readonly string[] {
  muted ??= parseMuted(browserStorage()?.getItem(MUTED_KEY));
  return muted;
}

export function chatOff(): boolean {
  off ??= browserStorage()?.getItem(CHAT_OFF_KEY) === 'true';
  return off;
}

export function setMuted(name: string, mute: boolean): void {
  muted = withMuted(mutedNames(), name, mute);
  keep(MUTED_KEY, JSON.stringify(muted));
  publish();
}

export function setChatOff(value: boolean): void {
  off = value;
  keep(CHAT_OFF_KEY, String(value));
  publish();
}

/** The reader's muted writers and chat switch, re-rendering when either changes (in any panel of the page). */
export function useChatPrefs(): { readonly muted: readonly string[]; readonly off: boolean } {
  const read = () => ({ muted: mutedNames(), off: chatOff() });
  const [prefs, setPrefs] = useState(read);
  useEffect(() => {
    const l = () => setPrefs(read());
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  return prefs;
}
