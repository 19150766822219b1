import type { Catalogue } from '../../catalogue.js';

export const hintsRu: Catalogue['hints'] = {};
