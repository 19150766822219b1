import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { suite } from './support/suite.js';

const env = suite();

/** A 1-point match as gnubg writes it: two plays, then Ann rolls 6-4 and resigns. */
const MATCH = ` 1 point match

 Game 1
 Ann : 0                        Ben : 0
  1) 31: 8/5 6/5                 62: 24/18 13/11
  2) 64:                         Wins 1 point
`;
/** The same file with Ben's 6-2 played as 24/16: illegal, on line 5. */
const ILLEGAL = MATCH.replace('24/18 13/11', '24/16 13/11');

describe('importing a match from a file', () => {
  it('refuses a file with an illegal move, saying its line; imports a .mat and opens its analysis', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    // Nothing the pages ask for is refused but the file meant to be (the 422 of the upload).
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400 && new URL(r.url()).pathname !== '/api/imports') refused.push(`${r.status()} ${r.url()}`);
    });
    // From where players find their matches.
    await page.goto('/history');
    await page.getByTestId('history-import').click();
    await page.waitForURL(/\/import$/);
    await page.getByTestId('import-page').waitFor();

    await page.getByTestId('import-text').fill(ILLEGAL);
    await page.getByTestId('import-submit').click();
    const error = page.getByTestId('import-error');
    await error.waitFor();
    expect(await error.getAttribute('data-code')).toBe('ERR_MAT_ILLEGAL_MOVE');
    expect(await error.getAttribute('data-line')).toBe('5');
    expect(await error.textContent()).toContain('Line 5: Ben rolls 6-2 and the file plays “24/16 13/11”');
    await shot(page, 'import-error', 'window');

    await page.getByTestId('import-text').fill('');
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'ann-ben.mat', mimeType: 'text/plain', buffer: Buffer.from(MATCH) });
    await page.getByTestId('import-submit').click();
    await page.waitForURL(/\/imports\/[A-Za-z0-9_-]+$/);
    const id = new URL(page.url()).pathname.split('/').at(-1) as string;
    await page.getByTestId('replay').waitFor();
    expect(await page.getByTestId('replay-winner').textContent()).toContain('Ben');

    await page.getByTestId('replay-analysis').click();
    await page.waitForURL(new RegExp(`/imports/${id}/analysis$`));
    await page.getByTestId('analysis-report').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('analysis-player-0').textContent()).toContain('Ann');
    expect(await page.getByTestId('analysis-player-1').textContent()).toContain('Ben');
    await shot(page, 'import-analysis', 'window');

    // The import is listed on the import page, with its replay and its analysis.
    await page.goto('/import');
    await page.getByTestId(`import-row-${id}`).waitFor();
    expect(await page.getByTestId(`import-analysis-${id}`).getAttribute('href')).toBe(`/imports/${id}/analysis`);
    expect(refused).toEqual([]);
    await context.close();
  });
});
