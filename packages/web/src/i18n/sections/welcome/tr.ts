import type { Catalogue } from '../../catalogue.js';

export const welcomeTr: Catalogue['welcome'] = {};
