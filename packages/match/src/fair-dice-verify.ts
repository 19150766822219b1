/**
 * Checks a finished match's dice against its proof: the commitment against the revealed
 * server seed, then every dice-carrying action (opening attempts and rolls, in order)
 * against the roll the seeds give for its number.
 */
import { type Dice, ok, type ZarError } from '@zar/engine';
import { type DiceProof, diceCommitment, fairRolls, parseDiceProof } from './fair-dice.js';
import type { GameAction, Player } from './types.js';

/** One dice-carrying action of the record and its roll number. */
export interface CheckedRoll {
  /** The action's index in the record's actions. */
  readonly action: number;
  /** The roll number in the derivation (0 for the match's first draw). */
  readonly roll: number;
  readonly type: 'opening' | 'roll';
  /** Who rolled; null for an opening (one die each: [player 0's, player 1's]). */
  readonly player: Player | null;
  readonly dice: Dice;
}

export interface DiceMismatch extends Omit<CheckedRoll, 'dice'> {
  readonly expected: Dice;
  readonly recorded: Dice;
}

export type DiceVerifyErrorCode = 'ERR_DICE_NO_PROOF' | 'ERR_DICE_PROOF' | 'ERR_DICE_COMMITMENT' | 'ERR_DICE_MISMATCH';

export interface DiceVerifyError extends ZarError<DiceVerifyErrorCode> {
  /** The rolls that checked before the first mismatch. */
  readonly checked: readonly CheckedRoll[];
  /** The first roll that differs from the derivation (ERR_DICE_MISMATCH only). */
  readonly mismatch: DiceMismatch | null;
}

export interface DiceCheck {
  readonly proof: DiceProof;
  readonly rolls: readonly CheckedRoll[];
}

export type DiceVerifyResult =
  | { readonly ok: true; readonly value: DiceCheck }
  | { readonly ok: false; readonly error: DiceVerifyError };

const failure = (
  code: DiceVerifyErrorCode,
  message: string,
  checked: readonly CheckedRoll[] = [],
  mismatch: DiceMismatch | null = null,
): DiceVerifyResult => ({ ok: false, error: { code, message, checked, mismatch } });

const same = (a: Dice, b: Dice): boolean => a[0] === b[0] && a[1] === b[1];

/**
 * Verifies a record's dice. Fails with the first thing wrong: no proof, a malformed proof, a
 * commitment that is not the server seed's, or the first roll that the seeds do not give.
 * The actions need not replay under the rules: a tampered roll usually makes the plays after
 * it illegal, and it is the roll that should be reported.
 */
export function verifyDice(record: {
  readonly proof?: unknown;
  readonly actions: readonly GameAction[];
}): DiceVerifyResult {
  if (record.proof === undefined) return failure('ERR_DICE_NO_PROOF', 'the record carries no proof of its dice');
  const proof = parseDiceProof(record.proof);
  if (!proof.ok) return failure('ERR_DICE_PROOF', proof.error.message);
  const commitment = diceCommitment(proof.value.serverSeed);
  if (!commitment.ok || commitment.value !== proof.value.commitment) {
    return failure('ERR_DICE_COMMITMENT', 'the commitment is not the SHA-256 of the revealed server seed');
  }
  const rollOf = fairRolls(proof.value);
  const checked: CheckedRoll[] = [];
  for (const [i, action] of record.actions.entries()) {
    if (action.type !== 'opening' && action.type !== 'roll') continue;
    // Every dice-carrying action takes the next roll number; the first mismatch ends the loop.
    const entry = {
      action: i,
      roll: checked.length,
      type: action.type,
      player: action.type === 'roll' ? action.player : null,
    };
    const expected = rollOf(entry.roll);
    if (!same(expected, action.dice)) {
      const mismatch = { ...entry, expected, recorded: action.dice };
      const message =
        `roll ${entry.roll} (actions[${i}], ${entry.type}): ` +
        `recorded ${action.dice.join('-')}, the seeds give ${expected.join('-')}`;
      return failure('ERR_DICE_MISMATCH', message, checked, mismatch);
    }
    checked.push({ ...entry, dice: expected });
  }
  return ok({ proof: proof.value, rolls: checked });
}
