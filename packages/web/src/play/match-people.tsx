import type { GameView } from '@zar/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { ratingChangeText, ratingText } from '../players/rating-text.js';
import { navigate } from '../router.js';
import { Ltr, Rich } from '../ui.js';
import { seatName } from './names.js';
import { ratingLines, rematchState, rematchUnratedShown, seriesShown, viewerFirst } from './people.js';

/** A rated match that is over: each player's rating before and after, with the change. */
export function RatingLines({ view }: { view: GameView }) {
  const i18n = useI18n();
  const lines = ratingLines(view);
  if (lines === null) return null;
  const r = i18n.t.people.ratings;
  return (
    <section aria-labelledby="ratings-title">
      <h3 id="ratings-title">{r.title}</h3>
      <ul class="rating-lines" data-testid="rating-lines">
        {lines.map((l) => (
          <li key={l.seat} data-testid={`rating-change-${l.seat}`} data-change={String(l.change)}>
            <Rich
              text={r.line}
              slots={{
                name: <bdi>{seatName(i18n.t, view, l.seat)}</bdi>,
                before: <Ltr>{ratingText(i18n.lang, l.before)}</Ltr>,
                after: <Ltr>{ratingText(i18n.lang, l.after)}</Ltr>,
                change: <Ltr>{ratingChangeText(i18n.lang, l.change)}</Ltr>,
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The series between the two players ("Series: ana 2–1 bob", the viewer first), once either has won a match of it. */
export function SeriesLine({ view }: { view: GameView }) {
  const i18n = useI18n();
  if (!seriesShown(view)) return null;
  const [first, second] = viewerFirst(view);
  const score = `${i18n.num(view.series[first])}–${i18n.num(view.series[second])}`;
  return (
    <p class="people-line" data-testid="series" data-series={`${view.series[first]}-${view.series[second]}`}>
      <Rich
        text={i18n.t.people.series.line}
        slots={{
          first: <bdi>{seatName(i18n.t, view, first)}</bdi>,
          second: <bdi>{seatName(i18n.t, view, second)}</bdi>,
          score: <Ltr>{score}</Ltr>,
        }}
      />
    </p>
  );
}

/**
 * Takes both players to the rematch once they agree: only when the page saw the match without
 * one first, so that opening an old match whose rematch was played long ago stays on it.
 */
export function useRematchGo(view: GameView | null): void {
  const sawNone = useRef(false);
  const next = view?.rematch.next ?? null;
  useEffect(() => {
    if (!view) return;
    if (next === null) sawNone.current = true;
    else if (sawNone.current && view.you !== null) navigate(`/play/${next}`);
  }, [view === null, next]);
}

/**
 * The rematch after a match: offer one with the same settings, wait for the opponent (or
 * withdraw), answer his offer, or follow the link to the match it started. A polite live
 * region, there from the match's end, so that the opponent's offer (or his answer) is said to
 * a player who does not see it come.
 */
export function RematchPanel(props: { view: GameView; rematch: (offer: boolean) => boolean }) {
  const i18n = useI18n();
  return (
    <div class="rematch" role="status">
      <RematchBody {...props} />
      {rematchUnratedShown(props.view) && (
        <p class="hint" data-testid="rematch-unrated">
          {i18n.t.people.unrated.rematch}
        </p>
      )}
    </div>
  );
}

function RematchBody({ view, rematch }: { view: GameView; rematch: (offer: boolean) => boolean }) {
  const i18n = useI18n();
  const r = i18n.t.people.rematch;
  const state = rematchState(view);
  const name = (seat: 0 | 1) => <bdi>{seatName(i18n.t, view, seat)}</bdi>;
  switch (state.kind) {
    case 'none':
      return null;
    case 'go':
      return (
        <p class="people-line">
          <a class="button primary" href={`/play/${state.next}`} data-testid="rematch-go">
            {r.go}
          </a>
        </p>
      );
    case 'offer': {
      const them: 0 | 1 = view.you === 0 ? 1 : 0;
      return (
        <p class="people-line">
          <button
            type="button"
            data-testid="rematch-offer"
            aria-label={i18n.f(r.offerLabel, { name: seatName(i18n.t, view, them) })}
            onClick={() => rematch(true)}
          >
            {r.offer}
          </button>
        </p>
      );
    }
    case 'waiting':
      return (
        <div class="people-line" data-testid="rematch-waiting">
          <p>
            <Rich text={r.waiting} slots={{ name: name(state.who) }} />
          </p>
          <button type="button" data-testid="rematch-withdraw" onClick={() => rematch(false)}>
            {r.withdraw}
          </button>
        </div>
      );
    case 'offered':
      return (
        <div class="people-line" data-testid="rematch-offered">
          <p>
            <Rich text={r.offered} slots={{ name: name(state.who) }} />
          </p>
          <button type="button" class="primary" data-testid="rematch-accept" onClick={() => rematch(true)}>
            {r.accept}
          </button>{' '}
          <button type="button" data-testid="rematch-decline" onClick={() => rematch(false)}>
            {r.decline}
          </button>
        </div>
      );
  }
}
