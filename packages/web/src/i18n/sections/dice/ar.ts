import type { Catalogue } from '../../catalogue.js';

export const diceAr: Catalogue['dice'] = {};
