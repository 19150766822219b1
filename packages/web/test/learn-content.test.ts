import { describe, expect, it } from 'vitest';
import {
  type Dice,
  GAME_IDS,
  matchPlay,
  type Position,
  parsePlay,
  parseZarPosition,
  rulesFor,
} from '../../engine/src/index.js';
import ar from '../src/learn/content/ar.js';
import bg from '../src/learn/content/bg.js';
import el from '../src/learn/content/el.js';
import en from '../src/learn/content/en.js';
import ro from '../src/learn/content/ro.js';
import ru from '../src/learn/content/ru.js';
import tr from '../src/learn/content/tr.js';
import uk from '../src/learn/content/uk.js';
import { type Block, LEARN_SLUGS, type LearnContent, type LearnSlug } from '../src/learn/types.js';

const LANGUAGES: Readonly<Record<string, LearnContent>> = { ar, bg, el, en, ro, ru, tr, uk };

/** Every game's rules page: a sixth game's page must show positions of its own game. */
const GAME_PAGES: readonly LearnSlug[] = GAME_IDS;

/**
 * Seed 000's worked positions (the Romanian rules page Zar started from), converted from
 * the seed's listing in White's numbering into Zar text from the side on roll. Pips are
 * the seed's own "Pips Alb / Pips Negru" lines, ordered [side on roll, opponent].
 */
const SEED_POSITIONS: readonly { text: string; pips: readonly [number, number]; source: string }[] = [
  {
    text: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5',
    pips: [167, 167],
    source: 'seed 000 diagram 1: the start, White on roll',
  },
  {
    text: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x2,6x4,5x2',
    pips: [167, 163],
    source: 'seed 000 diagram 2: after White 3-1 8/5 6/5, Black on roll',
  },
  {
    text: 'backgammon:24x2,13x5,8x2,6x4,5x2/24,13x6,8x3,6x5',
    pips: [163, 156],
    source: 'seed 000 diagram 3: after Black 6-5 24/13, White on roll',
  },
  {
    text: 'backgammon:24x2,13x5,8x3,6x4,5/24x2,15,13x5,8x3,6x4',
    pips: [166, 176],
    source: 'seed 000 hitting diagram 1: Black blot on White 10, White on roll',
  },
  {
    text: 'backgammon:bar,24x2,13x5,8x3,6x4/24x2,13x4,10,8x3,6x3,5x2',
    pips: [186, 162],
    source: 'seed 000 hitting diagram 2: after White 13/10* 6/5, Black on roll from the bar',
  },
  {
    text: 'backgammon:24x2,13x4,10,8x3,6x3,5x2/24x2,23,13x4,8x3,7,6x4',
    pips: [162, 178],
    source: 'seed 000 hitting diagram 3: after Black 6-2 bar/23 13/7, White on roll',
  },
  {
    text: 'backgammon:6x2,5x2,4x2,3,2,1,offx6/6x3,5x3,4x3,3x2,2x2,1x2',
    pips: [36, 57],
    source: 'seed 000 bear-off diagram 1: White all home, six off, White on roll',
  },
  {
    text: 'backgammon:6x3,5x3,4x3,3x2,2x2,1x2/6,5,4x2,3,2,1,offx8',
    pips: [57, 25],
    source: 'seed 000 bear-off diagram 2: after White 6-5 6/off 5/off, Black on roll',
  },
];

/**
 * Every move shown with a lastMove, with the position and roll it was played from. A
 * gul bara doubles run lists one play per block of four; the page shows them joined.
 */
const WORKED_MOVES: readonly { before: string; dice: Dice; plays: readonly string[]; after: string; source: string }[] =
  [
    {
      before: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5',
      dice: [3, 1],
      plays: ['8/5 6/5'],
      after: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x2,6x4,5x2',
      source: 'seed 000 diagrams 1-2',
    },
    {
      before: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x2,6x4,5x2',
      dice: [6, 5],
      plays: ['24/13'],
      after: 'backgammon:24x2,13x5,8x2,6x4,5x2/24,13x6,8x3,6x5',
      source: 'seed 000 diagrams 2-3',
    },
    {
      before: 'backgammon:24x2,13x5,8x3,6x4,5/24x2,15,13x5,8x3,6x4',
      dice: [3, 1],
      plays: ['13/10* 6/5'],
      after: 'backgammon:bar,24x2,13x5,8x3,6x4/24x2,13x4,10,8x3,6x3,5x2',
      source: 'seed 000 hitting diagrams 1-2',
    },
    {
      before: 'backgammon:bar,24x2,13x5,8x3,6x4/24x2,13x4,10,8x3,6x3,5x2',
      dice: [6, 2],
      plays: ['bar/23 13/7'],
      after: 'backgammon:24x2,13x4,10,8x3,6x3,5x2/24x2,23,13x4,8x3,7,6x4',
      source: 'seed 000 hitting diagrams 2-3',
    },
    {
      before: 'backgammon:6x2,5x2,4x2,3,2,1,offx6/6x3,5x3,4x3,3x2,2x2,1x2',
      dice: [6, 5],
      plays: ['6/off 5/off'],
      after: 'backgammon:6x3,5x3,4x3,3x2,2x2,1x2/6,5,4x2,3,2,1,offx8',
      source: 'seed 000 bear-off diagrams 1-2',
    },
    {
      before: 'long-nardy:24x15/24x15',
      dice: [6, 6],
      plays: ['24/18(2)'],
      after: 'long-nardy:24x15/24x13,18x2:turns=0.1',
      source: 'long-nardy.md §3: first-turn 6-6 takes two off the head, 18/12 blocked',
    },
    {
      before: 'plakoto:24x10,19x3,13x2/24x11,19x3,14:turns=3.3',
      dice: [2, 1],
      plays: ['24/23 13/11*'],
      after: 'plakoto:24x11,19x3,14p/24x9,23,19x3,13,11:turns=3.4',
      source: 'plakoto.md §2: landing on a lone checker pins it',
    },
    {
      before: 'plakoto:8x3,6x4,5x3,4x3,3,2/24,14x2,12x4,10x4,9x4:turns=20.20',
      dice: [2, 1],
      plays: ['3/1* 2/1'],
      after: 'plakoto:24p,14x2,12x4,10x4,9x4/8x3,6x4,5x3,4x3,1x2:turns=20.21:end=opponent.mother.2',
      source: 'plakoto.md §4: mother pinned, pinner has no checker on his start: 2 points',
    },
    {
      before: 'fevga:24x15/24x15',
      dice: [6, 6],
      plays: ['24/18'],
      after: 'fevga:24x15/24x14,18:turns=0.1',
      source: 'fevga.md §3: opening 6-6, only the first checker moves, 18/12 blocked',
    },
    {
      before: 'gul-bara:8x2,6x3,5x3,4x3,3x2,2x2/6x3,5x3,4x3,3x2,2x2,1x2:turns=7.7',
      dice: [2, 2],
      plays: ['8/6(2) 2/off(2)', '6/off 3/off(2)', '6/2 4/off(3)', '6/1 5/off(3)', '6/off(2) 2/off 1/off'],
      after: 'gul-bara:6x3,5x3,4x3,3x2,2x2,1x2/offx15:turns=7.8',
      source: 'gul-bara.md §3: after three turns 2-2 runs 2s..6s, 20 numbers bear off all 15 (mars)',
    },
  ];

type PositionBlock = Extract<Block, { kind: 'position' }>;

function parsed(text: string): Position {
  const r = parseZarPosition(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

function positionsOf(content: LearnContent, slug: LearnSlug): PositionBlock[] {
  return content[slug].blocks.filter((b): b is PositionBlock => b.kind === 'position');
}

/** Every piece of prose a block carries. */
function textsOf(block: Block): string[] {
  switch (block.kind) {
    case 'h':
    case 'p':
      return [block.text];
    case 'list':
      return [...block.items];
    case 'position':
      return [block.caption];
    case 'faq':
      return [block.q, block.a];
    case 'terms':
      return block.items.map((t) => t.meaning);
    case 'table':
      return [];
  }
}

/** A whole number in a text, not part of a longer number. */
const mentions = (text: string, n: number): boolean => new RegExp(`(^|[^0-9])${n}([^0-9]|$)`).test(text);

/** Plays a roll (all blocks of a gul bara run) by its notation and returns where it ends. */
function playThrough(before: string, dice: Dice, plays: readonly string[]): Position {
  let pos = parsed(before);
  let roll = dice;
  for (const text of plays) {
    const m = matchPlay(rulesFor(pos.game).legalPlays(pos, roll), text);
    if (!m.ok) throw new Error(`${text} from ${before}: ${m.error.message}`);
    pos = m.value.next;
    if (pos.run > 0) roll = [pos.run, pos.run];
  }
  return pos;
}

describe('worked moves', () => {
  it.each(WORKED_MOVES)('$source', (move) => {
    const reached = playThrough(move.before, move.dice, move.plays);
    const shown = parsed(move.after);
    expect(reached.run).toBe(0);
    expect(Array.from(reached.board)).toEqual(Array.from(shown.board));
    expect(reached.ended).toEqual(shown.ended);
  });

  it.each(SEED_POSITIONS)('engine pips match the seed: $source', ({ text, pips }) => {
    const pos = parsed(text);
    expect(rulesFor(pos.game).pips(pos)).toEqual(pips);
  });
});

describe.each(Object.entries(LANGUAGES))('learn content: %s', (lang, content) => {
  it('has all nine pages with a title, a summary and blocks', () => {
    expect(Object.keys(content).sort()).toEqual([...LEARN_SLUGS].sort());
    for (const slug of LEARN_SLUGS) {
      const page = content[slug];
      expect(page.slug).toBe(slug);
      expect(page.title.trim()).not.toBe('');
      expect(page.summary.trim()).not.toBe('');
      expect(page.blocks.length).toBeGreaterThan(0);
      for (const block of page.blocks) for (const t of textsOf(block)) expect(t.trim(), `${slug}`).not.toBe('');
    }
  });

  it('every position parses and validates, and each game page shows its own game', () => {
    for (const slug of LEARN_SLUGS) {
      for (const block of positionsOf(content, slug)) {
        const pos = parsed(block.position);
        if (GAME_PAGES.includes(slug)) expect(pos.game).toBe(slug);
        if (block.lastMove !== undefined) expect(parsePlay(block.lastMove).ok, block.lastMove).toBe(true);
      }
    }
    for (const slug of GAME_PAGES) expect(positionsOf(content, slug).length).toBeGreaterThanOrEqual(2);
  });

  it('every move shown is one of the checked worked moves', () => {
    for (const slug of LEARN_SLUGS) {
      for (const block of positionsOf(content, slug)) {
        if (block.lastMove === undefined) continue;
        const move = WORKED_MOVES.find((m) => m.after === block.position);
        expect(move, block.position).toBeDefined();
        expect(block.lastMove).toBe(move?.plays.join(' '));
      }
    }
  });

  it.each(SEED_POSITIONS)('the backgammon page shows $source with both pip counts', ({ text, pips }) => {
    const shown = positionsOf(content, 'backgammon').filter((b) => b.position === text);
    expect(shown.length).toBe(1);
    const caption = shown[0]?.caption ?? '';
    for (const n of pips) expect(mentions(caption, n), `${caption} should say ${n}`).toBe(true);
  });

  it('the probability page has both computed tables', () => {
    const tables = content.probability.blocks.filter((b) => b.kind === 'table').map((b) => b.table);
    expect(tables).toContain('dice-sums');
    expect(tables).toContain('shots-by-distance');
  });

  it('the FAQ has at least ten questions', () => {
    expect(content.faq.blocks.filter((b) => b.kind === 'faq').length).toBeGreaterThanOrEqual(10);
  });

  it('the culture page explains the dice calls in Latin script', () => {
    const terms = content.culture.blocks.flatMap((b) => (b.kind === 'terms' ? b.items.map((t) => t.term) : []));
    for (const call of ['hep yek', 'düşeş', 'şeş-beş']) expect(terms).toContain(call);
  });

  it('notation and positions stay ASCII; digits are Western', () => {
    for (const slug of LEARN_SLUGS) {
      for (const block of content[slug].blocks) {
        if (block.kind === 'position') {
          expect(block.position).toMatch(/^[\x21-\x7e]+$/);
          if (block.lastMove !== undefined) expect(block.lastMove).toMatch(/^[\x20-\x7e]+$/);
        }
        for (const t of textsOf(block)) expect(t, `${lang} ${slug}`).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
      }
    }
  });
});

describe('languages', () => {
  it('no two languages share a caption or a paragraph', () => {
    const seen = new Map<string, string>();
    for (const [lang, content] of Object.entries(LANGUAGES)) {
      for (const slug of LEARN_SLUGS) {
        for (const block of content[slug].blocks) {
          if (block.kind !== 'position' && block.kind !== 'p') continue;
          const text = block.kind === 'position' ? block.caption : block.text;
          const other = seen.get(text);
          expect(other === undefined || other === lang, `${lang} repeats ${other}: ${text}`).toBe(true);
          seen.set(text, lang);
        }
      }
    }
  });

  it('Arabic prose is written in Arabic script', () => {
    const ar = LANGUAGES.ar;
    if (!ar) throw new Error('the Arabic content is missing');
    for (const slug of LEARN_SLUGS) {
      const page = ar[slug];
      for (const t of [page.title, page.summary, ...page.blocks.flatMap(textsOf)]) {
        expect(t, slug).toMatch(/[\u0600-\u06ff]/);
      }
    }
  });
});
