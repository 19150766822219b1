import type { Catalogue } from '../../catalogue.js';

export const tournamentsAr: Catalogue['tournaments'] = {};
