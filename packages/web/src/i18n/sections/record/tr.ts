import type { Catalogue } from '../../catalogue.js';

export const recordTr: Catalogue['record'] = {};
