import type { Catalogue } from '../../catalogue.js';

export const tableEl: Catalogue['table'] = {
  side: 'Πίνακας παρτίδας',
};
