import type { Catalogue } from '../../catalogue.js';

export const companyAr: Catalogue['company'] = {};
