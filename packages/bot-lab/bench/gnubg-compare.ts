import type { DecisionAnalysis } from '@zar/bot';
import { err, ok, type Result } from '@zar/engine';
import type { MatchRecord } from '@zar/match';

/*
 * The pure parts of bench:analysis (analysis.bench.ts): reading what gnubg-analyse.py writes,
 * gnubg's PR, Pearson's correlation, and pairing Zar's move decisions with gnubg's to count
 * the errors each judge marks.
 */

/** One player of a match as gnubg analysed it: normalised equity (EMG) lost and decisions. */
export interface GnubgPlayer {
  readonly unforcedMoves: number;
  readonly moveLoss: number;
  readonly closeCube: number;
  readonly cubeLoss: number;
}

export type JudgeMark = 'none' | 'doubtful' | 'error' | 'blunder';

/** One chequer play of the match as gnubg judged it (a dance and a forced play included). */
export interface GnubgMove {
  /** 1 for the first game. */
  readonly game: number;
  /** Its place among the game's plays, 0 first. */
  readonly ordinal: number;
  readonly player: 0 | 1;
  readonly dice: readonly [number, number];
  /** How many legal plays gnubg listed: a decision when more than one. */
  readonly choices: number;
  readonly loss: number;
  readonly mark: JudgeMark;
}

export interface GnubgAnalysis {
  readonly plies: number;
  readonly players: readonly [GnubgPlayer, GnubgPlayer];
  readonly moves: readonly GnubgMove[];
}

const MARKS: readonly string[] = ['none', 'doubtful', 'error', 'blunder'];

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function playerOf(x: unknown): GnubgPlayer | null {
  if (!isRecord(x)) return null;
  const { unforcedMoves, moveLoss, closeCube, cubeLoss } = x;
  if (!isCount(unforcedMoves) || !isCount(closeCube) || !isNumber(moveLoss) || !isNumber(cubeLoss)) return null;
  return { unforcedMoves, moveLoss, closeCube, cubeLoss };
}

function moveOf(x: unknown): GnubgMove | null {
  if (!isRecord(x)) return null;
  const { game, ordinal, player, dice, choices, loss, mark } = x;
  if (!isCount(game) || game < 1 || !isCount(ordinal) || (player !== 0 && player !== 1)) return null;
  if (!Array.isArray(dice) || dice.length !== 2 || !dice.every((d) => isCount(d) && d >= 1 && d <= 6)) return null;
  if (!isCount(choices) || !isNumber(loss) || loss < 0 || typeof mark !== 'string' || !MARKS.includes(mark))
    return null;
  return { game, ordinal, player, dice: [dice[0], dice[1]], choices, loss, mark: mark as JudgeMark };
}

/** Reads a match-K.gnubg.json written by gnubg-analyse.py. */
export function parseGnubgAnalysis(text: string): Result<GnubgAnalysis> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return err('ERR_GNUBG_JSON', 'not JSON');
  }
  if (!isRecord(doc) || !isCount(doc.plies)) return err('ERR_GNUBG_JSON', 'no plies');
  const players = Array.isArray(doc.players) ? doc.players.map(playerOf) : [];
  const [a, b] = players;
  if (players.length !== 2 || !a || !b) return err('ERR_GNUBG_JSON', 'players: two expected');
  if (!Array.isArray(doc.moves)) return err('ERR_GNUBG_JSON', 'no moves');
  const moves: GnubgMove[] = [];
  for (const [i, m] of doc.moves.entries()) {
    const move = moveOf(m);
    if (move === null) return err('ERR_GNUBG_JSON', `move ${i} is malformed`);
    moves.push(move);
  }
  return ok({ plies: doc.plies, players: [a, b], moves });
}

/** gnubg's PR of a player: 500 × equity lost per decision (unforced moves and close cube decisions). */
export function gnubgPr(p: GnubgPlayer): number {
  const decisions = p.unforcedMoves + p.closeCube;
  return decisions === 0 ? 0 : (500 * (p.moveLoss + p.cubeLoss)) / decisions;
}

/** Pearson's correlation of two series of the same length; NaN when either does not vary. */
export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n !== ys.length) throw new Error('pearson: series of different lengths');
  if (n < 2) return Number.NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i] as number;
    my += ys[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

/**
 * Each play action's place in its game (`${game}:${ordinal}`, as gnubg-analyse.py counts),
 * by the action's index in the record. gnubg keeps a move for every roll, a dance too; a Zar
 * record keeps no play for a dance, so the place is the count of the game's rolls before it.
 * A game starts with its opening roll.
 */
export function playPlaces(record: MatchRecord): Map<number, string> {
  const places = new Map<number, string>();
  let game = 0;
  let rolls = 0;
  for (const [i, action] of record.actions.entries()) {
    if (action.type === 'opening') {
      game++;
      rolls = 1;
    } else if (action.type === 'roll') rolls++;
    else if (action.type === 'play') places.set(i, `${game}:${rolls - 1}`);
  }
  return places;
}

/** A move both judges valued. */
export interface PairedMove {
  readonly player: 0 | 1;
  readonly zarLoss: number;
  readonly zarMark: JudgeMark;
  readonly gnubgLoss: number;
  readonly gnubgMark: JudgeMark;
}

export interface MovePairing {
  readonly pairs: readonly PairedMove[];
  /** Zar's move decisions gnubg had no decision for (forced by its count), or whose dice differ. */
  readonly zarOnly: number;
  /** gnubg's decisions (more than one play) Zar did not count as decisions. */
  readonly gnubgOnly: number;
  readonly diceMismatches: number;
}

const sameDice = (a: readonly number[], b: readonly number[]): boolean =>
  Math.min(a[0] as number, a[1] as number) === Math.min(b[0] as number, b[1] as number) &&
  Math.max(a[0] as number, a[1] as number) === Math.max(b[0] as number, b[1] as number);

/** Pairs Zar's move decisions with gnubg's by their place in the match. */
export function pairMoves(
  record: MatchRecord,
  decisions: readonly DecisionAnalysis[],
  gnubg: readonly GnubgMove[],
): MovePairing {
  const places = playPlaces(record);
  const byPlace = new Map<string, GnubgMove>();
  for (const m of gnubg) byPlace.set(`${m.game}:${m.ordinal}`, m);
  const pairs: PairedMove[] = [];
  const used = new Set<GnubgMove>();
  let zarOnly = 0;
  let diceMismatches = 0;
  for (const d of decisions) {
    if (d.kind !== 'move') continue;
    const place = places.get(d.action);
    const g = place === undefined ? undefined : byPlace.get(place);
    if (g === undefined || g.choices < 2 || g.player !== d.player) {
      zarOnly++;
      continue;
    }
    if (!sameDice(g.dice, d.dice)) {
      diceMismatches++;
      zarOnly++;
      continue;
    }
    used.add(g);
    pairs.push({ player: d.player, zarLoss: d.loss, zarMark: d.mark, gnubgLoss: g.loss, gnubgMark: g.mark });
  }
  const gnubgOnly = gnubg.filter((m) => m.choices > 1 && !used.has(m)).length;
  return { pairs, zarOnly, gnubgOnly, diceMismatches };
}

/** How the two judges' error marks (error or blunder) agree over paired moves. */
export interface ErrorAgreement {
  readonly moves: number;
  readonly both: number;
  readonly zarOnly: number;
  readonly gnubgOnly: number;
}

const isError = (m: JudgeMark): boolean => m === 'error' || m === 'blunder';

export function errorAgreement(pairs: readonly PairedMove[]): ErrorAgreement {
  let both = 0;
  let zarOnly = 0;
  let gnubgOnly = 0;
  for (const p of pairs) {
    const z = isError(p.zarMark);
    const g = isError(p.gnubgMark);
    if (z && g) both++;
    else if (z) zarOnly++;
    else if (g) gnubgOnly++;
  }
  return { moves: pairs.length, both, zarOnly, gnubgOnly };
}
