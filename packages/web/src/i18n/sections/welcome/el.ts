import type { Catalogue } from '../../catalogue.js';

export const welcomeEl: Catalogue['welcome'] = {};
