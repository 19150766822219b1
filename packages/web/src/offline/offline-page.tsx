import type { ApiError } from '../api.js';
import { forgetMatch, keptMatch, lastMatchId } from './kept.js';
import type { OfflineKit } from './kit.js';
import type { OfflineFiles } from './messages.js';
import { netKb } from './net-size.js';
import { OfflineTable } from './offline-table.js';
import { OFFLINE_TEXT, type OfflineText } from './text/index.js';
import { type OfflineConnection, type Opening, useOfflineGame } from './use-offline-game.js';

/** What the page found to play: a new match the form set up, the match kept last, or nothing. */
type Found =
  | { readonly kind: 'looking' }
  | { readonly kind: 'new'; readonly opening: Opening; readonly preset: string; readonly game: string }
  | { readonly kind: 'none' };

/**
 * A match against the bot played in this browser (/offline). The new-game form's query
 * (preset, length, level) sets up a new match, started once the player has seen how much the
 * bot weighs to download; without one, the match kept last resumes at once, as after a
 * reload or a closed tab. The table is the play page's; beside it, the downloads and the
 * upload. Everything of the app it uses comes in `kit` (kit.ts says why).
 */
export function OfflinePage({ kit }: { kit: OfflineKit }) {
  const { useEffect, useState } = kit.hooks;
  const { lang, t } = kit.useI18n();
  const o = OFFLINE_TEXT[lang];
  const [found, setFound] = useState<Found>({ kind: 'looking' });
  const [opening, setOpening] = useState<Opening | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const preset = query.get('preset');
    if (preset !== null) {
      const level = query.get('level');
      // The person is named by his colour, as an empty seat is: offline there is no account to name him by.
      const names = [t.colours.white, `Bot (${level ?? 'club'})`] as const;
      const setup = { preset, length: query.get('length'), level, names };
      const rules = kit.presetById(preset);
      setFound({ kind: 'new', opening: { t: 'new', setup }, preset, game: rules.ok ? rules.value.game : '' });
      return;
    }
    const last = lastMatchId();
    if (last === null) return setFound({ kind: 'none' });
    void keptMatch(last).then((r) => {
      if (r.ok && r.value !== undefined) setOpening({ t: 'open', kept: r.value });
      else setFound({ kind: 'none' });
    });
  }, []);
  const game = useOfflineGame(kit, found.kind === 'new' ? found.preset : null, opening);

  const begin = (o: Opening) => {
    // The address names no new match any more: a reload resumes this one.
    kit.navigate('/offline', true);
    setOpening(o);
  };
  const bad = game.view === null && game.error !== null;
  return (
    <section class="page play offline" data-testid="offline-page">
      <h1>{o.title}</h1>
      {opening === null && <Choose kit={kit} o={o} found={found} begin={begin} />}
      {bad && <p data-testid="offline-bad">{o.badSetup}</p>}
      {opening !== null && game.unkept && (
        <p class="banner" role="alert" data-testid="offline-unkept">
          {o.storage}
        </p>
      )}
      {opening !== null && !bad && <OfflineTable kit={kit} game={game} side={<Side kit={kit} o={o} game={game} />} />}
    </section>
  );
}

function Choose(props: { kit: OfflineKit; o: OfflineText; found: Found; begin: (o: Opening) => void }) {
  const { kit, o, found } = props;
  const i18n = kit.useI18n();
  if (found.kind === 'looking') return <p>{i18n.t.common.loading}</p>;
  if (found.kind === 'none') return <p data-testid="offline-bad">{o.badSetup}</p>;
  const kb = netKb(found.game);
  return (
    <div class="offline-choose">
      <p>{o.intro}</p>
      {kb !== null && <p data-testid="offline-size">{i18n.f(o.download, { size: `${i18n.num(kb)} KB` })}</p>}
      <button type="button" class="primary" data-testid="offline-start" onClick={() => props.begin(found.opening)}>
        {o.start}
      </button>
    </div>
  );
}

/** A text file the browser saves. */
function Download(props: { kit: OfflineKit; name: string; text: string; label: string; testid: string }) {
  const { useEffect, useMemo } = props.kit.hooks;
  const href = useMemo(() => URL.createObjectURL(new Blob([props.text], { type: 'text/plain' })), [props.text]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a class="button" href={href} download={props.name} data-testid={props.testid}>
      {props.label}
    </a>
  );
}

function Downloads({ kit, o, id, files }: { kit: OfflineKit; o: OfflineText; id: string; files: OfflineFiles }) {
  return (
    <p class="downloads">
      {files.mat !== null && (
        <Download kit={kit} name={`${id}.mat`} text={files.mat} label={o.exportMat} testid="offline-mat" />
      )}{' '}
      <Download kit={kit} name={`${id}.json`} text={files.json} label={o.exportJson} testid="offline-json" />
    </p>
  );
}

/** Beside the table: what the match is, its downloads, and its upload once online and signed in. */
function Side({ kit, o, game }: { kit: OfflineKit; o: OfflineText; game: OfflineConnection }) {
  const { useState } = kit.hooks;
  const [sent, setSent] = useState<{ id: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const { kept, files } = game;
  if (kept === null) return null;
  const upload = async () => {
    setBusy(true);
    const r = await kit.api.uploadOffline(kept);
    setBusy(false);
    setError(r.ok ? null : r.error);
    if (!r.ok) return;
    setSent(r.value);
    // In the history now: the browser's copy is no longer the only one.
    void forgetMatch(kept.id);
  };
  const other = error !== null && error.code !== 'ERR_NO_SESSION' && error.code !== 'ERR_NETWORK';
  return (
    <div class="offline-side" data-testid="offline-side">
      <p class="muted">{o.played}</p>
      {files !== null && <Downloads kit={kit} o={o} id={kept.id} files={files} />}
      {files !== null && sent === null && (
        <button type="button" data-testid="offline-upload" disabled={busy} onClick={upload}>
          {busy ? o.uploading : o.upload}
        </button>
      )}
      {sent !== null && (
        <p role="status" data-testid="offline-uploaded">
          <a href={`/replay/${sent.id}`}>{o.uploaded}</a>
        </p>
      )}
      {error?.code === 'ERR_NO_SESSION' && <p role="alert">{o.signIn}</p>}
      {error?.code === 'ERR_NETWORK' && <p role="alert">{o.needsConnection}</p>}
      {other && <kit.ErrorLine error={error} />}
      {files !== null && (
        <p>
          <a href="/" data-testid="offline-new">
            {o.newMatch}
          </a>
        </p>
      )}
    </div>
  );
}
