import { CYCLES, GAME_IDS, PRESETS, type PresetId } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameChoice } from '../src/home/game-options.js';

const choices = [...GAME_IDS, ...Object.keys(CYCLES)];
const presetIds = PRESETS.map((p) => p.id);

describe('the game and rules a form asks', () => {
  it('property: a game plays rules of its own (the one picked when it is the game’s), a cycle is a cycle', () => {
    fc.assert(
      fc.property(fc.constantFrom(...choices), fc.constantFrom<PresetId>(...presetIds), (choice, picked) => {
        const { isCycle, presets, preset } = gameChoice(choice, picked);
        expect(isCycle).toBe(choice in CYCLES);
        expect(presets.map((p) => p.id)).toEqual(PRESETS.filter((p) => p.game === choice).map((p) => p.id));
        if (isCycle) return;
        const own = presets.map((p) => p.id);
        expect(own).toContain(preset);
        expect(preset).toBe(own.includes(picked) ? picked : own[0]);
      }),
    );
  });
});
