/** English strings of the 'tournaments' section: Tournaments (issue 29); the source of its type. */
export const tournamentsEn = {} as const;
