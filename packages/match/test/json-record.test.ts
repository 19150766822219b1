import { GAME_IDS } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MatchRecord, type MatchState, replay } from '../src/index.js';
import { parseJsonRecord, toJsonRecord } from '../src/json-record.js';
import { goldenMatch } from './support/golden-match.js';
import { randomMatch, randomSettings, randomSource } from './support/random-match.js';

/** A state as text, boards included, so that two replays can be compared exactly. */
const stateText = (s: MatchState): string => JSON.stringify(s, (_k, v) => (v instanceof Int8Array ? [...v] : v));

function parsed(input: unknown): MatchRecord {
  const r = parseJsonRecord(input);
  if (!r.ok) expect.fail(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function refused(input: unknown): { code: string; message: string } {
  const r = parseJsonRecord(input);
  if (r.ok) expect.fail('the record was accepted');
  return r.error;
}

describe('JSON match records', () => {
  it('random matches of every game: JSON, parse, replay gives identical states', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GAME_IDS), fc.integer(), (game, seed) => {
        const settings = randomSettings(game, randomSource(seed));
        const played = randomMatch(settings, seed, 300);
        const record: MatchRecord = {
          version: 1,
          settings,
          players: ['Ann', 'Ben'],
          dice: { source: 'seeded', seed: String(seed) },
          actions: played.actions,
        };
        const text = toJsonRecord(record);
        const back = parsed(text);
        expect(back).toEqual(record);
        const again = replay(back);
        if (!again.ok) expect.fail(again.error.message);
        expect(again.value.states.map(stateText)).toEqual(played.states.map(stateText));
        expect(toJsonRecord(back)).toBe(text);
      }),
      { numRuns: 50 },
    );
  });

  it('reads a value as well as text; crypto dice; no dice field', () => {
    const golden = goldenMatch();
    expect(parsed(JSON.parse(toJsonRecord(golden)))).toEqual(golden);
    const crypto = { ...golden, dice: { source: 'crypto' as const } };
    expect(parsed(toJsonRecord(crypto)).dice).toEqual({ source: 'crypto' });
  });

  it('an illegal action is refused with its index', () => {
    const golden = goldenMatch();
    const actions = [...golden.actions];
    actions[1] = { type: 'play', player: 0, play: '24/10' };
    const e = refused(toJsonRecord({ ...golden, actions }));
    expect(e.code).toBe('ERR_RECORD_ILLEGAL');
    expect(e.message).toMatch(/^actions\[1\] .*ERR_ILLEGAL_PLAY/);
    const late = [...golden.actions, { type: 'roll' as const, player: 0 as const, dice: [3, 1] as const }];
    expect(refused(toJsonRecord({ ...golden, actions: late })).message).toMatch(
      new RegExp(`^actions\\[${golden.actions.length}\\] .*ERR_MATCH_OVER`),
    );
  });

  const base = () => JSON.parse(toJsonRecord(goldenMatch())) as Record<string, unknown>;
  const cases: [string, unknown, string, RegExp][] = [
    ['not JSON', '{"version":1,', 'ERR_JSON', /not JSON/],
    ['not an object', '[1,2]', 'ERR_RECORD_SHAPE', /record/],
    ['another version', { ...base(), version: 2 }, 'ERR_RECORD_VERSION', /version 2/],
    ['bad settings', { ...base(), settings: { length: -1 } }, 'ERR_RECORD_SHAPE', /^settings: match length/],
    [
      'a misspelled settings field',
      { ...base(), settings: { ...(base().settings as object), beavers: true } },
      'ERR_RECORD_SHAPE',
      /^settings: .*no field "beavers"/,
    ],
    [
      'a misspelled game option',
      { ...base(), settings: { length: 1, cycle: [{ game: 'plakoto', options: { motherExeption: false } }] } },
      'ERR_RECORD_SHAPE',
      /^settings: plakoto has no option "motherExeption"/,
    ],
    ['one player', { ...base(), players: ['Ann'] }, 'ERR_RECORD_SHAPE', /players/],
    ['bad dice source', { ...base(), dice: { source: 'seeded' } }, 'ERR_RECORD_SHAPE', /dice/],
    ['actions not a list', { ...base(), actions: {} }, 'ERR_RECORD_SHAPE', /actions/],
    [
      'an unknown action',
      { ...base(), actions: [{ type: 'jump', player: 0 }] },
      'ERR_RECORD_SHAPE',
      /actions\[0\]: unknown/,
    ],
    [
      'a bad player',
      { ...base(), actions: [{ type: 'double', player: 2 }] },
      'ERR_RECORD_SHAPE',
      /actions\[0\]: player/,
    ],
    [
      'a play that is not text',
      { ...base(), actions: [{ type: 'play', player: 0, play: 5 }] },
      'ERR_RECORD_SHAPE',
      /text/,
    ],
    [
      'a resignation level 4',
      { ...base(), actions: [{ type: 'resign', player: 0, level: 4 }] },
      'ERR_RECORD_SHAPE',
      /level/,
    ],
    [
      'opening dice of one die',
      { ...base(), actions: [{ type: 'opening', dice: [3] }] },
      'ERR_RECORD_SHAPE',
      /opening/,
    ],
    ['a die of 7', { ...base(), actions: [{ type: 'opening', dice: [7, 1] }] }, 'ERR_RECORD_ILLEGAL', /ERR_DICE/],
  ];
  for (const [name, input, code, message] of cases) {
    it(`refuses ${name}: ${code}`, () => {
      const e = refused(input);
      expect(e.code).toBe(code);
      expect(e.message).toMatch(message);
    });
  }
});
