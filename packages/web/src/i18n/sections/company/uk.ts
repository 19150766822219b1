import type { Catalogue } from '../../catalogue.js';

export const companyUk: Catalogue['company'] = {};
