import type { Catalogue } from '../../catalogue.js';

export const companyEl: Catalogue['company'] = {};
