import type { Catalogue } from '../../catalogue.js';

export const looksRo: Catalogue['looks'] = {};
