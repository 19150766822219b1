import type { Rules } from '@zar/engine';
import { useEffect, useRef } from 'preact/hooks';
import { usePreferences } from '../preferences.js';
import { onlyPlay } from '../table/notice.js';
import type { GameConnection } from '../table/use-game.js';

/**
 * The player's optional shortcuts: auto-roll rolls for him when rolling is all he may do
 * (no double on offer), auto-confirm sends his play when it is the only legal one. Each acts
 * at most once per version the server sent, and only on what the view allows.
 */
export function useAutoActions(game: GameConnection, rules: Rules | null): void {
  const { autoRoll, autoConfirm } = usePreferences();
  const actedAt = useRef(-1);
  const { view, version, pending } = game;
  useEffect(() => {
    if (!view || pending || actedAt.current === version || view.status !== 'playing') return;
    if (autoRoll && view.allowed.roll && !view.allowed.double) {
      actedAt.current = version;
      game.act({ type: 'roll' });
      return;
    }
    const only = autoConfirm && rules && view.allowed.play ? onlyPlay(rules, view) : null;
    if (only !== null) {
      actedAt.current = version;
      game.act({ type: 'play', play: only });
    }
  }, [version, pending, autoRoll, autoConfirm, rules]);
}
