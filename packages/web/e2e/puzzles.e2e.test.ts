import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { suite } from './support/suite.js';

const env = suite();

/** The shipped starting set: the test reads a puzzle's best answer from it, as the bot ranked it. */
const SET = JSON.parse(readFileSync(new URL('../../bot/puzzles/starting-set.json', import.meta.url), 'utf8')) as {
  puzzles: { id: string; themes: string[]; answers: { answer: string }[] }[];
};

describe('puzzles', () => {
  it('solve a puzzle and see both ratings move', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    // The home page's puzzle of the day leads to the puzzles.
    await page.goto('/');
    await page.getByTestId('daily-puzzle').waitFor();
    await page.getByTestId('nav-puzzles').click();
    await page.waitForURL(/\/puzzles$/);
    await page.getByTestId('puzzle').waitFor();

    // A cube puzzle: its answer is one of its buttons.
    await page.getByTestId('puzzle-theme').selectOption('cube');
    const cubeId = async () => {
      const id = await page.getByTestId('puzzle').getAttribute('data-puzzle');
      return SET.puzzles.find((p) => p.id === id && p.themes.includes('cube'))?.id ?? null;
    };
    await expect.poll(cubeId).not.toBeNull();
    const shown = await page.getByTestId('puzzle').getAttribute('data-puzzle');
    const puzzle = SET.puzzles.find((p) => p.id === shown);
    const best = puzzle?.answers[0]?.answer ?? '';
    await page.getByTestId(`puzzle-choice-${best}`).click();

    const result = page.getByTestId('puzzle-result');
    await result.waitFor();
    expect(await result.getAttribute('data-correct')).toBe('true');
    // The solver, new at 1,500, gains; the puzzle loses.
    expect(await page.getByTestId('puzzle-my-rating').textContent()).toMatch(/^1,\d{3} \(\+\d+\)$/);
    expect(await page.getByTestId('puzzle-its-rating').textContent()).toMatch(/^1,\d{3} \(-\d+\)$/);
    expect(await page.getByTestId('puzzle-streak').textContent()).toContain('Streak: 1');
    expect(await page.getByTestId('puzzle-answers').textContent()).toContain('your answer');
    await shot(page, 'puzzle-solved', 'window');
    await context.close();
  });
});
