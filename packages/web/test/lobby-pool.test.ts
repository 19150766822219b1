import type { SeekKind } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayJoinPool, sameKind } from '../src/lobby/pool-list.js';

const kindArb: fc.Arbitrary<SeekKind> = fc.record({
  game: fc.constantFrom('backgammon' as const, 'plakoto' as const),
  length: fc.integer({ min: 1, max: 5 }),
  clock: fc.constantFrom('speed' as const, 'normal' as const, 'untimed' as const),
  rated: fc.boolean(),
});

describe('asking for a kind others wait for', () => {
  it('is the same kind exactly when every field is', () => {
    fc.assert(
      fc.property(kindArb, kindArb, (a, b) => {
        expect(sameKind(a, { ...a })).toBe(true);
        expect(sameKind(a, b)).toBe(JSON.stringify(a) === JSON.stringify({ ...a, ...b }));
      }),
    );
  });

  it('is offered unless the viewer asks for it already, or it is rated and he is a guest', () => {
    const rated: SeekKind = { game: 'backgammon', length: 5, clock: 'normal', rated: true };
    const casual: SeekKind = { ...rated, rated: false };
    expect(mayJoinPool(rated, [], false)).toBe(true);
    expect(mayJoinPool(rated, [], true)).toBe(false);
    expect(mayJoinPool(casual, [], true)).toBe(true);
    expect(mayJoinPool(casual, [{ id: 'seek01', kind: { ...casual }, since: 1 }], true)).toBe(false);
    expect(mayJoinPool(casual, [{ id: 'seek01', kind: rated, since: 1 }], false)).toBe(true);
  });
});
