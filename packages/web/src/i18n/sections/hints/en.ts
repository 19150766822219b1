/** English strings of the 'hints' section; the source of its type. */
export const hintsEn = {};
