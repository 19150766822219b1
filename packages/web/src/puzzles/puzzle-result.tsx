import type { PuzzleRating, PuzzleResult } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { ratingChangeText, ratingText } from '../players/rating-text.js';
import { Ltr } from '../ui.js';
import { shownEquity } from './puzzle-position.js';

/** What a try tells: right or not, the bot's ranking with equities, both ratings' change, the streak. */
export function PuzzleResultView({ result }: { result: PuzzleResult }) {
  const { t, f, lang } = useI18n();
  const change = (c: { before: PuzzleRating; after: PuzzleRating }) =>
    `${ratingText(lang, c.after.rating)} (${ratingChangeText(lang, c.after.rating - c.before.rating)})`;
  const label = (answer: string) => (t.puzzles.choices as Record<string, string>)[answer] ?? answer;
  const { ratings, solver } = result;
  return (
    <section class="puzzle-result" data-testid="puzzle-result" data-correct={String(result.correct)}>
      <p class={result.correct ? 'ok' : 'error'} role="status">
        {result.correct ? t.puzzles.correct : t.puzzles.wrong}
      </p>
      <table class="puzzle-answers" data-testid="puzzle-answers">
        <caption>{t.puzzles.ranked}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col" />
            <th scope="col">{t.puzzles.equity}</th>
          </tr>
        </thead>
        <tbody>
          {result.answers.map((a, i) => (
            <tr key={a.answer} class={a.mine ? 'mine' : undefined}>
              <td>{i + 1}</td>
              <td>
                <Ltr>{label(a.answer)}</Ltr>
                {a.mine && <span class="muted"> ({t.puzzles.yours})</span>}
              </td>
              <td>
                <Ltr>{shownEquity(a.equity)}</Ltr>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {ratings === null ? (
        <p class="muted" data-testid="puzzle-not-rated">
          {t.puzzles.notRated}
        </p>
      ) : (
        <dl class="puzzle-ratings">
          <dt>{t.puzzles.you}</dt>
          <dd data-testid="puzzle-my-rating">
            <Ltr>{change(ratings.solver)}</Ltr>
          </dd>
          <dt>{t.puzzles.puzzle}</dt>
          <dd data-testid="puzzle-its-rating">
            <Ltr>{change(ratings.puzzle)}</Ltr>
          </dd>
        </dl>
      )}
      <p data-testid="puzzle-streak">
        {f(t.puzzles.streak, { n: solver.streak })} · {f(t.puzzles.bestStreak, { n: solver.bestStreak })}
      </p>
    </section>
  );
}
