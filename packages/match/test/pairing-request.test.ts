import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  admitRequest,
  kindKey,
  MAX_OPEN_PAIRING_REQUESTS,
  type PairingRequest,
  pairingSettings,
  parsePairingKind,
  parsePairingRequest,
  ratingPool,
} from '../src/pairing.js';

const wireKind = { game: 'backgammon', length: 5, clock: 'normal', rated: true };
const wire = { id: 'q1', player: 'acc-1', rating: 1523.4, since: 1_700_000_000_000, kind: wireKind };

function parsed(input: unknown): PairingRequest {
  const r = parsePairingRequest(input);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function refusal(input: unknown): string {
  const r = parsePairingRequest(input);
  if (r.ok) expect.fail(`${JSON.stringify(input)} was accepted`);
  return r.error.code;
}

describe('parsePairingRequest', () => {
  it('reads a request; a game names its standard preset', () => {
    expect(parsed(wire)).toEqual({
      id: 'q1',
      player: 'acc-1',
      rating: 1523.4,
      since: 1_700_000_000_000,
      kind: { play: { preset: 'backgammon' }, length: 5, clock: 'normal', rated: true },
    });
  });

  it('a game and its standard preset are one kind; another preset is another kind', () => {
    const byGame = parsed(wire).kind;
    const byPreset = parsed({ ...wire, kind: { ...wireKind, game: undefined, preset: 'backgammon' } }).kind;
    const portes = parsed({ ...wire, kind: { ...wireKind, game: undefined, preset: 'portes' } }).kind;
    expect(kindKey(byPreset)).toBe(kindKey(byGame));
    expect(kindKey(portes)).not.toBe(kindKey(byGame));
  });

  it('rates a preset in its game, a mixed cycle in its own pool', () => {
    const portes = parsed({ ...wire, kind: { ...wireKind, game: undefined, preset: 'portes' } }).kind;
    const tavli = parsed({ ...wire, kind: { ...wireKind, game: undefined, cycle: 'tavli' } }).kind;
    const nardy = parsed({ ...wire, kind: { ...wireKind, game: 'long-nardy' } }).kind;
    expect(ratingPool(portes)).toBe('backgammon');
    expect(ratingPool(tavli)).toBe('tavli');
    expect(ratingPool(nardy)).toBe('long-nardy');
    expect(pairingSettings(tavli).cycle.map((c) => c.game)).toEqual(['backgammon', 'plakoto', 'fevga']);
    expect(pairingSettings(tavli).length).toBe(5);
  });

  it.each<[string, unknown, string]>([
    ['not an object', 'backgammon', 'ERR_PAIRING_REQUEST'],
    ['an array', [wire], 'ERR_PAIRING_REQUEST'],
    ['a stray field', { ...wire, colour: 'white' }, 'ERR_PAIRING_REQUEST'],
    ['an empty id', { ...wire, id: '' }, 'ERR_PAIRING_REQUEST'],
    ['a numeric player', { ...wire, player: 7 }, 'ERR_PAIRING_REQUEST'],
    ['a rating that is not a number', { ...wire, rating: Number.NaN }, 'ERR_PAIRING_REQUEST'],
    ['a negative rating', { ...wire, rating: -1 }, 'ERR_PAIRING_REQUEST'],
    ['a time in fractions of ms', { ...wire, since: 1.5 }, 'ERR_PAIRING_REQUEST'],
    ['a negative time', { ...wire, since: -1 }, 'ERR_PAIRING_REQUEST'],
    ['no kind', { ...wire, kind: undefined }, 'ERR_PAIRING_REQUEST'],
    ['a stray kind field', { ...wire, kind: { ...wireKind, options: {} } }, 'ERR_PAIRING_REQUEST'],
    ['no game named', { ...wire, kind: { ...wireKind, game: undefined } }, 'ERR_SETTINGS'],
    ['a game and a preset', { ...wire, kind: { ...wireKind, preset: 'portes' } }, 'ERR_SETTINGS'],
    ['an unknown game', { ...wire, kind: { ...wireKind, game: 'chess' } }, 'ERR_SETTINGS'],
    ['an unknown preset', { ...wire, kind: { ...wireKind, game: undefined, preset: 'shesh-besh' } }, 'ERR_SETTINGS'],
    ['an unknown cycle', { ...wire, kind: { ...wireKind, game: undefined, cycle: 'toString' } }, 'ERR_SETTINGS'],
    ['money play', { ...wire, kind: { ...wireKind, length: 0 } }, 'ERR_SETTINGS'],
    ['a match too long', { ...wire, kind: { ...wireKind, length: 26 } }, 'ERR_SETTINGS'],
    ['a fractional length', { ...wire, kind: { ...wireKind, length: 2.5 } }, 'ERR_SETTINGS'],
    ['a length as text', { ...wire, kind: { ...wireKind, length: '5' } }, 'ERR_SETTINGS'],
    ['an unknown clock', { ...wire, kind: { ...wireKind, clock: 'blitz' } }, 'ERR_SETTINGS'],
    ['a custom clock', { ...wire, kind: { ...wireKind, clock: { kind: 'untimed' } } }, 'ERR_SETTINGS'],
    ['rated as text', { ...wire, kind: { ...wireKind, rated: 'yes' } }, 'ERR_PAIRING_REQUEST'],
  ])('refuses %s', (_what, input, code) => {
    expect(refusal(input)).toBe(code);
  });

  it('answers any input with a value or one of its codes, never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.anything().map((kind) => ({ ...wire, kind })),
        ),
        (input) => {
          const r = parsePairingRequest(input);
          if (!r.ok) expect(['ERR_PAIRING_REQUEST', 'ERR_SETTINGS']).toContain(r.error.code);
        },
      ),
    );
  });

  it('reads every kind it can name: games, presets and cycles, lengths 1 to 25, each clock', () => {
    const play = fc.oneof(
      fc.constantFrom('backgammon', 'long-nardy', 'plakoto', 'fevga', 'gul-bara').map((game) => ({ game })),
      fc.constantFrom('portes', 'tapa', 'fevga-apps', 'gul-bara-global').map((preset) => ({ preset })),
      fc.constantFrom('tavli', 'tabla-cycle').map((cycle) => ({ cycle })),
    );
    const kind = fc.record({
      length: fc.integer({ min: 1, max: 25 }),
      clock: fc.constantFrom('speed', 'normal', 'casual', 'tournament', 'untimed'),
      rated: fc.boolean(),
    });
    fc.assert(
      fc.property(play, kind, (p, k) => {
        expect(parsePairingKind({ ...p, ...k }).ok).toBe(true);
      }),
    );
  });
});

describe('admitRequest: which requests a pool takes from whom', () => {
  const guest = { registered: false };
  const member = { registered: true };
  const ask = (id: string, player: string, length: number, rated = true) =>
    parsed({ ...wire, id, player, kind: { ...wireKind, length, rated } });

  it('admits a request to an empty pool', () => {
    const r = ask('a', 'ann', 5);
    expect(admitRequest([], r, member)).toEqual({ ok: true, value: r });
  });

  it('refuses a rated request from a guest, admits his casual one', () => {
    expect(admitRequest([], ask('a', 'guest-1', 5), guest)).toMatchObject({ error: { code: 'ERR_ACCOUNT_ONLY' } });
    expect(admitRequest([], ask('a', 'guest-1', 5, false), guest).ok).toBe(true);
  });

  it('refuses a second request of the same kind, or an id already in the pool', () => {
    const pool = [ask('a', 'ann', 5)];
    expect(admitRequest(pool, ask('b', 'ann', 5), member)).toMatchObject({ error: { code: 'ERR_PAIRING_DUPLICATE' } });
    expect(admitRequest(pool, ask('a', 'bob', 7), member)).toMatchObject({ error: { code: 'ERR_PAIRING_DUPLICATE' } });
    expect(admitRequest(pool, ask('b', 'bob', 5), member).ok).toBe(true);
  });

  it(`holds an account to ${MAX_OPEN_PAIRING_REQUESTS} open requests; other accounts' do not count`, () => {
    const pool = [ask('a', 'ann', 3), ask('b', 'ann', 5), ask('c', 'bob', 7)];
    expect(admitRequest(pool, ask('d', 'ann', 7), member).ok).toBe(true);
    const full = [...pool, ask('d', 'ann', 7)];
    expect(admitRequest(full, ask('e', 'ann', 9), member)).toMatchObject({ error: { code: 'ERR_TOO_MANY_PAIRINGS' } });
    expect(admitRequest(full, ask('e', 'bob', 9), member).ok).toBe(true);
    expect(admitRequest(full, ask('e', 'ann', 9), member, 5).ok).toBe(true);
  });
});
