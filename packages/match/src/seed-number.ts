/**
 * A text seed as the 32-bit number a bot's noise is seeded with (FNV-1a): `zar play --seed`
 * and the browser's offline play both seat their bot with it, so that the same text gives the
 * same bot choices through either.
 */
export function seedNumber(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
