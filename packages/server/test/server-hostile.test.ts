import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Caller, Client, type Running, seededRandom, startServer } from './support/harness.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('hostile frames', () => {
  it('each bad frame gets an error reply; a game in progress elsewhere is untouched', async () => {
    const player = new Caller(server.base);
    const { id } = await player.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const good = await Client.open(server.ws, player.cookie);
    const before = await good.join(id);

    const attacker = new Caller(server.base);
    await attacker.call('GET', '/api/me');
    const bad = await Client.open(server.ws, attacker.cookie);
    const frames: [string | Buffer, string][] = [
      ['not json', 'ERR_JSON'],
      ['', 'ERR_JSON'],
      ['null', 'ERR_MESSAGE'],
      ['[]', 'ERR_MESSAGE'],
      ['"join"', 'ERR_MESSAGE'],
      ['{"t":"nope"}', 'ERR_MESSAGE'],
      ['{"t":"join"}', 'ERR_MESSAGE'],
      ['{"t":"join","game":42}', 'ERR_MESSAGE'],
      ['{"t":"join","game":"../../etc"}', 'ERR_MESSAGE'],
      ['{"t":"act","game":"abcdef","v":-1,"action":{"type":"roll"}}', 'ERR_MESSAGE'],
      ['{"t":"act","game":"abcdef","v":1.5,"action":{"type":"roll"}}', 'ERR_MESSAGE'],
      ['{"t":"act","game":"abcdef","v":0,"action":{"type":"fly"}}', 'ERR_MESSAGE'],
      [
        `{"t":"act","game":"${id}","v":0,"action":{"type":"play","play":${JSON.stringify('8/5 '.repeat(40))}}}`,
        'ERR_MESSAGE',
      ],
      ['{"t":"join","game":"nosuchgame"}', 'ERR_NOT_FOUND'],
      ['{"t":"act","game":"nosuchgame","v":0,"action":{"type":"roll"}}', 'ERR_NOT_FOUND'],
      [`{"t":"act","game":"${id}","v":${before.v},"action":{"type":"roll"}}`, 'ERR_NOT_A_PLAYER'],
      [`{"t":"act","game":"${id}","v":${before.v},"action":{"type":"play","play":"24/1"}}`, 'ERR_NOT_A_PLAYER'],
      [JSON.stringify({ t: 'ping', pad: 'x'.repeat(5000) }), 'ERR_TOO_LARGE'],
      [Buffer.from([0, 1, 2, 3]), 'ERR_JSON'],
      // A key the message does not name is refused, __proto__ included (and pollutes nothing).
      ['{"t":"join","game":"abcdef","__proto__":{"polluted":true}}', 'ERR_MESSAGE'],
    ];
    for (const [frame, code] of frames) {
      const reply = bad.next((m) => m.t === 'error');
      bad.socket.send(frame);
      expect(await reply, String(frame).slice(0, 60)).toMatchObject({ t: 'error', code });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Still answering on the same socket, and the other game plays to the end.
    expect(await bad.request({ t: 'ping', id: 9 }, (m) => m.t === 'pong')).toEqual({ t: 'pong', id: 9 });
    const done = await autoplay(good, id, { random: seededRandom(11) });
    expect(done.last.status).toBe('over');
    await Promise.all([good.close(), bad.close()]);
  });

  it('a frame over the socket limit closes that connection only', async () => {
    const a = await Client.open(server.ws);
    const b = await Client.open(server.ws);
    const closed = new Promise<number>((resolve) => a.socket.once('close', (code) => resolve(code)));
    a.socket.send('x'.repeat(200_000));
    expect(await closed).toBe(1009);
    expect(await b.request({ t: 'ping' }, (m) => m.t === 'pong')).toEqual({ t: 'pong' });
    await b.close();
  });

  it('a socket without a session may watch but not play', async () => {
    const owner = new Caller(server.base);
    const { id } = await owner.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const anonymous = await Client.open(server.ws);
    const state = await anonymous.join(id);
    expect(state.view.you).toBeNull();
    const forged = await Client.open(server.ws, 'zar_sid=s%3Aforged.signature');
    const refused = forged.next((m) => m.t === 'error');
    forged.send({ t: 'act', game: id, v: state.v, action: { type: 'roll' } });
    expect(await refused).toMatchObject({ code: 'ERR_NOT_A_PLAYER' });
    await Promise.all([anonymous.close(), forged.close()]);
  });
});
