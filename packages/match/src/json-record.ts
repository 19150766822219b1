/**
 * The JSON form of a MatchRecord, for every game of the family: `{"version":1, "settings",
 * "players", "dice"?, "proof"?, "actions"}`. Parsing checks the shape of every field, then
 * replays the actions: a record that parses is one that replays. `proof` (docs/fair-dice.md)
 * lets anyone check the dice; records from before it simply have none.
 */
import { ok, type ZarError } from '@zar/engine';
import { type DiceProof, parseDiceProof } from './fair-dice.js';
import { type MatchState, matchReducer, newMatch, parseMatchSettings } from './match.js';
import type { MatchRecord } from './record.js';
import type { GameAction, Player } from './types.js';

/** A match record as its JSON file holds it: with the proof of its dice when it has one. */
export type JsonMatchRecord = MatchRecord & { readonly proof?: DiceProof };

export type JsonRecordErrorCode = 'ERR_JSON' | 'ERR_RECORD_VERSION' | 'ERR_RECORD_SHAPE' | 'ERR_RECORD_ILLEGAL';

/**
 * A JSON record's error, with what a reader's sentence needs besides the code: ERR_RECORD_SHAPE
 * `field` (where in the record: "settings", "actions[3]"), ERR_RECORD_VERSION `version` (as
 * written), ERR_RECORD_ILLEGAL `number` (of the action the rules refuse, from 1); ERR_JSON none.
 */
export interface JsonRecordError extends ZarError<JsonRecordErrorCode> {
  readonly params: Readonly<Record<string, string | number>>;
}

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: JsonRecordError };

const err = (code: JsonRecordErrorCode, message: string, params: JsonRecordError['params'] = {}) =>
  ({ ok: false, error: { code, message, params } }) as const;

const shape = (where: string, what: string) => err('ERR_RECORD_SHAPE', `${where}: ${what}`, { field: where });

/** The record as JSON text (one line; key order fixed). */
export function toJsonRecord(record: JsonMatchRecord): string {
  const { version, settings, players, dice, proof, actions } = record;
  return JSON.stringify({
    version,
    settings,
    players,
    ...(dice ? { dice } : {}),
    ...(proof ? { proof } : {}),
    actions,
  });
}

const isPlayer = (p: unknown): p is Player => p === 0 || p === 1;
const isDice = (d: unknown): d is [number, number] => Array.isArray(d) && d.length === 2 && d.every(Number.isInteger);

/** Actions that carry nothing but the player. */
const PLAIN = new Set(['double', 'take', 'drop', 'beaver', 'raccoon', 'accept', 'decline', 'timeout']);

/** A clean copy of one action, or what is wrong with its shape. */
function readAction(a: unknown, where: string): Parsed<GameAction> {
  if (typeof a !== 'object' || a === null) return shape(where, 'an action is an object');
  const { type, player, dice, play, level } = a as Record<string, unknown>;
  if (type === 'opening') return isDice(dice) ? ok({ type, dice }) : shape(where, 'an opening has dice [a, b]');
  if (!isPlayer(player)) return shape(where, `player is 0 or 1, not ${JSON.stringify(player)}`);
  if (type === 'roll') return isDice(dice) ? ok({ type, player, dice }) : shape(where, 'a roll has dice [a, b]');
  if (type === 'play') return typeof play === 'string' ? ok({ type, player, play }) : shape(where, 'a play is text');
  if (type === 'resign') {
    return level === 1 || level === 2 || level === 3 ? ok({ type, player, level }) : shape(where, 'level is 1, 2 or 3');
  }
  if (typeof type === 'string' && PLAIN.has(type)) return ok({ type, player } as GameAction);
  return shape(where, `unknown action type ${JSON.stringify(type)}`);
}

function readDiceSource(d: unknown): Parsed<MatchRecord['dice']> {
  if (d === undefined) return ok(undefined);
  const { source, seed } = (typeof d === 'object' && d !== null ? d : {}) as Record<string, unknown>;
  if (source === 'crypto') return ok({ source });
  if (source === 'seeded' && typeof seed === 'string') return ok({ source, seed });
  return shape('dice', 'is {"source":"seeded","seed":"..."} or {"source":"crypto"}');
}

/**
 * Reads a JSON record's fields, every action's shape included, without replaying the actions
 * (for tools that look at a record the rules may refuse, such as a tampered file's dice).
 */
export function readJsonRecordShape(input: unknown): Parsed<JsonMatchRecord> {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (e) {
      return err('ERR_JSON', `not JSON: ${(e as Error).message}`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return shape('record', 'is an object');
  const r = value as Record<string, unknown>;
  if (r.version !== 1) {
    const version = String(JSON.stringify(r.version));
    return err('ERR_RECORD_VERSION', `version ${version} is not 1`, { version });
  }
  const settings = parseMatchSettings(r.settings);
  if (!settings.ok) return shape('settings', settings.error.message);
  const players = r.players;
  if (!Array.isArray(players) || players.length !== 2 || !players.every((p) => typeof p === 'string')) {
    return shape('players', 'two names');
  }
  const dice = readDiceSource(r.dice);
  if (!dice.ok) return dice;
  const proof = r.proof === undefined ? ok(undefined) : parseDiceProof(r.proof);
  if (!proof.ok) return shape('proof', proof.error.message);
  if (!Array.isArray(r.actions)) return shape('actions', 'a list of actions');
  const actions: GameAction[] = [];
  for (let i = 0; i < r.actions.length; i++) {
    const action = readAction(r.actions[i], `actions[${i}]`);
    if (!action.ok) return action;
    actions.push(action.value);
  }
  return ok({
    version: 1 as const,
    settings: settings.value,
    players: [players[0], players[1]] as [string, string],
    ...(dice.value ? { dice: dice.value } : {}),
    ...(proof.value ? { proof: proof.value } : {}),
    actions,
  });
}

/**
 * Replays a record whose shape was read (readJsonRecordShape): the record itself when the rules
 * accept every action, else the first they refuse, as `actions[i]` with the reason.
 */
export function replayJsonRecord(record: JsonMatchRecord): Parsed<JsonMatchRecord> {
  let state: MatchState = newMatch(record.settings);
  for (const [i, action] of record.actions.entries()) {
    const next = matchReducer(state, action);
    if (!next.ok) {
      return err(
        'ERR_RECORD_ILLEGAL',
        `actions[${i}] ${JSON.stringify(action)}: ${next.error.code}: ${next.error.message}`,
        { number: i + 1 },
      );
    }
    state = next.value;
  }
  return ok(record);
}

/**
 * Reads a JSON record (text, or a value already parsed) and replays it. Shape errors name
 * the field; an action the rules refuse is reported as `actions[i]` with the reason.
 */
export function parseJsonRecord(input: unknown): Parsed<JsonMatchRecord> {
  const read = readJsonRecordShape(input);
  return read.ok ? replayJsonRecord(read.value) : read;
}
