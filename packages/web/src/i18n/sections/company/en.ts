/** English strings of the 'company' section: Chat, spectators and the live list of games (issue 29); the source of its type. */
export const companyEn = {} as const;
