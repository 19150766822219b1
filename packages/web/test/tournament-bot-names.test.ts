import type { TournamentEntrant } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { ar } from '../src/i18n/ar.js';
import { el } from '../src/i18n/el.js';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { botNameText, shownNames, withShownNames } from '../src/tournaments/bot-names.js';
import { knockoutView, pairing, round } from './support/tournaments.js';

/* A tournament's bots named in the page's language (bot-names.ts), wherever the page names players. */

const bot = (n: number, level: TournamentEntrant['level']): TournamentEntrant => ({
  name: `Bot ${n} (${level})`,
  kind: 'bot',
  rating: 1100,
  withdrawn: false,
  ...(level === undefined ? {} : { level }),
});
const person = (name: string): TournamentEntrant => ({ name, kind: 'human', rating: 1500, withdrawn: false });

describe('a bot entrant’s name', () => {
  it('is its level in the page’s language with its number', () => {
    expect(botNameText(makeI18n('en', en), 'Bot 3 (beginner)', 'beginner')).toBe('Beginner 3');
    expect(botNameText(makeI18n('el', el), 'Bot 12 (master)', 'master')).toBe(`${el.levels.master} 12`);
    // The number in the language's digits.
    expect(botNameText(makeI18n('ar', ar), 'Bot 3 (club)', 'club')).toBe(
      `${ar.levels.club} ${makeI18n('ar', ar).num(3)}`,
    );
    // Read from the name where no level came with it (the list's winner); a person's name is none.
    expect(botNameText(makeI18n('en', en), 'Bot 4 (expert)')).toBe('Expert 4');
    expect(botNameText(makeI18n('en', en), 'Bot 4 (wizard)')).toBeNull();
    expect(botNameText(makeI18n('en', en), 'ana')).toBeNull();
  });

  it('maps only the bot entrants’ names; a person keeps his, and a bot sent without level its own', () => {
    const shown = shownNames(makeI18n('el', el), [bot(1, 'casual'), person('ana'), bot(2, undefined)]);
    expect(shown('Bot 1 (casual)')).toBe(`${el.levels.casual} 1`);
    expect(shown('ana')).toBe('ana');
    expect(shown('Bot 2 (undefined)')).toBe('Bot 2 (undefined)');
  });

  it('is shown in the entrants, the pairings (a third-place match and the consolation too), the standings and the podium', () => {
    const view = knockoutView({
      entrants: [person('ana'), bot(1, 'beginner'), bot(2, 'expert'), person('bo')],
      rounds: [
        round(
          1,
          [pairing('ana', 'Bot 1 (beginner)', { state: 'won', winner: 0 }), pairing('Bot 2 (expert)', null)],
          pairing('Bot 1 (beginner)', 'bo'),
        ),
      ],
      consolationRounds: [round(1, [pairing('Bot 1 (beginner)', 'bo')])],
      consolationWinner: 'Bot 1 (beginner)',
      standings: [
        {
          rank: 1,
          name: 'Bot 2 (expert)',
          rating: 1700,
          score: 1,
          buchholz: 0,
          sonnebornBerger: 0,
          wins: 1,
          played: 1,
          byes: 0,
          forfeits: 0,
        },
      ],
      podium: ['ana', 'Bot 2 (expert)', 'Bot 1 (beginner)'],
    });
    const shown = withShownNames(makeI18n('en', en), view);
    expect(shown.entrants.map((e) => e.name)).toEqual(['ana', 'Beginner 1', 'Expert 2', 'bo']);
    expect(shown.rounds[0]?.pairings.map((p) => p.players)).toEqual([
      ['ana', 'Beginner 1'],
      ['Expert 2', null],
    ]);
    expect(shown.rounds[0]?.pairings[0]).toMatchObject({ state: 'won', winner: 0 });
    expect(shown.rounds[0]?.thirdPlace?.players).toEqual(['Beginner 1', 'bo']);
    expect(shown.consolationRounds[0]?.pairings[0]?.players).toEqual(['Beginner 1', 'bo']);
    expect(shown.consolationWinner).toBe('Beginner 1');
    expect(shown.standings[0]?.name).toBe('Expert 2');
    expect(shown.podium).toEqual(['ana', 'Expert 2', 'Beginner 1']);
    // The view itself is left as it came.
    expect(view.podium).toEqual(['ana', 'Bot 2 (expert)', 'Bot 1 (beginner)']);
  });
});
