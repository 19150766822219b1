import type { Catalogue } from '../../catalogue.js';

export const recordRo: Catalogue['record'] = {};
