import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { englishLabels } from '../src/labels.js';
import { Checker, Dice, LandingMark, LastMove, TrayContents } from '../src/parts.js';
import { BOARD_THEMES, contrastRatio, inkOn, luminance, THEME_LOOKS } from '../src/themes.js';

/** WCAG 2.1 AA: 3:1 for the parts of a graphic one must tell apart (1.4.11), 4.5:1 for text (1.4.3). */
const NON_TEXT = 3;
const TEXT = 4.5;

const look = THEME_LOOKS.contrast;
const pal = look.palette;
const checkers = look.checkers;

/** A checker stands out from a surface when its fill or its rim (drawn in inkOn(fill)) does. */
const checkerAgainst = (fill: string, surface: string): number =>
  Math.max(contrastRatio(fill, surface), contrastRatio(inkOn(fill), surface));

describe('WCAG contrast arithmetic', () => {
  it('gives the known values: black on white 21, white on white 1, #767676 on white 4.54', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(luminance('#ff0000')).toBeCloseTo(0.2126, 4);
  });

  it('is symmetric and between 1 and 21', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const r = contrastRatio(a, b);
        expect(r).toBeCloseTo(contrastRatio(b, a), 10);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(21.0001);
      }),
    );
  });

  it('inkOn picks the ink that reads better, at least 3:1 on any fill (the rim, and the bold count on a checker)', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, (fill) => {
        const chosen = contrastRatio(inkOn(fill), fill);
        return (
          chosen >= NON_TEXT && chosen >= contrastRatio('#1a120c', fill) && chosen >= contrastRatio('#fbf6ea', fill)
        );
      }),
    );
  });
});

describe('the high-contrast theme passes WCAG AA', () => {
  it('has its own checkers', () => {
    expect(checkers).not.toBeNull();
  });
  const own = checkers?.own ?? '';
  const opp = checkers?.opp ?? '';
  const surfaces = { felt: pal.felt, home: pal.home, pointA: pal.pointA, pointB: pal.pointB, bar: pal.bar };

  it('the two checker colours differ by at least 3:1', () => {
    expect(contrastRatio(own, opp)).toBeGreaterThanOrEqual(NON_TEXT);
  });

  it.each(Object.entries(surfaces))('each checker stands out from the %s by at least 3:1', (_name, surface) => {
    expect(checkerAgainst(own, surface)).toBeGreaterThanOrEqual(NON_TEXT);
    expect(checkerAgainst(opp, surface)).toBeGreaterThanOrEqual(NON_TEXT);
  });

  it('both kinds of point stand out from the felt and the home board by at least 3:1', () => {
    for (const point of [pal.pointA, pal.pointB]) {
      expect(contrastRatio(point, pal.felt)).toBeGreaterThanOrEqual(NON_TEXT);
      expect(contrastRatio(point, pal.home)).toBeGreaterThanOrEqual(NON_TEXT);
    }
  });

  it('point numbers and pip counts read on the frame (4.5:1), the cube reads, marks stand out from the felt', () => {
    expect(contrastRatio(pal.text, pal.frame)).toBeGreaterThanOrEqual(TEXT);
    expect(contrastRatio(pal.cubeInk, pal.cube)).toBeGreaterThanOrEqual(TEXT);
    expect(contrastRatio(pal.mark, pal.felt)).toBeGreaterThanOrEqual(NON_TEXT);
    expect(contrastRatio(pal.select, pal.felt)).toBeGreaterThanOrEqual(NON_TEXT);
  });
});

describe('every theme', () => {
  it.each(BOARD_THEMES)('%s: numbers read on the frame and every colour is a #rrggbb', (theme) => {
    const p = THEME_LOOKS[theme].palette;
    for (const c of Object.values(p)) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(p.text, p.frame)).toBeGreaterThanOrEqual(TEXT);
  });
});

/** An element as drawn: its tag or component and its attributes. */
interface Drawn {
  readonly type: unknown;
  readonly props: Record<string, unknown>;
}

/** Every element a part draws, its components expanded (the parts below use no hooks). */
function drawn(node: unknown): Drawn[] {
  if (node === null || node === undefined || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap(drawn);
  const el = node as Drawn;
  if (typeof el.type === 'function') return drawn((el.type as (p: unknown) => unknown)(el.props));
  return [el, ...drawn(el.props.children)];
}

/** The colour a surface shows under a part: max of its fill's and its edge's contrast with it. */
const standsOut = (el: Drawn, surface: string): number =>
  Math.max(
    contrastRatio(String(el.props.fill), surface),
    el.props.stroke ? contrastRatio(String(el.props.stroke), surface) : 1,
  );

describe('the high-contrast theme as drawn', () => {
  const own = checkers?.own ?? '';
  const opp = checkers?.opp ?? '';
  const points = [pal.felt, pal.home, pal.pointA, pal.pointB];
  const side = (off: number) => ({ points: new Array<number>(25).fill(0), bar: 0, off, pips: 100 });

  it('borne-off checkers of both colours stand out from their tray by at least 3:1', () => {
    const tray = TrayContents({
      own: side(4),
      opp: side(4),
      colors: { own, opp },
      labels: englishLabels,
      flip: false,
      pal,
      edged: look.solid,
    });
    // The slabs are the edged rects; the tray under them is not.
    const slabs = drawn(tray).filter((el) => el.type === 'rect' && el.props.stroke !== undefined);
    expect(slabs).toHaveLength(8);
    for (const slab of slabs) expect(standsOut(slab, pal.tray)).toBeGreaterThanOrEqual(NON_TEXT);
  });

  it('a landing mark is opaque and stands out from the felt and from both kinds of point', () => {
    const [mark] = drawn(LandingMark({ at: { x: 10, y: 10 }, color: pal.mark, solid: look.solid }));
    expect(mark?.props.opacity).toBe(1);
    for (const surface of points) expect(standsOut(mark as Drawn, surface)).toBeGreaterThanOrEqual(NON_TEXT);
  });

  it('the last move is opaque, its line edged in ink that stands out from every surface it crosses', () => {
    const [group, ...parts] = drawn(
      LastMove({
        last: { side: 'opp', steps: [{ from: 24, to: 13 }] },
        view: side(0),
        flip: false,
        color: pal.last,
        solid: look.solid,
      }),
    );
    expect(group?.props.opacity).toBe(1);
    const lines = parts.filter((el) => el.type === 'line');
    expect(lines).toHaveLength(2);
    const [casing, line] = lines.map((el) => String(el.props.stroke)) as [string, string];
    expect(contrastRatio(casing, line)).toBeGreaterThanOrEqual(NON_TEXT);
    for (const surface of points) {
      expect(Math.max(contrastRatio(casing, surface), contrastRatio(line, surface))).toBeGreaterThanOrEqual(NON_TEXT);
    }
  });

  it.each([
    ['white', own],
    ['black', opp],
  ])('the ring round a selected %s checker is edged in ink that stands out from every surface', (_name, color) => {
    const spot = { key: 'a', side: 'own' as const, place: 6, index: 0, x: 10, y: 10, count: null, pinned: false };
    const look = { rim: THEME_LOOKS.contrast.rim, sheen: null, select: pal.select, solid: THEME_LOOKS.contrast.solid };
    const el = drawn(Checker({ spot, color, selected: true, num: String, look }));
    const rings = el.filter(
      (e) => e.type === 'circle' && e.props.fill === 'none' && Number(e.props['stroke-width']) > 1,
    );
    expect(rings).toHaveLength(2);
    const [casing, ring] = rings.map((e) => String(e.props.stroke)) as [string, string];
    expect(contrastRatio(casing, ring)).toBeGreaterThanOrEqual(NON_TEXT);
    for (const surface of points) {
      expect(Math.max(contrastRatio(casing, surface), contrastRatio(ring, surface))).toBeGreaterThanOrEqual(NON_TEXT);
    }
  });

  it('a die of either colour stands out from the felt and the home board, by its face or its wider edge', () => {
    for (const side of ['own', 'opp'] as const) {
      const dice = { values: [6, 3], used: [false, false], side };
      const el = drawn(
        Dice({ dice, colors: { own, opp }, labels: englishLabels, flip: false, onDice: undefined, edged: true }),
      );
      const faces = el.filter((e) => e.type === 'rect' && e.props.stroke !== undefined);
      expect(faces).toHaveLength(2);
      for (const face of faces) {
        expect(Number(face.props['stroke-width'])).toBeGreaterThanOrEqual(0.8);
        for (const surface of [pal.felt, pal.home]) expect(standsOut(face, surface)).toBeGreaterThanOrEqual(NON_TEXT);
      }
    }
  });
});
