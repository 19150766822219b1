import type { Catalogue } from '../../catalogue.js';

export const companyTr: Catalogue['company'] = {};
