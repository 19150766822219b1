// The board's own CSS, placed inside its SVG so the package needs no stylesheet. Colours come
// from the theme's palette (themes.ts); checker colours from props or the theme.

import type { Palette } from './themes.js';

/** Checkers of a plain board when the page gives none: light for the viewer, dark for the opponent. */
export const DEFAULT_CHECKERS = { own: '#f6f1e4', opp: '#2a2420' } as const;

/** How long a checker slides and a die tumbles: short enough never to hold up a fast player. */
export const MOVE_MS = 200;
export const ROLL_MS = 280;

export function boardCss(pal: Palette): string {
  return `
.zar-place, .zar-button { cursor: pointer; outline: none; -webkit-tap-highlight-color: transparent; }
.zar-ring { fill: none; stroke: none; }
.zar-place .zar-hit { fill: transparent; }
.zar-place:focus-visible .zar-ring { stroke: ${pal.select}; stroke-width: 1; stroke-dasharray: 2 1; }
.zar-source:hover .zar-hit, .zar-source:focus-visible .zar-hit { fill: rgba(242, 183, 5, 0.18); }
.zar-dest .zar-hit { fill: rgba(31, 157, 85, 0.22); }
.zar-dest .zar-ring { stroke: ${pal.mark}; stroke-width: 0.8; }
.zar-button:focus-visible .zar-ring { stroke: ${pal.select}; stroke-width: 1; }
.zar-checker { pointer-events: none; }
.zar-animate .zar-checker { transition: transform ${MOVE_MS}ms ease-out; }
.zar-die { transform-box: fill-box; transform-origin: center; }
.zar-animate .zar-die { animation: zar-roll ${ROLL_MS}ms cubic-bezier(0.2, 0.8, 0.3, 1.1); }
@keyframes zar-roll {
  0% { transform: translate(-6px, -3px) rotate(-240deg) scale(0.55); opacity: 0; }
  60% { opacity: 1; }
  100% { transform: none; opacity: 1; }
}
.zar-offered .zar-cube-face { stroke: ${pal.select}; stroke-width: 1.2; }
@media (prefers-reduced-motion: reduce) {
  .zar-animate .zar-checker { transition: none; }
  .zar-animate .zar-die { animation: none; }
}
`;
}
