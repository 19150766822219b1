import { exportMat, type JsonMatchRecord, matHolds, toJsonRecord } from '@zar/match';
import { gameAction } from '@zar/offline';
import type { OfflineRecord } from '@zar/protocol';

/** The match layer's record of an offline match: its dice said to come from its seed, as `zar play --seed` writes it. */
export function matchRecordOf(r: OfflineRecord): JsonMatchRecord {
  return {
    version: 1,
    settings: r.settings,
    players: r.names,
    dice: { source: 'seeded', seed: r.seed },
    actions: r.actions.flatMap((a) => gameAction(a) ?? []),
  };
}

/** A download of the match: Zar JSON for every game, gnubg's .mat where the format holds it (null where not). */
export function exportText(r: OfflineRecord, format: 'mat' | 'json'): string | null {
  const record = matchRecordOf(r);
  if (format === 'json') return toJsonRecord(record);
  return matHolds(r.settings) ? exportMat(record) : null;
}
