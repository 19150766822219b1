import { importMat, importSgf, type MatchRecord, type MatchState, parseJsonRecord, replay } from '@zar/match';
import type { ErrorCode, ErrorDetail } from '@zar/protocol';
import type { ImportFormat, ImportOutcome } from '../store/types.js';

/** A file that checked: how it was read, the match it replays to, and where that ended. */
export interface ReadFile {
  readonly format: ImportFormat;
  readonly record: MatchRecord;
  readonly outcome: ImportOutcome;
}

/** Why a file does not check: the contract's code, the English message, and the detail a page words. */
export interface FileRefusal {
  readonly code: ErrorCode;
  readonly message: string;
  readonly detail: ErrorDetail;
}

export type FileResult =
  | { readonly ok: true; readonly value: ReadFile }
  | { readonly ok: false; readonly error: FileRefusal };

/** A Zar JSON record starts with "{" (after a byte-order mark), gnubg's SGF with "("; anything else is read as .mat, as `zar mat check` does. */
const isJson = (text: string): boolean => text.trimStart().startsWith('{');
const isSgf = (text: string): boolean => text.trimStart().startsWith('(');

/** Where the match of a record that replays ended. */
function outcomeOf(record: MatchRecord): ImportOutcome {
  const r = replay(record);
  if (!r.ok) throw new Error(`a checked record no longer replays: ${r.error.message}`);
  const end = r.value.states[r.value.states.length - 1] as MatchState;
  const started = end.winner === null && end.game.phase !== 'opening' ? 1 : 0;
  return { score: end.score, winner: end.winner, games: end.results.length + started };
}

/**
 * Checks an uploaded file by replaying it through the rules: a .mat or gnubg's SGF (strict, as
 * `zar mat check`: a match that stops before it is won is refused) or a Zar JSON record (of any
 * game).
 * The record kept is the match alone: a JSON file's dice source and proof are not.
 */
export function readFile(upload: string): FileResult {
  const text = upload.replace(/^\uFEFF/, '');
  if (isJson(text)) {
    const read = parseJsonRecord(text);
    if (!read.ok) {
      const { code, message, params } = read.error;
      return { ok: false, error: { code, message, detail: { line: null, params } } };
    }
    const { version, settings, players, actions } = read.value;
    const record: MatchRecord = { version, settings, players, actions };
    return { ok: true, value: { format: 'json', record, outcome: outcomeOf(record) } };
  }
  const format = isSgf(text) ? 'sgf' : 'mat';
  const read = format === 'sgf' ? importSgf(text) : importMat(text);
  if (!read.ok) {
    const { code, message, line, params, more } = read.error;
    // ERR_MAT_RECORD and ERR_MAT_UNREPRESENTABLE are the export's; reading never gives them.
    if (code === 'ERR_MAT_RECORD' || code === 'ERR_MAT_UNREPRESENTABLE') throw new Error(`importMat: ${code}`);
    const others = (more ?? []).map((m) => ({ code: m.code as ErrorCode, line: m.line, params: m.params }));
    const detail: ErrorDetail = others.length === 0 ? { line, params } : { line, params, more: others };
    return { ok: false, error: { code, message, detail } };
  }
  return { ok: true, value: { format, record: read.value, outcome: outcomeOf(read.value) } };
}
