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
  /** A match played offline in the browser and uploaded (its dice came from a seed the browser chose). */
  offline: 'Сыграно офлайн против бота: товарищеский, без рейтинга, кости не доказуемы',
};
