import type { TournamentView } from '@zar/protocol';
import type { Viewer } from './view.js';

/** A socket watching a tournament: who it is, and how to send him the view. */
export interface Watcher {
  readonly viewer: Viewer;
  send(view: TournamentView): void;
}

/**
 * The watchers of each tournament (the socket's `tournament` watch). A change sends each the
 * whole view, built once per distinct viewer (`you` differs between viewers, nothing else).
 */
export class Watchers {
  private readonly byTournament = new Map<string, Set<Watcher>>();

  add(id: string, watcher: Watcher): () => void {
    let set = this.byTournament.get(id);
    if (set === undefined) {
      set = new Set();
      this.byTournament.set(id, set);
    }
    set.add(watcher);
    return () => {
      const current = this.byTournament.get(id);
      if (current === undefined || !current.delete(watcher) || current.size > 0) return;
      this.byTournament.delete(id);
    };
  }

  watched(id: string): boolean {
    return this.byTournament.has(id);
  }

  /** Sends every watcher of `id` its view (`viewOf` is asked once per distinct viewer). */
  tell(id: string, viewOf: (viewer: Viewer) => TournamentView): void {
    const set = this.byTournament.get(id);
    if (set === undefined) return;
    const views = new Map<string, TournamentView>();
    for (const w of set) {
      const key = `${w.viewer.userId ?? ''}:${w.viewer.account}`;
      let view = views.get(key);
      if (view === undefined) {
        view = viewOf(w.viewer);
        views.set(key, view);
      }
      w.send(view);
    }
  }

  clear(): void {
    this.byTournament.clear();
  }
}
