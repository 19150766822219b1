import type { GameView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { diceText } from '../table/dice-text.js';
import { Ltr, Rich } from '../ui.js';
import { seatName } from './names.js';
import { statusOf } from './status.js';

/** What is going on and what to do, announced politely to screen readers. */
export function StatusText({ view, complete }: { view: GameView; complete: boolean }) {
  const i18n = useI18n();
  const { t } = i18n;
  const s = statusOf(view);
  const name = (who: 0 | 1) => <bdi>{seatName(t, view, who)}</bdi>;
  const dice = view.game.dice;
  let body: preact.ComponentChildren;
  switch (s.kind) {
    case 'waiting':
      body = t.play.waiting;
      break;
    case 'over':
      body = t.end.matchOver;
      break;
    case 'opening':
      body = t.play.opening;
      break;
    case 'yourRoll':
      body = s.canDouble ? t.play.yourRollOrDouble : t.play.yourRoll;
      break;
    case 'yourMove':
      body = complete ? (
        t.play.yourMoveDone
      ) : (
        <Rich text={t.play.yourMove} slots={{ dice: <Ltr>{dice ? diceText(dice) : ''}</Ltr> }} />
      );
      break;
    case 'theirTurn':
      body = <Rich text={t.play.theirTurn} slots={{ name: name(s.who) }} />;
      break;
    case 'doubled':
      body = <Rich text={t.play.doubled} slots={{ name: name(s.who), n: <Ltr>{i18n.num(s.value)}</Ltr> }} />;
      break;
    case 'youDoubled':
      body = <Rich text={t.play.youDoubled} slots={{ n: <Ltr>{i18n.num(s.value)}</Ltr> }} />;
      break;
    case 'resignOffer':
      body = <Rich text={t.play.resignOffer} slots={{ name: name(s.who), level: t.resign[s.level] }} />;
      break;
    case 'youResigned':
      body = <Rich text={t.play.youResigned} slots={{ level: t.resign[s.level] }} />;
      break;
  }
  return (
    <p class="status" role="status" data-testid="status" data-status={s.kind}>
      {view.you === null && view.status === 'playing' ? <>{t.play.spectating} </> : null}
      {body}
    </p>
  );
}

/** "Last move White: 8/5 6/5", the notation in the mover's numbering, kept left to right. */
export function LastMoveLine({ view }: { view: GameView }) {
  const { t } = useI18n();
  const last = view.lastMove;
  if (!last) return null;
  const colour = t.colours[last.player === 0 ? 'white' : 'black'];
  const dice = last.dice ? `${diceText(last.dice)}: ` : '';
  return (
    <p class="last-move" data-testid="last-move-text">
      <Rich
        text={t.play.lastMove}
        slots={{ who: colour, play: <Ltr>{dice + (last.play === '' ? t.play.noPlay : last.play)}</Ltr> }}
      />
    </p>
  );
}
