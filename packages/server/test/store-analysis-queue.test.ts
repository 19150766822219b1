import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisQueueContract, endMatch, freshAnalysisStore } from './store-contract-analysis.js';
import { bothStores } from './support/both-stores.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { sqliteStore, tempDir } from './support/harness.js';

const cleanups = cleanupsAfterEach();

for (const [name, makeStore] of bothStores()) analysisQueueContract(name, makeStore, cleanups);

describe("the background analysis's queue over a restart", () => {
  it('keeps every queued match, and puts the one that was running back in the queue', async () => {
    const tmp = tempDir();
    cleanups.push(async () => tmp.remove());
    const file = join(tmp.dir, 'zar.db');
    const first = await freshAnalysisStore(() => sqliteStore(file), cleanups);
    await endMatch(first, 'g1', 10);
    await endMatch(first, 'g2', 20);
    expect(await first.takeQueuedAnalysis(30)).toEqual({ gameId: 'g1', attempts: 1 });
    await first.close();
    const again = await sqliteStore(file);
    cleanups.push(() => again.close());
    await again.migrate();
    expect(await again.queuedAnalysisState('g1')).toBe('running');
    expect(await again.requeueRunningAnalyses()).toBe(1);
    expect(await again.takeQueuedAnalysis(40)).toEqual({ gameId: 'g1', attempts: 2 });
    expect(await again.takeQueuedAnalysis(41)).toEqual({ gameId: 'g2', attempts: 1 });
  });
});
