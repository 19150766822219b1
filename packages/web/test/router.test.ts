import { RATING_POOLS } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { matchRoute, pathOf, type Route } from '../src/router.js';

describe('router', () => {
  const routes: [string, Route][] = [
    ['/', { page: 'home' }],
    ['/lobby', { page: 'lobby' }],
    ['/play/abc123', { page: 'play', id: 'abc123' }],
    ['/analysis/abc123', { page: 'analysis', id: 'abc123' }],
    ['/invite/Tok_en-1', { page: 'invite', token: 'Tok_en-1' }],
    ['/learn', { page: 'learn' }],
    ['/learn/long-nardy', { page: 'learn-page', slug: 'long-nardy' }],
    ['/history', { page: 'history' }],
    ['/account', { page: 'account' }],
    ['/leaderboard', { page: 'leaderboard', pool: null }],
    ['/leaderboard/long-nardy', { page: 'leaderboard', pool: 'long-nardy' }],
    ['/leaderboard/tavli', { page: 'leaderboard', pool: 'tavli' }],
    ['/players/ana_99', { page: 'player', name: 'ana_99' }],
    ['/ratings', { page: 'ratings' }],
    ['/analysis-board', { page: 'analysis-board' }],
  ];

  it.each(routes)('%s', (path, route) => {
    expect(matchRoute(path)).toEqual(route);
    expect(pathOf(route)).toBe(path);
  });

  it('has a leaderboard address for every rating pool', () => {
    for (const pool of RATING_POOLS) {
      const route: Route = { page: 'leaderboard', pool };
      expect(matchRoute(pathOf(route))).toEqual(route);
    }
  });

  it('ignores query, hash and a trailing slash', () => {
    expect(matchRoute('/play/abc123/?x=1#y')).toEqual({ page: 'play', id: 'abc123' });
    expect(matchRoute('/lobby/')).toEqual({ page: 'lobby' });
  });

  it('does not match unknown or malformed paths', () => {
    for (const path of [
      '/nope',
      '/play',
      '/play/a/b',
      '/lobby/x',
      '/play/bad%20id',
      '/invite/<x>',
      '/leaderboard/chess',
      '/leaderboard/backgammon/x',
      '/players',
      '/players/a b',
      '/ratings/x',
    ]) {
      expect(matchRoute(path).page, path).toBe('not-found');
    }
  });
});
