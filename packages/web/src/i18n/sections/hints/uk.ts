import type { Catalogue } from '../../catalogue.js';

export const hintsUk: Catalogue['hints'] = {};
