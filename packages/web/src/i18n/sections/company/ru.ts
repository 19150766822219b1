import type { Catalogue } from '../../catalogue.js';

export const companyRu: Catalogue['company'] = {};
