import { directShotsByDistance, makePosition, makePositionId, THEM } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { runZar } from './run-zar.js';

/** X: 13 checkers off, one on 11 and one on 8; O: a blot on X's 5 point, the rest off. */
function twoAttackers(): string {
  const b = new Int8Array(52);
  b[11] = 1;
  b[8] = 1;
  b[0] = 13;
  b[THEM + 20] = 1;
  b[THEM] = 14;
  return makePositionId(makePosition('backgammon', b));
}

describe('zar shots', () => {
  it('--table --json prints every distance with its rolls', async () => {
    const run = await runZar(['shots', '--table', '--json']);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.out) as { distance: number; rolls: number }[];
    expect(rows).toEqual(directShotsByDistance().map(({ distance, rolls }) => ({ distance, rolls })));
    // seed 004, table "Distanța": distance 6 → 17, 15 → 1
    expect(rows.find((r) => r.distance === 6)).toEqual({ distance: 6, rolls: 17 });
    expect(rows.find((r) => r.distance === 15)).toEqual({ distance: 15, rolls: 1 });
  });

  it('--table prints a row per distance with the chance', async () => {
    const run = await runZar(['shots', '--table']);
    expect(run.code).toBe(0);
    const rows = run.out.split('\n').filter((l) => /^\s+\d+\s+\d+\s+[\d.]+%$/.test(l));
    expect(rows).toHaveLength(17); // seed 004: 17 distances
    expect(rows[0]).toMatch(/^\s+1\s+11\s+30\.56%$/);
  });

  it('counts the shots at a blot exactly (two attackers, hand-checked in engine shots.test.ts: 28)', async () => {
    const json = await runZar(['shots', twoAttackers(), '5', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual({ rolls: 28 });
    const text = await runZar(['shots', twoAttackers(), '5']);
    expect(text.out).toMatch(/^28 of 36 rolls hit the blot on 5 \(77\.78%\): 6-6 /);
  });

  it.each([
    [['shots', '4HPwATDgc/ABMA', '5'], /ERR_NOT_A_BLOT/],
    [['shots', '4HPwATDgc/ABMA', 'five'], /ERR_POINT/],
    [['shots', '4HPwATDgc/ABMA', '30'], /ERR_POINT/],
    [['shots', '4HPwATDgc/ABMA'], /ERR_USAGE/],
    [['shots', '4HPwATDgc/ABMA', '5', '--table'], /ERR_USAGE/],
    [['shots', 'not-a-position', '5'], /ERR_/],
  ])('%j fails with exit code 1', async (args, message) => {
    const run = await runZar(args);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(message);
  });
});
