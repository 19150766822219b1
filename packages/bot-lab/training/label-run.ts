import type { StartTeacher, TeacherProcess } from './label-teacher.js';

export interface LabellingOptions {
  /** The chunks to label, taken in order (the array is consumed). */
  readonly pending: number[];
  readonly boardsOf: (chunk: number) => Int8Array;
  readonly plies: number;
  readonly processes: number;
  readonly start: StartTeacher;
  /** A chunk's labels, as each chunk is done. */
  readonly onChunk: (chunk: number, targets: Float32Array) => void;
  /** Labels as they arrive (+1), and those lost with a dead process's batch (−n). */
  readonly onLabels?: (n: number) => void;
  /** How many times one chunk may lose its process before the run gives up on it. */
  readonly maxDeaths?: number;
}

export interface LabellingRun {
  /** Settles when every chunk is labelled, or after `stop`; rejects when a teacher refuses. */
  readonly finished: Promise<{ readonly restarts: number; readonly stopped: boolean }>;
  /** Ends the run: no chunk is started, and the processes are closed (their chunks are lost). */
  stop(): void;
}

/**
 * Labels chunks over `processes` teacher processes, each labelling one chunk at a time. A
 * process that dies is started again and its chunk labelled again by the fresh one.
 */
export function runLabelling(o: LabellingOptions): LabellingRun {
  const live = new Set<TeacherProcess>();
  const deaths = new Map<number, number>();
  const maxDeaths = o.maxDeaths ?? 3;
  let restarts = 0;
  let stopped = false;
  const startOne = () => {
    const t = o.start();
    live.add(t);
    return t;
  };
  const closeOne = (t: TeacherProcess) => {
    live.delete(t);
    t.close();
  };
  const onLabel = () => o.onLabels?.(1);
  const lane = async () => {
    let teacher = startOne();
    try {
      for (let i = o.pending.shift(); i !== undefined && !stopped; i = o.pending.shift()) {
        const result = await teacher.label(o.boardsOf(i), o.plies, onLabel);
        if (stopped) break;
        if (result.ok) {
          o.onChunk(i, result.value);
          continue;
        }
        o.onLabels?.(-result.answered);
        if (result.error.code !== 'ERR_TEACHER_DIED')
          throw new Error(`chunk ${i}: ${result.error.code}: ${result.error.message}`);
        const n = (deaths.get(i) ?? 0) + 1;
        if (n > maxDeaths) throw new Error(`chunk ${i}: the teacher died ${n} times on it (${result.error.message})`);
        deaths.set(i, n);
        closeOne(teacher);
        teacher = startOne();
        restarts++;
        o.pending.unshift(i);
      }
    } finally {
      closeOne(teacher);
    }
  };
  // No more processes than chunks: a process costs a second to start.
  const lanes = Array.from({ length: Math.max(1, Math.min(o.processes, o.pending.length)) }, lane);
  const finished = Promise.all(lanes).then(
    () => ({ restarts, stopped }),
    (e: unknown) => {
      stopped = true;
      for (const t of [...live]) closeOne(t);
      throw e;
    },
  );
  return {
    finished,
    stop() {
      stopped = true;
      for (const t of [...live]) closeOne(t);
    },
  };
}
