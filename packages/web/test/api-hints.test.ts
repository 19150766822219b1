import { DEFAULT_PREFERENCES, type Hint } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../src/api.js';
import { answer, realFetch } from './support/fetch-stub.js';

afterEach(realFetch);

const HINT: Hint = {
  kind: 'cube',
  bot: 'the backgammon net',
  plies: 1,
  decision: 'take',
  proper: 'take',
  equities: { noDouble: 0.4, doubleTake: 0.6, doubleDrop: 1 },
  choices: [
    { action: 'take', equity: -0.6, loss: 0 },
    { action: 'drop', equity: -1, loss: 0.4 },
  ],
};

describe('hints, preferences and the live count over REST', () => {
  it('asks for a game’s hint and reads it, or the refusal', async () => {
    const sent = answer(200, HINT);
    expect(await api.hint('game01')).toEqual({ ok: true, value: HINT });
    expect(sent[0]).toMatchObject({ path: '/api/games/game01/hint', init: { method: 'GET' } });
    answer(403, { error: { code: 'ERR_HINT_FORBIDDEN', message: 'hints are only for games against the bot' } });
    const refused = await api.hint('game01');
    expect(refused.ok ? null : refused.error.code).toBe('ERR_HINT_FORBIDDEN');
    // A hint the contract does not describe (a play without its loss) is not shown.
    answer(200, { ...HINT, kind: 'plays' });
    expect((await api.hint('game01')).ok).toBe(false);
  });

  it('reads and saves an account’s preferences', async () => {
    answer(200, DEFAULT_PREFERENCES);
    expect(await api.preferences()).toEqual({ ok: true, value: DEFAULT_PREFERENCES });
    const sent = answer(204, undefined);
    expect(await api.savePreferences({ theme: 'contrast', sound: true })).toEqual({ ok: true, value: null });
    expect(sent[0]?.path).toBe('/api/preferences');
    expect(sent[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ theme: 'contrast', sound: true });
  });

  it('reads the live count', async () => {
    const sent = answer(200, { playing: 12, waiting: 3 });
    expect(await api.stats()).toEqual({ ok: true, value: { playing: 12, waiting: 3 } });
    expect(sent[0]?.path).toBe('/api/stats');
    answer(200, { playing: -1, waiting: 3 });
    expect((await api.stats()).ok).toBe(false);
  });
});
