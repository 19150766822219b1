import type { Catalogue } from '../../catalogue.js';

export const welcomeRo: Catalogue['welcome'] = {};
