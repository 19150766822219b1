import type { Catalogue } from '../../catalogue.js';

export const hintsBg: Catalogue['hints'] = {};
