import type { Catalogue } from '../../catalogue.js';

export const welcomeBg: Catalogue['welcome'] = {};
