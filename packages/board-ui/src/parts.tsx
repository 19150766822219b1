// The drawn pieces: text, checkers, trays, dice and cube. Presentation only.

import type { ComponentChildren } from 'preact';
import type { KeyedSpot } from './checkers.js';
import {
  CHECKER_R,
  CUBE_SIZE,
  cubeCentre,
  DIE_SIZE,
  dicePositions,
  mx,
  pipsAnchor,
  placeCentre,
  type Rect,
  slab,
  TRAY_CX,
  trayRect,
} from './geometry.js';
import { inkOn, type Palette } from './themes.js';
import type { BoardLabels, CubeView, DiceView, Move, Side, SideView } from './types.js';

/** Text that reads left to right even inside a right-to-left page. */
export function Text(props: {
  x: number;
  y: number;
  size: number;
  fill: string;
  weight?: number;
  children: ComponentChildren;
}) {
  return (
    <text
      x={props.x}
      y={props.y}
      font-size={props.size}
      font-weight={props.weight ?? 400}
      fill={props.fill}
      text-anchor="middle"
      direction="ltr"
      unicode-bidi="embed"
      font-family="system-ui, sans-serif"
      pointer-events="none"
    >
      {props.children}
    </text>
  );
}

/** How a theme draws every checker: its rim's width, the highlight laid over it, the selection ring. */
export interface CheckerLook {
  readonly rim: number;
  readonly sheen: string | null;
  readonly select: string;
  /** The selection ring edged in contrasting ink, so it shows on any point whatever the checker's colour. */
  readonly solid: boolean;
}

export function Checker(props: {
  spot: KeyedSpot;
  color: string;
  selected: boolean;
  num: (n: number) => string;
  look: CheckerLook;
}) {
  const { spot, look } = props;
  const ink = inkOn(props.color);
  return (
    <g class="zar-checker" data-fill={props.color} style={{ transform: `translate(${spot.x}px, ${spot.y}px)` }}>
      <circle r={CHECKER_R - look.rim / 2} fill={props.color} stroke={ink} stroke-width={look.rim} />
      {look.sheen && <circle r={CHECKER_R - look.rim} fill={look.sheen} />}
      <circle r={CHECKER_R * 0.62} fill="none" stroke={ink} stroke-width={0.25} opacity={0.5} />
      {spot.pinned && (
        // A pinned checker shows a cross, as it cannot move.
        <path
          d={`M${-CHECKER_R * 0.5},${-CHECKER_R * 0.5} L${CHECKER_R * 0.5},${CHECKER_R * 0.5} M${CHECKER_R * 0.5},${-CHECKER_R * 0.5} L${-CHECKER_R * 0.5},${CHECKER_R * 0.5}`}
          stroke="#c0392b"
          stroke-width={1.1}
          stroke-linecap="round"
        />
      )}
      {props.selected && look.solid && (
        <circle r={CHECKER_R + 0.8} fill="none" stroke={inkOn(look.select)} stroke-width={2.2} />
      )}
      {props.selected && <circle r={CHECKER_R + 0.8} fill="none" stroke={look.select} stroke-width={1.2} />}
      {spot.count !== null && (
        <Text x={0} y={1.8} size={5} weight={700} fill={ink}>
          {props.num(spot.count)}
        </Text>
      )}
    </g>
  );
}

/** Borne-off checkers as thin slabs; `edged`: outlined in the ink of their colour, so black shows on a black tray. */
function Slabs(props: { side: Side; count: number; color: string; flip: boolean; edged: boolean }) {
  const stroke = props.edged ? inkOn(props.color) : '#00000055';
  const out = [];
  for (let i = 0; i < props.count; i++) {
    const r = slab(props.side, i, props.flip);
    out.push(
      <rect
        key={i}
        x={r.x}
        y={r.y}
        width={r.w}
        height={r.h}
        rx={0.4}
        fill={props.color}
        stroke={stroke}
        stroke-width={props.edged ? 0.4 : 0.2}
      />,
    );
  }
  return <g pointer-events="none">{out}</g>;
}

const box = (r: Rect, fill: string) => <rect x={r.x} y={r.y} width={r.w} height={r.h} fill={fill} rx={1} />;

/** The opponent's tray and both pip counts; the viewer's tray is a button drawn by the board. */
export function TrayContents(props: {
  own: SideView;
  opp: SideView;
  colors: { own: string; opp: string };
  labels: BoardLabels;
  flip: boolean;
  pal: Palette;
  /** The theme's `solid`: slabs edged in contrasting ink. */
  edged: boolean;
}) {
  const { flip, pal, edged } = props;
  const ownPips = pipsAnchor('own', flip);
  const oppPips = pipsAnchor('opp', flip);
  return (
    <g>
      <g
        data-testid="off-opp"
        role={props.labels.oppOff ? 'img' : undefined}
        aria-label={props.labels.oppOff?.(props.opp.off)}
      >
        {box(trayRect('opp', flip), pal.tray)}
        <Slabs side="opp" count={props.opp.off} color={props.colors.opp} flip={flip} edged={edged} />
      </g>
      <Slabs side="own" count={props.own.off} color={props.colors.own} flip={flip} edged={edged} />
      <g data-testid="pips-own">
        <Text x={ownPips.x} y={ownPips.y} size={4.6} fill={pal.text} weight={600}>
          {props.labels.pips(props.own.pips, 'own')}
        </Text>
      </g>
      <g data-testid="pips-opp">
        <Text x={oppPips.x} y={oppPips.y} size={4.6} fill={pal.text} weight={600}>
          {props.labels.pips(props.opp.pips, 'opp')}
        </Text>
      </g>
    </g>
  );
}

/** Where the selected checker may land: a dot, faint over the board, or opaque and edged in ink where the theme is `solid`. */
export function LandingMark(props: { at: { x: number; y: number }; color: string; solid: boolean }) {
  return (
    <circle
      cx={props.at.x}
      cy={props.at.y}
      r={CHECKER_R * 0.55}
      fill={props.color}
      opacity={props.solid ? 1 : 0.7}
      {...(props.solid ? { stroke: inkOn(props.color), 'stroke-width': 0.6 } : {})}
    />
  );
}

/**
 * The last move as lines from where each step started to where it ended: faint, or (a `solid`
 * theme) opaque over a wider line of contrasting ink, which keeps them apart from any point.
 */
export function LastMove(props: {
  last: { readonly side: Side; readonly steps: readonly Move[] };
  /** The mover's checkers, to aim at the top of each stack. */
  view: SideView;
  flip: boolean;
  color: string;
  solid: boolean;
}) {
  const { last, view, flip, color, solid } = props;
  if (last.steps.length === 0) return null;
  const count = (p: number): number => (p >= 1 && p <= 24 ? (view.points[p] ?? 0) : 0);
  const casing = inkOn(color);
  return (
    <g data-testid="last-move" pointer-events="none" opacity={solid ? 1 : 0.45}>
      {last.steps.map((m, i) => {
        const a = placeCentre(m.from, last.side, count(m.from), flip);
        const b = placeCentre(m.to, last.side, Math.max(0, count(m.to) - 1), flip);
        return (
          <g key={i}>
            {solid && (
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={casing} stroke-width={2.1} stroke-linecap="round" />
            )}
            <line
              x1={a.x}
              y1={a.y}
              x2={b.x}
              y2={b.y}
              stroke={color}
              stroke-width={1.1}
              stroke-linecap="round"
              stroke-dasharray={solid ? undefined : '2 1.5'}
            />
            <circle
              cx={a.x}
              cy={a.y}
              r={1.2}
              fill={color}
              {...(solid ? { stroke: casing, 'stroke-width': 0.5 } : {})}
            />
          </g>
        );
      })}
    </g>
  );
}

/** Where the pips of a die face sit, as fractions of its size. */
const FACES: Record<number, readonly (readonly [number, number])[]> = {
  1: [[0.5, 0.5]],
  2: [
    [0.27, 0.27],
    [0.73, 0.73],
  ],
  3: [
    [0.27, 0.27],
    [0.5, 0.5],
    [0.73, 0.73],
  ],
  4: [
    [0.27, 0.27],
    [0.73, 0.27],
    [0.27, 0.73],
    [0.73, 0.73],
  ],
  5: [
    [0.27, 0.27],
    [0.73, 0.27],
    [0.5, 0.5],
    [0.27, 0.73],
    [0.73, 0.73],
  ],
  6: [
    [0.27, 0.25],
    [0.73, 0.25],
    [0.27, 0.5],
    [0.73, 0.5],
    [0.27, 0.75],
    [0.73, 0.75],
  ],
};

export function Dice(props: {
  dice: DiceView;
  colors: { own: string; opp: string };
  labels: BoardLabels;
  flip: boolean;
  onDice: (() => void) | undefined;
  /** The theme's `solid`: a die of the felt's darkness is told apart by a wider edge of contrasting ink. */
  edged: boolean;
}) {
  const { dice, onDice } = props;
  const at = dicePositions(dice.values.length, dice.side, props.flip);
  const face = dice.side === 'own' ? props.colors.own : props.colors.opp;
  const ink = inkOn(face);
  return (
    <Control action={onDice} label={props.labels.dice(dice)} data={{ 'data-testid': 'dice', 'data-side': dice.side }}>
      {at.length > 0 && <DiceRing at={at} />}
      {dice.values.map((v, i) => {
        const p = at[i] as { x: number; y: number };
        return (
          <g
            key={i}
            class="zar-die"
            opacity={dice.used[i] ? 0.35 : 1}
            data-value={v}
            data-used={dice.used[i] ? 'true' : 'false'}
          >
            <rect
              x={p.x}
              y={p.y}
              width={DIE_SIZE}
              height={DIE_SIZE}
              rx={1.8}
              fill={face}
              stroke={ink}
              stroke-width={props.edged ? 0.8 : 0.4}
            />
            {(FACES[v] ?? []).map(([fx, fy], k) => (
              <circle key={k} cx={p.x + fx * DIE_SIZE} cy={p.y + fy * DIE_SIZE} r={0.95} fill={ink} />
            ))}
          </g>
        );
      })}
    </Control>
  );
}

function DiceRing(props: { at: { x: number; y: number }[] }) {
  const xs = props.at.map((p) => p.x);
  const x = Math.min(...xs) - 1;
  const w = Math.max(...xs) + DIE_SIZE + 1 - x;
  const y = (props.at[0] as { y: number }).y - 1;
  return (
    <>
      <rect x={x} y={y} width={w} height={DIE_SIZE + 2} fill="transparent" />
      <rect class="zar-ring" x={x} y={y} width={w} height={DIE_SIZE + 2} rx={2} />
    </>
  );
}

export function Cube(props: {
  cube: CubeView;
  labels: BoardLabels;
  flip: boolean;
  num: (n: number) => string;
  onCube: (() => void) | undefined;
  pal: Palette;
}) {
  const { cube, pal } = props;
  const c = cubeCentre(cube.owner, props.flip);
  const active = cube.canDouble === true && props.onCube !== undefined;
  const onCube = active ? props.onCube : undefined;
  const half = CUBE_SIZE / 2;
  // A centred cube shows 64, as on a real board.
  const shown = cube.owner === null && cube.value === 1 ? 64 : cube.value;
  const label = props.labels.cube({
    value: cube.value,
    owner: cube.owner,
    offered: cube.offered === true,
    canDouble: active,
  });
  const data = {
    'data-testid': 'cube',
    'data-owner': cube.owner ?? 'centre',
    'data-value': String(cube.value),
    class: cube.offered ? 'zar-offered' : '',
  };
  return (
    <Control action={onCube} label={label} data={data}>
      <rect
        class="zar-cube-face"
        x={c.x - half}
        y={c.y - half}
        width={CUBE_SIZE}
        height={CUBE_SIZE}
        rx={1.6}
        fill={pal.cube}
        stroke={pal.cubeInk}
        stroke-width={0.5}
      />
      <rect
        class="zar-ring"
        x={c.x - half - 1}
        y={c.y - half - 1}
        width={CUBE_SIZE + 2}
        height={CUBE_SIZE + 2}
        rx={2}
      />
      <Text x={c.x} y={c.y + 2.2} size={shown >= 10 ? 5.2 : 6.4} weight={700} fill={pal.cubeInk}>
        {props.num(shown)}
      </Text>
    </Control>
  );
}

/**
 * A drawn control: a button (focusable, Enter and Space click) when it has an action, else
 * an image with the same name that lets taps through to the points under it.
 */
function Control(props: {
  action: (() => void) | undefined;
  label: string;
  data: Record<string, string> & { class?: string };
  children: ComponentChildren;
}) {
  const { action, data } = props;
  const extra = data.class ?? '';
  if (action) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>; role, tabindex and keys make one
      <g
        {...data}
        class={`zar-button ${extra}`.trim()}
        role="button"
        tabindex={0}
        aria-label={props.label}
        onClick={action}
        onKeyDown={activate(action)}
      >
        {props.children}
      </g>
    );
  }
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> is not interactive; it names a drawing
    <g {...data} class={extra || undefined} role="img" aria-label={props.label} pointer-events="none">
      {props.children}
    </g>
  );
}

/** Enter and Space act like a click, as on a button. */
export function activate(action: () => void) {
  return (e: KeyboardEvent): void => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      action();
    }
  };
}

/** The tray column's background, drawn under everything in it. */
export function TrayColumn(props: { flip: boolean; top: number; bottom: number; fill: string }) {
  const r = trayRect('own', props.flip);
  return (
    <rect
      x={mx(TRAY_CX, props.flip) - r.w / 2 - 1}
      y={props.top}
      width={r.w + 2}
      height={props.bottom - props.top}
      fill={props.fill}
    />
  );
}
