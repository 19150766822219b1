import type { Catalogue } from '../../catalogue.js';

export const tournamentsRu: Catalogue['tournaments'] = {};
