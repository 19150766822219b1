import type { Catalogue } from '../../catalogue.js';

export const tournamentsTr: Catalogue['tournaments'] = {};
