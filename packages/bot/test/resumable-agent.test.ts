import type { GameId } from '@zar/engine';
import {
  type Agent,
  actorOf,
  type GameAction,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
  seededDice,
  toAction,
} from '@zar/match';
import { describe, expect, it } from 'vitest';
import { resumableMatchAgent } from '../src/agent-for.js';
import type { Level } from '../src/levels.js';

/**
 * Plays a one-game match of `game` between two resumable agents seeded `seed` and `seed + 1`;
 * at every decision an agent made afresh (as for a match resumed there) is asked too, and must
 * answer alike. Returns the actions and the number of decisions compared.
 */
async function playWithFreshTwins(game: GameId, level: Level, seed: number) {
  const settings = parseMatchSettings({ length: 1, cycle: [{ game }] });
  if (!settings.ok) throw new Error(settings.error.message);
  let match: MatchState = newMatch(settings.value);
  const dice = seededDice(`resumable-${game}-${seed}`);
  const players = [resumableMatchAgent(level, seed), resumableMatchAgent(level, seed + 1)] as const;
  const actions: GameAction[] = [];
  let compared = 0;
  for (let i = 0; i < 3000 && match.winner === null; i++) {
    const actor = actorOf(match.game);
    let action: GameAction;
    if (actor === null) action = { type: 'opening', dice: dice.openingRoll() };
    else {
      const decision = await players[actor].decide(match, actor);
      const fresh: Agent = resumableMatchAgent(level, seed + actor);
      expect(await fresh.decide(match, actor), `decision ${i} (${match.game.phase})`).toEqual(decision);
      compared++;
      action = toAction(decision, actor, dice);
    }
    const r = matchReducer(match, action);
    if (!r.ok) throw new Error(`decision ${i}: ${r.error.code} ${r.error.message}`);
    match = r.value;
    actions.push(action);
  }
  expect(match.winner).not.toBeNull();
  return { actions, compared };
}

describe('resumableMatchAgent', () => {
  it.each([
    ['backgammon', 'beginner'],
    ['plakoto', 'club'],
    ['long-nardy', 'casual'],
  ] as const)(
    '%s at %s: an agent made afresh at any decision decides as the one that played up to it',
    async (game, level) => {
      const { compared } = await playWithFreshTwins(game, level, 40);
      expect(compared).toBeGreaterThan(20);
    },
    60_000,
  );

  it('its noise is the seed’s: the same seed plays the same match, another seed another', async () => {
    const a = await playWithFreshTwins('backgammon', 'beginner', 50);
    const b = await playWithFreshTwins('backgammon', 'beginner', 50);
    const c = await playWithFreshTwins('backgammon', 'beginner', 52);
    expect(a.actions).toEqual(b.actions);
    expect(a.actions).not.toEqual(c.actions);
  }, 60_000);
});
