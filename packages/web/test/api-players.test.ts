import type { Leaderboard, Profile } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../src/api.js';
import { answer, realFetch } from './support/fetch-stub.js';

afterEach(realFetch);

const BOARD: Leaderboard = {
  pool: 'long-nardy',
  players: [{ name: 'ana_99', rating: 1612.4, matches: 12, wins: 8, lastPlayed: 1_700_000_000_000 }],
};

const PROFILE: Profile = {
  name: 'ana_99',
  since: 1_690_000_000_000,
  ratings: [
    {
      pool: 'long-nardy',
      rating: 1612.4,
      experience: 60,
      matches: 12,
      wins: 8,
      history: [{ at: 1_700_000_000_000, rating: 1612.4, game: 'game01' }],
    },
  ],
  matches: [{ pool: 'long-nardy', matches: 14 }],
  abandonment: { matches: 14, abandoned: 1 },
  pr: null,
  recent: [],
};

describe('the REST client for leaderboards and profiles', () => {
  it('asks for a pool’s leaderboard at its address and reads it', async () => {
    const sent = answer(200, BOARD);
    expect(await api.leaderboard('long-nardy')).toEqual({ ok: true, value: BOARD });
    expect(sent[0]?.path).toBe('/api/leaderboard/long-nardy');
    expect(sent[0]?.init.method).toBe('GET');
  });

  it('reads a profile, with the name encoded in the path', async () => {
    const sent = answer(200, PROFILE);
    expect(await api.profile('ana_99')).toEqual({ ok: true, value: PROFILE });
    expect(sent[0]?.path).toBe('/api/players/ana_99');
    const other = answer(200, PROFILE);
    await api.profile('a/b');
    expect(other[0]?.path).toBe('/api/players/a%2Fb');
  });

  it('gives the 404 of a name no account has, which the profile page turns into its sentence', async () => {
    answer(404, { error: { code: 'ERR_NOT_FOUND', message: 'no such player' } });
    expect(await api.profile('nobody')).toEqual({
      ok: false,
      error: { code: 'ERR_NOT_FOUND', message: 'no such player', status: 404 },
    });
  });

  it('refuses a leaderboard the contract does not describe (an unknown pool)', async () => {
    answer(200, { ...BOARD, pool: 'chess' });
    expect(await api.leaderboard('long-nardy')).toMatchObject({ ok: false, error: { code: 'ERR_SCHEMA' } });
  });
});
