import type { GameView } from '@zar/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { seatName } from '../play/names.js';
import { notifyPlayer } from './show.js';

/** A seat. */
type Player = 0 | 1;

/**
 * The frame says the opponent's action has made it the viewer's turn: someone else (or no one)
 * was to act in the frame before (`before`; undefined for the page's first frame, which is no
 * news), and the viewer is now, in a match under way.
 */
export const becameYourTurn = (before: Player | null | undefined, view: GameView): boolean =>
  before !== undefined &&
  view.you !== null &&
  view.status === 'playing' &&
  view.game.actor === view.you &&
  before !== view.you;

/**
 * On a correspondence game's page left in the background, the opponent's move raises a
 * notification ("Ana moved: your turn", the game), whose click brings the page back.
 * `correspondence`: the game is a correspondence match (useCorrespondenceGame).
 */
export function useTurnNotice(id: string, view: GameView | null, correspondence: boolean): void {
  const i18n = useI18n();
  const before = useRef<Player | null | undefined>(undefined);
  useEffect(() => {
    if (view === null) return;
    const was = before.current;
    before.current = view.game.actor;
    if (view.you === null || !correspondence || !becameYourTurn(was, view)) return;
    const { t } = i18n;
    const opponent = seatName(t, view, view.you === 0 ? 1 : 0);
    notifyPlayer(i18n.f(t.correspondence.moved, { name: opponent }), t.games[view.game.game], `/play/${id}`);
  }, [view]);
}
