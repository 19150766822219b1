// The board's own CSS, placed inside its SVG so the package needs no stylesheet. Colours of
// the wood and felt are fixed; checker colours come from props.

export const BOARD_COLORS = {
  frame: '#5a3b22',
  felt: '#e9dcc0',
  home: '#d8c59c',
  pointA: '#a8482f',
  pointB: '#35506a',
  bar: '#4a301c',
  tray: '#3f2917',
  text: '#f4ead7',
  mark: '#1f9d55',
  select: '#f2b705',
  last: '#7a1f5c',
} as const;

export const DEFAULT_CHECKERS = { own: '#f6f1e4', opp: '#2a2420' } as const;

export const BOARD_CSS = `
.zar-place, .zar-button { cursor: pointer; outline: none; -webkit-tap-highlight-color: transparent; }
.zar-ring { fill: none; stroke: none; }
.zar-place .zar-hit { fill: transparent; }
.zar-place:focus-visible .zar-ring { stroke: ${BOARD_COLORS.select}; stroke-width: 1; stroke-dasharray: 2 1; }
.zar-source:hover .zar-hit, .zar-source:focus-visible .zar-hit { fill: rgba(242, 183, 5, 0.18); }
.zar-dest .zar-hit { fill: rgba(31, 157, 85, 0.22); }
.zar-dest .zar-ring { stroke: ${BOARD_COLORS.mark}; stroke-width: 0.8; }
.zar-button:focus-visible .zar-ring { stroke: ${BOARD_COLORS.select}; stroke-width: 1; }
.zar-checker { pointer-events: none; }
.zar-animate .zar-checker { transition: transform 160ms ease-out; }
.zar-offered .zar-cube-face { stroke: ${BOARD_COLORS.select}; stroke-width: 1.2; }
@media (prefers-reduced-motion: reduce) { .zar-animate .zar-checker { transition: none; } }
`;
