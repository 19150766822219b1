/** English strings of the 'welcome' section; the source of its type. */
export const welcomeEn = {};
