import type { Catalogue } from '../../catalogue.js';

export const welcomeRu: Catalogue['welcome'] = {};
