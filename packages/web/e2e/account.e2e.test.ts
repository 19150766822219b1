import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { suite } from './support/suite.js';

const env = suite();

/** Who the page's browser is, as the server says (the page's own cookie). */
const me = (page: Page): Promise<{ id: string; guest: boolean }> =>
  page.evaluate(async () => (await fetch('/api/me')).json());

describe('the account page', () => {
  it('registers, signs in on a second browser, and signs out everywhere: both browsers are guests again', async () => {
    const name = `acct_${Date.now() % 1_000_000}`;
    const password = 'correct horse';
    const first = await newPage(await newContext(env.browser, env.server.url));
    await first.goto('/account');
    await first.getByTestId('register-name').fill(name);
    await first.getByTestId('register-password').fill(password);
    await first.getByTestId('register-submit').click();
    await first.getByTestId('signed-in').waitFor();
    const account = await me(first);
    expect(account.guest).toBe(false);

    const second = await newPage(await newContext(env.browser, env.server.url));
    await second.goto('/account');
    await second.getByTestId('login-name').fill(name);
    await second.getByTestId('login-password').fill(password);
    await second.getByTestId('login-submit').click();
    await second.getByTestId('signed-in').waitFor();
    expect((await me(second)).id).toBe(account.id);
    await shot(first, 'account-signed-in');

    await first.getByTestId('logout-everywhere').click();
    await first.getByTestId('register-submit').waitFor();
    expect((await me(first)).guest).toBe(true);
    // The other browser's session ended too: after a reload it is a guest.
    await second.reload();
    await second.getByTestId('register-submit').waitFor();
    const after = await me(second);
    expect(after.guest).toBe(true);
    expect(after.id).not.toBe(account.id);
  });
});
