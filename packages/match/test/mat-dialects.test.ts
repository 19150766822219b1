import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportMat, importMat, type MatchRecord } from '../src/index.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/mat/${name}`, import.meta.url), 'utf8');

function imported(text: string): MatchRecord {
  const r = importMat(text);
  if (!r.ok) expect.fail(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe("importMat reads eXtreme Gammon's export (fixtures/mat/xg-export-5.mat)", () => {
  it('reads the same match as the file Zar wrote of it: header tags, CRLF, Bar/Off, "and the match"', () => {
    const xg = imported(fixture('xg-export-5.mat'));
    const zar = imported(fixture('zar-golden.mat'));
    // The same actions, the plays written with numbers for the bar and off.
    const numbers = (r: MatchRecord) =>
      r.actions.map((a) =>
        a.type === 'play' ? { ...a, play: a.play.replace(/bar/gi, '25').replace(/off/gi, '0') } : a,
      );
    expect(numbers(xg)).toEqual(numbers(zar));
    expect(xg.settings).toEqual(zar.settings);
    expect(xg.players).toEqual(['Alice', 'Bob']);
  });

  it('round-trips: written again as .mat, it is the file Zar writes of the match', () => {
    expect(exportMat(imported(fixture('xg-export-5.mat')))).toBe(fixture('zar-golden.mat'));
  });

  it('refuses another variation by its tag, before any move is replayed', () => {
    const nack = fixture('xg-export-5.mat').replace('[Variation "Backgammon"]', '[Variation "NackGammon"]');
    const r = importMat(nack);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('ERR_MAT_HEADER');
    expect(r.error.params).toEqual({ found: 'Variation "NackGammon"' });
  });
});
