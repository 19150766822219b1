import { MATCH_DEFAULTS } from '@zar/match';
import type { GameSummary } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { ru } from '../src/i18n/ru.js';
import { matchOutcome } from '../src/record/match-outcome.js';

const seat = { name: 'ana', kind: 'human', taken: true } as const;

function summary(change: Partial<GameSummary>): GameSummary {
  return {
    id: 'game01',
    status: 'over',
    settings: { ...MATCH_DEFAULTS, length: 3, cycle: [{ game: 'backgammon' }] },
    players: [seat, { ...seat, name: 'bob' }],
    you: 0,
    analysable: false,
    score: [3, 1],
    winner: 0,
    mat: true,
    clock: { kind: 'untimed' },
    rated: true,
    abandonedBy: null,
    createdAt: 1,
    updatedAt: 2,
    ...change,
  };
}

describe('a finished match’s result for one of its players', () => {
  it('says won or lost, and names an abandonment on either side', () => {
    expect(matchOutcome(en, summary({}), 0)).toBe('won');
    expect(matchOutcome(en, summary({}), 1)).toBe('lost');
    const claimed = summary({ winner: 0, abandonedBy: 1 });
    expect(matchOutcome(en, claimed, 0)).toBe('won (the opponent abandoned)');
    expect(matchOutcome(en, claimed, 1)).toBe('lost (abandoned)');
    expect(matchOutcome(ru, claimed, 1)).toBe(ru.history.lostAbandoned);
    expect(ru.history.lostAbandoned).not.toBe(en.history.lostAbandoned);
  });

  it('has no match result for a money session', () => {
    expect(matchOutcome(en, summary({ winner: null, settings: { ...summary({}).settings, length: 0 } }), 0)).toBeNull();
  });
});
