import type { Catalogue } from '../../catalogue.js';

export const companyBg: Catalogue['company'] = {};
