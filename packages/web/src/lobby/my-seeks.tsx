import type { SeekView } from '@zar/protocol';
import { useNow } from '../clock/use-now.js';
import { useI18n } from '../i18n/index.js';
import { Ltr, Rich } from '../ui.js';
import { elapsedText, kindText } from './kind-text.js';

const TICK_MS = 1000;

/** The player's waiting requests, each with the time it has waited and a Cancel button. */
export function MySeeks(props: {
  seeks: readonly SeekView[];
  waited: (id: string, now: number) => number;
  busy: boolean;
  unseek: (id: string) => void;
}) {
  const i18n = useI18n();
  const { lobby } = i18n.t;
  const any = props.seeks.length > 0;
  const now = useNow(any, TICK_MS);
  if (!any) return null;
  return (
    <section aria-labelledby="lobby-mine" data-testid="lobby-mine">
      <h2 id="lobby-mine">{lobby.mine}</h2>
      <ul class="seek-list">
        {props.seeks.map((s) => {
          const kind = kindText(i18n, s.kind);
          return (
            <li key={s.id} data-testid={`lobby-seek-${s.id}`}>
              <span>{kind}</span>{' '}
              <span class="muted">
                <Rich text={lobby.waited} slots={{ time: <Ltr>{elapsedText(props.waited(s.id, now))}</Ltr> }} />
              </span>{' '}
              <button
                type="button"
                onClick={() => props.unseek(s.id)}
                disabled={props.busy}
                aria-label={i18n.f(lobby.cancelLabel, { kind })}
                data-testid={`lobby-unseek-${s.id}`}
              >
                {lobby.cancel}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
