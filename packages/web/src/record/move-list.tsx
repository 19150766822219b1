import type { Mark, MatchRecordView, RecordGame } from '@zar/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { type I18n, useI18n } from '../i18n/index.js';
import { Ltr } from '../ui.js';
import './record.css';
import { blockText, lineText, seatLabel } from './line-text.js';
import type { Line } from './turns.js';

/** A place in the record: a game (index) and a line of it, -1 for the game's start. */
export interface Cursor {
  readonly game: number;
  readonly line: number;
}

export interface MoveListProps {
  readonly record: MatchRecordView;
  /** Each game's lines (linesOf), in the record's order. */
  readonly lines: readonly (readonly Line[])[];
  /** The line highlighted: the live turn, or the one shown. */
  readonly at: Cursor | null;
  /** The analysis marks by entry version, when the match has been analysed. */
  readonly marks?: ReadonlyMap<number, Mark> | null;
  /** Each game's start is a line too (the replay steps through it). */
  readonly starts?: boolean;
  readonly onPick: (at: Cursor) => void;
}

const SEVERITY: Readonly<Record<Mark, number>> = { none: 0, doubtful: 1, error: 2, blunder: 3 };
const SYMBOL: Readonly<Record<Exclude<Mark, 'none'>, string>> = { doubtful: '?!', error: '?', blunder: '??' };

/** The worst mark among a line's actions. */
function markOf(game: RecordGame, line: Line, marks: ReadonlyMap<number, Mark>): Mark {
  let worst: Mark = 'none';
  for (let i = line.first; i <= line.last; i++) {
    const m = marks.get(game.entries[i]?.v ?? -1) ?? 'none';
    if (SEVERITY[m] > SEVERITY[worst]) worst = m;
  }
  return worst;
}

function LineBody({ i18n, line, record }: { i18n: I18n; line: Line; record: MatchRecordView }) {
  if (line.kind !== 'turn') return <>{lineText(i18n, line, record.players)}</>;
  return (
    <>
      {line.blocks.map((b, i) => {
        const text = blockText(i18n, b);
        const notation = b.play !== null && b.play !== '';
        return (
          // Notation reads left to right as one piece ("6-4: 24/18 13/9"), also on an Arabic page.
          <span key={i} class="block">
            {notation ? (
              <Ltr>{`${text.dice}: ${text.play}`}</Ltr>
            ) : (
              <>
                <Ltr>{text.dice}</Ltr>: <em>{text.play}</em>
              </>
            )}
          </span>
        );
      })}
    </>
  );
}

/**
 * "White wins a gammon: 2 points", or a draw. Running out of time loses a match to N whatever
 * the game was worth (the match layer books the whole match), so its line names the match.
 */
function resultText(i18n: I18n, record: MatchRecordView, game: RecordGame): string | null {
  const r = game.result;
  if (!r) return null;
  const { t } = i18n;
  if (r.winner === null) return t.record.draw;
  const name = seatLabel(i18n, record.players, r.winner);
  if (r.kind === 'timeout' && record.settings.length > 0) {
    return i18n.f(t.record.resultMatch, { name, how: t.results[r.kind] });
  }
  return i18n.f(t.record.result, {
    name,
    how: t.results[r.kind],
    points: i18n.n(t.match.points, r.points),
  });
}

/**
 * Every game of the match, each turn one button (its dice and play as the server wrote it,
 * high die first), cube actions and resignations in their place, each game's result at its
 * end. The highlighted line is kept in view inside the list's own scroll, never the page's.
 */
export function MoveList({ record, lines, at, marks, starts = false, onPick }: MoveListProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = box.current;
    const current = root?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!root || !current) return;
    const r = root.getBoundingClientRect();
    const c = current.getBoundingClientRect();
    if (c.top < r.top) root.scrollTop -= r.top - c.top + 4;
    else if (c.bottom > r.bottom) root.scrollTop += c.bottom - r.bottom + 4;
  }, [at?.game, at?.line, record.v]);

  const button = (g: number, l: number, seat: 0 | 1 | null, body: preact.ComponentChildren, mark: Mark) => {
    const current = at !== null && at.game === g && at.line === l;
    const who = seat === null ? '' : `${seatLabel(i18n, record.players, seat)}: `;
    return (
      <button
        type="button"
        class={`move-line${current ? ' current' : ''}`}
        aria-current={current ? 'step' : undefined}
        data-testid="move-line"
        data-game={g}
        data-line={l}
        onClick={() => onPick({ game: g, line: l })}
      >
        {seat !== null && <span class={`chip chip-${seat === 0 ? 'white' : 'black'}`} aria-hidden="true" />}
        <span class="sr-only">{who}</span>
        {body}
        {mark !== 'none' && (
          <span class={`mark mark-${mark}`} data-testid="move-mark" data-mark={mark} title={t.analysis.marks[mark]}>
            <span aria-hidden="true">{SYMBOL[mark]}</span>
            <span class="sr-only"> ({t.analysis.marks[mark]})</span>
          </span>
        )}
      </button>
    );
  };

  return (
    <section class="move-list" aria-labelledby="move-list-title" data-testid="move-list">
      <h2 id="move-list-title">{t.record.moves}</h2>
      <div class="move-list-scroll" ref={box}>
        {record.games.map((game, g) => {
          const score = `${i18n.num(game.scoreBefore[0])}–${i18n.num(game.scoreBefore[1])}`;
          const result = resultText(i18n, record, game);
          return (
            <div key={game.number} class="move-game" data-testid="move-game" data-game={g}>
              <h3>
                {i18n.f(t.record.gameHeading, { n: i18n.num(game.number), score })}
                {game.crawford && <span class="tag"> {t.record.crawford}</span>}
              </h3>
              <ol aria-label={i18n.f(t.record.gameList, { n: i18n.num(game.number) })}>
                {starts && <li>{button(g, -1, null, t.record.start, 'none')}</li>}
                {(lines[g] ?? []).map((line, l) => (
                  <li key={l} data-kind={line.kind}>
                    {button(
                      g,
                      l,
                      line.kind === 'opening' ? null : line.player,
                      <LineBody i18n={i18n} line={line} record={record} />,
                      marks ? markOf(game, line, marks) : 'none',
                    )}
                  </li>
                ))}
                {result && (
                  <li class="move-result" data-testid="move-result">
                    {result}
                  </li>
                )}
              </ol>
            </div>
          );
        })}
      </div>
    </section>
  );
}
