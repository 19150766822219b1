import type { Catalogue } from '../../catalogue.js';

export const recordUk: Catalogue['record'] = {};
