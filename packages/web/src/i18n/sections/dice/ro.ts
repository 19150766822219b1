import type { Catalogue } from '../../catalogue.js';

export const diceRo: Catalogue['dice'] = {};
