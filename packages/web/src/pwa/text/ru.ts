import type { PwaText } from './en.js';

/** Russian strings of the notice that a new version of Zar is ready. */
export const pwaRu: PwaText = {
  updated: 'Zar обновлён.',
  reload: 'Перезагрузить',
  later: 'Позже',
};
