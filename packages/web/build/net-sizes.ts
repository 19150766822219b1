import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const WEIGHTS = fileURLToPath(new URL('../../bot/weights/', import.meta.url));

/**
 * The size in kilobytes of each game's committed net (packages/bot/weights), by game id, for
 * the offline page to say how much choosing it downloads: read at build time, so it follows
 * the weights. The backgammon net's file is named for how it was trained.
 */
export function netSizes(): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const file of readdirSync(WEIGHTS)) {
    if (!file.endsWith('.json')) continue;
    const game = file === 'backgammon-td.json' ? 'backgammon' : file.slice(0, -'.json'.length);
    sizes[game] = Math.round(statSync(WEIGHTS + file).size / 1024);
  }
  return sizes;
}
