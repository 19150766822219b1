import type { MatchAnalysis } from '@zar/bot';
import { parseMatchSettings } from '@zar/match';
import type { PlayerDice, Profile } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { prRowsOf } from '../src/analysis/pr-rows.js';
import { memoryStore } from '../src/store/index.js';
import type { GameRow, SeatRow } from '../src/store/types.js';
import { analysisOf, storePlayedMatch } from './support/analysed-match.js';
import { botMatch } from './support/bot-match.js';
import { gameRowFor } from './support/game-row.js';
import { Caller, type Running } from './support/harness.js';
import { startLobbyServer } from './support/lobby-server.js';

let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const human = (userId: string, name: string): SeatRow => ({ kind: 'human', userId, name, level: null });
const BOT: SeatRow = { kind: 'bot', userId: null, name: 'Bot (club)', level: 'club' };

function rowWith(seats: readonly [SeatRow, SeatRow], settings: unknown): GameRow {
  const parsed = parseMatchSettings(settings);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const over = { status: 'over', score: [1, 0], winner: 0 } as const;
  return gameRowFor({ id: 'analysed01', settings: parsed.value, seats, ...over, pool: null });
}

const report = (pr: number, decisions: number, luck = 0) => ({
  name: 'x',
  decisions,
  moves: decisions,
  cubeDecisions: 0,
  equityLost: 0,
  errorRate: 0,
  pr,
  marks: { doubtful: 0, error: 0, blunder: 0 },
  luck,
});

const analysisWith = (a: ReturnType<typeof report>, b: ReturnType<typeof report>): MatchAnalysis => ({
  length: 1,
  plies: 1,
  cubePlies: 1,
  players: [a, b],
  decisions: [],
});

describe('the PR an analysis keeps for the profiles', () => {
  it('is kept for each person of a backgammon match, never for a bot, a seat with nothing to judge, or another game', () => {
    const bg = { length: 1, cycle: [{ game: 'backgammon' }] };
    // Each row carries his luck and his opponent's, a bot's included.
    const analysis = analysisWith(report(5.5, 20, 0.25), report(9, 18, -0.125));
    expect(prRowsOf(rowWith([human('u1', 'ann'), human('u2', 'ben')], bg), analysis, 7)).toEqual([
      { gameId: 'analysed01', userId: 'u1', pr: 5.5, at: 7, luck: 0.25, opponentLuck: -0.125 },
      { gameId: 'analysed01', userId: 'u2', pr: 9, at: 7, luck: -0.125, opponentLuck: 0.25 },
    ]);
    expect(prRowsOf(rowWith([BOT, human('u2', 'ben')], bg), analysis, 7)).toEqual([
      { gameId: 'analysed01', userId: 'u2', pr: 9, at: 7, luck: -0.125, opponentLuck: 0.25 },
    ]);
    expect(
      prRowsOf(
        rowWith([human('u1', 'ann'), human('u2', 'ben')], bg),
        analysisWith(report(0, 0, 0.5), report(3, 2, -0.5)),
        7,
      ),
    ).toEqual([{ gameId: 'analysed01', userId: 'u2', pr: 3, at: 7, luck: -0.5, opponentLuck: 0.5 }]);
    const nardy = { length: 1, cycle: [{ game: 'long-nardy' }] };
    expect(prRowsOf(rowWith([human('u1', 'ann'), human('u2', 'ben')], nardy), analysis, 7)).toEqual([]);
  });

  it('keeps no luck when the analysis has none, or none that is a number (an analysis made before luck)', () => {
    const bg = { length: 1, cycle: [{ game: 'backgammon' }] };
    const analysis = {
      players: [
        { decisions: 10, pr: 5, luck: Number.NaN },
        { decisions: 10, pr: 4 },
      ],
    } as const;
    expect(prRowsOf(rowWith([human('u1', 'ann'), human('u2', 'ben')], bg), analysis, 7)).toEqual([
      { gameId: 'analysed01', userId: 'u1', pr: 5, at: 7, luck: null, opponentLuck: null },
      { gameId: 'analysed01', userId: 'u2', pr: 4, at: 7, luck: null, opponentLuck: null },
    ]);
  });

  it("shows on both players' profiles once the analysis a player asked for is ready", async () => {
    const store = memoryStore();
    for (const [id, name] of [
      ['user-ann', 'ann'],
      ['user-ben', 'ben'],
    ] as const) {
      await store.createUser({ id, name, passwordHash: 'x', createdAt: 0 });
    }
    const played = await botMatch({ length: 1 }, 3);
    const row = await storePlayedMatch(
      store,
      'analysed01',
      [human('user-ann', 'ann'), human('user-ben', 'ben')],
      played,
    );
    server = await startLobbyServer({ store });
    const s = server;
    const player = new Caller(s.base);
    await player.newGame({ opponent: 'bot', length: 1 });
    const analysis = await analysisOf(player, row.id);
    for (let i = 0; i < 50 && (await store.prOf('user-ben')) === null; i++) await new Promise((r) => setTimeout(r, 20));
    for (const [seat, name] of [
      [0, 'ann'],
      [1, 'ben'],
    ] as const) {
      const profile = await new Caller(s.base).call<Profile>('GET', `/api/players/${name}`);
      expect(profile.body.pr).toEqual({ matches: 1, average: analysis.players[seat].pr });
      // His luck in the match and his opponent's, as the analysis measured them.
      const dice = await new Caller(s.base).call<PlayerDice>('GET', `/api/players/${name}/dice`);
      expect(dice.body.luck).toEqual([
        {
          game: row.id,
          at: expect.any(Number),
          opponent: seat === 0 ? 'ben' : 'ann',
          luck: [analysis.players[seat].luck, analysis.players[1 - seat]?.luck],
          pr: analysis.players[seat].pr,
        },
      ]);
    }
  }, 120_000);
});
