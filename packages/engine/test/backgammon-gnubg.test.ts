import { describe, expect, it } from 'vitest';
import { makePositionId, parsePositionId, rulesFor } from '../src/index.js';
import { type GnubgRow, loadGnubgRows } from './gnubg-fixture.js';

const bg = rulesFor('backgammon');
const rows = loadGnubgRows();

/** Where our legal plays differ from gnubg's for one row, or null when they agree. */
function compare(row: GnubgRow): string | null {
  const parsed = parsePositionId(row.id);
  if (!parsed.ok) return `${row.id}: ${parsed.error.message}`;
  const ours = bg.legalPlays(parsed.value, row.dice).map((p) => makePositionId(p.next));
  const theirs = new Set(row.plays);
  const mine = new Set(ours);
  const missing = row.plays.filter((id) => !mine.has(id));
  const extra = ours.filter((id) => !theirs.has(id));
  if (ours.length === row.count && mine.size === ours.length && missing.length === 0 && extra.length === 0) {
    return null;
  }
  return `${row.id} ${row.dice.join('-')} (${row.source}): gnubg ${row.count}, ours ${ours.length}; missing ${missing.join(' ')}; extra ${extra.join(' ')}`;
}

describe('backgammon legal plays against gnubg 1.07 (fixture from tools/gnubg-fixture.py)', () => {
  it('the fixture covers every kind of position, with thousands of rows', () => {
    expect(rows.length).toBeGreaterThan(3000);
    const sources = new Set(rows.map((r) => r.source));
    for (const kind of [
      'gnubg self-play',
      'bar against home board',
      'closed board',
      'bear-off',
      'race',
      'both on bar',
    ]) {
      expect(sources).toContain(kind);
    }
    expect(rows.some((r) => r.count === 0)).toBe(true);
    expect(rows.some((r) => r.dice[0] === r.dice[1] && r.count > 100)).toBe(true);
  });

  it.each([...new Set(rows.map((r) => r.source))])('%s: same count and same resulting positions', (source) => {
    const differences = rows
      .filter((r) => r.source === source)
      .map(compare)
      .filter((d) => d !== null);
    expect(differences).toEqual([]);
  });
});
