import type { GameView } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { isCorrespondenceReading } from '../clock/correspondence-time.js';

/*
 * Whether the game on the page is a correspondence match. A frame's clock says so when its days
 * are real days (more time a move than any live clock). A test server's short day reads as a
 * live clock with no delay: for such a clock, the seated player's own list of correspondence
 * matches settles it, asked once.
 */

/** The frame's clock alone says the game is a correspondence match. */
export const correspondenceByClock = (view: GameView): boolean =>
  view.clock !== null && isCorrespondenceReading(view.clock);

/** The player's list must settle it: a clock with no delay that is not plainly days, for a seated player, in a match not over. */
export const listSettles = (view: GameView): boolean =>
  view.clock !== null &&
  view.clock.delayMs === 0 &&
  !correspondenceByClock(view) &&
  view.you !== null &&
  view.status !== 'over';

export function useCorrespondenceGame(id: string, view: GameView | null): boolean {
  const [listed, setListed] = useState(false);
  const ask = view !== null && listSettles(view);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void api.correspondence().then((r) => {
      if (live && r.ok) setListed(r.value.games.some((g) => g.id === id));
    });
    return () => {
      live = false;
    };
  }, [ask, id]);
  return view !== null && (correspondenceByClock(view) || listed);
}
