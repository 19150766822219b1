import type { Catalogue } from '../../catalogue.js';

export const recordEl: Catalogue['record'] = {};
