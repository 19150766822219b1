import type { Catalogue } from '../../catalogue.js';

export const tableRo: Catalogue['table'] = {
  side: 'Panoul partidei',
};
