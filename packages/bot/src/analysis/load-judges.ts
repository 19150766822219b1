import type { GameId } from '@zar/engine';
import { type MatchSettings, rulesOf } from '@zar/match';
import { trainedBackgammonEvaluator } from '../backgammon-net/trained.js';
import { committedGameNet } from '../game-net/load.js';
import type { Network } from '../nn/network.js';
import { type Judges, judgeNetOf } from './judge.js';

/**
 * The judges a match with these settings needs, from the committed weights (each loaded once
 * per thread), `given` first: a caller with its own backgammon weights passes them. A game
 * without a committed net is left out, and the analysis refuses it. Rejects when the
 * backgammon weights cannot be read.
 */
export async function loadJudges(settings: Pick<MatchSettings, 'cycle'>, given: Judges = {}): Promise<Judges> {
  let backgammon = given.backgammon;
  const nets: Partial<Record<GameId, Network>> = { ...given.nets };
  for (const choice of settings.cycle) {
    const net = judgeNetOf(rulesOf(choice));
    if (net === 'backgammon') backgammon ??= await trainedBackgammonEvaluator();
    else if (nets[net] === undefined) {
      const loaded = await committedGameNet(net);
      if (loaded !== null) nets[net] = loaded;
    }
  }
  return backgammon === undefined ? { nets } : { backgammon, nets };
}
