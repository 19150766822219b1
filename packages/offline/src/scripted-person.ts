import { type Dice, formatPlay } from '@zar/engine';
import { type MatchState, rulesOf } from '@zar/match';
import type { ClientAction } from '@zar/protocol';

/** A person's plays as `zar play` lists them: sorted, so that the first is "1" there. */
export function playTexts(match: MatchState): string[] {
  const g = match.game;
  return rulesOf(g.settings)
    .legalPlays(g.position, g.dice as Dice)
    .map((p) => formatPlay(p.steps))
    .sort();
}

/**
 * A scripted person, for tests that play an offline match through (this package's, the cli's
 * against `zar play`, the server's upload): rolls (never doubles), plays the first listed play, takes every cube and
 * accepts every resignation. `line` is what he types at `zar play`'s prompt for the same
 * decision (null where it asks nothing: a play that is the only one).
 */
export function personChoice(match: MatchState): { action: ClientAction; line: string | null } {
  switch (match.game.phase) {
    case 'roll':
      return { action: { type: 'roll' }, line: 'r' };
    case 'doubled':
    case 'beavered':
    case 'raccooned':
      return { action: { type: 'take' }, line: 't' };
    case 'resigning':
      return { action: { type: 'accept' }, line: 'y' };
    default: {
      const texts = playTexts(match);
      return { action: { type: 'play', play: texts[0] ?? '' }, line: texts.length === 1 ? null : '1' };
    }
  }
}
