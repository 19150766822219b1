import type { Catalogue } from '../../catalogue.js';

export const looksUk: Catalogue['looks'] = {};
