import type { Catalogue } from '../../catalogue.js';

export const diceRu: Catalogue['dice'] = {};
