import type { PwaText } from './en.js';

/** Bulgarian strings of the notice that a new version of Zar is ready. */
export const pwaBg: PwaText = {
  updated: 'Zar е обновен.',
  reload: 'Презареди',
  later: 'По-късно',
};
