import type { PwaText } from './en.js';

/** Turkish strings of the notice that a new version of Zar is ready. */
export const pwaTr: PwaText = {
  updated: 'Zar güncellendi.',
  reload: 'Yeniden yükle',
  later: 'Sonra',
};
