import { parseMatchSettings, parsePairingKind } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { diceSpecFor } from '../src/dice/dice.js';
import { newGameRow } from '../src/game/game-row.js';
import { rematchRow } from '../src/game/rating/rematch.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import { pairedGameRow } from '../src/lobby/paired-game.js';

/* One function builds every new game's row (game-row.ts): its defaults, its fair dice, and a rematch's keeps. */

const settings = (() => {
  const s = parseMatchSettings({ length: 3, cycle: [{ game: 'backgammon' }] });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
})();

const base = {
  id: 'game01',
  settings,
  players: ['Ana', 'Bot (club)'] as const,
  seats: [humanSeat('ana', 'Ana'), botSeat('club')] as const,
  status: 'playing' as const,
  clock: { kind: 'untimed' } as const,
  rated: false,
  pool: 'backgammon',
  now: 7,
};

describe('newGameRow', () => {
  it("is a casual game's first match with nothing played, nobody invited, spectators allowed, no tournament", () => {
    const row = newGameRow({ ...base, dice: { source: 'seeded', seed: 's' } });
    const { settings: _s, players: _p, now: _n, ...fields } = base;
    expect(row).toEqual({
      ...fields,
      record: { version: 1, settings, players: ['Ana', 'Bot (club)'], dice: { source: 'seeded', seed: 's' } },
      open: false,
      inviteToken: null,
      createdAt: 7,
      updatedAt: 7,
      version: 0,
      score: [0, 0],
      winner: null,
      rematchOf: null,
      series: [0, 0],
      abandonedBy: null,
      fair: null,
      noSpectators: [false, false],
      tournament: null,
      unrated: null,
    });
  });

  it('has no fair dice on a server that seeds its dice (ZAR_DICE_SEED: diceSpecFor)', () => {
    expect(newGameRow({ ...base, dice: diceSpecFor('test', base.id) }).fair).toBeNull();
    expect(newGameRow({ ...base, dice: diceSpecFor(undefined, base.id) }).fair).not.toBeNull();
  });

  it("draws the fair dice's seeds unless the dice are seeded: the server's secret, the bot's own, the person's to come", () => {
    const row = newGameRow({ ...base, dice: { source: 'crypto' } });
    expect(row.fair?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(row.fair?.clientSeeds[0]).toBeNull();
    expect(row.fair?.clientSeeds[1]).toEqual(expect.any(String));
  });

  it('builds the rows of quick pairing and of a rematch with the same fields', () => {
    const kind = parsePairingKind({ game: 'backgammon', length: 5, clock: 'normal', rated: true });
    if (!kind.ok) throw new Error(kind.error.message);
    const paired = pairedGameRow(
      kind.value,
      [
        { id: 'ana', name: 'Ana' },
        { id: 'bo', name: 'Bo' },
      ],
      'seed',
      5,
    );
    const over = { ...paired, status: 'over' as const, winner: 1 as const, noSpectators: [true, false] as const };
    const next = rematchRow(over, 9, 'next01');
    expect(Object.keys(next).sort()).toEqual(Object.keys(newGameRow({ ...base, dice: { source: 'crypto' } })).sort());
    expect(next).toMatchObject({
      id: 'next01',
      record: { ...paired.record, dice: { source: 'seeded', seed: `seed:${paired.id}>next01` } },
      rematchOf: paired.id,
      series: [0, 1],
      noSpectators: [true, false],
      fair: null,
      createdAt: 9,
    });
  });
});
