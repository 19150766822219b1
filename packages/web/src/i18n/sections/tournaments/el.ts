import type { Catalogue } from '../../catalogue.js';

export const tournamentsEl: Catalogue['tournaments'] = {};
