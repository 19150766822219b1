import type { Catalogue } from '../../catalogue.js';

export const hintsAr: Catalogue['hints'] = {};
