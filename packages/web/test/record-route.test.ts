import { describe, expect, it } from 'vitest';
import { matchRoute, pathOf } from '../src/router.js';

describe('the replay route', () => {
  it('is /replay/<id>, both ways, and refuses what an id cannot be', () => {
    expect(matchRoute('/replay/abc123')).toEqual({ page: 'replay', id: 'abc123' });
    expect(matchRoute('/replay/abc123/')).toEqual({ page: 'replay', id: 'abc123' });
    expect(pathOf({ page: 'replay', id: 'abc123' })).toBe('/replay/abc123');
    expect(matchRoute('/replay/a.b').page).toBe('not-found');
    expect(matchRoute('/replay/abc/more').page).toBe('not-found');
  });
});
