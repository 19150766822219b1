import type { Catalogue } from '../../catalogue.js';

export const diceUk: Catalogue['dice'] = {};
