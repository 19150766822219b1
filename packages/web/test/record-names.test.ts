import { CYCLES, PRESETS } from '@zar/engine';
import type { MatchSettings } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { rulesName } from '../src/record/match-name.js';

const settings = (cycle: MatchSettings['cycle']): MatchSettings => ({
  length: 3,
  cycle,
  jacoby: false,
  beaver: false,
  raccoon: false,
  automaticDoubles: 0,
  laterGames: 'opening-roll',
});

const presetChoice = (id: string) => {
  const p = PRESETS.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return { game: p.game, options: p.options as Record<string, unknown> };
};

describe('the name of a match’s rules in the history', () => {
  it('names each mixed cycle', () => {
    for (const [id, presets] of Object.entries(CYCLES)) {
      expect(rulesName(en, settings(presets.map(presetChoice)))).toBe((en.cycles as Record<string, string>)[id]);
    }
  });

  it('names a preset only its options tell apart, and adds nothing to a game’s default', () => {
    expect(rulesName(en, settings([presetChoice('long-nardy-lenient')]))).toBe(en.presets['long-nardy-lenient']);
    expect(rulesName(en, settings([presetChoice('gul-bara-global')]))).toBe(en.presets['gul-bara-global']);
    expect(rulesName(en, settings([{ game: 'backgammon', options: {} }]))).toBeNull();
    // Portes, tavla and tabla share their options: the settings cannot say which it was.
    expect(rulesName(en, settings([presetChoice('portes')]))).toBeNull();
  });
});
