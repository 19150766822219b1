import type { Catalogue } from '../../catalogue.js';

export const welcomeAr: Catalogue['welcome'] = {};
