import type { Catalogue } from '../../catalogue.js';

/** Ukrainian strings of the 'history' section. */
export const historyUk: Catalogue['history'] = {
  title: 'Історія',
  empty: 'Ви ще не зіграли жодної партії.',
  date: 'Дата',
  game: 'Гра',
  opponent: 'Суперник',
  result: 'Підсумок',
  won: 'перемога',
  lost: 'поразка',
  wonAbandoned: 'перемога (суперник покинув гру)',
  lostAbandoned: 'поразка (гру покинуто)',
  open: 'триває',
  view: 'Відкрити',
  analyse: 'Аналіз',
};
