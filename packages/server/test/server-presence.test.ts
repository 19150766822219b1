import type { GameView, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockTable, watch } from './support/clock-table.js';
import { Caller, Client, type Running, startServer } from './support/harness.js';

/*
 * Presence: the opponent sees when a player has the game open. A seat is present
 * while one of its user's sockets watches the game; a bot always is, an empty seat never; a
 * change sends everyone watching a fresh state.
 */

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type State = Extract<ServerMessage, { t: 'state' }>;

const presence = (client: Client, game: string, want: readonly [boolean, boolean]): Promise<GameView> =>
  client
    .next((m) => m.t === 'state' && m.game === game && m.view.presence[0] === want[0] && m.view.presence[1] === want[1])
    .then((m) => (m as State).view);

describe('presence', () => {
  it('follows each player’s sockets: gone when his last one closes, back when he returns', async () => {
    const t = await clockTable(server, { clock: { kind: 'untimed' } });
    const [a, b] = t.people;
    if (b === null) throw new Error('two people');
    const alone = await watch(server, a, t.id);
    expect((await alone.join(t.id)).view.presence).toEqual([true, false]);

    const arrived = presence(alone, t.id, [true, true]);
    const first = await watch(server, b, t.id);
    await arrived;
    // A second tab of the same player: closing one of them leaves him present.
    const second = await watch(server, b, t.id);
    await second.close();
    expect((await alone.join(t.id)).view.presence).toEqual([true, true]);
    const left = presence(alone, t.id, [true, false]);
    await first.close();
    await left;
    const back = presence(alone, t.id, [true, true]);
    const again = await watch(server, b, t.id);
    expect((await again.join(t.id)).view.presence).toEqual([true, true]);
    await back;
    await Promise.all([alone.close(), again.close()]);
  });

  it('a spectator changes nothing and is sent nothing more', async () => {
    const t = await clockTable(server, { clock: { kind: 'untimed' } });
    const player = await watch(server, t.people[0], t.id);
    const before = player.messages.length;
    const spectator = await Client.open(server.ws);
    expect((await spectator.join(t.id)).view.presence).toEqual([true, false]);
    await spectator.close();
    // A round trip after the spectator came and went: no state was sent to the player meanwhile.
    await player.request({ t: 'ping', id: 1 }, (m) => m.t === 'pong');
    expect(player.messages.slice(before).map((m) => m.t)).toEqual(['pong']);
    await player.close();
  });

  it('a bot is always there; an empty seat never is, until its player sits and opens the game', async () => {
    const bot = await clockTable(server, { clock: { kind: 'untimed' }, bot: true });
    const mine = await watch(server, bot.people[0], bot.id);
    expect((await mine.join(bot.id)).view.presence).toEqual([true, true]);
    await mine.close();
    const away = new Caller(server.base);
    away.cookie = bot.people[0].caller.cookie;
    const r = await away.call<{ view: GameView }>('GET', `/api/games/${bot.id}`);
    expect(r.body.view.presence).toEqual([false, true]);

    const host = new Caller(server.base);
    const created = await host.newGame({ preset: 'backgammon', length: 1, opponent: 'friend' });
    const hostSocket = await Client.open(server.ws, host.cookie);
    expect((await hostSocket.join(created.id)).view.presence).toEqual([true, false]);
    // The friend is present once seated and watching.
    const friend = new Caller(server.base);
    const seated = presence(hostSocket, created.id, [true, true]);
    await friend.call('POST', `/api${created.invite}`);
    const friendSocket = await Client.open(server.ws, friend.cookie);
    await friendSocket.join(created.id);
    expect((await seated).status).toBe('playing');
    await Promise.all([hostSocket.close(), friendSocket.close()]);
  });

  it('a socket opened and closed in a loop sends the others a state now and then, not one per flip', async () => {
    const t = await clockTable(server, { clock: { kind: 'untimed' } });
    const [a, b] = t.people;
    if (b === null) throw new Error('two people');
    const stayer = await watch(server, a, t.id);
    const before = stayer.messages.length;
    // Ten flips: twenty changes of b's presence.
    for (let i = 0; i < 10; i++) await (await watch(server, b, t.id)).close();
    // The last change reaches him all the same, at the latest when the window closes: b is gone.
    const states = () => stayer.messages.slice(before).filter((m): m is State => m.t === 'state');
    for (let i = 0; i < 100 && states().at(-1)?.view.presence[1] !== false; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(states().at(-1)?.view.presence).toEqual([true, false]);
    expect(states().length).toBeLessThanOrEqual(10);
    await stayer.close();
  });
});
