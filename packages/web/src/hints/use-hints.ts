import type { GameView, Hint, HintPlay, PlaysHint } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiResult, api } from '../api.js';
import { findPlayed } from './played.js';

/** How the play the player made compares with the bot's list. */
export interface Feedback {
  /** The play as the view wrote it. */
  readonly played: string;
  /** Equity lost against the best play; 0 when it was the best. */
  readonly loss: number;
  /** The best play's notation. */
  readonly best: string;
}

export interface Hints {
  /** The hint for the decision at this version: undefined before it is asked, null while it comes. */
  readonly shown: ApiResult<Hint> | null | undefined;
  /** Asks for the hint of the decision now (once per version; the answer is kept). */
  readonly ask: () => void;
  readonly feedback: Feedback | null;
}

type Asked = { readonly version: number; readonly answer: Promise<ApiResult<Hint>> };

/** Where the hint of the decision at a version comes from: the server's, or the offline worker's bot. */
export type HintSource = (version: number) => Promise<ApiResult<Hint>>;

/**
 * The hints of one game against the bot. A version's hint is asked once and kept: the Hint
 * button and the post-move feedback share it. With feedback on, the list is asked for as soon
 * as the player's move begins; at the next version (the server has taken his play) the play
 * is found in it and its loss kept until the next one.
 */
export function useHints(
  id: string,
  view: GameView,
  version: number,
  feedbackOn: boolean,
  source: HintSource = () => api.hint(id),
): Hints {
  const asked = useRef<Asked | null>(null);
  const [shown, setShown] = useState<{ version: number; result: ApiResult<Hint> | null } | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  /** The move whose play is to be judged: the version it began at and its hint. */
  const judging = useRef<Asked | null>(null);

  const answerAt = (v: number): Promise<ApiResult<Hint>> => {
    if (asked.current?.version !== v) asked.current = { version: v, answer: source(v) };
    return asked.current.answer;
  };

  useEffect(() => {
    const move = judging.current;
    if (move !== null && version > move.version) {
      judging.current = null;
      const last = view.lastMove;
      if (last !== null && last.player === view.you && last.play !== '') {
        const after = { play: last.play, position: view.game.position, moverOnRoll: view.game.turn === view.you };
        void move.answer.then((r) => {
          if (!r.ok || r.value.kind !== 'plays') return;
          const best: HintPlay | undefined = (r.value as PlaysHint).plays[0];
          const found = findPlayed(r.value, after);
          if (best && found) setFeedback({ played: last.play, loss: found.loss, best: best.play });
        });
      }
    }
    if (feedbackOn && view.hint && view.allowed.play) {
      judging.current = { version, answer: answerAt(version) };
    }
  }, [version, feedbackOn]);

  const ask = () => {
    const now = shown?.version === version ? shown.result : undefined;
    if (now === null || now?.ok) return;
    // A refused or failed hint is asked again; a kept answer is shown as it is.
    if (now !== undefined && asked.current?.version === version) asked.current = null;
    setShown({ version, result: null });
    void answerAt(version).then((result) => setShown((s) => (s?.version === version ? { version, result } : s)));
  };

  return { shown: shown?.version === version ? shown.result : undefined, ask, feedback };
}
