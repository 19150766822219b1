import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage } from './support/browser.js';
import { newGame, playMove, untilMyMove } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

interface Violation {
  readonly directive: string;
  readonly blocked: string;
}

/** Records every CSP violation the page reports, from its first script on (init scripts run before the app's). */
async function watchViolations(page: Page): Promise<string[]> {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (globalThis as { __cspViolations?: typeof seen }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
    );
  });
  return consoleErrors;
}

const violations = (page: Page): Promise<Violation[]> =>
  page.evaluate(() => (globalThis as { __cspViolations?: Violation[] }).__cspViolations ?? []);

describe('the app under its Content-Security-Policy', () => {
  it('loads the home page and plays a bot game with no CSP violation', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    const consoleErrors = await watchViolations(page);

    const home = await page.goto('/');
    const headers = home?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    await page.getByTestId('new-start').waitFor({ state: 'visible' });
    expect(await violations(page)).toEqual([]);

    // A game over the socket (connect-src), the SVG board with its <style> (style-src), two plays.
    await newGame(page, { opponent: 'bot', length: 1 });
    for (let i = 0; i < 2; i++) {
      await untilMyMove(page);
      await playMove(page);
    }
    expect(await page.locator('[data-testid="play"] svg').count()).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);

    // The watch itself works: an inline script, which the policy forbids, is blocked and reported.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = '(globalThis).__inlineRan = true';
      document.head.append(s);
    });
    await expect.poll(async () => (await violations(page)).map((v) => v.directive)).toContain('script-src-elem');
    expect(await page.evaluate(() => (globalThis as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    await context.close();
  });
});
