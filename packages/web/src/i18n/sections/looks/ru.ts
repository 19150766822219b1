import type { Catalogue } from '../../catalogue.js';

export const looksRu: Catalogue['looks'] = {};
