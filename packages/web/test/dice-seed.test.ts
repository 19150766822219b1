import { CLIENT_SEED, MATCH_DEFAULTS, newMatch } from '@zar/match';
import { type FairDiceView, type GameView, matchView, parseClientMessage } from '@zar/protocol';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { awaitsSeed, newClientSeed, SeedSender } from '../src/dice/client-seed.js';
import { seenDiceOf } from '../src/dice/fair-memory.js';
import { GameSocket } from '../src/socket.js';
import { ManualTimers as Clock, connectInto, type FakeSocket } from './support/fake-socket.js';
import { CASUAL_UNTIMED, SEATS_AGAINST_BOT } from './support/matches.js';
import { dropMemoryStorage, useMemoryStorage } from './support/memory-storage.js';

const COMMITMENT = 'ab'.repeat(32);
const BOT_SEED = 'bot-seed';

function viewWith(fair: FairDiceView | null, you: 0 | 1 | null = 0, status: GameView['status'] = 'playing'): GameView {
  return matchView(
    newMatch(MATCH_DEFAULTS),
    {
      id: 'game01',
      status,
      players: SEATS_AGAINST_BOT,
      you,
      hint: false,
      analysable: false,
      ...CASUAL_UNTIMED,
      fair,
    },
    [],
  );
}

const awaiting: FairDiceView = { commitment: COMMITMENT, clientSeeds: [null, BOT_SEED], serverSeed: null };
const given = (seed: string): FairDiceView => ({ ...awaiting, clientSeeds: [seed, BOT_SEED] });

function setup() {
  const sockets: FakeSocket[] = [];
  const clock = new Clock();
  new GameSocket(
    'ws://x/ws',
    'game01',
    { onView: () => undefined, onError: () => undefined, onStatus: () => undefined },
    {
      connect: connectInto(sockets),
      timers: clock,
      pingEvery: 1000,
    },
  );
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  const seedsSent = (s: FakeSocket) =>
    s.sent.filter((m): m is { t: 'seed'; game: string; seed: string } => (m as { t: string }).t === 'seed');
  return { last, clock, seedsSent };
}

describe('the page sends its seed for the fair dice', () => {
  it('makes 32 lowercase hex digits from 16 random bytes, a valid client seed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const seed = newClientSeed({
          getRandomValues: <T extends ArrayBufferView | null>(a: T) => {
            (a as unknown as Uint8Array).set(bytes);
            return a;
          },
        });
        expect(seed).toBe(Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
        expect(seed).toMatch(CLIENT_SEED);
      }),
    );
    expect(newClientSeed()).not.toBe(newClientSeed());
  });

  it('awaits a seed only for a seated viewer of a fair match whose seed is still missing', () => {
    expect(awaitsSeed(viewWith(awaiting, 0))).toBe(true);
    expect(awaitsSeed(viewWith(awaiting, 1))).toBe(false);
    expect(awaitsSeed(viewWith(awaiting, null))).toBe(false);
    expect(awaitsSeed(viewWith(null, 0))).toBe(false);
    expect(awaitsSeed(viewWith(given('x'), 0))).toBe(false);
    expect(awaitsSeed(viewWith(awaiting, 0, 'over'))).toBe(false);
  });

  it('sends one valid seed message on the first state that awaits it, and no more on that connection', () => {
    const { last, seedsSent } = setup();
    last().open();
    last().receive({ t: 'state', game: 'game01', v: 1, view: viewWith(awaiting) });
    last().receive({ t: 'state', game: 'game01', v: 2, view: viewWith(awaiting) });
    const sent = seedsSent(last());
    expect(sent).toHaveLength(1);
    expect(parseClientMessage(JSON.stringify(sent[0])).ok).toBe(true);
    expect(sent[0]?.game).toBe('game01');
    expect(sent[0]?.seed).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends nothing for a match without fair dice, a spectator, or a seed the server already has', () => {
    for (const view of [viewWith(null), viewWith(awaiting, null), viewWith(given('mine'))]) {
      const { last, seedsSent } = setup();
      last().open();
      last().receive({ t: 'state', game: 'game01', v: 1, view });
      expect(seedsSent(last())).toEqual([]);
    }
  });

  it('sends nothing once the match is over, though the seat never gave one (the flag fell first)', () => {
    const { last, seedsSent } = setup();
    last().open();
    last().receive({ t: 'state', game: 'game01', v: 1, view: viewWith(awaiting, 0, 'over') });
    expect(seedsSent(last())).toEqual([]);
  });

  it('sends the same seed again after a reconnect only if the server still shows none', () => {
    const { last, clock, seedsSent } = setup();
    last().open();
    last().receive({ t: 'state', game: 'game01', v: 1, view: viewWith(awaiting) });
    const first = seedsSent(last())[0]?.seed ?? '';
    // Lost with the connection: the server still awaits it.
    last().drop();
    clock.advance(60_000);
    last().open();
    last().receive({ t: 'state', game: 'game01', v: 1, view: viewWith(awaiting) });
    expect(seedsSent(last()).map((m) => m.seed)).toEqual([first]);
    // It arrived this time: a third connection sends nothing.
    last().drop();
    clock.advance(60_000);
    last().open();
    last().receive({ t: 'state', game: 'game01', v: 2, view: viewWith(given(first)) });
    expect(seedsSent(last())).toEqual([]);
  });

  it('draws the seed once however many connections need it', () => {
    let draws = 0;
    const sender = new SeedSender(() => `seed${++draws}`);
    const view = viewWith(awaiting);
    expect(sender.seedFor(view)).toBe('seed1');
    expect(sender.seedFor(view)).toBeNull();
    sender.reconnected();
    expect(sender.seedFor(view)).toBe('seed1');
    expect(draws).toBe(1);
  });

  describe('remembering what the replay checks the proof against', () => {
    afterEach(dropMemoryStorage);

    it('keeps the commitment the seed went out under and the seed, once the server shows it as the seat’s', () => {
      useMemoryStorage();
      const { last, seedsSent } = setup();
      last().open();
      last().receive({ t: 'state', game: 'game01', v: 1, view: viewWith(awaiting) });
      const seed = seedsSent(last())[0]?.seed ?? '';
      // Sent but not yet taken: nothing is known to be the match's yet.
      expect(seenDiceOf('game01')).toBeNull();
      last().receive({ t: 'state', game: 'game01', v: 2, view: viewWith(given(seed)) });
      expect(seenDiceOf('game01')).toEqual({ game: 'game01', commitment: COMMITMENT, seed });
    });

    it('keeps nothing when the server took another seed for the seat (another tab’s, or the late seed’s stand-in)', () => {
      useMemoryStorage();
      const { last } = setup();
      last().open();
      last().receive({ t: 'state', game: 'game01', v: 1, view: viewWith(awaiting) });
      last().receive({ t: 'state', game: 'game01', v: 2, view: viewWith(given('not-this-page')) });
      expect(seenDiceOf('game01')).toBeNull();
    });

    it('reports the seed taken once, with the commitment shown before the dice even if a later view shows another', () => {
      const sender = new SeedSender(() => 'mine');
      expect(sender.taken(viewWith(given('mine')))).toBeNull();
      expect(sender.seedFor(viewWith(awaiting))).toBe('mine');
      const later = { ...given('mine'), commitment: 'cd'.repeat(32) };
      expect(sender.taken(viewWith(later))).toEqual({ commitment: COMMITMENT, seed: 'mine' });
      expect(sender.taken(viewWith(later))).toBeNull();
    });
  });
});
