import type { Catalogue } from '../../catalogue.js';

export const tournamentsBg: Catalogue['tournaments'] = {};
