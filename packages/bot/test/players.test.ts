import { type GameId, PRESETS, presetRules, type Rules, rulesFor } from '@zar/engine';
import { parseMatchSettings } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { analyseMatch } from '../src/analysis/analyse-match.js';
import { createBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { createEvaluator } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { GAME_NET_GAMES } from '../src/game-net/load.js';
import { randomNetwork } from '../src/nn/network.js';
import {
  analysable,
  BASELINE_PLAYER,
  inexactness,
  PLAYERS,
  playerFor,
  type Valuation,
  whyNotAnalysable,
} from '../src/players.js';
import { OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';

function presetOf(id: string): Rules {
  const rules = presetRules(id);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

const settingsOf = (cycle: unknown) => {
  const s = parseMatchSettings({ length: 3, cycle });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
};

/** Who plays each preset, and why that player's values are not exact for it (null: they are). */
const BY_PRESET: Record<string, readonly [string, string | null]> = {
  backgammon: ['backgammon-net', null],
  table: ['backgammon-net', null],
  portes: ['backgammon-net', null],
  tavla: ['backgammon-net', null],
  tabla: ['backgammon-net', null],
  'long-nardy': ['long-nardy-net', null],
  'long-nardy-lenient': ['long-nardy-net', 'was trained with blockCheck "every-step", not "final"'],
  plakoto: ['plakoto-net', null],
  'plakoto-street': ['plakoto-net', 'was trained with motherException true, not false'],
  tapa: ['plakoto-net', null],
  fevga: ['fevga-net', null],
  'fevga-apps': ['fevga-net', 'was trained with prime "must-open", not "long-nardy"'],
  'gul-bara': ['gul-bara-net', null],
  'gul-bara-global': ['gul-bara-net', 'was trained with normalDoublesScope "per-player", not "global"'],
};

describe('the table of players, keyed by the rules', () => {
  it('has a net for backgammon and for each committed game net, each valuing exactly the rules it was trained on', () => {
    const games = PLAYERS.map((p) => p.values?.game);
    expect(games).toEqual(['backgammon', ...GAME_NET_GAMES]);
    for (const p of PLAYERS) {
      const values = p.values as Valuation;
      expect(inexactness(values, rulesFor(values.game)), p.id).toBeNull();
      expect(playerFor(rulesFor(values.game)).player).toBe(p);
    }
  });

  it('every preset: the player of its rules, exact or the nearest with why', () => {
    expect(Object.keys(BY_PRESET).sort()).toEqual(PRESETS.map((p) => p.id).sort());
    for (const [id, [player, why]] of Object.entries(BY_PRESET)) {
      const choice = playerFor(presetOf(id));
      expect([choice.player.id, choice.inexact], id).toEqual([player, why]);
    }
  });

  it('the backgammon net weighs any scoring; a game net only its own, and none a cube it has no decisions for', () => {
    const plakoto = rulesFor('plakoto');
    const tripled: Rules = { ...plakoto, scoring: { single: 1, gammon: 2, backgammon: 3 } };
    expect(playerFor(tripled).inexact).toBe(
      'counts a single 1, a gammon 2, a backgammon 2; these rules count a single 1, a gammon 2, a backgammon 3',
    );
    const withCube: Rules = { ...rulesFor('fevga'), hasCube: true };
    expect(playerFor(withCube).inexact).toBe('makes no cube decisions, and these rules have a cube');
    const backgammon = rulesFor('backgammon');
    expect(playerFor({ ...backgammon, scoring: { single: 1, gammon: 2, backgammon: 2 } }).inexact).toBeNull();
  });

  it('a game no net plays goes to the baseline bot', () => {
    // A sixth game before its net: the engine would have its rules, the table no row.
    const sixth: Rules = { ...rulesFor('fevga'), game: 'sixth' as GameId };
    const choice = playerFor(sixth);
    expect(choice.player).toBe(BASELINE_PLAYER);
    expect(choice.inexact).toBe("values no position in equity (no net of Zar's plays sixth)");
  });
});

describe('what can be analysed, from the same table', () => {
  it('backgammon under any scoring, alone or in a cycle of backgammons', () => {
    for (const cycle of [
      [{ game: 'backgammon' }],
      [{ preset: 'portes' }],
      [{ preset: 'tabla' }, { preset: 'tavla' }],
    ]) {
      expect(whyNotAnalysable(settingsOf(cycle))).toBeNull();
      expect(analysable(settingsOf(cycle))).toBe(true);
    }
  });

  it('every game its net values exactly, alone or in a cycle that mixes games', () => {
    for (const cycle of [
      [{ game: 'long-nardy' }],
      [{ preset: 'plakoto' }],
      [{ preset: 'tapa' }],
      [{ preset: 'fevga' }],
      [{ preset: 'gul-bara' }],
      [{ preset: 'portes' }, { preset: 'plakoto' }, { preset: 'fevga' }],
    ]) {
      expect(whyNotAnalysable(settingsOf(cycle)), JSON.stringify(cycle)).toBeNull();
    }
  });

  it('not a variant no net values exactly, saying why', () => {
    expect(whyNotAnalysable(settingsOf([{ preset: 'long-nardy-lenient' }]))).toBe(
      'long-nardy with these options cannot be analysed: the long-nardy net was trained with blockCheck "every-step", not "final"',
    );
    expect(whyNotAnalysable(settingsOf([{ preset: 'portes' }, { preset: 'plakoto-street' }]))).toBe(
      'plakoto with these options cannot be analysed: the plakoto net was trained with motherException true, not false',
    );
    expect(whyNotAnalysable(settingsOf([{ preset: 'fevga-apps' }]))).toBe(
      'fevga with these options cannot be analysed: the fevga net was trained with prime "must-open", not "long-nardy"',
    );
    expect(analysable(settingsOf([{ preset: 'tabla' }, { preset: 'gul-bara-global' }]))).toBe(false);
  });

  it('analyseMatch refuses them with ERR_ANALYSIS_GAME and the same reason', () => {
    const random = seededRandom(3);
    const nets = {
      contact: randomNetwork(INPUTS, 4, OUTPUTS, random),
      race: randomNetwork(INPUTS, 4, OUTPUTS, random),
    };
    const ev = createEvaluator(nets, createBearoffDatabase());
    const settings = settingsOf([{ preset: 'plakoto-street' }]);
    const a = analyseMatch({ version: 1, settings, players: ['a', 'b'], actions: [] }, ev);
    expect(a.ok).toBe(false);
    if (!a.ok) {
      expect(a.error.code).toBe('ERR_ANALYSIS_GAME');
      expect(a.error.message).toBe(whyNotAnalysable(settings));
      expect(a.error.message).toContain('motherException');
    }
  });
});
