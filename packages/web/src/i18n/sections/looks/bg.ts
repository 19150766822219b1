import type { Catalogue } from '../../catalogue.js';

export const looksBg: Catalogue['looks'] = {};
