import { readFileSync } from 'node:fs';
import { createRules, type GameId, matchPlay, parseZarPosition } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { puzzleId } from '../../src/puzzles/puzzle.js';
import { parseStartingSet, startingPuzzles } from '../../src/puzzles/starting-set.js';
import { puzzleThemes } from '../../src/puzzles/themes.js';

/** The margin each game's puzzles were cut with, as the file records it. */
const margins = (
  JSON.parse(readFileSync(new URL('../../puzzles/starting-set.json', import.meta.url), 'utf8')) as {
    margins: Record<GameId, number>;
  }
).margins;

describe('the shipped starting set', () => {
  it('has backgammon play and cube puzzles, each whole and each once', async () => {
    const puzzles = await startingPuzzles();
    expect(puzzles.filter((p) => p.game === 'backgammon' && p.kind === 'play').length).toBeGreaterThan(0);
    expect(puzzles.some((p) => p.kind !== 'play')).toBe(true);
    expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
    for (const p of puzzles) {
      expect(puzzleId(p)).toBe(p.id);
      const equities = p.answers.map((a) => a.equity);
      expect(equities).toEqual([...equities].sort((a, b) => b - a));
      expect((equities[0] as number) - (equities[1] as number)).toBeGreaterThanOrEqual(margins[p.game]);
      expect(p.answers.some((a) => a.answer === p.source.chose)).toBe(true);
      expect(p.answers[0]?.answer).not.toBe(p.source.chose);
      expect(puzzleThemes(p)).toEqual({ ok: true, value: p.themes });
    }
  });

  it('every answer of a play puzzle is a legal play of its position and dice', async () => {
    for (const p of await startingPuzzles()) {
      if (p.dice === null) {
        const names = p.kind === 'double' ? ['no-double', 'double'] : ['take', 'drop', 'beaver'];
        for (const a of p.answers) expect(names).toContain(a.answer);
        continue;
      }
      const rules = createRules(p.game, p.options);
      const pos = parseZarPosition(p.position);
      if (!rules.ok || !pos.ok) throw new Error(`${p.id}: game or position`);
      const legal = rules.value.legalPlays(pos.value, p.dice);
      for (const a of p.answers) expect(matchPlay(legal, a.answer).ok, `${p.id} ${a.answer}`).toBe(true);
    }
  });

  it('a file of another shape is refused with what is wrong', () => {
    expect(parseStartingSet({ puzzles: [] })).toMatchObject({ ok: false, error: { code: 'ERR_PUZZLES' } });
    const bad = { id: '0123456789abcdef', game: 'backgammon', position: 'backgammon:24x2/24x2' };
    expect(parseStartingSet({ version: 1, puzzles: [bad] })).toMatchObject({ ok: false });
    expect(parseStartingSet({ version: 1, puzzles: [] })).toEqual({ ok: true, value: [] });
  });
});
