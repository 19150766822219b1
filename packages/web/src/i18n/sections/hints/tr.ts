import type { Catalogue } from '../../catalogue.js';

export const hintsTr: Catalogue['hints'] = {};
