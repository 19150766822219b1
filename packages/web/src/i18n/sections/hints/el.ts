import type { Catalogue } from '../../catalogue.js';

export const hintsEl: Catalogue['hints'] = {};
