import type { GameSummary } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { loadLatest } from '../src/players/latest.js';
import { ownSeat } from '../src/players/profile-facts.js';

/** A promise and the function that settles it, so a test decides which answer comes first. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a page that loads for its address', () => {
  it('shows the answer for the address it is at, not a slower one for the address it left', async () => {
    const shown: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const leaveFirst = loadLatest(
      () => first.promise,
      (v) => shown.push(v),
    );
    // The player picks another pool before the first board came back.
    leaveFirst();
    loadLatest(
      () => second.promise,
      (v) => shown.push(v),
    );
    second.resolve('fevga');
    first.resolve('backgammon');
    await settle();
    expect(shown).toEqual(['fevga']);
  });

  it('shows an answer that comes while the page is still there', async () => {
    const shown: number[] = [];
    loadLatest(
      async () => 7,
      (v) => shown.push(v),
    );
    await settle();
    expect(shown).toEqual([7]);
  });
});

const summary = (players: [string, string], you: 0 | 1 | null): GameSummary =>
  ({ players: players.map((name) => ({ name })), you }) as unknown as GameSummary;

describe("a profile's recent match", () => {
  it('is read from the seat the server says is his, whatever name the seat was taken under', () => {
    // Played as a guest before he chose the name "ann": neither seat bears it.
    expect(ownSeat(summary(['ben', 'guest-4f2a'], 1), 'ann')).toBe(1);
    expect(ownSeat(summary(['ann', 'ben'], 0), 'ann')).toBe(0);
    // A summary without the seat: by name.
    expect(ownSeat(summary(['ben', 'ann'], null), 'ann')).toBe(1);
  });
});
