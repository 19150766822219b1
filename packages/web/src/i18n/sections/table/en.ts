/** English strings of the 'table' section; the source of its type. */
export const tableEn = {};
