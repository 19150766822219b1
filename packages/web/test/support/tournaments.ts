import { CLOCK_PRESETS, MATCH_DEFAULTS } from '@zar/match';
import type { TournamentPairing, TournamentRound, TournamentView } from '@zar/protocol';

/** A knock-out's view: `rounds` drawn so far, the rest as the server sends it before they are drawn. */
export function knockoutView(over: Partial<TournamentView> = {}): TournamentView {
  return {
    id: 'cup0001',
    name: 'Club cup',
    creator: 'ana',
    format: 'knockout',
    settings: { ...MATCH_DEFAULTS, length: 1, laterGames: 'opening-roll' },
    pool: 'backgammon',
    rated: false,
    thirdPlace: false,
    consolation: false,
    consolationRounds: [],
    consolationWinner: null,
    roundCount: 2,
    roundSettings: [{ length: 1, clock: CLOCK_PRESETS.speed }],
    maxPlayers: 8,
    status: 'registering',
    createdAt: 1_000,
    startsAt: null,
    startedAt: null,
    endedAt: null,
    entrants: [],
    rounds: [],
    standings: [],
    podium: [],
    you: {
      registered: false,
      canRegister: true,
      canWithdraw: false,
      canStart: false,
      canCancel: false,
      canAddBot: false,
      game: null,
    },
    ...over,
  };
}

export const pairing = (
  a: string | null,
  b: string | null,
  over: Partial<TournamentPairing> = {},
): TournamentPairing => ({ players: [a, b], game: null, state: 'waiting', winner: null, score: null, ...over });

export const round = (
  number: number,
  pairings: TournamentPairing[],
  third: TournamentPairing | null = null,
): TournamentRound => ({
  number,
  length: 1,
  clock: CLOCK_PRESETS.speed,
  pairings,
  thirdPlace: third,
  startedAt: 2_000,
});
