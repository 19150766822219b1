import { err, ok, presetById, type Result } from '@zar/engine';
import { MATCH_DEFAULTS, parseMatchSettings, randomClientSeed } from '@zar/match';
import { OFFLINE_LEVELS, type OfflineLevel, type OfflineRecord } from '@zar/protocol';
import type { NewOffline } from './messages.js';

/** The most points an offline match is played to; 0 is a money session, as online. */
const MAX_LENGTH = 25;

/**
 * A new offline match as the new-game form set it up: the rules preset, the length and the
 * level. The seed is random, as a browser's client seed is, so that the dice are this
 * browser's own; the same seed given to `zar play --seed` plays the same match there.
 */
export function newOfflineRecord(setup: NewOffline): Result<OfflineRecord, string> {
  const preset = presetById(setup.preset ?? 'backgammon');
  if (!preset.ok) return preset;
  const length = Number(setup.length ?? '5');
  if (!Number.isInteger(length) || length < 0 || length > MAX_LENGTH) return err('ERR_SETTINGS', 'no such length');
  const level = OFFLINE_LEVELS.find((l) => l === setup.level) ?? ('club' satisfies OfflineLevel);
  const settings = parseMatchSettings({ ...MATCH_DEFAULTS, length, cycle: [{ preset: preset.value.id }] });
  if (!settings.ok) return settings;
  const seed = randomClientSeed();
  if (!seed.ok) return seed;
  const tag = randomClientSeed();
  if (!tag.ok) return tag;
  const record = { settings: settings.value, level, seed: seed.value, names: setup.names, actions: [] };
  return ok({ id: `o${tag.value.slice(0, 20)}`, ...record, startedAt: Date.now() });
}
