import { readFileSync } from 'node:fs';
import { type GameId, presetRules, type Rules, rulesFor } from '@zar/engine';
import {
  type Agent,
  actorOf,
  type Decision,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
  seededDice,
  toAction,
} from '@zar/match';
import { describe, expect, it } from 'vitest';
import { agentFor, baselineLevelOf, loadPlayer, matchAgent } from '../src/agent-for.js';
import { neuralAgent } from '../src/backgammon-net/agent.js';
import { createBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { createEvaluator } from '../src/backgammon-net/evaluator.js';
import { parseEvaluatorWeights } from '../src/backgammon-net/weights.js';
import { gameNetAgentFrom } from '../src/game-net/agent.js';
import { committedGameNet, GAME_NET_GAMES } from '../src/game-net/load.js';
import { LEVEL_NAMES } from '../src/levels.js';

/**
 * Plays a whole one-game match of `game` (or of a preset) between `players`, asking `twins`
 * (agents that should decide alike) the same questions; every action goes through the reducer,
 * which refuses anything illegal. Returns the number of decisions compared.
 */
async function playAlongside(
  game: GameId | { readonly preset: string },
  players: readonly [Agent, Agent],
  twins: readonly [Agent, Agent],
) {
  const settings = parseMatchSettings({ length: 1, cycle: [typeof game === 'string' ? { game } : game] });
  if (!settings.ok) throw new Error(settings.error.message);
  let match: MatchState = newMatch(settings.value);
  const dice = seededDice(`agent-for-${JSON.stringify(game)}`);
  let compared = 0;
  for (let i = 0; i < 2000 && match.winner === null; i++) {
    const actor = actorOf(match.game);
    let action: Parameters<typeof matchReducer>[1];
    if (actor === null) action = { type: 'opening', dice: dice.openingRoll() };
    else {
      const decision: Decision = await (players[actor] as Agent).decide(match, actor);
      const twin: Decision = await (twins[actor] as Agent).decide(match, actor);
      expect(twin, `decision ${i} (${match.game.phase})`).toEqual(decision);
      compared++;
      action = toAction(decision, actor, dice);
    }
    const r = matchReducer(match, action);
    if (!r.ok) throw new Error(`decision ${i}: ${r.error.code} ${r.error.message}`);
    match = r.value;
  }
  expect(match.winner).not.toBeNull();
  return compared;
}

function presetOf(id: string): Rules {
  const rules = presetRules(id);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

describe('agentFor', () => {
  it('backgammon: the neural bot with the committed weights, legal through a whole game', async () => {
    const file = new URL('../weights/backgammon-td.json', import.meta.url);
    const nets = parseEvaluatorWeights(JSON.parse(readFileSync(file, 'utf8')));
    if (!nets.ok) throw new Error(nets.error.message);
    const ev = createEvaluator(nets.value, createBearoffDatabase());
    const compared = await playAlongside(
      'backgammon',
      [agentFor(rulesFor('backgammon'), 'club', 11), agentFor(rulesFor('backgammon'), 'beginner', 12)],
      [neuralAgent(ev, 'club', 11), neuralAgent(ev, 'beginner', 12)],
    );
    expect(compared).toBeGreaterThan(10);
  }, 60_000);

  it.each(GAME_NET_GAMES)(
    '%s: the committed game net, legal through a whole game',
    async (game) => {
      const net = await committedGameNet(game);
      if (net === null) throw new Error(`no committed net for ${game}`);
      const compared = await playAlongside(
        game,
        [agentFor(rulesFor(game), 'expert', 21), agentFor(rulesFor(game), 'casual', 22)],
        [gameNetAgentFrom(net, 'expert', 21), gameNetAgentFrom(net, 'casual', 22)],
      );
      expect(compared).toBeGreaterThan(10);
    },
    60_000,
  );

  it('rules no net values exactly are played by the nearest: the long-nardy net plays the lenient block rule', async () => {
    const net = await committedGameNet('long-nardy');
    if (net === null) throw new Error('no committed net for long-nardy');
    const lenient = presetOf('long-nardy-lenient');
    const compared = await playAlongside(
      { preset: 'long-nardy-lenient' },
      [agentFor(lenient, 'casual', 31), agentFor(lenient, 'club', 32)],
      [gameNetAgentFrom(net, 'casual', 31), gameNetAgentFrom(net, 'club', 32)],
    );
    expect(compared).toBeGreaterThan(10);
  }, 60_000);

  it('a trained game answers synchronously once its weights are loaded', async () => {
    await loadPlayer(rulesFor('backgammon'));
    const settings = parseMatchSettings({ length: 1 });
    if (!settings.ok) throw new Error(settings.error.message);
    const opening = matchReducer(newMatch(settings.value), { type: 'opening', dice: [5, 2] });
    if (!opening.ok) throw new Error(opening.error.message);
    const decision = agentFor(rulesFor('backgammon'), 'club', 1).decide(opening.value, opening.value.game.turn);
    expect(decision).not.toBeInstanceOf(Promise);
    expect((decision as Decision).type).toBe('play');
  });

  it("matchAgent plays each game of a mixed cycle with that game's own player", async () => {
    const settings = parseMatchSettings({ length: 5, cycle: [{ game: 'fevga' }, { game: 'plakoto' }] });
    if (!settings.ok) throw new Error(settings.error.message);
    let match: MatchState = newMatch(settings.value);
    const dice = seededDice('match-agent');
    const players = [matchAgent('club', 1), matchAgent('club', 2)] as const;
    const twins = new Map<GameId, readonly [Agent, Agent]>();
    const games = new Set<GameId>();
    for (let i = 0; i < 5000 && match.winner === null; i++) {
      const actor = actorOf(match.game);
      let action: Parameters<typeof matchReducer>[1];
      if (actor === null) action = { type: 'opening', dice: dice.openingRoll() };
      else {
        const game = match.game.settings.game;
        games.add(game);
        let twin = twins.get(game);
        if (twin === undefined) {
          twin = [agentFor(rulesFor(game), 'club', 1), agentFor(rulesFor(game), 'club', 2)] as const;
          twins.set(game, twin);
        }
        const decision = await players[actor].decide(match, actor);
        expect(await twin[actor].decide(match, actor)).toEqual(decision);
        action = toAction(decision, actor, dice);
      }
      const r = matchReducer(match, action);
      if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
      match = r.value;
    }
    expect(match.winner).not.toBeNull();
    expect([...games].sort()).toEqual(['fevga', 'plakoto']);
  }, 120_000);

  it('every level has a baseline level: itself, or the strongest for master', () => {
    for (const level of LEVEL_NAMES) {
      expect(baselineLevelOf(level)).toBe(level === 'master' ? 'expert' : level);
    }
  });
});
