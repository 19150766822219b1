import type { Catalogue } from '../../catalogue.js';

export const hintsRo: Catalogue['hints'] = {};
