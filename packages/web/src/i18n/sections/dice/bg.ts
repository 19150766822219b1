import type { Catalogue } from '../../catalogue.js';

export const diceBg: Catalogue['dice'] = {};
