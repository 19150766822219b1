import type { Catalogue } from '../../catalogue.js';

/** Bulgarian strings of the 'history' section. */
export const historyBg: Catalogue['history'] = {
  title: 'История',
  empty: 'Още не сте изиграли нито една партия.',
  date: 'Дата',
  game: 'Игра',
  opponent: 'Противник',
  result: 'Резултат',
  won: 'победа',
  lost: 'загуба',
  wonAbandoned: 'победа (противникът напусна)',
  lostAbandoned: 'загуба (напускане)',
  open: 'продължава',
  view: 'Отвори',
  analyse: 'Анализ',
};
