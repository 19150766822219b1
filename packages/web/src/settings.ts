import { onPreferences, preferences, setPreferences } from './preferences.js';
import { browserStorage } from './storage.js';

/*
 * Motion on the page. The player's "animations" preference (preferences.ts) turns the dice
 * and checker animations on or off, and the system's prefers-reduced-motion turns them off
 * whatever the preference says. localStorage `zar.animations` = "off" (the key the browser
 * tests set) also keeps everything still, so a test never waits for a slide.
 */
export const ANIMATIONS_KEY = 'zar.animations';

export function reducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** Whether things may move when the player wants them to (`wanted`): not under reduced motion, nor the tests' switch. */
export function motionAllowed(wanted: boolean): boolean {
  return wanted && browserStorage()?.getItem(ANIMATIONS_KEY) !== 'off' && !reducedMotion();
}

export function animationsOn(): boolean {
  return motionAllowed(preferences().animations);
}

/** The player's choice replaces the tests' switch, and is kept with his other preferences. */
export function setAnimations(on: boolean): void {
  browserStorage()?.removeItem(ANIMATIONS_KEY);
  setPreferences({ animations: on });
  applyAnimations(animationsOn());
}

/** The stylesheet turns every transition off under `html.no-anim`. */
export function applyAnimations(on: boolean): void {
  document.documentElement.classList.toggle('no-anim', !on);
}

// A change made anywhere (the settings panel, an account's preferences arriving) reaches the page's CSS.
// So does the system's reduced-motion setting when it changes while the page is open.
if (typeof document !== 'undefined') {
  onPreferences(() => applyAnimations(animationsOn()));
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').addEventListener('change', () => {
    applyAnimations(animationsOn());
  });
}
