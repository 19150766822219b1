/**
 * Wraps notation in a left-to-right isolate (U+2066 … U+2069) so that a move such as
 * `8/5 6/5` keeps its order inside right-to-left Arabic prose.
 */
export const ltr = (notation: string): string => `\u2066${notation}\u2069`;
