import type { CorrespondenceEntry } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { newlyYourTurn, yourTurnCount, yourTurnIds } from '../src/correspondence/your-turn.js';
import { setTitleBase, setTitleCount, titleWithCount } from '../src/page-title.js';

const entry = (id: string, yourTurn: boolean): CorrespondenceEntry => ({
  id,
  game: 'backgammon',
  opponent: 'bob',
  yourTurn,
  deadline: 1_000,
  daysPerMove: 2,
  score: [0, 0],
  length: 5,
});

describe('the tab’s title', () => {
  const scope = globalThis as { document?: unknown };
  afterEach(() => {
    delete scope.document;
  });

  it('counts the matches waiting for the player, and is itself again at none', () => {
    expect(titleWithCount('Zar', 2)).toBe('(2) Zar');
    expect(titleWithCount('Zar', 0)).toBe('Zar');
    const games = [entry('a', true), entry('b', false), entry('c', true)];
    expect(yourTurnCount(games)).toBe(2);
    expect(yourTurnCount([])).toBe(0);
  });

  it('keeps the count when the language changes, and the language when the count does', () => {
    const page = { title: '' };
    scope.document = page;
    setTitleBase('Zar');
    setTitleCount(3);
    expect(page.title).toBe('(3) Zar');
    setTitleBase('Зар');
    expect(page.title).toBe('(3) Зар');
    setTitleCount(0);
    expect(page.title).toBe('Зар');
  });
});

describe('a match newly in the player’s turn', () => {
  it('is no news on the first reading, then each match that came to his turn is', () => {
    const first = [entry('a', true), entry('b', false)];
    expect(newlyYourTurn(null, first)).toEqual([]);
    const before = yourTurnIds(first);
    expect([...before]).toEqual(['a']);
    const next = [entry('a', true), entry('b', true), entry('c', false)];
    expect(newlyYourTurn(before, next).map((g) => g.id)).toEqual(['b']);
    // A match he has since played is out of his turns, and comes back as news when it returns.
    const played = [entry('a', false), entry('b', true)];
    expect(newlyYourTurn(yourTurnIds(next), played)).toEqual([]);
    expect(newlyYourTurn(yourTurnIds(played), [entry('a', true)]).map((g) => g.id)).toEqual(['a']);
  });
});
