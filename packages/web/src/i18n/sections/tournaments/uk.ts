import type { Catalogue } from '../../catalogue.js';

export const tournamentsUk: Catalogue['tournaments'] = {};
