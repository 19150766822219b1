import { diceProof, fairRolls } from '@zar/match';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { player } from './support/people.js';
import { act, button, myTurn, newGame, playMove, untilMyMove } from './support/play.js';
import { suite } from './support/suite.js';

// Fair dice need a server without seeded test dice: the shared server has ZAR_DICE_SEED, and
// the server reads an empty value as none.
const env = suite({ ownServer: true, env: { ZAR_DICE_SEED: '' } });

/** The seeds the page sends over its socket (the `seed` message), as they go out. */
function seedsSent(page: Page): string[] {
  const seeds: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      if (typeof frame.payload !== 'string') return;
      const msg = JSON.parse(frame.payload) as { t?: string; seed?: string };
      if (msg.t === 'seed' && typeof msg.seed === 'string') seeds.push(msg.seed);
    }),
  );
  return seeds;
}

const verdictOf = async (page: Page) => {
  await page.getByTestId('dice-verify').waitFor();
  await page.getByTestId('dice-verify-button').click();
  const verdict = page.getByTestId('dice-verdict');
  await verdict.waitFor();
  return verdict;
};

describe('provably fair dice in the browser', () => {
  let id = '';
  let name = '';
  let page: Page;

  it('sends its seed before the opening, shows the commitment, and verifies every roll after the match', async () => {
    ({ page, name } = await player(env.browser, env.server.url, 'dice'));
    const seeds = seedsSent(page);
    id = await newGame(page, { opponent: 'bot', length: 1 });
    // The opening waits for the page's seed: once the player is asked to act, it went out once.
    await myTurn(page);
    expect(seeds).toHaveLength(1);
    expect(seeds[0]).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => page.getByTestId('dice-fair').getAttribute('data-seed')).toBe('sent');
    const shown = (await page.getByTestId('dice-fair-commitment').textContent()) ?? '';
    expect(shown).toMatch(/^[0-9a-f]{12}$/);
    // What the line means opens in words, on any screen (not a tooltip).
    const about = page.getByTestId('dice-fair-about');
    await about.locator('summary').click();
    await about.getByText('Before the first roll the server published this fingerprint').waitFor();
    await shot(page, 'dice-table-line');

    // One play (a decision for the analysis to judge), then, back on turn, a single game resigned
    // ends the 1-point match (the bot takes the point).
    await untilMyMove(page);
    await playMove(page);
    await myTurn(page);
    await button(page, 'resign');
    await act(page, 'resign-1');
    await page.getByTestId('game-over').waitFor();
    await expect.poll(() => page.getByTestId('dice-fair').getAttribute('data-seed')).toBe('revealed');
    // Under the end dialog, the table's line leads to the replay, where the dice are checked.
    await page.getByTestId('close-dialog').click();

    await page.getByTestId('dice-fair-replay').click();
    await page.waitForURL(new RegExp(`/replay/${id}$`));
    const verdict = await verdictOf(page);
    expect(await verdict.getAttribute('data-verdict')).toBe('ok');
    expect(await verdict.textContent()).toMatch(/roll(s)? check/);
    // The proof shown is the one committed to at the table, with this page's seed in it.
    expect(await page.getByTestId('dice-commitment').textContent()).toMatch(new RegExp(`^${shown}[0-9a-f]{52}$`));
    const clientSeeds = [
      await page.getByTestId('dice-client-seed-0').textContent(),
      await page.getByTestId('dice-client-seed-1').textContent(),
    ];
    expect(clientSeeds).toContain(seeds[0]);
    await shot(page, 'dice-verified');

    // The bot's analysis gives each side's luck, which the player's dice page lists.
    await page.goto(`/analysis/${id}`);
    await page.getByTestId('analysis-report').waitFor({ timeout: 120_000 });
  });

  it('shows red with the first roll that does not check when the record is tampered with', async () => {
    // The record as a tampered server would send it: the opening's first die changed.
    await page.route(`**/api/games/${id}/match.json`, async (route) => {
      const response = await route.fetch();
      const record = (await response.json()) as { actions: { type: string; dice?: number[] }[] };
      const opening = record.actions.find((a) => a.type === 'opening');
      if (opening?.dice) opening.dice[0] = ((opening.dice[0] ?? 1) % 6) + 1;
      await route.fulfill({ response, json: record });
    });
    await page.goto(`/replay/${id}`);
    const verdict = await verdictOf(page);
    expect(await verdict.getAttribute('data-verdict')).toBe('mismatch');
    expect(await verdict.getAttribute('data-roll')).toBe('0');
    expect(await verdict.textContent()).toMatch(/Roll 1 does not check/);
    await shot(page, 'dice-tampered');
    await page.unroute(`**/api/games/${id}/match.json`);
  });

  it('shows red when the proof is forged whole, with dice that agree with it, against the commitment seen at the table', async () => {
    // What a dishonest server could send: a new server seed, its commitment, the same client
    // seeds, and dice recomputed from them. The proof agrees with itself; only the commitment the
    // table showed before the first roll (kept by this browser) tells it is not the match's.
    await page.route(`**/api/games/${id}/match.json`, async (route) => {
      const response = await route.fetch();
      type Record = { proof: { clientSeeds: [string, string] }; actions: { type: string; dice?: number[] }[] };
      const record = (await response.json()) as Record;
      const forged = diceProof({ serverSeed: '5e'.repeat(32), clientSeeds: record.proof.clientSeeds });
      if (!forged.ok) throw new Error(forged.error.message);
      const rollOf = fairRolls(forged.value);
      let n = 0;
      for (const a of record.actions) if (a.type === 'opening' || a.type === 'roll') a.dice = [...rollOf(n++)];
      await route.fulfill({ response, json: { ...record, proof: forged.value } });
    });
    await page.goto(`/replay/${id}`);
    const verdict = await verdictOf(page);
    expect(await verdict.getAttribute('data-verdict')).toBe('seen-commitment');
    expect(await verdict.textContent()).toMatch(/not the one this browser was shown before the first roll/);
    await page.unroute(`**/api/games/${id}/match.json`);

    // The honest record, checked again, also says that the proof is the one this browser saw.
    await page.goto(`/replay/${id}`);
    const honest = await verdictOf(page);
    expect(await honest.getAttribute('data-verdict')).toBe('ok');
    expect(await honest.getAttribute('data-seen')).toBe('true');
    expect(await honest.textContent()).toMatch(/the ones this browser was shown and sent/);
  });

  it("counts the match's dice on the site's page and the player's", async () => {
    await page.goto('/dice');
    const stats = page.getByTestId('dice-stats');
    await stats.waitFor();
    expect(Number(await stats.getAttribute('data-matches'))).toBeGreaterThanOrEqual(1);
    expect(Number(await stats.getAttribute('data-dice'))).toBeGreaterThanOrEqual(2);
    await page.getByTestId('chart-faces').waitFor();
    await page.getByTestId('chart-rolls').waitFor();
    await page.getByTestId('dice-doubles').waitFor();
    await shot(page, 'dice-site');

    await page.goto(`/players/${name}`);
    await page.getByTestId('profile-dice').click();
    await page.waitForURL(new RegExp(`/players/${name}/dice$`));
    const mine = page.getByTestId('dice-stats');
    await mine.waitFor();
    expect(Number(await mine.getAttribute('data-matches'))).toBe(1);
    await page.getByTestId('dice-luck').waitFor();
    await expect.poll(() => page.getByTestId('luck-table').locator('tbody tr').count()).toBe(1);
    await page.getByTestId('chart-luck').waitFor();
    await shot(page, 'dice-player');

    // In Arabic the page reads right to left; the charts keep their left-to-right axes.
    await page.getByTestId('language').selectOption('ar');
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect
      .poll(() => page.getByTestId('dice-luck').locator('h2').textContent())
      .toBe('الحظ في مباريات الطاولة المحلَّلة');
    expect(await page.getByTestId('chart-faces').locator('svg').getAttribute('dir')).toBe('ltr');
    await shot(page, 'dice-player-ar');
    await page.getByTestId('language').selectOption('en');
  });
});
