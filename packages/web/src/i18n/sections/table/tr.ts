import type { Catalogue } from '../../catalogue.js';

export const tableTr: Catalogue['table'] = {
  side: 'Oyun paneli',
};
