import { readFileSync } from 'node:fs';

/** A row of test/fixtures/gnubg-labels.json: gnubg's class of a board and its driver's answers. */
export interface GnubgFixtureRow {
  /** The opening, a board made for the class rule, or a position drawn as label sets draw them. */
  readonly source: 'opening' | 'made' | 'drawn';
  /** Zar's layout, side on roll's view. */
  readonly board: readonly number[];
  /** gnubg's `classifypos`. */
  readonly class: number;
  /** The driver's answer lines at 0 and 2 plies. */
  readonly plies0: string;
  readonly plies2: string;
}

export function gnubgFixture(): readonly GnubgFixtureRow[] {
  const path = new URL('../fixtures/gnubg-labels.json', import.meta.url);
  return (JSON.parse(readFileSync(path, 'utf8')) as { rows: GnubgFixtureRow[] }).rows;
}
