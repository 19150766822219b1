import type { Catalogue } from '../../catalogue.js';

export const diceTr: Catalogue['dice'] = {};
