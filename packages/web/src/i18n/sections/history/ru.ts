import type { Catalogue } from '../../catalogue.js';

/** Russian strings of the 'history' section. */
export const historyRu: Catalogue['history'] = {
  title: 'История',
  empty: 'Вы ещё не сыграли ни одной партии.',
  date: 'Дата',
  game: 'Игра',
  opponent: 'Соперник',
  result: 'Итог',
  won: 'победа',
  lost: 'поражение',
  wonAbandoned: 'победа (соперник покинул игру)',
  lostAbandoned: 'поражение (игра покинута)',
  open: 'идёт',
  view: 'Открыть',
  analyse: 'Анализ',
};
