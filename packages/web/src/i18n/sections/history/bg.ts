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
  /** A match played offline in the browser and uploaded (its dice came from a seed the browser chose). */
  offline: 'Изигран офлайн срещу бота: приятелски, без рейтинг, заровете му не могат да се докажат',
};
