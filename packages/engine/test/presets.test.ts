import { describe, expect, it } from 'vitest';
import { CYCLES, createRules, GAME_IDS, PRESETS, presetById, presetRules, rulesFor } from '../src/index.js';

describe('options from outside', () => {
  it('an unknown option, a value outside its list and a non-object are errors', () => {
    expect(createRules('backgammon', { colour: 'red' })).toMatchObject({ ok: false, error: { code: 'ERR_OPTIONS' } });
    expect(createRules('backgammon', { triple: 'maybe' })).toMatchObject({ ok: false, error: { code: 'ERR_OPTIONS' } });
    expect(createRules('plakoto', 'fast')).toMatchObject({ ok: false, error: { code: 'ERR_OPTIONS' } });
    expect(createRules('chess', {})).toMatchObject({ ok: false, error: { code: 'ERR_UNKNOWN_GAME' } });
  });

  it('given options change the rules; missing ones take the defaults', () => {
    const r = createRules('backgammon', { triple: 'none' });
    expect(r.ok && r.value.options).toMatchObject({ triple: 'none', cube: true });
    expect(r.ok && r.value.maxPoints).toBe(2);
  });

  it('the same options give the same rules object', () => {
    const a = createRules('fevga', { prime: 'none' });
    const b = createRules('fevga', { prime: 'none' });
    expect(a.ok && b.ok && a.value === b.value).toBe(true);
  });
});

describe('presets', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))('%s builds valid rules', (id, p) => {
    const r = presetRules(id);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.game).toBe(p.game);
      expect(r.value.validate(r.value.start()).ok).toBe(true);
    }
  });

  it('Greek portes: no backgammon triple, no cube, the opening winner rolls again', () => {
    const r = presetRules('portes');
    expect(r.ok && r.value.options).toMatchObject({ triple: 'none', cube: false, openingRoll: 'winner-rolls-again' });
    expect(r.ok && r.value.hasCube).toBe(false);
  });

  it('every game has at least one preset, and cycles name existing presets', () => {
    for (const g of GAME_IDS) expect(PRESETS.some((p) => p.game === g)).toBe(true);
    for (const ids of Object.values(CYCLES)) for (const id of ids) expect(presetById(id).ok).toBe(true);
    expect(presetById('nope')).toMatchObject({ ok: false, error: { code: 'ERR_PRESET' } });
  });

  it('the default preset of each game is its default rules', () => {
    for (const g of GAME_IDS) {
      const p = PRESETS.find((x) => x.game === g);
      const r = p ? presetRules(p.id) : null;
      expect(r?.ok && r.value.options).toEqual(rulesFor(g).options);
    }
  });
});
