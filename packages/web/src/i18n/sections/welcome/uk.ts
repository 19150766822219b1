import type { Catalogue } from '../../catalogue.js';

export const welcomeUk: Catalogue['welcome'] = {};
