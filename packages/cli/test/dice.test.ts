import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diceCommitment, parseJsonRecord, seedsFromText, verifyDice } from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { runZar } from './run-zar.js';

const dir = mkdtempSync(join(tmpdir(), 'zar-dice-'));

interface FileRecord {
  players: [string, string];
  proof: { commitment: string; serverSeed: string; clientSeeds: [string, string] };
  actions: { type: string; player?: number; dice?: [number, number] }[];
}

function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

/** A finished plakoto match by two bots, exported with its proof (seeded: the same every run). */
let exported: string;
let record: FileRecord;
let playOut: string;

beforeAll(async () => {
  exported = join(dir, 'plakoto.json');
  const run = await runZar(['play', '--auto', '--game', 'plakoto', '--length', '1', '--seed', 'dice-cli']);
  const again = await runZar([
    'play',
    '--auto',
    '--game',
    'plakoto',
    '--length',
    '1',
    '--seed',
    'dice-cli',
    '--export',
    exported,
  ]);
  expect(again.code).toBe(0);
  // The same seed, the same match: the export only adds its line.
  expect(again.out).toBe(`${run.out}Wrote ${exported}\n`);
  playOut = again.out;
  record = JSON.parse(readFileSync(exported, 'utf8')) as FileRecord;
});

describe('zar play draws provably fair dice', () => {
  it('prints the commitment first and reveals the server seed at the end; the export carries the proof', () => {
    const seeds = seedsFromText('dice-cli');
    const commitment = diceCommitment(seeds.serverSeed);
    if (!commitment.ok) expect.fail(commitment.error.message);
    expect(record.proof).toEqual({ scheme: 'zar-dice-v1', commitment: commitment.value, ...seeds });
    const lines = playOut.split('\n');
    expect(lines[0]).toBe(`Dice commitment ${commitment.value}, client seeds ${seeds.clientSeeds.join(', ')}`);
    expect(playOut).toContain(`Dice server seed ${seeds.serverSeed}\n`);
    expect(playOut.indexOf('Dice server seed')).toBeGreaterThan(playOut.indexOf('Match won by'));
    const parsed = parseJsonRecord(readFileSync(exported, 'utf8'));
    if (!parsed.ok) expect.fail(parsed.error.message);
    expect(verifyDice(parsed.value).ok).toBe(true);
  });

  it('random seeds without --seed, the players’ own with --client-seeds; bad ones are refused', async () => {
    const file = join(dir, 'own.json');
    const run = await runZar([
      'play',
      '--auto',
      '--game',
      'fevga',
      '--length',
      '1',
      '--client-seeds',
      'mine!,yours?',
      '--export',
      file,
      '-q',
    ]);
    expect(run.code).toBe(0);
    const own = JSON.parse(readFileSync(file, 'utf8')) as FileRecord;
    expect(own.proof.clientSeeds).toEqual(['mine!', 'yours?']);
    expect(own.proof.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect((await runZar(['dice', 'verify', file])).code).toBe(0);
    const other = await runZar(['play', '--auto', '--game', 'fevga', '--length', '1', '--export', file, '-q']);
    expect(other.code).toBe(0);
    const random = JSON.parse(readFileSync(file, 'utf8')) as FileRecord;
    expect(random.proof.serverSeed).not.toBe(own.proof.serverSeed);
    expect(random.proof.clientSeeds[0]).toMatch(/^[0-9a-f]{32}$/);
    const mat = join(dir, 'bg.mat');
    const lost = await runZar(['play', '--auto', '--length', '1', '--seed', 'mat', '--export', mat, '-q']);
    expect(lost.out).toContain(`Wrote ${mat} (a .mat file has no room for the proof of the dice`);
    const bad = await runZar(['play', '--auto', '--client-seeds', 'one seed only']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/ERR_DICE_SEED/);
  });
});

describe('zar dice verify', () => {
  it('an honest record: every roll checked, exit 0', async () => {
    const run = await runZar(['dice', 'verify', exported]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const rolls = record.actions.filter((a) => a.type === 'opening' || a.type === 'roll');
    const lines = run.out.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `commitment ${record.proof.commitment} is the SHA-256 of server seed ${record.proof.serverSeed}`,
    );
    expect(lines.filter((l) => / ok$/.test(l))).toHaveLength(rolls.length);
    expect(lines[1]).toMatch(/^roll 0 \(actions\[0\], opening\): \d-\d ok$/);
    expect(lines.at(-1)).toBe(
      `OK: all ${rolls.length} rolls check (client seeds ${record.proof.clientSeeds.join(', ')})`,
    );
  });

  it('a tampered roll: the rolls before it, then the mismatch; exit 1', async () => {
    const at = record.actions.findIndex((a, i) => i > 4 && a.type === 'roll');
    const roll = record.actions[at] as { player: number; dice: [number, number] };
    const changed: [number, number] = [(roll.dice[0] % 6) + 1, roll.dice[1]];
    const actions = record.actions.map((a, i) => (i === at ? { ...roll, type: 'roll', dice: changed } : a));
    const run = await runZar(['dice', 'verify', write('tampered-roll.json', { ...record, actions })]);
    expect(run.code).toBe(1);
    const n = record.actions.slice(0, at).filter((a) => a.type === 'opening' || a.type === 'roll').length;
    const lines = run.out.trimEnd().split('\n');
    expect(lines).toHaveLength(n + 1);
    expect(lines.at(-1)).toBe(
      `roll ${n} (actions[${at}], ${record.players[roll.player]} rolls): ${changed.join('-')} MISMATCH: the seeds give ${roll.dice.join('-')}`,
    );
    expect(run.err).toMatch(/^zar: ERR_DICE_MISMATCH: /);
  });

  it('a tampered seed or commitment: exit 1', async () => {
    const flip = (hex: string): string => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const server = { ...record, proof: { ...record.proof, serverSeed: flip(record.proof.serverSeed) } };
    const a = await runZar(['dice', 'verify', write('tampered-server.json', server)]);
    expect(a.code).toBe(1);
    expect(a.err).toMatch(/ERR_DICE_COMMITMENT/);
    const commitment = { ...record, proof: { ...record.proof, commitment: flip(record.proof.commitment) } };
    expect((await runZar(['dice', 'verify', write('tampered-commitment.json', commitment)])).code).toBe(1);
    const client = {
      ...record,
      proof: { ...record.proof, clientSeeds: ['someone-else', record.proof.clientSeeds[1]] },
    };
    const c = await runZar(['dice', 'verify', write('tampered-client.json', client)]);
    expect(c.code).toBe(1);
    expect(c.out).toMatch(/MISMATCH/);
  });

  it('no proof, a malformed proof, an unreadable file, a record that does not replay: exit 2', async () => {
    const { proof: _, ...old } = record;
    const none = await runZar(['dice', 'verify', write('old.json', old)]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^zar: ERR_DICE_NO_PROOF: .*no proof/);
    const malformed = { ...record, proof: { ...record.proof, scheme: 'other' } };
    const m = await runZar(['dice', 'verify', write('malformed.json', malformed)]);
    expect(m.code).toBe(2);
    expect(m.err).toMatch(/ERR_RECORD_SHAPE: .*proof: .*scheme/);
    expect((await runZar(['dice', 'verify', join(dir, 'missing.json')])).code).toBe(2);
    expect((await runZar(['dice', 'verify', write('text.json', '{"version":')])).code).toBe(2);
    // Honest dice, but a play changed to one the rules refuse.
    const at = record.actions.findIndex((a) => a.type === 'play');
    const actions = record.actions.map((a, i) => (i === at ? { ...a, play: '1/25' } : a));
    const illegal = await runZar(['dice', 'verify', write('illegal.json', { ...record, actions })]);
    expect(illegal.code).toBe(2);
    expect(illegal.err).toMatch(/the dice check, but actions\[\d+\]/);
  });
});
