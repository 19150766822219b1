/**
 * The analysis of a finished match as GET /api/games/:id/analysis sends it (the bot package's
 * MatchAnalysis, read here as data: the page does not load the bot).
 */
export type Mark = 'none' | 'doubtful' | 'error' | 'blunder';

interface DecisionBase {
  readonly action: number;
  readonly game: number;
  readonly player: 0 | 1;
  readonly positionId: string;
  readonly matchId: string;
  readonly loss: number;
  readonly mark: Mark;
}

export interface MoveDecision extends DecisionBase {
  readonly kind: 'move';
  readonly dice: readonly [number, number];
  readonly played: string;
  readonly best: string;
  readonly alternatives: readonly { readonly play: string; readonly equity: number }[];
  readonly equityPlayed: number;
  readonly equityBest: number;
}

export type CubeAction = 'no-double' | 'double' | 'take' | 'drop' | 'beaver';

export interface CubeDecision extends DecisionBase {
  readonly kind: 'cube';
  readonly chosen: CubeAction;
  readonly best: CubeAction;
  readonly equities: { readonly noDouble: number; readonly doubleTake: number; readonly doubleDrop: number };
}

export type Decision = MoveDecision | CubeDecision;

export interface PlayerReport {
  readonly name: string;
  readonly decisions: number;
  readonly moves: number;
  readonly cubeDecisions: number;
  readonly equityLost: number;
  readonly errorRate: number;
  readonly pr: number;
  readonly marks: { readonly doubtful: number; readonly error: number; readonly blunder: number };
}

export interface MatchAnalysis {
  readonly length: number;
  readonly plies: number;
  readonly cubePlies: number;
  readonly players: readonly [PlayerReport, PlayerReport];
  readonly decisions: readonly Decision[];
}

export type AnalysisStatus =
  | { readonly state: 'queued'; readonly ahead: number }
  | { readonly state: 'running'; readonly done: number; readonly total: number }
  | { readonly state: 'ready'; readonly analysis: MatchAnalysis };

/** Which decisions the list shows. */
export type DecisionFilter = 'all' | 'marked' | 'errors';

const SEVERITY: Record<Mark, number> = { none: 0, doubtful: 1, error: 2, blunder: 3 };

export function shown(d: Decision, filter: DecisionFilter): boolean {
  if (filter === 'all') return true;
  return SEVERITY[d.mark] >= (filter === 'marked' ? 1 : 2);
}

/** An equity as players read it: sign always shown, three decimals. */
export const equityText = (e: number): string => `${e >= 0 ? '+' : '−'}${Math.abs(e).toFixed(3)}`;

/** Whether the server can analyse a match with these settings: its evaluator knows backgammon only. */
export const analysable = (settings: { readonly cycle: readonly { readonly game: string }[] }): boolean =>
  settings.cycle.every((c) => c.game === 'backgammon');
