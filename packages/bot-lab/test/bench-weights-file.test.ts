import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBearoffDatabase, createEvaluator, parseEvaluatorWeights } from '@zar/bot';
import { BOARD_LENGTH, rulesFor } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { asWeights, loadBenchEvaluator } from '../bench/weights-file.js';
import { checkpointOfWeights } from '../training/import.js';
import { BACKGAMMON_WEIGHTS } from '../training/paths.js';

const WEIGHTS = BACKGAMMON_WEIGHTS;
const committed: unknown = JSON.parse(readFileSync(WEIGHTS, 'utf8'));
const checkpoint = () => checkpointOfWeights(committed, WEIGHTS);

describe('benchmarks read a training checkpoint as a weights file', () => {
  it('gives a checkpoint’s nets the weights file’s shape, and leaves a weights file as it is', () => {
    const cp = checkpoint();
    const fromCheckpoint = parseEvaluatorWeights(asWeights(cp));
    const fromFile = parseEvaluatorWeights(committed);
    expect(fromCheckpoint.ok && fromFile.ok).toBe(true);
    if (!fromCheckpoint.ok || !fromFile.ok) return;
    expect(Array.from(fromCheckpoint.value.contact.w1)).toEqual(Array.from(fromFile.value.contact.w1));
    expect(Array.from(fromCheckpoint.value.race.w2)).toEqual(Array.from(fromFile.value.race.w2));
    expect(asWeights(committed)).toBe(committed);
    expect(asWeights({ nets: { contact: 1 } })).toEqual({ nets: { contact: 1 } });
  });

  it('evaluates a position the same from the checkpoint file as from the weights file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zar-bench-cp-'));
    const file = join(dir, 'cp.json');
    writeFileSync(file, JSON.stringify(checkpoint()));
    const a = new Float32Array(5);
    const b = new Float32Array(5);
    const board = rulesFor('backgammon').start().board.slice(0, BOARD_LENGTH);
    loadBenchEvaluator(file, createBearoffDatabase()).ev.evaluate(board, a, 0);
    const nets = parseEvaluatorWeights(committed);
    if (!nets.ok) throw new Error(nets.error.message);
    // The start is a contact position: the lazy bearoff database is never read.
    createEvaluator(nets.value, createBearoffDatabase()).evaluate(board, b, 0);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(a[0]).toBeGreaterThan(0.3);
    expect(a[0]).toBeLessThan(0.7);
  });
});
