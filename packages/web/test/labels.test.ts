import { describe, expect, it } from 'vitest';
import { ar } from '../src/i18n/ar.js';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { ru } from '../src/i18n/ru.js';
import { boardLabels } from '../src/table/labels.js';

const point = { point: 13, own: 0, opp: 0, pinned: null, selected: false, source: false, destination: false } as const;

describe('board labels', () => {
  it('names a point with its checkers and what can be done there', () => {
    const l = boardLabels(makeI18n('en', en));
    expect(l.point({ ...point, own: 5, source: true })).toBe('Point 13: 5 checkers, yours, you can move from here');
    expect(l.point({ ...point, point: 4, opp: 1, pinned: 'opp', destination: true })).toBe(
      'Point 4: 1 checker, opponent’s, pinned (opponent’s), you can move here',
    );
    expect(l.point(point)).toBe('Point 13: empty');
  });

  it('uses the plural rules of the page language', () => {
    const l = boardLabels(makeI18n('ru', ru));
    expect(l.point({ ...point, own: 5 })).toBe('Пункт 13: 5 шашек, ваши');
    expect(l.point({ ...point, own: 2 })).toBe('Пункт 13: 2 шашки, ваши');
    expect(l.off({ own: 1, opp: 0, destination: false })).toBe('Ваши выброшенные шашки: 1 шашка');
    const a = boardLabels(makeI18n('ar', ar));
    expect(a.point({ ...point, own: 2 })).toBe('الخانة 13: حجران، لك');
  });

  it('names the cube and the dice', () => {
    const l = boardLabels(makeI18n('en', en));
    expect(l.cube({ value: 2, owner: 'own', offered: false, canDouble: true })).toBe(
      'Doubling cube 2, yours, press to double',
    );
    expect(l.dice({ values: [6, 5], used: [true, false], side: 'own' })).toBe('Your dice: 6 (used), 5');
  });
});
