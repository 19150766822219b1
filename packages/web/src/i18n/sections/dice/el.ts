import type { Catalogue } from '../../catalogue.js';

export const diceEl: Catalogue['dice'] = {};
