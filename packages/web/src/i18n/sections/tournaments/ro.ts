import type { Catalogue } from '../../catalogue.js';

export const tournamentsRo: Catalogue['tournaments'] = {};
