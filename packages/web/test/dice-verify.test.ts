import { type DiceProof, diceProof, fairRolls, type GameAction, verifyDice } from '@zar/match';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { commitmentOf, type DiceVerdict, verifyDiceInBrowser } from '../src/dice/verify.js';

/** Any valid seeds (docs/fair-dice.md), written out here rather than taken from the sources. */
const hexSeed = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));
const clientSeed = fc.stringMatching(/^[\x21-\x7e]{1,64}$/);
const seeds = fc.record({ serverSeed: hexSeed, clientSeeds: fc.tuple(clientSeed, clientSeed) });

/** Where the dice-carrying actions go among others that carry none (a move, a double). */
const shape = fc.array(fc.constantFrom('opening', 'roll', 'move', 'double'), { maxLength: 14 });

function proofOf(s: { serverSeed: string; clientSeeds: [string, string] }): DiceProof {
  const proof = diceProof(s);
  if (!proof.ok) throw new Error(proof.error.message);
  return proof.value;
}

/** A record whose dice are the ones the seeds give, as the server writes it. */
function honest(proof: DiceProof, kinds: readonly string[]): GameAction[] {
  const rollOf = fairRolls(proof);
  let n = 0;
  return kinds.map((kind, i): GameAction => {
    if (kind === 'opening') return { type: 'opening', dice: rollOf(n++) };
    if (kind === 'roll') return { type: 'roll', player: (i % 2) as 0 | 1, dice: rollOf(n++) };
    if (kind === 'double') return { type: 'double', player: 0 } as GameAction;
    return { type: 'move', player: 0, moves: [] } as unknown as GameAction;
  });
}

/** @zar/match's verdict in the browser verifier's terms, to compare the two. */
function reference(record: { proof: DiceProof; actions: GameAction[] }): DiceVerdict {
  const r = verifyDice(record);
  if (r.ok)
    return { kind: 'ok', rolls: r.value.rolls.map(({ action, roll, type, dice }) => ({ action, roll, type, dice })) };
  if (r.error.code === 'ERR_DICE_COMMITMENT') {
    return { kind: 'commitment', published: record.proof.commitment, computed: '' };
  }
  const m = r.error.mismatch;
  if (r.error.code !== 'ERR_DICE_MISMATCH' || m === null) throw new Error(`unexpected ${r.error.code}`);
  const checked = r.error.checked.map(({ action, roll, type, dice }) => ({ action, roll, type, dice }));
  return {
    kind: 'mismatch',
    checked,
    action: m.action,
    roll: m.roll,
    type: m.type,
    expected: m.expected,
    recorded: m.recorded,
  };
}

/** The computed commitment is the browser's own detail: compare the rest. */
const comparable = (v: DiceVerdict) => (v.kind === 'commitment' ? { kind: v.kind, published: v.published } : v);

const otherDie = (d: number, by: number) => ((d - 1 + by) % 6) + 1;

describe('verifying the dice in the browser (Web Crypto)', () => {
  it('computes the commitment of the worked example in docs/fair-dice.md', async () => {
    const seed = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
    expect(await commitmentOf(seed)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it("agrees with @zar/match's verifyDice on honest records", async () => {
    await fc.assert(
      fc.asyncProperty(seeds, shape, async (s, kinds) => {
        const proof = proofOf(s);
        const record = { proof, actions: honest(proof, kinds) };
        const verdict = await verifyDiceInBrowser(record);
        expect(verdict.kind).toBe('ok');
        expect(verdict).toEqual(reference(record));
        expect(verdict.kind === 'ok' && verdict.rolls.length).toBe(
          kinds.filter((k) => k === 'opening' || k === 'roll').length,
        );
      }),
      { numRuns: 60 },
    );
  });

  it('finds the first tampered roll, with what was recorded and what the seeds give, as verifyDice does', async () => {
    const withRolls = shape.filter((k) => k.some((x) => x === 'opening' || x === 'roll'));
    await fc.assert(
      fc.asyncProperty(
        seeds,
        withRolls,
        fc.nat(),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        async (s, kinds, pick, by, second) => {
          const proof = proofOf(s);
          const actions = honest(proof, kinds);
          const dice = actions.flatMap((a, i) => (a.type === 'opening' || a.type === 'roll' ? [i] : []));
          const at = dice[pick % dice.length] as number;
          const a = actions[at] as Extract<GameAction, { type: 'opening' | 'roll' }>;
          const changed: [number, number] = second
            ? [a.dice[0], otherDie(a.dice[1], by)]
            : [otherDie(a.dice[0], by), a.dice[1]];
          actions[at] = { ...a, dice: changed } as GameAction;
          const record = { proof, actions };
          const verdict = await verifyDiceInBrowser(record);
          expect(verdict).toEqual(reference(record));
          expect(verdict).toMatchObject({ kind: 'mismatch', action: at, recorded: changed, expected: a.dice });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a commitment that is not the server seed, or a changed server seed', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, shape, hexSeed, async (s, kinds, other) => {
        fc.pre(other !== s.serverSeed);
        const proof = proofOf(s);
        const actions = honest(proof, kinds);
        for (const tampered of [
          { ...proof, commitment: proofOf({ ...s, serverSeed: other }).commitment },
          { ...proof, serverSeed: other },
        ]) {
          const record = { proof: tampered, actions };
          const verdict = await verifyDiceInBrowser(record);
          expect(verdict.kind).toBe('commitment');
          expect(comparable(verdict)).toEqual(comparable(reference(record)));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('detects a changed client seed at the first roll it changes', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, clientSeed, fc.boolean(), async (s, other, which) => {
        const seat = which ? 1 : 0;
        fc.pre(other !== s.clientSeeds[seat]);
        const proof = proofOf(s);
        // Enough rolls that a different seed changes one of them (6 equal rolls by chance: 1 in 36^6).
        const actions = honest(proof, ['opening', 'roll', 'move', 'roll', 'move', 'roll', 'roll', 'roll', 'roll']);
        const clientSeeds: [string, string] = seat === 0 ? [other, s.clientSeeds[1]] : [s.clientSeeds[0], other];
        const record = { proof: { ...proof, clientSeeds }, actions };
        const verdict = await verifyDiceInBrowser(record);
        expect(verdict.kind).toBe('mismatch');
        expect(verdict).toEqual(reference(record));
      }),
      { numRuns: 30 },
    );
  });

  it('says it cannot check where the page has no Web Crypto (plain http), rather than failing', async () => {
    const proof = proofOf({ serverSeed: 'ab'.repeat(32), clientSeeds: ['a', 'b'] });
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    try {
      expect(await verifyDiceInBrowser({ proof, actions: honest(proof, ['opening']) })).toEqual({
        kind: 'unavailable',
      });
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await verifyDiceInBrowser({ proof, actions: honest(proof, ['opening']) })).kind).toBe('ok');
  });

  it('says a match without a proof has nothing to check', async () => {
    expect(await verifyDiceInBrowser({ actions: [{ type: 'opening', dice: [3, 1] }] })).toEqual({ kind: 'no-proof' });
  });
});
