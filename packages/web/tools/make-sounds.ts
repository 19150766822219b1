// Writes the table's sounds to public/sounds/<name>.wav from src/sound/synth.ts. Run it after
// changing a recipe: `npx tsx packages/web/tools/make-sounds.ts`; test/sounds.test.ts fails
// while the committed files differ from what the recipes make.

import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { render, SOUNDS, wav } from '../src/sound/synth.js';

const dir = fileURLToPath(new URL('../public/sounds/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const name of SOUNDS) {
  const bytes = wav(render(name));
  writeFileSync(`${dir}${name}.wav`, bytes);
  console.log(`${name}.wav: ${bytes.length} bytes`);
}
