import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairQueue } from '../src/bots/fair-queue.js';
import { AddressBook, ownerKey } from '../src/bots/owners.js';
import { botOwnerOf, botSeat, humanSeat } from '../src/game/seats.js';

/** A job: its owner and its place among that owner's pushes. */
interface Job {
  readonly owner: string;
  readonly n: number;
}

/** Pushes (an owner's next job) and takes (done at once, costing 1), in the order given. */
type Op = { readonly push: string } | { readonly take: true };

const OWNERS = ['a', 'b', 'c', 'd'];
const ops = fc.array(
  fc.oneof(
    fc.constantFrom(...OWNERS).map((push): Op => ({ push })),
    fc.constant<Op>({ take: true }),
  ),
  { maxLength: 300 },
);

/** Runs `ops` on a queue, then takes what is left; answers each take with who was waiting then. */
function play(list: readonly Op[]): { job: Job; waiting: ReadonlyMap<string, number> }[] {
  const queue = new FairQueue<Job>();
  const pushed = new Map<string, number>();
  const waiting = new Map<string, number>();
  const takes: { job: Job; waiting: ReadonlyMap<string, number> }[] = [];
  const take = (): boolean => {
    const taken = queue.take();
    if (taken === null) return false;
    takes.push({ job: taken.job, waiting: new Map(waiting) });
    waiting.set(taken.owner, (waiting.get(taken.owner) ?? 0) - 1);
    queue.done(taken, 1);
    return true;
  };
  for (const op of list) {
    if ('take' in op) take();
    else {
      const n = pushed.get(op.push) ?? 0;
      pushed.set(op.push, n + 1);
      waiting.set(op.push, (waiting.get(op.push) ?? 0) + 1);
      queue.push(op.push, { owner: op.push, n });
    }
  }
  while (take());
  expect(queue.size).toBe(0);
  return takes;
}

describe('the fair queue of bot work', () => {
  it('takes each owner’s jobs in the order they came, and every job once', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const takes = play(list);
        const next = new Map<string, number>();
        for (const { job } of takes) {
          expect(job.n).toBe(next.get(job.owner) ?? 0);
          next.set(job.owner, job.n + 1);
        }
        expect(takes).toHaveLength(list.filter((op) => 'push' in op).length);
      }),
    );
  });

  it('while two owners both wait, neither is taken more than once more than the other (equal costs)', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const takes = play(list);
        for (const a of OWNERS) {
          for (const b of OWNERS) {
            if (a === b) continue;
            // Over every run of takes during which both had jobs waiting, count each one's.
            let lead = 0;
            for (const { job, waiting } of takes) {
              if ((waiting.get(a) ?? 0) === 0 || (waiting.get(b) ?? 0) === 0) {
                lead = 0;
                continue;
              }
              if (job.owner === a) lead++;
              if (job.owner === b) lead--;
              expect(Math.abs(lead)).toBeLessThanOrEqual(1);
            }
          }
        }
      }),
    );
  });

  it('starves nobody: a waiting owner is taken before any other owner is taken twice', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const takes = play(list);
        takes.forEach(({ waiting }, i) => {
          for (const [owner, count] of waiting) {
            if (count === 0) continue;
            // From here on, until `owner` is taken, nobody else is taken more than twice.
            const others = new Map<string, number>();
            for (const later of takes.slice(i)) {
              if (later.job.owner === owner) break;
              const n = (others.get(later.job.owner) ?? 0) + 1;
              others.set(later.job.owner, n);
              expect(n).toBeLessThanOrEqual(2);
            }
          }
        });
      }),
    );
  });

  it('answers one request of a newcomer before most of an owner’s fifty', () => {
    const queue = new FairQueue<string>();
    for (let i = 0; i < 50; i++) queue.push('flood', `flood-${i}`);
    queue.push('quiet', 'quiet');
    const order: string[] = [];
    for (let taken = queue.take(); taken !== null; taken = queue.take()) {
      order.push(taken.job);
      queue.done(taken, 40);
    }
    expect(order.indexOf('quiet')).toBeLessThanOrEqual(1);
    expect(order.filter((job) => job.startsWith('flood'))).toEqual(Array.from({ length: 50 }, (_, i) => `flood-${i}`));
  });

  it('shares worker time, not jobs: an owner of slow jobs gets as many fewer', () => {
    const queue = new FairQueue<string>();
    for (let i = 0; i < 30; i++) {
      queue.push('master', 'slow');
      queue.push('beginner', 'fast');
    }
    const first: string[] = [];
    for (let i = 0; i < 22; i++) {
      const taken = queue.take();
      if (taken === null) throw new Error('the queue ran dry');
      first.push(taken.job);
      queue.done(taken, taken.job === 'slow' ? 10 : 1);
    }
    // Ten times the cost, about a tenth of the turns.
    expect(first.filter((job) => job === 'slow').length).toBeLessThanOrEqual(3);
  });

  it('an owner back after a pause starts level with the others and banks nothing', () => {
    const queue = new FairQueue<string>();
    const run = (owner: string, cost: number) => {
      const taken = queue.take();
      expect(taken?.owner).toBe(owner);
      if (taken !== null) queue.done(taken, cost);
    };
    queue.push('busy', 'b1');
    run('busy', 100);
    for (let i = 0; i < 4; i++) queue.push('busy', `b${i + 2}`);
    // Idle all that while, the newcomer still goes only once before the busy owner's next.
    queue.push('idle', 'i1');
    queue.push('idle', 'i2');
    run('busy', 1);
    run('idle', 1);
    run('busy', 1);
    run('idle', 1);
  });

  it('caps what one owner may run at once, and takes others’ work meanwhile', () => {
    const queue = new FairQueue<string>();
    queue.push('flood', 'f1');
    queue.push('flood', 'f2');
    const running = queue.take(1);
    expect(running?.job).toBe('f1');
    expect(queue.take(1)).toBeNull();
    queue.push('quiet', 'q1');
    expect(queue.take(1)?.job).toBe('q1');
    if (running !== null) queue.done(running, 5);
    expect(queue.take(1)?.job).toBe('f2');
  });

  it('takes a lower class only while no higher-class job waits, even one held back by the cap', () => {
    const queue = new FairQueue<string>(2);
    queue.push('analysis', 'background', 1);
    queue.push('player', 'p1', 0);
    queue.push('player', 'p2', 0);
    const p1 = queue.take(1);
    expect(p1?.job).toBe('p1');
    // p2 waits (its owner has one running): the background job still may not go.
    expect(queue.take(1)).toBeNull();
    if (p1 !== null) queue.done(p1, 1);
    const p2 = queue.take(1);
    expect(p2?.job).toBe('p2');
    expect(queue.take(1)?.job).toBe('background');
  });

  it('gives up a job that still waits, and drains what is left, forgetting idle owners', () => {
    const queue = new FairQueue<string>(2);
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1', 1);
    expect(queue.remove('a', 'a2')).toBe(true);
    expect(queue.remove('a', 'a2')).toBe(false);
    expect(queue.size).toBe(2);
    expect(queue.drain().sort()).toEqual(['a1', 'b1']);
    expect(queue.size).toBe(0);
    expect(queue.take()).toBeNull();
    expect(() => queue.push('a', 'x', 2)).toThrow('no priority class 2');
  });
});

describe('whose bot time it is', () => {
  it('a tournament, else the address, else the person, else the game', () => {
    const book = new AddressBook();
    book.note('u1', '10.0.0.1');
    expect(ownerKey('g', { tournament: 't', person: 'u1' }, book)).toBe('tournament:t');
    expect(ownerKey('g', { person: 'u1' }, book)).toBe('address:10.0.0.1');
    expect(ownerKey('g', { person: 'u1', address: '10.0.0.9' }, book)).toBe('address:10.0.0.9');
    expect(ownerKey('g', { person: 'u2' }, book)).toBe('person:u2');
    expect(ownerKey('g', { person: null }, book)).toBe('game:g');
    expect(ownerKey('g', undefined)).toBe('game:g');
  });

  it('ten guests from one address share one owner', () => {
    const book = new AddressBook();
    for (let i = 0; i < 10; i++) book.note(`guest-${i}`, '198.51.100.7');
    const owners = new Set(Array.from({ length: 10 }, (_, i) => ownerKey(`g${i}`, { person: `guest-${i}` }, book)));
    expect([...owners]).toEqual(['address:198.51.100.7']);
  });

  it('the address book keeps the latest address and forgets the user seen longest ago', () => {
    const book = new AddressBook(2);
    book.note('a', '1.1.1.1');
    book.note('b', '2.2.2.2');
    book.note('a', '3.3.3.3');
    book.note('c', '4.4.4.4');
    expect(book.addressOf('a')).toBe('3.3.3.3');
    expect(book.addressOf('b')).toBeNull();
    expect(book.addressOf('c')).toBe('4.4.4.4');
  });

  it('a game’s bots spend its tournament’s time, else its person’s, else its own', () => {
    const person = humanSeat('u1', 'Ann');
    const bot = botSeat('master');
    expect(botOwnerOf({ seats: [person, bot], tournament: null })).toEqual({ tournament: null, person: 'u1' });
    expect(botOwnerOf({ seats: [bot, person], tournament: { id: 't1', round: 2 } })).toEqual({
      tournament: 't1',
      person: 'u1',
    });
    expect(botOwnerOf({ seats: [bot, bot], tournament: null })).toEqual({ tournament: null, person: null });
    expect(botOwnerOf({ seats: [humanSeat(null, 'open'), bot], tournament: null })).toEqual({
      tournament: null,
      person: null,
    });
  });
});
