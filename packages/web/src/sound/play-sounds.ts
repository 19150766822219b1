import { SOUNDS, type SoundName } from './synth.js';

/*
 * Plays the table's sounds from the files shipped with the site (public/sounds/, made by
 * tools/make-sounds.ts). This module is loaded with import() only once sound is on, and the
 * files are fetched only then, so a muted player downloads nothing.
 */

const GAP_MS = 140;
const clips = new Map<SoundName, HTMLAudioElement>();

function clip(name: SoundName): HTMLAudioElement {
  let a = clips.get(name);
  if (!a) {
    a = new Audio(`/sounds/${name}.wav`);
    a.preload = 'auto';
    a.volume = 0.8;
    clips.set(name, a);
  }
  return a;
}

/** Fetches every clip now, so the first roll is heard on time. */
export function warmUp(): void {
  for (const name of SOUNDS) clip(name);
}

function playOne(name: SoundName): void {
  const a = clip(name);
  a.currentTime = 0;
  // A browser that refuses to play before the first tap or click stays silent; nothing to tell.
  a.play().catch(() => undefined);
}

/** Plays the sounds one after another, a short gap apart (a move, then "your turn"). */
export function playSounds(names: readonly SoundName[]): void {
  names.forEach((name, i) => {
    if (i === 0) playOne(name);
    else setTimeout(() => playOne(name), i * GAP_MS);
  });
}
