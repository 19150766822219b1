import { useEffect, useRef } from 'preact/hooks';
import { usePreferences } from '../preferences.js';
import type { GameConnection } from '../table/use-game.js';
import { cuesOf } from './cues.js';

type Player = typeof import('./play-sounds.js');
let player: Promise<Player> | null = null;

/** The player module, loaded on first use (not part of the entry bundle); a failed load is tried again next time. */
function soundPlayer(): Promise<Player> {
  player ??= import('./play-sounds.js').catch((e: unknown) => {
    player = null;
    throw e;
  });
  return player;
}

/** Plays sounds when the player module can be had; a missed sound is no error worth showing. */
export function playTableSounds(cues: Parameters<Player['playSounds']>[0]): void {
  soundPlayer().then(
    (p) => p.playSounds(cues),
    () => undefined,
  );
}

/**
 * Plays the sounds of a live game's events (roll, move, hit, double, your turn) while the
 * player has sound on; nothing is fetched while it is off.
 */
export function useTableSounds(game: Pick<GameConnection, 'view' | 'version' | 'lastAction'>): void {
  const { sound } = usePreferences();
  const actorBefore = useRef<number | null>(null);
  useEffect(() => {
    if (sound)
      soundPlayer().then(
        (p) => p.warmUp(),
        () => undefined,
      );
  }, [sound]);
  useEffect(() => {
    const view = game.view;
    if (!view) return;
    const cues = cuesOf(game.lastAction, view, actorBefore.current);
    actorBefore.current = view.game.actor;
    if (sound && cues.length > 0) playTableSounds(cues);
  }, [game.version]);
}
