import type { Rules } from '@zar/engine';
import type { GameView } from '@zar/protocol';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { diceText } from '../table/dice-text.js';
import {
  aroundOpening,
  type Notice,
  noticeOfEvent,
  noticeOfState,
  type Opening,
  onlyPlay,
  openingOf,
  openingStillShown,
  type Pair,
  withNotice,
} from '../table/notice.js';
import type { GameConnection } from '../table/use-game.js';
import { Ltr, Rich } from '../ui.js';
import { seatName } from './names.js';

/** Notices kept on screen (the opening's ties apart): the latest two, so one is still there after the next arrives. */
const KEPT = 2;

interface Kept {
  readonly id: number;
  readonly notice: Notice;
}

const dicePiece = (d: Pair) => <Ltr>{diceText(d)}</Ltr>;

function NoticeText({ notice, view, rules }: { notice: Notice; view: GameView; rules: Rules }) {
  const { t } = useI18n();
  const tt = t.table;
  const you = (who: 0 | 1) => view.you === who;
  const name = (who: 0 | 1) => <bdi>{seatName(t, view, who)}</bdi>;
  switch (notice.kind) {
    case 'openingTie':
      return <Rich text={tt.openingTie} slots={{ n: <Ltr>{String(notice.die)}</Ltr> }} />;
    case 'timeout': {
      const c = t.people.clock;
      const text = notice.claimed
        ? you(notice.who)
          ? c.claimedYou
          : c.claimed
        : you(notice.who)
          ? c.timeoutYou
          : c.timeout;
      return <Rich text={text} slots={{ name: name(notice.who) }} />;
    }
    case 'noPlay':
      return (
        <Rich
          text={you(notice.who) ? tt.noPlayYou : tt.noPlay}
          slots={{ name: name(notice.who), dice: dicePiece(notice.dice) }}
        />
      );
    case 'played': {
      const extra = [notice.forced ? tt.forced : null, notice.hit ? (rules.hasPins ? tt.pinned : tt.hit) : null].filter(
        (s): s is string => s !== null,
      );
      return (
        <>
          <Rich
            text={you(notice.who) ? tt.playedYou : tt.played}
            slots={{
              name: name(notice.who),
              dice: notice.dice ? dicePiece(notice.dice) : '',
              play: <Ltr>{notice.play}</Ltr>,
            }}
          />
          {extra.map((s) => ` ${s}`).join('')}
          {notice.runNext && (
            <>
              {' '}
              <Rich text={tt.runNext} slots={{ dice: dicePiece(notice.runNext) }} />
            </>
          )}
        </>
      );
    }
  }
}

/** A play is worth a notice when it was forced, hit, or is a block of a doubles run. */
const worthSaying = (n: Notice): boolean => n.kind !== 'played' || (n.dice !== null && (n.forced || n.hit || n.block));

/**
 * What just happened, in words, kept until newer things push it out: the opening roll (until
 * the game's second turn), a roll that could not be played, a forced play, a hit, a doubles
 * run block by block, a timeout, and the viewer's own forced play while he is to play it. A polite live
 * region: a screen reader hears each line as it comes.
 */
export function TableNews({
  game,
  rules,
  recorded,
}: {
  game: GameConnection;
  rules: Rules | null;
  /** The game's opening roll from the match's record, for when neither the event nor the state tells it. */
  recorded: Opening | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { view, version, lastAction } = game;
  const before = useRef<GameView | null>(null);
  const next = useRef(0);
  const [opening, setOpening] = useState<{ readonly game: number; readonly value: Opening } | null>(null);
  const [news, setNews] = useState<readonly Kept[]>([]);

  useEffect(() => {
    if (!view || !rules) return;
    const found = openingOf(rules, view, lastAction);
    if (found) setOpening({ game: view.gameNumber, value: found });
    const notice = lastAction ? noticeOfEvent(rules, before.current, view, lastAction) : noticeOfState(view);
    // A new game starts with a clean slate: the last game's news is in the move list.
    const newGame = before.current !== null && before.current.gameNumber !== view.gameNumber;
    before.current = view;
    const said = notice && worthSaying(notice) ? notice : null;
    if (!said && !newGame) return;
    setNews((old) => {
      const list = newGame ? [] : old;
      // A fresh state after a reconnect repeats what the page already says.
      if (!said || (list.length > 0 && JSON.stringify(list.at(-1)?.notice) === JSON.stringify(said))) return list;
      next.current++;
      return withNotice(list, { id: next.current, notice: said }, KEPT);
    });
  }, [version]);

  const forcedNow = useMemo(() => (rules && view?.allowed.play ? onlyPlay(rules, view) : null), [version, rules]);
  if (!view || !rules) return null;
  const seen = opening?.game === view.gameNumber ? opening.value : recorded;
  const shownOpening = seen && openingStillShown(view) ? seen : null;
  const { before: ties, after: rest } = aroundOpening(news, view);
  const line = (k: Kept) => (
    <p class="news-line" key={k.id} data-testid={`news-${k.notice.kind}`}>
      <NoticeText notice={k.notice} view={view} rules={rules} />
    </p>
  );
  return (
    <div class="news" aria-live="polite" data-testid="table-news">
      {/* A tie was rolled before the opening that counted: it is read first, not as the latest news. */}
      {ties.map(line)}
      {shownOpening && (
        <p class="news-line" data-testid="opening-line" data-starter={shownOpening.starter}>
          <Rich
            text={view.you === shownOpening.starter ? t.table.openingYou : t.table.opening}
            slots={{
              w: <Ltr>{i18n.num(shownOpening.white)}</Ltr>,
              b: <Ltr>{i18n.num(shownOpening.black)}</Ltr>,
              name: <bdi>{seatName(t, view, shownOpening.starter)}</bdi>,
            }}
          />
        </p>
      )}
      {rest.map(line)}
      {forcedNow !== null && (
        <p class="news-line" data-testid="forced-now">
          <Rich text={t.table.forcedNow} slots={{ play: <Ltr>{forcedNow}</Ltr> }} />
        </p>
      )}
    </div>
  );
}
