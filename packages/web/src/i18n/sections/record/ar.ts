import type { Catalogue } from '../../catalogue.js';

export const recordAr: Catalogue['record'] = {};
