import type { Catalogue } from '../../catalogue.js';

export const recordBg: Catalogue['record'] = {};
