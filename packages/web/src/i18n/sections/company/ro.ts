import type { Catalogue } from '../../catalogue.js';

export const companyRo: Catalogue['company'] = {};
