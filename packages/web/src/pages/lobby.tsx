import type { SeekKind } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api, type Me } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { waitedMs } from '../lobby/lobby-model.js';
import { MySeeks } from '../lobby/my-seeks.js';
import { OpenGames } from '../lobby/open-games.js';
import { PoolList } from '../lobby/pool-list.js';
import { SeekForm } from '../lobby/seek-form.js';
import { useLobby } from '../lobby/use-lobby.js';
import '../lobby/lobby.css';
import { ErrorLine } from '../ui.js';

/**
 * The lobby, live over the socket (no Refresh button): quick pairing, the players waiting per
 * kind of match, the player's own requests, and the open games. A paired request opens the match.
 */
export function Lobby() {
  const { t } = useI18n();
  const l = t.lobby;
  const { state, seek, unseek, reconnectAndSeek, preparing, refused } = useLobby();
  // Until the server says who this is, the form stays open: a refused request is told in a sentence.
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    api.me().then((r) => setMe(r.ok ? r.value : null));
  }, []);
  const lobby = state.lobby;
  // The server answers /api/me with an empty id for a visitor it holds no session for: he is
  // made a guest first (POST /api/guest), and the socket opened again with his new cookie.
  const seekAsPlayer = async (kind: SeekKind) => {
    if (me === null || me.id !== '') return seek(kind);
    // The form waits meanwhile (a second click would make a second guest), and a refusal
    // (too many new guests from his address, the database away) is said, not swallowed.
    preparing();
    const r = await api.guest();
    if (!r.ok) return refused(r.error.code);
    setMe(r.value);
    reconnectAndSeek(kind);
  };

  return (
    <section class="page lobby">
      <h1>{l.title}</h1>
      <p>{l.intro}</p>
      {/* Closed only on another protocol version, whose sentence the error line gives. */}
      {(state.status === 'connecting' || state.status === 'reconnecting') && (
        <p class="muted" role="status" data-testid="lobby-status" data-status={state.status}>
          {state.status === 'connecting' ? l.connecting : l.reconnecting}
        </p>
      )}
      {state.paired !== null && (
        <p role="status" data-testid="lobby-paired">
          {l.paired}
        </p>
      )}
      <div class="lobby-columns">
        <section aria-labelledby="lobby-quick" class="lobby-quick">
          <h2 id="lobby-quick">{l.quick}</h2>
          <p>{l.quickIntro}</p>
          <SeekForm
            guest={me?.guest ?? false}
            busy={state.asking || state.status !== 'open'}
            seek={(kind) => void seekAsPlayer(kind)}
          />
          <ErrorLine error={state.error} />
          {lobby !== null && (
            <MySeeks
              seeks={lobby.seeks}
              waited={(id, now) => waitedMs(state, id, now)}
              busy={state.status !== 'open'}
              unseek={unseek}
            />
          )}
        </section>
        <div class="lobby-live">
          {lobby === null ? (
            <p>{t.common.loading}</p>
          ) : (
            <>
              <PoolList
                pools={lobby.pools}
                mine={lobby.seeks}
                guest={me?.guest ?? false}
                busy={state.asking || state.status !== 'open'}
                seek={(kind) => void seekAsPlayer(kind)}
              />
              <OpenGames games={lobby.games} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
