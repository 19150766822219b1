import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_SEEN_DICE,
  parseSeenDice,
  rememberSeenDice,
  SEEN_DICE_KEY,
  type SeenDice,
  seenAgainst,
  seenDiceOf,
  withSeenDice,
} from '../src/dice/fair-memory.js';
import { dropMemoryStorage, useMemoryStorage } from './support/memory-storage.js';

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const clientSeed = fc.stringMatching(/^[\x21-\x7e]{1,64}$/);
const seen = fc.record({ game: fc.stringMatching(/^[a-z0-9]{1,4}$/), commitment: hex64, seed: clientSeed });

describe('what the browser saw of a match’s fair dice', () => {
  beforeEach(() => {
    useMemoryStorage();
  });
  afterEach(dropMemoryStorage);

  it('property: keeps one entry a match, the latest last, at most MAX_SEEN_DICE, and reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.array(seen, { maxLength: 150 }), (entries) => {
        let list: readonly SeenDice[] = [];
        for (const e of entries) list = withSeenDice(list, e);
        const games = list.map((s) => s.game);
        expect(new Set(games).size).toBe(games.length);
        expect(list.length).toBeLessThanOrEqual(MAX_SEEN_DICE);
        const last = entries.at(-1);
        if (last !== undefined) expect(list.at(-1)).toEqual(last);
        // Each kept entry is the latest given for its match.
        for (const s of list) expect(entries.filter((e) => e.game === s.game).at(-1)).toEqual(s);
        expect(parseSeenDice(JSON.stringify(list))).toEqual(list);
      }),
    );
  });

  it('reads anything else stored as nothing seen, and keeps only well-formed entries', () => {
    for (const text of [null, '', '{', '{}', '"x"', '42', 'null']) expect(parseSeenDice(text)).toEqual([]);
    const good = { game: 'g1', commitment: 'ab'.repeat(32), seed: 'mine' };
    expect(parseSeenDice(JSON.stringify([good, { game: 'g2' }, null, 3, { ...good, seed: 7 }]))).toEqual([good]);
  });

  it('remembers per match in localStorage, and knows nothing of a match it did not see', () => {
    expect(seenDiceOf('g1')).toBeNull();
    rememberSeenDice({ game: 'g1', commitment: 'c1', seed: 's1' });
    rememberSeenDice({ game: 'g2', commitment: 'c2', seed: 's2' });
    rememberSeenDice({ game: 'g1', commitment: 'c1', seed: 's1' });
    expect(seenDiceOf('g1')).toEqual({ game: 'g1', commitment: 'c1', seed: 's1' });
    expect(seenDiceOf('g3')).toBeNull();
    expect(parseSeenDice(localStorage.getItem(SEEN_DICE_KEY)).map((s) => s.game)).toEqual(['g2', 'g1']);
  });

  it('still answers, seeing nothing, where the browser refuses storage', () => {
    dropMemoryStorage();
    rememberSeenDice({ game: 'g1', commitment: 'c1', seed: 's1' });
    expect(seenDiceOf('g1')).toBeNull();
  });
});

describe('the proof against what the browser saw', () => {
  it('property: the proof of the match seen is "seen"; another commitment or another seed in the seat is named', () => {
    fc.assert(
      fc.property(seen, clientSeed, fc.constantFrom<0 | 1>(0, 1), hex64, (s, other, you, forged) => {
        const seeds = (mine: string): [string, string] => (you === 0 ? [mine, other] : [other, mine]);
        expect(seenAgainst(s, { commitment: s.commitment, clientSeeds: seeds(s.seed) }, you)).toBe('seen');
        expect(seenAgainst(s, { commitment: s.commitment, clientSeeds: seeds(s.seed) }, null)).toBe('seen');
        if (forged !== s.commitment) {
          // A proof forged whole agrees with itself: only the commitment seen first tells it.
          expect(seenAgainst(s, { commitment: forged, clientSeeds: seeds(s.seed) }, you)).toBe('commitment');
        }
        if (other !== s.seed) {
          expect(seenAgainst(s, { commitment: s.commitment, clientSeeds: seeds(other) }, you)).toBe('seed');
          // His seed in the other seat is not his.
          const swapped: [string, string] = you === 0 ? [other, s.seed] : [s.seed, other];
          expect(seenAgainst(s, { commitment: s.commitment, clientSeeds: swapped }, you)).toBe('seed');
          expect(seenAgainst(s, { commitment: s.commitment, clientSeeds: [other, other] }, null)).toBe('seed');
        }
      }),
    );
  });

  it('says nothing for a match this browser did not see', () => {
    expect(seenAgainst(null, { commitment: 'ab'.repeat(32), clientSeeds: ['a', 'b'] }, 0)).toBeNull();
  });
});
