// How a theme paints the board's surfaces: plain palette colours for the flat and the
// high-contrast boards; gradients and patterns for the wooden one (grain on a walnut frame,
// a bevel, baize with a weave, points and checkers that catch the light). Every id carries
// the board's own prefix, so several boards on one page never share (or lose) a gradient.

import type { JSX } from 'preact';
import type { BoardTheme, Palette } from './themes.js';

/** What each surface is filled with: a colour, or a url(#…) of a gradient or pattern. */
export interface Paint {
  readonly frame: string;
  readonly felt: string;
  readonly pointA: string;
  readonly pointB: string;
  readonly bar: string;
  /** Laid over the frame and the bar (wood grain), or null. */
  readonly grain: string | null;
  /** Laid over the felt (the baize's weave), or null. */
  readonly weave: string | null;
  /** The frame's bevel, stroked round the playing area, or null. */
  readonly bevel: string | null;
  /** Laid over each checker (a highlight), or null. */
  readonly sheen: string | null;
}

export function paintOf(theme: BoardTheme, pal: Palette, prefix: string): Paint {
  if (theme !== 'wood') {
    return {
      frame: pal.frame,
      felt: pal.felt,
      pointA: pal.pointA,
      pointB: pal.pointB,
      bar: pal.bar,
      grain: null,
      weave: null,
      bevel: null,
      sheen: null,
    };
  }
  const url = (name: string) => `url(#${prefix}-${name})`;
  return {
    frame: url('frame'),
    felt: url('felt'),
    pointA: url('point-a'),
    pointB: url('point-b'),
    bar: url('bar'),
    grain: url('grain'),
    weave: url('weave'),
    bevel: url('bevel'),
    sheen: url('sheen'),
  };
}

/** The wooden board's gradients and patterns; nothing for the other themes. */
export function PaintDefs(props: { theme: BoardTheme; pal: Palette; prefix: string }): JSX.Element | null {
  if (props.theme !== 'wood') return null;
  const { pal } = props;
  const id = (name: string) => `${props.prefix}-${name}`;
  return (
    <defs>
      <linearGradient id={id('frame')} x1="0" y1="0" x2="0.15" y2="1">
        <stop offset="0" stop-color="#8a5a34" />
        <stop offset="0.45" stop-color={pal.frame} />
        <stop offset="1" stop-color="#4a2c17" />
      </linearGradient>
      <linearGradient id={id('bar')} x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#3e2412" />
        <stop offset="0.5" stop-color="#7a4b2a" />
        <stop offset="1" stop-color="#3e2412" />
      </linearGradient>
      <pattern id={id('grain')} width="48" height="7" patternUnits="userSpaceOnUse">
        <path d="M0,1.5 C12,0.6 24,2.6 48,1.4" fill="none" stroke="#2a160a" stroke-width="0.35" opacity="0.35" />
        <path d="M0,4.2 C16,5.4 30,3.2 48,4.4" fill="none" stroke="#2a160a" stroke-width="0.25" opacity="0.3" />
        <path d="M0,6 C10,5.5 34,6.6 48,5.9" fill="none" stroke="#c58b55" stroke-width="0.3" opacity="0.25" />
      </pattern>
      <radialGradient id={id('felt')} cx="0.5" cy="0.5" r="0.75">
        <stop offset="0" stop-color="#3a7047" />
        <stop offset="1" stop-color={pal.felt} />
      </radialGradient>
      <pattern id={id('weave')} width="2" height="2" patternUnits="userSpaceOnUse">
        <path d="M0,0 L2,2 M2,0 L0,2" stroke="#000000" stroke-width="0.12" opacity="0.18" />
      </pattern>
      <linearGradient id={id('bevel')} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#c08a58" />
        <stop offset="0.5" stop-color="#6b4226" />
        <stop offset="1" stop-color="#24140a" />
      </linearGradient>
      <linearGradient id={id('point-a')} x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#d6c393" />
        <stop offset="0.5" stop-color={pal.pointA} />
        <stop offset="1" stop-color="#cdb986" />
      </linearGradient>
      <linearGradient id={id('point-b')} x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#6e1e13" />
        <stop offset="0.5" stop-color={pal.pointB} />
        <stop offset="1" stop-color="#661b11" />
      </linearGradient>
      <radialGradient id={id('sheen')} cx="0.35" cy="0.3" r="0.7">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.55" />
        <stop offset="0.45" stop-color="#ffffff" stop-opacity="0.12" />
        <stop offset="1" stop-color="#000000" stop-opacity="0.22" />
      </radialGradient>
    </defs>
  );
}
