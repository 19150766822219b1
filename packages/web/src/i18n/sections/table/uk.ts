import type { Catalogue } from '../../catalogue.js';

export const tableUk: Catalogue['table'] = {
  side: 'Панель партії',
};
