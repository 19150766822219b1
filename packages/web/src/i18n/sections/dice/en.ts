/** English strings of the 'dice' section: Dice statistics and verifying the dice (issue 29); the source of its type. */
export const diceEn = {} as const;
