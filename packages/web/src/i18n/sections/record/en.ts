/** English strings of the 'record' section; the source of its type. */
export const recordEn = {};
