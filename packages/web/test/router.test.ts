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
  ];

  it.each(routes)('%s', (path, route) => {
    expect(matchRoute(path)).toEqual(route);
    expect(pathOf(route)).toBe(path);
  });

  it('ignores query, hash and a trailing slash', () => {
    expect(matchRoute('/play/abc123/?x=1#y')).toEqual({ page: 'play', id: 'abc123' });
    expect(matchRoute('/lobby/')).toEqual({ page: 'lobby' });
  });

  it('does not match unknown or malformed paths', () => {
    for (const path of ['/nope', '/play', '/play/a/b', '/lobby/x', '/play/bad%20id', '/invite/<x>']) {
      expect(matchRoute(path).page, path).toBe('not-found');
    }
  });
});
