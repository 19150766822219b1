import type { Catalogue } from '../../catalogue.js';

/** Bulgarian strings of the 'board' section. */
export const boardBg: Catalogue['board'] = {
  sep: ', ',
  label: 'Дъска',
  point: 'Поле {n}',
  empty: 'празно',
  checkers: { one: '{n} пул', other: '{n} пула' },
  yours: 'ваши',
  theirs: 'на противника',
  pinned: 'затапен',
  bar: 'Бар',
  off: 'Събрани',
  yourOff: 'Вашите събрани пулове',
  dice: 'Зарове',
  cube: 'Куб за удвояване',
  cubeCentred: 'в средата',
  cubeOffered: 'предложен',
  cubeDouble: 'натиснете, за да удвоите',
  yourDice: 'Вашите зарове',
  theirDice: 'Заровете на противника',
  used: 'изигран',
  selected: 'избрано',
  destination: 'можете да играете тук',
  source: 'можете да играете оттук',
};
