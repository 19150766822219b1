import { describe, expect, it } from 'vitest';
import {
  CYCLES,
  createRules,
  GAME_IDS,
  OPENING_ROLL_VALUES,
  PRESETS,
  presetById,
  presetRules,
  type Rules,
  rulesFor,
} from '../src/index.js';

const rulesOfPreset = (id: string): Rules => {
  const r = presetRules(id);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('options from outside', () => {
  it('an unknown option, a value outside its list and a non-object are errors', () => {
    expect(createRules('backgammon', { colour: 'red' })).toMatchObject({ ok: false, error: { code: 'ERR_OPTIONS' } });
    expect(createRules('backgammon', { triple: 'maybe' })).toMatchObject({ ok: false, error: { code: 'ERR_OPTIONS' } });
    expect(createRules('plakoto', 'fast')).toMatchObject({ ok: false, error: { code: 'ERR_OPTIONS' } });
    expect(createRules('chess', {})).toMatchObject({ ok: false, error: { code: 'ERR_UNKNOWN_GAME' } });
  });

  it('a misspelled option name or value is an error, never the default', () => {
    for (const [game, options] of [
      ['backgammon', { openingroll: 'winner-rolls-again' }],
      ['backgammon', { laterGame: 'previous-winner' }],
      ['backgammon', { triple: 'None' }],
      ['backgammon', { cube: 'false' }],
      ['plakoto', { motherexception: false }],
      ['plakoto', { draw: 'replayed' }],
      ['plakoto', { openingRoll: undefined }],
      ['long-nardy', { blockcheck: 'final' }],
      ['gul-bara', { normalDoublesTurns: '3' }],
    ] as const) {
      const r = createRules(game, options);
      expect(r, `${game} ${JSON.stringify(options)}`).toMatchObject({ ok: false, error: { code: 'ERR_OPTIONS' } });
    }
  });

  it('what the match layer needs from the options is a typed field of the rules', () => {
    for (const game of GAME_IDS) {
      for (const openingRoll of OPENING_ROLL_VALUES) {
        const r = createRules(game, { openingRoll, laterGames: 'opening-roll' });
        expect(r.ok && r.value.openingRoll).toBe(openingRoll);
        expect(r.ok && r.value.laterGames).toBe('opening-roll');
      }
    }
    const plakoto = createRules('plakoto', { draw: 'replay', motherException: false });
    expect(plakoto.ok && plakoto.value.earlyEnding).toEqual({
      kind: 'mother-pin',
      points: 2,
      exception: false,
      draw: 'replay',
    });
    expect(rulesFor('backgammon').earlyEnding).toEqual({ kind: 'none' });
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

  it('tabla, portes and tavla count no backgammons; international backgammon does', () => {
    for (const id of ['tabla', 'portes', 'tavla']) {
      const r = rulesOfPreset(id);
      expect(r.scoring, id).toEqual({ single: 1, gammon: 2, backgammon: 2 });
      expect(r.maxPoints, id).toBe(2);
      expect(r.openingRoll, id).toBe('winner-rolls-again');
      expect(r.laterGames, id).toBe('previous-winner');
    }
    const international = rulesOfPreset('backgammon');
    expect(international.scoring).toEqual({ single: 1, gammon: 2, backgammon: 3 });
    expect(international.openingRoll).toBe('play-opening-dice');
    expect(international.laterGames).toBe('opening-roll');
    expect(rulesOfPreset('plakoto-street').earlyEnding).toMatchObject({ kind: 'mother-pin', exception: false });
  });

  it.each(PRESETS.map((p) => p.id))('%s: maxPoints is the most its scoring and early ending give', (id) => {
    const r = rulesOfPreset(id);
    const early = r.earlyEnding.kind === 'none' ? 0 : r.earlyEnding.points;
    expect(r.maxPoints).toBe(Math.max(r.scoring.single, r.scoring.gammon, r.scoring.backgammon, early));
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
