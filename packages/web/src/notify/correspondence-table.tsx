import type { GameView } from '@zar/protocol';
import { useCorrespondenceGame } from './correspondence-game.js';
import { NotifyOffer } from './notify-offer.js';
import { useTurnNotice } from './turn-notice.js';

/**
 * What a correspondence match adds to its table, for a seated player: the notification of the
 * opponent's move while the page is hidden, and the offer of notifications. Loaded (a chunk of
 * its own) only for a clock with no delay, which every correspondence clock is.
 */
export function CorrespondenceTable({ id, view }: { id: string; view: GameView }) {
  const correspondence = useCorrespondenceGame(id, view);
  useTurnNotice(id, view, correspondence);
  return <NotifyOffer view={view} correspondence={correspondence} />;
}
