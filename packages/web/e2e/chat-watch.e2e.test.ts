import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { accept, begun, friendMatch, player } from './support/people.js';
import { resignSingle, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** The texts of the chat messages the page shows now, in its open channel. */
const chatTexts = (page: Page) => page.getByTestId('chat-message').locator('.chat-text').allTextContents();

/** Waits until the page's chat shows a message with `text`. */
async function seesMessage(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-message').filter({ hasText: text }).first().waitFor();
}

/** Waits until the page counts at least `n` spectators. */
async function countAtLeast(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (least) => Number(document.querySelector('[data-testid="spectator-count"]')?.getAttribute('data-count')) >= least,
    n,
  );
}

describe('chat and spectators', () => {
  it('two players chat both ways, a third watches from the live list and writes in the spectators’ channel', async () => {
    const host = await player(env.browser, env.server.url, 'chat_host');
    const guest = await player(env.browser, env.server.url, 'chat_guest');
    const { id, link } = await friendMatch(host.page, { length: 1, clock: { preset: 'untimed' }, rated: false });
    await accept(guest.page, link, id);
    for (const p of [host.page, guest.page]) await begun(p);

    // The host writes a text; the guest, reading in Romanian, answers with a canned phrase.
    await guest.page.getByTestId('language').selectOption('ro');
    await host.page.getByTestId('chat-input').fill('hello from the host');
    await host.page.getByTestId('chat-send').click();
    await seesMessage(guest.page, 'hello from the host');
    await guest.page.getByTestId('chat-phrase-good-luck').click();
    await seesMessage(host.page, 'Good luck!');
    await seesMessage(guest.page, 'Baftă!');
    // A link is refused on the chat's own line.
    await host.page.getByTestId('chat-input').fill('see www.example.com');
    await host.page.getByTestId('chat-send').click();
    await host.page.locator('[data-testid="chat-error"][data-code="ERR_CHAT_LINK"]').waitFor();
    await shot(host.page, 'chat-players');

    // A third person, with an account, finds the game on the live list and opens it.
    const fan = await player(env.browser, env.server.url, 'chat_fan');
    await fan.page.goto('/');
    await fan.page.getByTestId('nav-watch').click();
    await fan.page.getByTestId('watch-page').waitFor();
    const row = fan.page.locator(`[data-testid="live-game"][data-game="${id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(host.name);
    // The row's link names the players, for a screen reader's list of links.
    const named = fan.page.getByRole('link', {
      name: new RegExp(`${host.name}.*${guest.name}|${guest.name}.*${host.name}`),
    });
    expect(await named.getAttribute('href')).toBe(`/play/${id}`);
    await shot(fan.page, 'watch-list');
    await fan.page.getByTestId(`live-watch-${id}`).click();
    await fan.page.waitForURL(new RegExp(`/play/${id}$`));
    await fan.page.getByTestId('watching').waitFor();
    // The board and the move list, but no buttons.
    await fan.page.getByTestId('play').waitFor();
    expect(await fan.page.getByTestId('controls').count()).toBe(0);
    // The players see him counted.
    await countAtLeast(host.page, 1);
    await countAtLeast(guest.page, 1);

    // He writes in the spectators' channel; the players do not see it while they play.
    await fan.page.getByTestId('chat-input').fill('go host go');
    await fan.page.getByTestId('chat-send').click();
    await seesMessage(fan.page, 'go host go');
    await shot(fan.page, 'chat-spectator');
    // The players' next message reaches them; the spectator's never does meanwhile.
    await guest.page.getByTestId('chat-input').fill('still playing');
    await guest.page.getByTestId('chat-send').click();
    await seesMessage(host.page, 'still playing');
    for (const p of [host.page, guest.page]) {
      expect(await chatTexts(p)).not.toContain('go host go');
      expect(await p.getByTestId('chat-tab-spectators').count()).toBe(0);
    }

    // The guest reports the host's first message, then mutes him: his messages go, a line brings them back.
    const hostLine = guest.page.getByTestId('chat-message').filter({ hasText: 'hello from the host' });
    await hostLine.getByTestId('chat-more').click();
    await hostLine.getByTestId('chat-reason').selectOption('spam');
    await hostLine.getByTestId('chat-report').click();
    await hostLine.getByTestId('chat-reported').waitFor();
    expect(await guest.page.getByTestId('chat-error').count()).toBe(0);
    await hostLine.getByTestId('chat-mute').click();
    await guest.page.getByTestId('chat-muted').waitFor();
    expect(await chatTexts(guest.page)).not.toContain('hello from the host');
    expect(await chatTexts(guest.page)).toContain('still playing');
    await guest.page.getByTestId('chat-unmute').click();
    await seesMessage(guest.page, 'hello from the host');

    // The host hides the chat; it stays hidden after a reload, until he shows it again.
    await host.page.getByTestId('chat-toggle').click();
    await host.page.getByTestId('chat-hidden').waitFor();
    await host.page.reload();
    await host.page.getByTestId('chat-hidden').waitFor();
    await host.page.getByTestId('chat-toggle').click();
    await seesMessage(host.page, 'still playing');

    // The match ends: the players may now read the spectators' channel.
    const { page: resigner, other: winner } = await whoActs(host.page, guest.page);
    await resignSingle(resigner, winner);
    for (const p of [host.page, guest.page]) await p.getByTestId('close-dialog').click();
    await host.page.getByTestId('chat-tab-spectators').click();
    // The guest goes there from the keyboard, as a list of tabs is used: the arrow from the open tab.
    await guest.page.getByTestId('chat-tab-players').focus();
    await guest.page.keyboard.press('ArrowRight');
    const focused = () => guest.page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    expect(await focused()).toBe('chat-tab-spectators');
    expect(await guest.page.getByTestId('chat-tab-spectators').getAttribute('aria-selected')).toBe('true');
    expect(await guest.page.getByTestId('chat-tab-players').getAttribute('tabindex')).toBe('-1');
    for (const p of [host.page, guest.page]) await seesMessage(p, 'go host go');
    await shot(host.page, 'chat-after-match');
  });

  it('a player forbids spectators in a casual match: the spectator is told, not shown a broken table', async () => {
    const host = await player(env.browser, env.server.url, 'nofan_host');
    const guest = await player(env.browser, env.server.url, 'nofan_guest');
    const { id, link } = await friendMatch(host.page, { length: 3, clock: { preset: 'untimed' }, rated: false });
    await accept(guest.page, link, id);
    for (const p of [host.page, guest.page]) await begun(p);

    const fan = await player(env.browser, env.server.url, 'nofan_fan', { guest: true });
    await fan.page.goto(`/play/${id}`);
    await fan.page.getByTestId('watching').waitFor();

    await host.page.getByTestId('allow-spectators').uncheck();
    await fan.page.getByTestId('spectators-refused').waitFor();
    await host.page.getByTestId('spectators-forbidden').waitFor();
    await shot(fan.page, 'spectators-refused');
    // Opening it again is refused the same way.
    await fan.page.goto(`/play/${id}`);
    await fan.page.getByTestId('spectators-refused').waitFor();
    expect(await fan.page.getByTestId('board').count()).toBe(0);
  });
});
