import { readFile } from 'node:fs/promises';
import { type CheckedRoll, type JsonMatchRecord, readJsonRecordShape, replayJsonRecord, verifyDice } from '@zar/match';
import type { Command } from 'commander';
import type { CliContext } from '../io.js';

/** Exit status 2: the file could not be checked at all (unreadable, no proof, not a legal match). */
function unusable(ctx: CliContext, code: string, message: string): void {
  ctx.io.stderr.write(`zar: ${code}: ${message}\n`);
  ctx.exitCode = 2;
}

/** `roll 3 (actions[7], ann rolls)`: where a checked or mismatched roll stands in the record. */
function rollPlace(record: JsonMatchRecord, roll: Omit<CheckedRoll, 'dice'>): string {
  const who = roll.player === null ? 'opening' : `${record.players[roll.player]} rolls`;
  return `roll ${roll.roll} (actions[${roll.action}], ${who})`;
}

function rollLine(record: JsonMatchRecord, roll: CheckedRoll): string {
  return `${rollPlace(record, roll)}: ${roll.dice.join('-')} ok`;
}

/**
 * `zar dice verify FILE`: the dice of an exported Zar JSON record against its proof
 * (docs/fair-dice.md). Exit 0 when every roll checks, 1 on a wrong commitment or roll,
 * 2 when the file cannot be checked.
 */
async function verify(ctx: CliContext, file: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return unusable(ctx, 'ERR_FILE', `cannot read ${file}: ${(e as Error).message}`);
  }
  // The dice are checked before the rules: a tampered roll makes the plays after it illegal,
  // and it is the roll that should be reported.
  const read = readJsonRecordShape(text.replace(/^\uFEFF/, ''));
  if (!read.ok) return unusable(ctx, read.error.code, `${file}: not a Zar JSON record: ${read.error.message}`);
  const record = read.value;
  const out = ctx.io.stdout;
  const checked = verifyDice(record);
  if (!checked.ok) {
    const { code, message } = checked.error;
    if (code === 'ERR_DICE_NO_PROOF' || code === 'ERR_DICE_PROOF') {
      return unusable(ctx, code, `${file}: ${message} (a match from before provably fair dice has none)`);
    }
    for (const roll of checked.error.checked) out.write(`${rollLine(record, roll)}\n`);
    const m = checked.error.mismatch;
    if (m) {
      out.write(`${rollPlace(record, m)}: ${m.recorded.join('-')} MISMATCH: the seeds give ${m.expected.join('-')}\n`);
    }
    ctx.io.stderr.write(`zar: ${code}: ${file}: ${message}\n`);
    ctx.exitCode = 1;
    return;
  }
  const legal = replayJsonRecord(record);
  if (!legal.ok) return unusable(ctx, legal.error.code, `${file}: the dice check, but ${legal.error.message}`);
  out.write(`commitment ${checked.value.proof.commitment} is the SHA-256 of server seed ${record.proof?.serverSeed}\n`);
  for (const roll of checked.value.rolls) out.write(`${rollLine(record, roll)}\n`);
  const n = checked.value.rolls.length;
  out.write(`OK: all ${n} roll${n === 1 ? '' : 's'} check (client seeds ${record.proof?.clientSeeds.join(', ')})\n`);
}

export function registerDice(program: Command, ctx: CliContext): void {
  const dice = program.command('dice').description('provably fair dice (docs/fair-dice.md)');
  dice
    .command('verify')
    .description('check every roll of an exported match against its proof; exit 0 only when every roll checks')
    .argument('<file>', 'a Zar JSON match record with a proof (zar play --export m.json)')
    .action((file: string) => verify(ctx, file));
}
