import type { GameView } from '@zar/protocol';
import { parts, useI18n } from '../i18n/index.js';
import { awaitsSeed } from './client-seed.js';

/** How much of the commitment the table shows: enough to compare by eye, short enough for the side panel. */
const SHOWN = 12;

/**
 * At the table, one line on the match's provably fair dice: the start of the commitment the
 * server published, whether this page's seed is in, and once the match is over that the server
 * seed is out (the replay checks it). Nothing for a match without fair dice.
 */
export function FairLine({ view }: { view: Pick<GameView, 'id' | 'fair' | 'you' | 'status'> }) {
  const i18n = useI18n();
  const d = i18n.t.dice.table;
  const { fair, you } = view;
  if (fair === null) return null;
  let state: 'revealed' | 'sent' | 'awaited' | null = null;
  if (fair.serverSeed !== null) state = 'revealed';
  else if (you !== null) state = awaitsSeed(view) ? 'awaited' : 'sent';
  const words = { revealed: d.revealed, sent: d.seedSent, awaited: d.seedAwaited };
  // What the line means, in words a player can open (a title shows on no phone and to few screen readers).
  return (
    <>
      <p class="hint dice-fair" data-testid="dice-fair" data-seed={state ?? ''}>
        {parts(d.committed).map((part) =>
          typeof part === 'string' ? (
            part
          ) : (
            <code key={part.slot} dir="ltr" data-testid="dice-fair-commitment">
              {fair.commitment.slice(0, SHOWN)}
            </code>
          ),
        )}
        {state !== null && ' · '}
        {state === 'revealed' ? (
          <a href={`/replay/${view.id}`} data-testid="dice-fair-replay">
            {words.revealed}
          </a>
        ) : (
          state !== null && words[state]
        )}
      </p>
      <details class="hint dice-fair-about" data-testid="dice-fair-about">
        <summary>{d.aboutLink}</summary>
        <p>{d.about}</p>
      </details>
    </>
  );
}
