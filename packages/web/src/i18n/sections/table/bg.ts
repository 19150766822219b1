import type { Catalogue } from '../../catalogue.js';

export const tableBg: Catalogue['table'] = {
  side: 'Панел на играта',
};
