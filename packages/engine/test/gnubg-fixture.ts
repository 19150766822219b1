import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Dice } from '../src/index.js';

/** One row of backgammon-gnubg-plays.json.gz (written by tools/gnubg-fixture.py). */
export interface GnubgRow {
  /** gnubg Position ID of the position, side on roll to play. */
  readonly id: string;
  readonly dice: Dice;
  /** Distinct legal plays gnubg 1.07 found. */
  readonly count: number;
  /** Sorted Position IDs after each play, as gnubg prints them: the mover's opponent on roll. */
  readonly plays: readonly string[];
  /** How the position was made: gnubg self-play or a kind of constructed position. */
  readonly source: string;
}

export function loadGnubgRows(): GnubgRow[] {
  const gz = readFileSync(new URL('./fixtures/backgammon-gnubg-plays.json.gz', import.meta.url));
  return (JSON.parse(gunzipSync(gz).toString('utf8')) as { rows: GnubgRow[] }).rows;
}
