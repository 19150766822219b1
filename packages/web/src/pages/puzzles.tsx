import { GAME_IDS, type GameId } from '@zar/engine';
import { PUZZLE_THEMES, type PuzzleFilter, type PuzzleOffer, type PuzzleResult } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, type ApiResult, api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { ratingText } from '../players/rating-text.js';
import { PuzzleBoard } from '../puzzles/puzzle-board.js';
import { puzzlePosition } from '../puzzles/puzzle-position.js';
import { PuzzleResultView } from '../puzzles/puzzle-result.js';
import '../puzzles/puzzles.css';
import { navigate } from '../router.js';
import { ErrorLine } from '../ui.js';

/**
 * Puzzles: one at a time, near the solver's rating (or the one a link names), filtered by game
 * and theme. The play is made on the board as in a game, a cube puzzle answered with its
 * buttons; after the try, the bot's ranking with equities, both ratings' change and the streak.
 */
export function Puzzles({ id }: { id: string | null }) {
  const { t, lang } = useI18n();
  const [filter, setFilter] = useState<PuzzleFilter>({});
  const [offer, setOffer] = useState<PuzzleOffer | null>(null);
  const [result, setResult] = useState<PuzzleResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (r: ApiResult<PuzzleOffer>) => {
    setBusy(false);
    setResult(null);
    if (!r.ok) return setError(r.error);
    setError(null);
    setOffer(r.value);
  };
  const load = (f: PuzzleFilter) => {
    setBusy(true);
    void api.puzzleNext(f).then(show);
  };
  // A link's puzzle, or (leaving a link for the next one) the next of the filter chosen.
  useEffect(() => {
    setBusy(true);
    void (id === null ? api.puzzleNext(filter) : api.puzzle(id)).then(show);
  }, [id]);

  const answer = async (text: string) => {
    if (offer === null) return;
    setBusy(true);
    const r = await api.puzzleAttempt(offer.puzzle.id, text);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setError(null);
    setResult(r.value);
  };
  const choose = (f: PuzzleFilter) => {
    setFilter(f);
    if (id !== null) navigate('/puzzles');
    else load(f);
  };
  const at = offer === null ? null : puzzlePosition(offer.puzzle);

  return (
    <section class="page puzzles">
      <h1>{t.puzzles.title}</h1>
      <p class="lead">{t.puzzles.intro}</p>
      <form class="puzzle-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t.puzzles.game}{' '}
          <select
            data-testid="puzzle-game"
            value={filter.game ?? ''}
            onChange={(e) => {
              const game = (e.currentTarget as HTMLSelectElement).value as GameId | '';
              choose({ ...filter, game: game === '' ? undefined : game });
            }}
          >
            <option value="">{t.puzzles.any}</option>
            {GAME_IDS.map((g) => (
              <option key={g} value={g}>
                {t.games[g]}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t.puzzles.theme}{' '}
          <select
            data-testid="puzzle-theme"
            value={filter.theme ?? ''}
            onChange={(e) => {
              const theme = (e.currentTarget as HTMLSelectElement).value;
              const known = PUZZLE_THEMES.find((th) => th === theme);
              choose({ ...filter, theme: known });
            }}
          >
            <option value="">{t.puzzles.any}</option>
            {PUZZLE_THEMES.map((th) => (
              <option key={th} value={th}>
                {t.puzzles.themes[th]}
              </option>
            ))}
          </select>
        </label>
      </form>
      {error?.code === 'ERR_NOT_FOUND' ? (
        <p data-testid="puzzle-none">{t.puzzles.none}</p>
      ) : (
        <ErrorLine error={error} />
      )}
      {offer && at && (
        <article class="puzzle" data-testid="puzzle" data-puzzle={offer.puzzle.id}>
          <p class="muted">
            {t.games[offer.puzzle.game]} · {offer.puzzle.themes.map((th) => t.puzzles.themes[th]).join(', ')} ·{' '}
            <span data-testid="puzzle-rating">{ratingText(lang, offer.puzzle.rating.rating)}</span>
            {offer.solver && (
              <>
                {' '}
                · {t.puzzles.you}:{' '}
                <span data-testid="puzzle-solver-rating">{ratingText(lang, offer.solver.rating.rating)}</span>
              </>
            )}{' '}
            · <a href={`/puzzles/${offer.puzzle.id}`}>{t.puzzles.share}</a>
          </p>
          <PuzzleBoard
            key={offer.puzzle.id}
            puzzle={offer.puzzle}
            at={at}
            answered={result !== null}
            busy={busy}
            answer={(text) => void answer(text)}
          />
          {result && <PuzzleResultView result={result} />}
          <p>
            <button type="button" data-testid="puzzle-next" disabled={busy} onClick={() => choose(filter)}>
              {t.puzzles.next}
            </button>
          </p>
        </article>
      )}
    </section>
  );
}
