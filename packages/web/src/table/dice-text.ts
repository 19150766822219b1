/** Dice as players write them: the high die first ("6-4"). */
export const diceText = (d: readonly [number, number]): string => `${Math.max(...d)}-${Math.min(...d)}`;
