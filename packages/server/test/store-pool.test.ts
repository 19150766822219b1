import { CYCLES, GAME_IDS, presetById } from '@zar/engine';
import { parseMatchSettings } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { poolOfCycle } from '../src/store/pool.js';

/** A cycle as a stored record holds it: what parseMatchSettings made of the request. */
function stored(cycle: unknown[]) {
  const s = parseMatchSettings({ length: 3, cycle });
  if (!s.ok) throw new Error(s.error.message);
  return s.value.cycle;
}

describe('poolOfCycle (schema v3 fills in the pool of older games with it)', () => {
  it('puts a one-game match in its game’s pool, whatever its options or preset', () => {
    for (const game of GAME_IDS) expect(poolOfCycle(stored([{ game }]))).toBe(game);
    expect(poolOfCycle(stored([{ preset: 'portes' }]))).toBe('backgammon');
    expect(poolOfCycle(stored([{ game: 'long-nardy', options: { blockCheck: 'final' } }]))).toBe('long-nardy');
  });

  it('puts a named cycle in its own pool, spelled by presets or by the same options', () => {
    for (const [name, presets] of Object.entries(CYCLES)) {
      expect(poolOfCycle(stored(presets.map((preset) => ({ preset }))))).toBe(name);
      const spelled = presets.map((id) => {
        const p = presetById(id);
        if (!p.ok) throw new Error(id);
        return { game: p.value.game, options: { ...p.value.options } };
      });
      expect(poolOfCycle(stored(spelled))).toBe(name);
    }
  });

  it('gives any other cycle no pool', () => {
    // tavli's games in another order, with other options, shorter, or with a game of its own.
    expect(poolOfCycle(stored([{ preset: 'plakoto' }, { preset: 'portes' }, { preset: 'fevga' }]))).toBeNull();
    expect(poolOfCycle(stored([{ preset: 'portes' }, { preset: 'plakoto-street' }, { preset: 'fevga' }]))).toBeNull();
    expect(poolOfCycle(stored([{ preset: 'portes' }, { preset: 'plakoto' }]))).toBeNull();
    expect(poolOfCycle(stored([{ game: 'backgammon' }, { game: 'plakoto' }, { game: 'fevga' }]))).toBeNull();
    expect(poolOfCycle([{ game: 'chess' }])).toBeNull();
    expect(poolOfCycle([])).toBeNull();
  });
});
