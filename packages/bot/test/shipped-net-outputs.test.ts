import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCrashed } from '../src/backgammon-net/crashed.js';
import { CONTACT, classify, RACE } from '../src/backgammon-net/evaluator.js';
import { trainedBackgammonEvaluator } from '../src/backgammon-net/trained.js';
import { OUTPUTS } from '../src/probabilities.js';

/** test/fixtures/backgammon-net-outputs.json, written by the lab's `net-outputs` step when the weights were made. */
interface NetOutputs {
  readonly command: string;
  readonly rows: readonly { readonly class: string; readonly board: number[]; readonly outputs: number[] }[];
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/backgammon-net-outputs.json', import.meta.url), 'utf8'),
) as NetOutputs;

describe('the shipped backgammon nets', () => {
  it('cover contact, crashed and race positions in the recorded set', () => {
    const classOf = (b: Int8Array) =>
      classify(b) === RACE ? 'race' : classify(b) === CONTACT ? (isCrashed(b) ? 'crashed' : 'contact') : 'other';
    for (const row of fixture.rows) expect(classOf(Int8Array.from(row.board))).toBe(row.class);
    expect(new Set(fixture.rows.map((r) => r.class))).toEqual(new Set(['contact', 'crashed', 'race']));
  });

  it('load, and give the outputs recorded when they were trained', async () => {
    const ev = await trainedBackgammonEvaluator();
    const probs = new Float32Array(OUTPUTS);
    for (const row of fixture.rows) {
      ev.evaluate(Int8Array.from(row.board), probs, 0);
      for (let k = 0; k < OUTPUTS; k++)
        expect(
          Math.abs((probs[k] as number) - (row.outputs[k] as number)),
          `${row.class} ${row.board.join(',')} output ${k}: other weights than recorded? ${fixture.command}`,
        ).toBeLessThan(1e-6);
    }
  });
});
