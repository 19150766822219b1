import type { PwaText } from './en.js';

/** Greek strings of the notice that a new version of Zar is ready. */
export const pwaEl: PwaText = {
  updated: 'Το Zar ενημερώθηκε.',
  reload: 'Επαναφόρτωση',
  later: 'Αργότερα',
};
