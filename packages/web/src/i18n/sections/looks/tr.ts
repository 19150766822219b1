import type { Catalogue } from '../../catalogue.js';

export const looksTr: Catalogue['looks'] = {};
