import type { en } from './en.js';
import type { PluralForms } from './plural.js';

/**
 * The shape every language's catalogue has: the English catalogue's keys, with every
 * message widened to `string` and every plural message to `PluralForms` (so a language may
 * add the `few`/`many`/`zero`/`two` forms English does not use).
 */
type Shape<T> = T extends string
  ? string
  : T extends { readonly other: string }
    ? PluralForms
    : { readonly [K in keyof T]: Shape<T[K]> };

export type Catalogue = Shape<typeof en>;
