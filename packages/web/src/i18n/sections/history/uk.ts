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
  /** A match played offline in the browser and uploaded (its dice came from a seed the browser chose). */
  offline: 'Зіграно офлайн проти бота: товариський, без рейтингу, кістки не доказові',
};
