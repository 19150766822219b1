/// <reference lib="webworker" />
import { loadPlayer } from '@zar/bot';
import { presetById } from '@zar/engine';
import { rulesOf } from '@zar/match';
import { OfflineMatch } from '@zar/offline';
import { decode, OfflineRecordSchema } from '@zar/protocol';
import { exportText } from './exports.js';
import type { FromWorker, OfflineFiles, ToWorker } from './messages.js';
import { newOfflineRecord } from './new-record.js';

/*
 * The offline match's worker: the engine, the match layer and the bot (its net fetched as the
 * match opens) think here, never on the page's thread. One match at a time; the page opens
 * it and sends the person's actions, and the worker answers each action with its event, then
 * plays the dice and the bot's turns until the person is to act again.
 */

declare const self: DedicatedWorkerGlobalScope;

let match: OfflineMatch | null = null;
/** Actions and the bot's turns run one after another, in the order they came. */
let running: Promise<void> = Promise.resolve();

const post = (m: FromWorker): void => self.postMessage(m);
const refuse = (e: { readonly code: string; readonly message: string }): void => post({ t: 'refused', ...e });

function carried(m: OfflineMatch) {
  const kept = m.kept();
  const files: OfflineFiles | null =
    m.state.winner === null ? null : { json: exportText(kept, 'json') ?? '', mat: exportText(kept, 'mat') };
  return { v: m.version, view: m.view(), moves: m.recordView, kept, files };
}

async function playOn(m: OfflineMatch): Promise<void> {
  while (m === match && m.due()) {
    const r = await m.next();
    if (!r.ok) return refuse(r.error);
    post({ t: 'event', action: r.value.action, ...carried(m) });
  }
}

function open(record: unknown): void {
  const checked = decode(OfflineRecordSchema, record);
  if (!checked.ok) {
    refuse({ code: 'ERR_RECORD_SHAPE', message: checked.message });
    return;
  }
  const opened = OfflineMatch.from(checked.value);
  if (!opened.ok) {
    refuse(opened.error);
    return;
  }
  const m = opened.value;
  match = m;
  post({ t: 'state', ...carried(m) });
  // The net is fetched now, while the page may still be online, not at the bot's first turn.
  void loadPlayer(rulesOf(m.state.game.settings));
  running = running.then(() => playOn(m));
}

function handle(msg: ToWorker): void {
  if (msg.t === 'prepare') {
    const preset = presetById(msg.preset);
    if (preset.ok) void loadPlayer(rulesOf(preset.value));
    return;
  }
  if (msg.t === 'new') {
    const made = newOfflineRecord(msg.setup);
    if (made.ok) open(made.value);
    else refuse(made.error);
    return;
  }
  if (msg.t === 'hint') {
    const m = match;
    const { v } = msg;
    running = running.then(async () => {
      if (m === null || m.version !== v) {
        post({ t: 'hint', v, answer: { ok: false, error: { code: 'ERR_STALE', message: 'the match has moved on' } } });
        return;
      }
      const answer = await m.hint();
      post({ t: 'hint', v, answer: answer.ok ? { ok: true, value: answer.value } : answer });
    });
    return;
  }
  if (msg.t === 'open') {
    open(msg.kept);
    return;
  }
  const m = match;
  if (m === null) return;
  const { action } = msg;
  running = running.then(() => {
    const r = m.act(action);
    if (!r.ok) return refuse(r.error);
    post({ t: 'event', action: r.value.action, ...carried(m) });
    return playOn(m);
  });
}

self.onmessage = (e: MessageEvent<ToWorker>) => handle(e.data);
