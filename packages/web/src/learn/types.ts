/**
 * Learn pages as data: one `LearnContent` per language, written (not machine-copied) from
 * the rules specs and the seeds. Positions are Zar text positions drawn by the board
 * component; tables are computed by the engine when the page renders, never typed in.
 */
import { GAME_IDS, type GameId } from '@zar/engine';

/** The pages that are not a game's rules. */
const TOPICS = ['strategy', 'culture', 'faq', 'probability'] as const;

/**
 * Every game has a rules page, so a new game's page is missing from every language's
 * `LearnContent` until it is written: a compile error, not a silent gap.
 */
export type LearnSlug = GameId | (typeof TOPICS)[number];

export const LEARN_SLUGS: readonly LearnSlug[] = [...GAME_IDS, ...TOPICS];

export type Block =
  | { readonly kind: 'h'; readonly text: string }
  | { readonly kind: 'p'; readonly text: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  /**
   * A worked position: Zar text form seen from the side on roll (who is "White" in the
   * caption is the side on roll); pip counts are computed and shown under the board.
   */
  | {
      readonly kind: 'position';
      readonly position: string;
      readonly caption: string;
      /** The move that led here, in notation, shown as "Last move: …". */
      readonly lastMove?: string;
    }
  /** A table computed by the engine: dice sums, or shots by distance (one attacker). */
  | { readonly kind: 'table'; readonly table: 'dice-sums' | 'shots-by-distance' }
  | { readonly kind: 'faq'; readonly q: string; readonly a: string }
  /** Vocabulary: a term and its meaning (dice calls, local names). */
  | { readonly kind: 'terms'; readonly items: readonly { readonly term: string; readonly meaning: string }[] };

export interface LearnPage {
  readonly slug: LearnSlug;
  readonly title: string;
  /** One sentence for the index of learn pages. */
  readonly summary: string;
  readonly blocks: readonly Block[];
}

export type LearnContent = { readonly [S in LearnSlug]: LearnPage };
