import type { Catalogue } from '../../catalogue.js';

export const tableAr: Catalogue['table'] = {
  side: 'لوحة المباراة',
};
