import { createHash } from 'node:crypto';
import { err, ok } from '@zar/engine';
import type { RolloutStatus } from '@zar/protocol';
import type { Answer, Cluster } from '../cluster/index.js';
import { randomId } from '../common/ids.js';
import type { Rollouts } from './rollouts.js';
import type { BoardRefusalCode, BoardResult } from './setup.js';

/*
 * A rollout runs in the bots of the instance that started it, but beside other instances a page
 * may reach any of them. Its id names that instance: a tag of the instance's name (a name may
 * hold characters and a length the protocol's id does not allow) before the random part. An
 * instance handed another's id finds it among its peers and asks it; one no longer alive has no
 * rollouts left to read.
 */

const STATUS = 'board.rollout';
const STOP = 'board.rollout-stop';
/** A page polls about every second: a late answer is better refused than kept waiting for. */
const ASK_MS = 2_000;
const TAG_LENGTH = 8;
/** 12 random bytes: 16 characters, the whole id of an instance alone. */
const RANDOM_BYTES = 12;
const LINKED_LENGTH = TAG_LENGTH + 16;

export type RolloutCluster = Pick<Cluster, 'instance' | 'rpc' | 'liveness'>;

/** The tag of an instance's name in its rollouts' ids: 48 bits of its hash, base64url. */
function tagOf(instance: string): string {
  return createHash('sha256').update(instance).digest('base64url').slice(0, TAG_LENGTH);
}

/** New rollout ids: as alone, or tagged with the running instance. */
export function rolloutIds(cluster: RolloutCluster | undefined): () => string {
  if (cluster === undefined) return () => randomId(RANDOM_BYTES);
  const tag = tagOf(cluster.instance);
  return () => tag + randomId(RANDOM_BYTES);
}

/** Where a rollout id is answered: here, at a peer alive, or nowhere (`null`: an unknown rollout). */
type Where = { readonly here: true } | { readonly here: false; readonly peer: string } | null;

/**
 * Reads and stops rollouts wherever they run: those of this instance in `rollouts`, those of
 * another by asking it, which answers from its own.
 */
export class RolloutLink {
  private readonly tag: string;
  private readonly unserve: (() => void)[];

  constructor(
    private readonly rollouts: Rollouts,
    private readonly cluster: RolloutCluster,
  ) {
    this.tag = tagOf(cluster.instance);
    this.unserve = [
      cluster.rpc.serve(STATUS, (id) => {
        const status = rollouts.status(id);
        return status === null ? err('ERR_NOT_FOUND', 'no such rollout') : ok(JSON.stringify(status));
      }),
      cluster.rpc.serve(STOP, (body) => {
        const { id, key } = JSON.parse(body) as { id: string; key: string };
        const stopped = rollouts.stop(id, key);
        if (stopped === null) return err('ERR_NOT_FOUND', 'no such rollout');
        return stopped.ok ? ok(JSON.stringify(stopped.value)) : stopped;
      }),
    ];
  }

  /** The rollout `id`, or null when no instance alive runs or kept it. */
  async status(id: string): Promise<BoardResult<RolloutStatus> | null> {
    const where = this.whereIs(id);
    if (where === null) return null;
    if (where.here) {
      const status = this.rollouts.status(id);
      return status === null ? null : ok(status);
    }
    return answerOf(await this.cluster.rpc.ask(where.peer, STATUS, id, ASK_MS));
  }

  /** Stops `id` for its asker `key` (Rollouts.stop), wherever it runs; null when unknown. */
  async stop(id: string, key: string): Promise<BoardResult<RolloutStatus> | null> {
    const where = this.whereIs(id);
    if (where === null) return null;
    if (where.here) return this.rollouts.stop(id, key);
    return answerOf(await this.cluster.rpc.ask(where.peer, STOP, JSON.stringify({ id, key }), ASK_MS));
  }

  close(): void {
    for (const undo of this.unserve) undo();
  }

  private whereIs(id: string): Where {
    // An id made alone (before this instance joined others, or by a test) is this instance's.
    if (id.length !== LINKED_LENGTH) return { here: true };
    const tag = id.slice(0, TAG_LENGTH);
    if (tag === this.tag) return { here: true };
    for (const peer of this.cluster.liveness.peers()) if (tagOf(peer) === tag) return { here: false, peer };
    return null;
  }
}

/** The running instance's answer as its own; no answer from it is the bots' unavailability. */
function answerOf(answer: Answer): BoardResult<RolloutStatus> | null {
  if (answer.ok) return ok(JSON.parse(answer.value) as RolloutStatus);
  const { code, message } = answer.error;
  if (code === 'ERR_NOT_FOUND') return null;
  if (code.startsWith('ERR_ASK_') || code.startsWith('ERR_BUS_') || code === 'ERR_ENVELOPE_TOO_LARGE') {
    return err('ERR_BOARD_UNAVAILABLE', `the instance running this rollout did not answer: ${message}`);
  }
  // The rest are the running instance's own refusals (Rollouts.stop), passed on as they are.
  return err(code as BoardRefusalCode, message);
}
