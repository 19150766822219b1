import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INPUTS, OUTPUTS, randomNetwork, seededRandom, serializeEvaluatorWeights } from '@zar/bot';

/** A weights file of small random nets, so the bot commands run without trained weights. */
export function randomWeightsFile(seed = 1): string {
  const random = seededRandom(seed);
  const nets = { contact: randomNetwork(INPUTS, 8, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) };
  const file = join(mkdtempSync(join(tmpdir(), 'zar-weights-')), 'random.json');
  writeFileSync(file, JSON.stringify(serializeEvaluatorWeights(nets, { test: 'random nets' })));
  return file;
}
