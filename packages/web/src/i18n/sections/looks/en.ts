/** English strings of the 'looks' section; the source of its type. */
export const looksEn = {};
