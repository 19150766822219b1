/**
 * Player settings kept in the browser. Animations default to the system's reduced-motion
 * preference; tests turn them off with localStorage `zar.animations` = "off".
 */
export const ANIMATIONS_KEY = 'zar.animations';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function animationsOn(): boolean {
  const stored = storage()?.getItem(ANIMATIONS_KEY);
  if (stored === 'on') return true;
  if (stored === 'off') return false;
  return !globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function setAnimations(on: boolean): void {
  storage()?.setItem(ANIMATIONS_KEY, on ? 'on' : 'off');
  applyAnimations(on);
}

/** The stylesheet turns every transition off under `html.no-anim`. */
export function applyAnimations(on: boolean): void {
  document.documentElement.classList.toggle('no-anim', !on);
}
