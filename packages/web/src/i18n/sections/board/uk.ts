import type { Catalogue } from '../../catalogue.js';

/** Ukrainian strings of the 'board' section. */
export const boardUk: Catalogue['board'] = {
  sep: ', ',
  label: 'Дошка',
  point: 'Пункт {n}',
  empty: 'порожньо',
  checkers: { one: '{n} шашка', few: '{n} шашки', many: '{n} шашок', other: '{n} шашки' },
  yours: 'ваші',
  theirs: 'суперника',
  pinned: 'замкнена',
  bar: 'Бар',
  off: 'Викинуті',
  yourOff: 'Ваші викинуті шашки',
  dice: 'Кубики',
  cube: 'Кубик подвоєння',
  cubeCentred: 'у центрі',
  cubeOffered: 'запропонований',
  cubeDouble: 'натисніть, щоб подвоїти',
  yourDice: 'Ваші кубики',
  theirDice: 'Кубики суперника',
  used: 'зіграний',
  selected: 'вибраний',
  destination: 'сюди можна піти',
  source: 'звідси можна ходити',
};
