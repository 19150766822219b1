import type { PwaText } from './en.js';

/** Romanian strings of the notice that a new version of Zar is ready. */
export const pwaRo: PwaText = {
  updated: 'Zar a fost actualizat.',
  reload: 'Reîncarcă',
  later: 'Mai târziu',
};
