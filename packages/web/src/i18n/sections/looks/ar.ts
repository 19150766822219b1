import type { Catalogue } from '../../catalogue.js';

export const looksAr: Catalogue['looks'] = {};
