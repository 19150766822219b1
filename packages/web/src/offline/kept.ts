import type { OfflineRecord } from '@zar/protocol';

/*
 * (No module of the app's first bundle is imported here: see kit.ts.)
 *
 * The offline matches kept in the browser's IndexedDB, one object per match, written after
 * every action so that a reload or a closed tab resumes it. IndexedDB may be refused (a
 * private window, a full disk, the user's settings): each call says so instead of throwing,
 * and the page plays on with the match in memory.
 */

const DB = 'zar-offline';
const STORE = 'matches';
/** The match played last: the one a reload resumes. */
const LAST = 'zar-offline-last';

export type Kept<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: 'ERR_STORAGE' };

const refused = { ok: false, code: 'ERR_STORAGE' } as const;

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('blocked'));
  }).catch((e: unknown) => {
    // Refused now is not refused for good (another tab upgrading, a disk freed): the next call asks again.
    opening = null;
    throw e;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<Kept<T>> {
  return database().then(
    (db) =>
      new Promise<Kept<T>>((resolve) => {
        try {
          const tx = db.transaction(STORE, mode);
          const request = work(tx.objectStore(STORE));
          // A write counts once its transaction is committed (a full disk fails the commit, not the put).
          tx.oncomplete = () => resolve({ ok: true, value: request.result });
          tx.onerror = () => resolve(refused);
          tx.onabort = () => resolve(refused);
        } catch {
          resolve(refused);
        }
      }),
    () => refused,
  );
}

/** Keeps the match as it stands now, and marks it the one to resume. */
export async function keepMatch(record: OfflineRecord): Promise<Kept<null>> {
  if (typeof indexedDB === 'undefined') return refused;
  const r = await run('readwrite', (s) => s.put(record));
  if (!r.ok) return r;
  try {
    localStorage.setItem(LAST, record.id);
  } catch {
    // The mark is a convenience: without it the page lists the kept matches instead.
  }
  return { ok: true, value: null };
}

/** A kept match by its id, as stored (the worker checks it is a record); undefined when there is none. */
export async function keptMatch(id: string): Promise<Kept<unknown>> {
  if (typeof indexedDB === 'undefined') return refused;
  return run('readonly', (s) => s.get(id) as IDBRequest<unknown>);
}

/** The id of the match played last in this browser, if any. */
export function lastMatchId(): string | null {
  try {
    return localStorage.getItem(LAST);
  } catch {
    return null;
  }
}

/** Forgets a kept match (once it is in the player's history, or abandoned). */
export async function forgetMatch(id: string): Promise<Kept<undefined>> {
  if (typeof indexedDB === 'undefined') return refused;
  return run('readwrite', (s) => s.delete(id));
}
