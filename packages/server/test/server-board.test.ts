import { type BoardEvaluation, type TemperatureMap, TemperatureMapSchema } from '@zar/protocol';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_EVALUATION_BURST, TEMPERATURE_MAP_BURST } from '../src/limits/board.js';
import { Caller, type Running, startServer } from './support/harness.js';

type Refusal = { error: { code: string; message: string } };

const OPENING_XGID = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10';
const OPENING_ZAR = 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('the analysis board, for any visitor', () => {
  it("ranks the opening 3-1 of an XGID, with the cube's three equities, and makes no session", async () => {
    const visitor = new Caller(server.base);
    const r = await visitor.call<BoardEvaluation>('POST', '/api/board/evaluate', { position: OPENING_XGID, plies: 1 });
    expect(r.status).toBe(200);
    expect(r.setCookie).toEqual([]);
    const a = r.body;
    expect(a.setup).toMatchObject({ game: 'backgammon', form: 'xgid', dice: [3, 1], onRoll: 0, link: OPENING_XGID });
    expect(a.plays?.[0]?.play).toBe('8/5 6/5');
    expect(a.plays?.[0]?.loss).toBe(0);
    expect(a.legal).toBe(a.plays?.length);
    expect(a.pips).toEqual([167, 167]);
    expect(a.cube?.proper).toBe('no-double');
    expect(a.cubeful).toBe(true);
  }, 30_000);

  it('takes the dice apart from the text, and the other games in Zar text', async () => {
    const visitor = new Caller(server.base);
    const bg = await visitor.call<BoardEvaluation>('POST', '/api/board/evaluate', {
      position: OPENING_ZAR,
      dice: [1, 3],
      plies: 0,
    });
    expect(bg.body.setup.dice).toEqual([3, 1]);
    expect(bg.body.plays?.[0]?.play).toBe('8/5 6/5');
    const nardy = await visitor.call<BoardEvaluation>('POST', '/api/board/evaluate', {
      position: 'long-nardy:24x15/24x15:dice=64',
    });
    expect(nardy.status).toBe(200);
    expect(nardy.body).toMatchObject({ cube: null, cubeful: false, shots: null });
    expect(nardy.body.setup).toMatchObject({ game: 'long-nardy', form: 'zar', cube: null });
    expect(nardy.body.plays?.length).toBeGreaterThan(0);
  }, 30_000);

  it('draws a temperature map of the 21 rolls', async () => {
    const visitor = new Caller(server.base);
    const r = await visitor.call<TemperatureMap>('POST', '/api/board/temperature', {
      position: OPENING_ZAR,
      plies: 0,
    });
    expect(r.status).toBe(200);
    expect(v.is(TemperatureMapSchema, r.body)).toBe(true);
    expect(r.body.rolls).toHaveLength(21);
    expect(r.body.rolls.reduce((n, x) => n + x.weight, 0)).toBe(36);
    expect(r.body.rolls.find((x) => x.dice[0] === 3 && x.dice[1] === 1)?.play).toBe('8/5 6/5');
    expect(r.body.setup.dice).toBeNull();
  }, 30_000);

  it('refuses what is no position, dice it cannot roll and bodies the contract does not describe', async () => {
    const visitor = new Caller(server.base);
    const call = (path: string, body: unknown) => visitor.call<Refusal>('POST', path, body);
    const bad = await call('/api/board/evaluate', { position: 'backgammon:24x2/oops' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('ERR_BOARD_POSITION');
    const run = await call('/api/board/evaluate', { position: 'gul-bara:24x15/24x15:run=3', dice: [6, 4] });
    expect(run.body.error.code).toBe('ERR_DICE');
    const over = await call('/api/board/temperature', { position: 'backgammon:offx15/24x15:end=onroll.backgammon.3' });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('ERR_GAME_OVER');
    for (const body of [
      { position: OPENING_ZAR, plies: 3 },
      { position: OPENING_ZAR, dice: [7, 1] },
      { positon: 'x' },
    ]) {
      const r = await call('/api/board/evaluate', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('ERR_BODY');
    }
    expect((await call('/api/board/temperature', { position: OPENING_ZAR, plies: 2 })).body.error.code).toBe(
      'ERR_BODY',
    );
  }, 30_000);
});

describe('limits', () => {
  it('refuses a visitor past the burst of his address, with Retry-After, each kind on its own', async () => {
    const limited = await startServer();
    try {
      const call = (path: string) =>
        fetch(`${limited.base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ position: 'not a position' }),
        });
      // A visitor is counted by his address, which has twice an account's burst.
      for (let i = 0; i < 2 * TEMPERATURE_MAP_BURST; i++)
        expect((await call('/api/board/temperature')).status).toBe(422);
      const refused = await call('/api/board/temperature');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as Refusal).error.code).toBe('ERR_RATE_LIMITED');
      for (let i = 0; i < 2 * BOARD_EVALUATION_BURST; i++) expect((await call('/api/board/evaluate')).status).toBe(422);
      expect((await call('/api/board/evaluate')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
