import type { Catalogue } from '../../catalogue.js';

export const looksEl: Catalogue['looks'] = {};
