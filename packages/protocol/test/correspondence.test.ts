import { CLOCK_PRESETS, CORRESPONDENCE_PRESET_IDS } from '@zar/match';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ClockRequestSchema,
  ClockSettingsSchema,
  CorrespondenceListSchema,
  PROTOCOL_VERSION,
  RATING_POOLS,
  REST,
} from '../src/index.js';

describe('correspondence in the contract', () => {
  it('carries a clock of days per move as settings and as a request, by preset too', () => {
    for (const id of CORRESPONDENCE_PRESET_IDS) {
      expect(v.is(ClockSettingsSchema, CLOCK_PRESETS[id])).toBe(true);
      expect(v.is(ClockRequestSchema, { preset: id })).toBe(true);
    }
    expect(v.is(ClockRequestSchema, { kind: 'correspondence', daysPerMove: 2 })).toBe(true);
    expect(v.is(ClockRequestSchema, { kind: 'correspondence', daysPerMove: 4 })).toBe(false);
    expect(v.is(ClockSettingsSchema, { kind: 'correspondence', daysPerMove: 3, delayMs: 0 })).toBe(false);
  });

  it('lists a correspondence pool per live pool, after them', () => {
    const live = RATING_POOLS.filter((p) => !p.startsWith('corr-'));
    expect(RATING_POOLS).toEqual([...live, ...live.map((p) => `corr-${p}`)]);
    expect(RATING_POOLS).toContain('corr-backgammon');
    expect(RATING_POOLS).toContain('corr-tavli');
  });

  it('reads a list of matches, and refuses one without its deadline field', () => {
    const entry = {
      id: 'abc123',
      game: 'backgammon',
      opponent: 'Ana',
      yourTurn: true,
      deadline: 1_700_000_000_000,
      daysPerMove: 3,
      score: [1, 0],
      length: 5,
    };
    expect(v.is(CorrespondenceListSchema, { games: [entry, { ...entry, deadline: null, opponent: null }] })).toBe(true);
    const { deadline: _, ...missing } = entry;
    expect(v.is(CorrespondenceListSchema, { games: [missing] })).toBe(false);
    expect(REST.correspondence.path).toBe('/api/correspondence');
  });

  it('is version 8 of the contract', () => {
    expect(PROTOCOL_VERSION).toBe(8);
  });
});
