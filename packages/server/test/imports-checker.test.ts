import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { FileChecker } from '../src/imports/checker.js';
import { readFile } from '../src/imports/read-file.js';

const GOLDEN = readFileSync(new URL('../../match/test/fixtures/mat/zar-golden.mat', import.meta.url), 'utf8');
const ILLEGAL = GOLDEN.replace('64: 21/15 15/11', '64: 21/15 15/9');

let checker: FileChecker | null = null;
afterEach(async () => {
  await checker?.close();
  checker = null;
});

describe('the file checker', () => {
  it('checks a big file in its worker as it would on the event loop', async () => {
    checker = new FileChecker({ inlineBytes: 0 });
    expect(await checker.check(GOLDEN, GOLDEN.length)).toEqual(readFile(GOLDEN));
    const refused = await checker.check(ILLEGAL, ILLEGAL.length);
    expect(refused).toEqual(readFile(ILLEGAL));
    expect(refused?.ok === false && refused.error.code).toBe('ERR_MAT_ILLEGAL_MOVE');
  }, 60_000);

  it('refuses a file beyond the ones waiting for the worker, and never one it checks at once', async () => {
    checker = new FileChecker({ inlineBytes: 100, maxWaiting: 1 });
    const first = checker.check(GOLDEN, GOLDEN.length);
    expect(await checker.check(GOLDEN, GOLDEN.length)).toBeNull();
    expect((await checker.check('', 0))?.ok).toBe(false);
    expect((await first)?.ok).toBe(true);
  }, 60_000);
});
