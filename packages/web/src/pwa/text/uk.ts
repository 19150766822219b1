import type { PwaText } from './en.js';

/** Ukrainian strings of the notice that a new version of Zar is ready. */
export const pwaUk: PwaText = {
  updated: 'Zar оновлено.',
  reload: 'Перезавантажити',
  later: 'Пізніше',
};
