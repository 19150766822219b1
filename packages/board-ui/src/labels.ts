// English words for the board: a reference for the page's catalogues and a fallback for tools
// and tests. A page in another language passes its own `BoardLabels`.

import type { BoardLabels, PointInfo, Side } from './types.js';

const of = (n: number, whose: string): string => (n === 0 ? '' : `${n} ${whose}`);

function contents(own: number, opp: number): string {
  const parts = [of(own, 'of yours'), of(opp, 'of theirs')].filter(Boolean);
  return parts.length === 0 ? 'empty' : parts.join(', ');
}

function state(info: { selected?: boolean; source?: boolean; destination?: boolean }): string {
  if (info.selected) return ', selected';
  if (info.destination) return ', you can move here';
  if (info.source) return ', can move';
  return '';
}

const owner = (o: Side | null): string => (o === null ? 'in the middle' : o === 'own' ? 'yours' : 'theirs');

export const englishLabels: BoardLabels = {
  board: 'Board',
  point(info: PointInfo) {
    const pin = info.pinned === null ? '' : info.pinned === 'own' ? ', your checker pinned' : ', their checker pinned';
    return `Point ${info.point}: ${contents(info.own, info.opp)}${pin}${state(info)}`;
  },
  bar: (info) => `Bar: ${contents(info.own, info.opp)}${state(info)}`,
  off: (info) => `Borne off: ${info.own} of yours, ${info.opp} of theirs${state(info)}`,
  cube: (info) => {
    if (info.offered) return `Cube ${info.value}, offered`;
    return `Cube ${info.value}, ${owner(info.owner)}${info.canDouble ? ', tap to double' : ''}`;
  },
  dice: (info) => {
    const who = info.side === 'own' ? 'Your dice' : 'Their dice';
    const left = info.values.filter((_, i) => !info.used[i]);
    const rest =
      left.length === info.values.length ? '' : left.length === 0 ? ', all used' : `, ${left.join(' and ')} left`;
    return `${who}: ${info.values.join(' and ')}${rest}`;
  },
  pips: (count) => String(count),
};
