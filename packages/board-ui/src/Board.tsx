// The board: an SVG that draws what it is given and reports gestures. It knows no rules
// (chessground's idea): legal sources and destinations come from the page, which gets them
// from @zar/engine's compat.ts. Props are documented in types.ts.
//
// Input: tap or click a place, or drag a checker from a source (pointer events, so mouse,
// pen and touch alike); the keyboard reaches every place through one tab stop (a roving
// tabindex), arrows move across the board as it is drawn, Enter or Space taps. The SVG sits
// in a dir="ltr" box so a right-to-left page never mirrors it; only `flip` does.

import { useId, useRef } from 'preact/hooks';
import { assignKeys, type KeyedSpot, layoutCheckers } from './checkers.js';
import {
  BOTTOM_Y,
  barRect,
  CHECKER_R,
  feltRects,
  HEIGHT,
  homeRects,
  numberAnchor,
  offTarget,
  pointRect,
  type Rect,
  slot,
  TOP_Y,
  trayRect,
  triangle,
  WIDTH,
} from './geometry.js';
import { useDrag, useRovingFocus } from './input.js';
import { PaintDefs, paintOf } from './paint.js';
import { Checker, Cube, Dice, LandingMark, LastMove, Text, TrayColumn, TrayContents } from './parts.js';
import { boardCss, DEFAULT_CHECKERS } from './style.js';
import { inkOn, THEME_LOOKS } from './themes.js';
import type { BoardProps } from './types.js';

const rectEl = (r: Rect, props: Record<string, string | number>) => (
  <rect x={r.x} y={r.y} width={r.w} height={r.h} {...props} />
);

export function Board(props: BoardProps) {
  const flip = props.flip === true;
  const theme = props.theme ?? 'flat';
  const look = THEME_LOOKS[theme];
  const pal = look.palette;
  const colors = props.colors ?? look.checkers ?? DEFAULT_CHECKERS;
  // Ids of this board's gradients: useId's ':' and the like are not welcome inside url(#…).
  const prefix = `zar${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const paint = paintOf(theme, pal, prefix);
  const checkerLook = { rim: look.rim, sheen: paint.sheen, select: pal.select, solid: look.solid };
  const { labels } = props;
  const num = (n: number): string => (labels.number ? labels.number(n) : String(n));
  const sources = new Set(props.sources);
  const dests = new Set(props.destinations);

  const keyed = useRef<{ spots: KeyedSpot[]; seq: number }>({ spots: [], seq: 0 });
  keyed.current = assignKeys(
    keyed.current.spots,
    layoutCheckers(props.own, props.opp, props.pinned, flip),
    keyed.current.seq,
  );
  const spots = keyed.current.spots;
  const drag = useDrag(props, flip);
  const focus = useRovingFocus(props, flip);

  /** The attributes every focusable place shares. */
  const place = (p: number, label: string) => ({
    class: `zar-place${sources.has(p) ? ' zar-source' : ''}${dests.has(p) ? ' zar-dest' : ''}`,
    role: 'button' as const,
    tabindex: focus.focused === p ? 0 : -1,
    'aria-label': label,
    'aria-pressed': props.selected === p,
    'data-source': sources.has(p) ? 'true' : 'false',
    'data-dest': dests.has(p) ? 'true' : 'false',
    onClick: () => {
      if (drag.isTap()) props.onPoint?.(p);
    },
    onKeyDown: focus.keys(p),
    onPointerDown: drag.press(p),
    onFocus: focus.entered(p),
    ref: focus.ref(p),
  });

  const points = [];
  for (let p = 1; p <= 24; p++) {
    const own = props.own.points[p] ?? 0;
    const opp = props.opp.points[p] ?? 0;
    const pinned = props.pinned?.[p] ?? null;
    const r = pointRect(p, flip);
    const label = labels.point({
      point: p,
      own,
      opp,
      pinned,
      selected: props.selected === p,
      source: sources.has(p),
      destination: dests.has(p),
    });
    const landing = slot(p, own + opp, flip);
    points.push(
      <g key={p} data-testid={`point-${p}`} data-own={own} data-opp={opp} {...place(p, label)}>
        {rectEl(r, { class: 'zar-hit' })}
        <polygon points={triangle(p, flip)} fill={p % 2 === 1 ? paint.pointA : paint.pointB} />
        {rectEl(r, { class: 'zar-ring' })}
        {dests.has(p) && <LandingMark at={landing} color={pal.mark} solid={look.solid} />}
      </g>,
    );
  }

  const numbers = [];
  for (let p = 1; p <= 24; p++) {
    const a = numberAnchor(p, flip);
    numbers.push(
      <Text key={p} x={a.x} y={a.y} size={4.2} fill={pal.text}>
        {num(p)}
      </Text>,
    );
  }

  const bar = barRect(flip);
  const ownTray = trayRect('own', flip);
  const offDrop = offTarget(flip);
  const topOfSelected = [...spots].reverse().find((s) => s.side === 'own' && s.place === props.selected);

  return (
    <div
      dir="ltr"
      class="zar-board"
      data-theme={theme}
      data-flip={flip ? 'true' : 'false'}
      style={{ direction: 'ltr', width: '100%', touchAction: 'none' }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group names the board's buttons */}
      <svg
        ref={drag.svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="group"
        aria-label={labels.board}
        class={props.animate === false ? undefined : 'zar-animate'}
        style={{ display: 'block', userSelect: 'none', touchAction: 'none' }}
        onPointerMove={drag.move}
        onPointerUp={drag.release}
        onPointerCancel={drag.cancel}
      >
        <style>{boardCss(pal)}</style>
        <PaintDefs theme={theme} pal={pal} prefix={prefix} />
        <rect data-testid="frame" x={0} y={0} width={WIDTH} height={HEIGHT} rx={3} fill={paint.frame} />
        {paint.grain && <rect x={0} y={0} width={WIDTH} height={HEIGHT} rx={3} fill={paint.grain} />}
        {feltRects(flip).map((r) => (
          <g key={r.x}>
            <rect data-testid="felt" x={r.x} y={r.y} width={r.w} height={r.h} fill={paint.felt} />
            {paint.weave && <rect x={r.x} y={r.y} width={r.w} height={r.h} fill={paint.weave} />}
            {paint.bevel && (
              <rect
                x={r.x - 0.6}
                y={r.y - 0.6}
                width={r.w + 1.2}
                height={r.h + 1.2}
                fill="none"
                stroke={paint.bevel}
                stroke-width={1.2}
              />
            )}
          </g>
        ))}
        <g pointer-events="none" data-testid="home-boards">
          {[...homeRects([1, 2, 3, 4, 5, 6], flip), ...homeRects(props.oppHome, flip)].map((r) => (
            <rect
              key={`${r.x},${r.y}`}
              x={r.x}
              y={r.y}
              width={r.w}
              height={r.h}
              fill={pal.home}
              opacity={theme === 'wood' ? 0.55 : 1}
            />
          ))}
        </g>
        <g>{points}</g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: no tabindex, so not focusable; each point's button says its number */}
        <g pointer-events="none" aria-hidden="true">
          {numbers}
        </g>
        {props.hasBar ? (
          <g
            data-testid="bar"
            data-own={props.own.bar}
            data-opp={props.opp.bar}
            {...place(
              25,
              labels.bar({
                own: props.own.bar,
                opp: props.opp.bar,
                selected: props.selected === 25,
                source: sources.has(25),
              }),
            )}
          >
            <BarFace flip={flip} fill={paint.bar} grain={paint.grain} />
            {rectEl(bar, { class: 'zar-ring' })}
          </g>
        ) : (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: no tabindex, so not focusable; a bar without checkers says nothing
          <g aria-hidden="true">
            <BarFace flip={flip} fill={paint.bar} grain={paint.grain} />
          </g>
        )}
        <TrayColumn flip={flip} top={TOP_Y} bottom={BOTTOM_Y} fill={paint.frame} />
        <g
          data-testid="off"
          data-own={props.own.off}
          {...place(0, labels.off({ own: props.own.off, opp: props.opp.off, destination: dests.has(0) }))}
        >
          {rectEl(offDrop, { class: 'zar-hit' })}
          {rectEl(ownTray, { fill: pal.tray, rx: 1 })}
          {rectEl(ownTray, { class: 'zar-ring', rx: 1 })}
        </g>
        <TrayContents
          own={props.own}
          opp={props.opp}
          colors={colors}
          labels={labels}
          flip={flip}
          pal={pal}
          edged={look.solid}
        />
        {props.lastMove && (
          <LastMove
            last={props.lastMove}
            view={props[props.lastMove.side]}
            flip={flip}
            color={pal.last}
            solid={look.solid}
          />
        )}
        <g pointer-events="none">
          {spots.map((s) => (
            <Checker
              key={s.key}
              spot={s}
              color={colors[s.side]}
              selected={s === topOfSelected}
              num={num}
              look={checkerLook}
            />
          ))}
        </g>
        {props.dice && (
          // A new roll is a new group, so its dice tumble in once (the animation runs on mount).
          <Dice
            key={`${props.dice.side}:${props.dice.values.join('')}`}
            dice={props.dice}
            colors={colors}
            labels={labels}
            flip={flip}
            onDice={props.onDice}
            edged={look.solid}
          />
        )}
        {props.cube && <Cube cube={props.cube} labels={labels} flip={flip} num={num} onCube={props.onCube} pal={pal} />}
        {drag.ghost && (
          <circle
            cx={drag.ghost.x}
            cy={drag.ghost.y}
            r={CHECKER_R}
            fill={colors.own}
            stroke={inkOn(colors.own)}
            stroke-width={look.rim}
            opacity={0.85}
            pointer-events="none"
          />
        )}
      </svg>
    </div>
  );
}

/** The bar: its colour, and the wood's grain over it where the theme has one. */
function BarFace(props: { flip: boolean; fill: string; grain: string | null }) {
  const r = barRect(props.flip);
  return (
    <>
      {rectEl(r, { fill: props.fill })}
      {props.grain && rectEl(r, { fill: props.grain })}
    </>
  );
}
