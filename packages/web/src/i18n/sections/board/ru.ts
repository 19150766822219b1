import type { Catalogue } from '../../catalogue.js';

/** Russian strings of the 'board' section. */
export const boardRu: Catalogue['board'] = {
  sep: ', ',
  label: 'Доска',
  point: 'Пункт {n}',
  empty: 'пусто',
  checkers: { one: '{n} шашка', few: '{n} шашки', many: '{n} шашек', other: '{n} шашки' },
  yours: 'ваши',
  theirs: 'соперника',
  pinned: 'заперта',
  bar: 'Бар',
  off: 'Выброшенные',
  yourOff: 'Ваши выброшенные шашки',
  dice: 'Кубики',
  cube: 'Кубик удвоения',
  cubeCentred: 'в центре',
  cubeOffered: 'предложен',
  cubeDouble: 'нажмите, чтобы удвоить',
  yourDice: 'Ваши кубики',
  theirDice: 'Кубики соперника',
  used: 'сыгран',
  selected: 'выбран',
  destination: 'сюда можно пойти',
  source: 'отсюда можно ходить',
};
