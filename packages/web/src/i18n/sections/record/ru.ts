import type { Catalogue } from '../../catalogue.js';

export const recordRu: Catalogue['record'] = {};
