import { GAME_IDS, type GameId } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DiceProof,
  diceProof,
  fairDice,
  type GameAction,
  matchReducer,
  newMatch,
  parseJsonRecord,
  toJsonRecord,
  verifyDice,
} from '../src/index.js';
import { randomAction, randomSettings, randomSource } from './support/random-match.js';
import { seeds } from './support/seeds.js';

/** A random legal match of `game` whose dice are drawn honestly from the seeds. */
function honestMatch(game: GameId, seed: number, s: unknown, maxActions = 200) {
  const random = randomSource(seed);
  const dice = fairDice(s);
  const proof = diceProof(s);
  if (!dice.ok || !proof.ok) throw new Error('bad seeds');
  const settings = randomSettings(game, random);
  let m = newMatch(settings);
  const actions: GameAction[] = [];
  while (m.winner === null && actions.length < maxActions) {
    let action = randomAction(m, random);
    if (action.type === 'opening') action = { type: 'opening', dice: dice.value.openingRoll() };
    if (action.type === 'roll') action = { ...action, dice: dice.value.roll() };
    const r = matchReducer(m, action);
    if (!r.ok) throw new Error(`illegal ${JSON.stringify(action)}: ${r.error.message}`);
    m = r.value;
    actions.push(action);
  }
  return { version: 1 as const, settings, players: ['Ann', 'Ben'] as const, proof: proof.value, actions };
}

const diceIndexes = (actions: readonly GameAction[]): number[] =>
  actions.flatMap((a, i) => (a.type === 'opening' || a.type === 'roll' ? [i] : []));

describe('verifyDice', () => {
  it('accepts every honestly drawn random match of every game, through its JSON file too', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GAME_IDS), fc.integer(), seeds, (game, seed, s) => {
        const record = honestMatch(game, seed, s);
        const r = verifyDice(record);
        if (!r.ok) expect.fail(`${r.error.code}: ${r.error.message}`);
        expect(r.value.rolls.map((c) => c.action)).toEqual(diceIndexes(record.actions));
        expect(r.value.rolls.map((c) => c.roll)).toEqual(r.value.rolls.map((_, k) => k));
        const back = parseJsonRecord(toJsonRecord(record));
        if (!back.ok) expect.fail(back.error.message);
        expect(back.value.proof).toEqual(record.proof);
        expect(verifyDice(back.value).ok).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('reports any single changed die as the first mismatch, with what the seeds give', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_IDS),
        fc.integer(),
        seeds,
        fc.nat(),
        fc.nat(1),
        fc.integer({ min: 1, max: 5 }),
        (game, seed, s, which, die, shift) => {
          const record = honestMatch(game, seed, s, 120);
          const indexes = diceIndexes(record.actions);
          const at = indexes[which % indexes.length] as number;
          const original = record.actions[at] as Extract<GameAction, { type: 'opening' | 'roll' }>;
          const changed: [number, number] = [original.dice[0], original.dice[1]];
          changed[die] = (((changed[die] as number) - 1 + shift) % 6) + 1;
          const actions = record.actions.map((a, i) => (i === at ? { ...original, dice: changed } : a));
          const r = verifyDice({ ...record, actions });
          if (r.ok) expect.fail('a changed die was accepted');
          expect(r.error.code).toBe('ERR_DICE_MISMATCH');
          expect(r.error.mismatch).toMatchObject({
            action: at,
            roll: indexes.indexOf(at),
            expected: original.dice,
            recorded: changed,
          });
          expect(r.error.checked.length).toBe(indexes.indexOf(at));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rejects any changed seed: the server seed (commitment), or a client seed (the rolls)', () => {
    const change = (text: string, at: number, alphabet: string): string => {
      const k = at % text.length;
      const c = alphabet[(alphabet.indexOf(text[k] as string) + 1) % alphabet.length] as string;
      return text.slice(0, k) + c + text.slice(k + 1);
    };
    fc.assert(
      fc.property(fc.constantFrom(...GAME_IDS), fc.integer(), seeds, fc.nat(), (game, seed, s, at) => {
        const record = honestMatch(game, seed, s, 60);
        const proof: DiceProof = record.proof;
        const server = { ...proof, serverSeed: change(proof.serverSeed, at, '0123456789abcdef') };
        expect(verifyDice({ ...record, proof: server })).toMatchObject({
          ok: false,
          error: { code: 'ERR_DICE_COMMITMENT' },
        });
        const commitment = { ...proof, commitment: change(proof.commitment, at, '0123456789abcdef') };
        expect(verifyDice({ ...record, proof: commitment })).toMatchObject({
          ok: false,
          error: { code: 'ERR_DICE_COMMITMENT' },
        });
        // A changed client seed leaves the commitment right; some roll then differs (each
        // roll stays the same by chance once in 36: with 8 rolls or more, never in practice).
        fc.pre(diceIndexes(record.actions).length >= 8);
        const visible = Array.from({ length: 94 }, (_, k) => String.fromCharCode(0x21 + k)).join('');
        const p = at % 2;
        const clientSeeds = [...proof.clientSeeds] as [string, string];
        clientSeeds[p] = change(clientSeeds[p] as string, at, visible);
        const r = verifyDice({ ...record, proof: { ...proof, clientSeeds } });
        if (r.ok) expect.fail('a changed client seed was accepted');
        expect(r.error.code).toBe('ERR_DICE_MISMATCH');
      }),
      { numRuns: 60 },
    );
  });

  it('a record without a proof, or with a malformed one, is refused with its own code', () => {
    expect(verifyDice({ actions: [] })).toMatchObject({ ok: false, error: { code: 'ERR_DICE_NO_PROOF' } });
    expect(verifyDice({ proof: { scheme: 'x' }, actions: [] })).toMatchObject({
      ok: false,
      error: { code: 'ERR_DICE_PROOF' },
    });
  });
});
