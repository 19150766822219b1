import type { Catalogue } from '../../catalogue.js';

export const tableRu: Catalogue['table'] = {
  side: 'Панель партии',
};
