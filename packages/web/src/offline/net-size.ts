/** Each game's net in kilobytes, written in by the build (build/net-sizes.ts); absent in unit tests. */
declare const __ZAR_NET_KB__: Readonly<Record<string, number>> | undefined;

/** How many kilobytes choosing offline play of `game` downloads once: its net (null when unknown, or none). */
export function netKb(game: string): number | null {
  if (typeof __ZAR_NET_KB__ === 'undefined') return null;
  return __ZAR_NET_KB__[game] ?? null;
}
