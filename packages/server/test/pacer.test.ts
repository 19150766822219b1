import { describe, expect, it } from 'vitest';
import { Pacer } from '../src/bots/pacer.js';

/*
 * The pacer (bots/pacer.ts): the work nobody waits on at a socket, a few at a time, in order,
 * with a game's first step after its room was built from the store ahead of the others.
 */

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A task that records its start and settles when told. */
function gate(started: string[], name: string) {
  let open: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    open: () => open(),
  };
}

describe('the pacer', () => {
  it('starts at most its batch at once, in the order queued, and the next as one settles', async () => {
    const started: string[] = [];
    const pacer = new Pacer(2);
    const gates = ['a', 'b', 'c', 'd'].map((n) => gate(started, n));
    for (const g of gates) pacer.enqueue(g.task);
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual(['a', 'b']);
    expect(pacer.waiting).toBe(2);
    gates[1]?.open();
    await turn();
    await turn();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(pacer.waiting).toBe(1);
  });

  it('starts a task queued first before those waiting, whenever it was queued', async () => {
    const started: string[] = [];
    const pacer = new Pacer(1);
    const gates = ['a', 'b', 'c'].map((n) => gate(started, n));
    for (const g of gates) pacer.enqueue(g.task);
    await turn();
    const resumed = gate(started, 'resumed');
    const next = gate(started, 'resumed too');
    pacer.enqueue(resumed.task, true);
    pacer.enqueue(next.task, true);
    gates[0]?.open();
    await turn();
    await turn();
    expect(started).toEqual(['a', 'resumed']);
    resumed.open();
    await turn();
    await turn();
    expect(started).toEqual(['a', 'resumed', 'resumed too']);
    next.open();
    await turn();
    await turn();
    expect(started).toEqual(['a', 'resumed', 'resumed too', 'b']);
  });

  it('goes on after a task that fails', async () => {
    const started: string[] = [];
    const pacer = new Pacer(1);
    pacer.enqueue(async () => {
      started.push('fails');
      throw new Error('refused');
    });
    pacer.enqueue(async () => void started.push('after'));
    await turn();
    await turn();
    await turn();
    expect(started).toEqual(['fails', 'after']);
    expect(pacer.waiting).toBe(0);
  });
});
