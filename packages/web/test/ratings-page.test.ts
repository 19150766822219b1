import { kFactor, NEW_PLAYER, rateMatch, winProbability } from '@zar/match';
import type { Profile } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { ru } from '../src/i18n/ru.js';
import { fixed, poolName } from '../src/players/pool-name.js';
import { abandonmentText, prText } from '../src/players/profile-facts.js';
import { EXAMPLE, workedExample } from '../src/players/ratings-example.js';

describe('the ratings page’s worked example', () => {
  const x = workedExample(EXAMPLE.favourite, EXAMPLE.underdog, EXAMPLE.length);
  const pro = (rating: number) => ({ rating, experience: 1000 });

  it('shows what the match layer’s rateMatch computes for 1600 against 1500 over 5 points', () => {
    const won = rateMatch(pro(1600), pro(1500), 5);
    const lost = rateMatch(pro(1500), pro(1600), 5);
    if (!won.ok || !lost.ok) throw new Error('rateMatch refused the example');
    expect(x.expected).toEqual({
      change: won.value.winnerGain,
      favourite: won.value.winner.rating,
      underdog: won.value.loser.rating,
    });
    expect(x.surprise).toEqual({
      change: lost.value.winnerGain,
      favourite: lost.value.loser.rating,
      underdog: lost.value.winner.rating,
    });
    const p = winProbability(1500, 1600, 5);
    expect(p.ok && p.value).toBe(x.upset);
  });

  it('agrees with the formula written on the page, and an upset is worth more than an expected win', () => {
    const upset = 1 / (10 ** ((100 * Math.sqrt(5)) / 2000) + 1);
    expect(x.upset).toBeCloseTo(upset, 12);
    expect(x.expected.change).toBeCloseTo(4 * Math.sqrt(5) * upset, 12);
    expect(x.surprise.change).toBeCloseTo(4 * Math.sqrt(5) * (1 - upset), 12);
    expect(x.surprise.change).toBeGreaterThan(x.expected.change);
    // Both experienced: what one gains the other loses.
    expect(x.expected.favourite - EXAMPLE.favourite).toBeCloseTo(EXAMPLE.underdog - x.expected.underdog, 12);
  });

  it('rates the new player with his own K of 5, and his opponent with K = 1', () => {
    const r = rateMatch({ ...NEW_PLAYER, rating: 1500 }, pro(1600), 5);
    if (!r.ok) throw new Error('rateMatch refused the example');
    expect(x.newcomer.k).toBe(kFactor(0));
    expect(x.newcomer.k).toBe(5);
    expect(x.newcomer.gain).toBe(r.value.winnerGain);
    expect(x.newcomer.loss).toBe(r.value.loserLoss);
    expect(x.newcomer.underdog).toBe(r.value.winner.rating);
    expect(x.newcomer.favourite).toBe(r.value.loser.rating);
    expect(x.newcomer.gain).toBeCloseTo(5 * x.newcomer.loss, 12);
  });

  it('writes the numbers in the page’s language', () => {
    expect(fixed('en', 1523.456, 1)).toBe('1523.5');
    expect(fixed('ru', 1523.456, 1)).toBe('1523,5');
    expect(fixed('ar', 1523.456, 1)).toBe('1523.5');
    expect(fixed('en', x.upset, 4)).toBe(x.upset.toFixed(4));
  });
});

describe('profile facts', () => {
  const i18n = makeI18n('en', en);
  it('states the abandonment share', () => {
    expect(abandonmentText(i18n, { matches: 20, abandoned: 1 })).toBe('Abandoned 1 of 20 matches (5%).');
    expect(abandonmentText(i18n, { matches: 1, abandoned: 0 })).toBe('Abandoned 0 of 1 match (0%).');
    expect(abandonmentText(i18n, { matches: 0, abandoned: 0 })).toBeNull();
    expect(abandonmentText(makeI18n('ru', ru), { matches: 5, abandoned: 2 })).toMatch(
      /^Бросил 2 из 5 матчей \(40\s%\)\.$/u,
    );
  });

  it('states the average PR, or that nothing is analysed', () => {
    const pr: Profile['pr'] = { matches: 3, average: 4.25 };
    expect(prText(i18n, pr)).toBe('4.3 over 3 analysed backgammon matches.');
    expect(prText(i18n, null)).toBe('No analysed matches.');
  });

  it('names pools by their game or cycle', () => {
    expect(poolName(en, 'long-nardy')).toBe('Long nardy');
    expect(poolName(en, 'tavli')).toBe(en.cycles.tavli);
  });
});
