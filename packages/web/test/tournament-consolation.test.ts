import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consolationBracketOf, consolationStateOf } from '../src/tournaments/consolation-model.js';
import { DEFAULT_ROUND, type TournamentChoices, tournamentRequest } from '../src/tournaments/create-request.js';
import { knockoutView, pairing, round } from './support/tournaments.js';

/*
 * A knock-out's consolation draw on the page: whether it is still to come, will not be held,
 * or is drawn (from the view, by the rule the server draws it by), its bracket, and the form's
 * request.
 */

const won = (a: string, b: string) => pairing(a, b, { state: 'won', winner: 0, game: `g-${a}-${b}` });
const playing = (a: string, b: string) => pairing(a, b, { state: 'playing', game: `g-${a}-${b}` });
const bye = (a: string) => pairing(a, null, { state: 'bye', winner: 0 });

describe('where the consolation draw stands', () => {
  it('is off without one, before the start and when cancelled', () => {
    const rounds = [round(1, [won('ana', 'bob')])];
    expect(consolationStateOf(knockoutView({ status: 'running', rounds }))).toBe('off');
    expect(consolationStateOf(knockoutView({ consolation: true }))).toBe('off');
    expect(consolationStateOf(knockoutView({ consolation: true, status: 'cancelled' }))).toBe('off');
    expect(consolationStateOf(knockoutView({ consolation: true, format: 'swiss', status: 'running', rounds }))).toBe(
      'off',
    );
  });

  it('without byes: waits for round 1, then is drawn or is none', () => {
    const base = knockoutView({ consolation: true, status: 'running', roundCount: 2 });
    const r1 = (second = won('cid', 'dan')) => round(1, [won('ana', 'bob'), second]);
    expect(consolationStateOf({ ...base, rounds: [r1(playing('cid', 'dan'))] })).toBe('waiting');
    // Round 1 decided and still no consolation rounds: fewer than 2 entrants.
    expect(consolationStateOf({ ...base, rounds: [r1(), round(2, [playing('ana', 'cid')])] })).toBe('none');
    const drawn = { ...base, rounds: [r1()], consolationRounds: [round(1, [playing('bob', 'dan')])] };
    expect(consolationStateOf(drawn)).toBe('drawn');
    expect(consolationStateOf({ ...base, status: 'over', rounds: [r1()] })).toBe('none');
  });

  it('with byes in round 1: waits for round 2 as well, where the bye holders play their first match', () => {
    const base = knockoutView({ consolation: true, status: 'running', roundCount: 3 });
    const r1 = round(1, [bye('ana'), won('bob', 'cid'), bye('dan'), won('eve', 'fay')]);
    expect(consolationStateOf({ ...base, rounds: [r1] })).toBe('waiting');
    expect(consolationStateOf({ ...base, rounds: [r1, round(2, [won('ana', 'bob'), playing('dan', 'eve')])] })).toBe(
      'waiting',
    );
    expect(consolationStateOf({ ...base, rounds: [r1, round(2, [won('ana', 'bob'), won('dan', 'eve')])] })).toBe(
      'none',
    );
  });

  it('is drawn whenever the view has its rounds, and never waits once the main draw is over', () => {
    const state = fc.constantFrom('waiting', 'playing', 'won', 'bye', 'forfeit', 'no-show' as const);
    fc.assert(
      fc.property(
        fc.array(fc.array(state, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('running', 'over' as const),
        fc.boolean(),
        (rounds, status, drawn) => {
          const view = knockoutView({
            consolation: true,
            status,
            roundCount: 4,
            rounds: rounds.map((states, i) =>
              round(
                i + 1,
                states.map((s) => pairing('a', 'b', { state: s })),
              ),
            ),
            consolationRounds: drawn ? [round(1, [playing('x', 'y')])] : [],
          });
          const s = consolationStateOf(view);
          if (drawn) expect(s).toBe('drawn');
          else if (status === 'over') expect(s).toBe('none');
          else expect(['waiting', 'none']).toContain(s);
        },
      ),
    );
  });
});

describe('the consolation bracket', () => {
  it('shows its rounds drawn, then empty rounds up to its final', () => {
    const view = knockoutView({
      consolation: true,
      status: 'running',
      consolationRounds: [round(1, [bye('ana'), won('bob', 'cid'), bye('dan'), playing('eve', 'fay')])],
    });
    const b = consolationBracketOf(view);
    expect(b.columns.map((c) => c.matches.length)).toEqual([4, 2, 1]);
    expect(b.columns[0]!.matches.map((m) => m.state)).toEqual(['bye', 'won', 'bye', 'playing']);
    expect(b.columns[2]!.matches[0]!.state).toBe('future');
    expect(b.thirdPlace).toBeNull();
    expect(consolationBracketOf(knockoutView()).columns).toEqual([]);
  });
});

describe('the form’s request', () => {
  const choices: TournamentChoices = {
    name: 'Club cup',
    cycle: null,
    preset: 'backgammon',
    format: 'knockout',
    rounds: '5',
    thirdPlace: false,
    consolation: true,
    roundSettings: [DEFAULT_ROUND],
    rated: false,
    maxPlayers: '16',
    startAt: null,
  };

  it('asks for a consolation draw for a knock-out only, and only when chosen', () => {
    const ko = tournamentRequest(choices, 0);
    expect(ko.ok && ko.value.consolation).toBe(true);
    const off = tournamentRequest({ ...choices, consolation: false }, 0);
    expect(off.ok && 'consolation' in off.value).toBe(false);
    const swiss = tournamentRequest({ ...choices, format: 'swiss' }, 0);
    expect(swiss.ok && 'consolation' in swiss.value).toBe(false);
  });
});
