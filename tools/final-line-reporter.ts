import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** How many of the slowest tests the run lists before its last line. */
const SLOWEST = 10;

/**
 * CI reads the last line of the run: "N passed, N failed, N skipped". A test file that
 * fails to load counts as one failure, so a broken import can never look green. Above that
 * line come the ten slowest tests, so a test that creeps towards the 10 s limit is seen.
 */
export default class FinalLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const timed: { test: TestCase; ms: number }[] = [];
    for (const mod of testModules) {
      let tests = 0;
      for (const test of mod.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
        const ms = test.diagnostic()?.duration;
        if (ms !== undefined) timed.push({ test, ms });
      }
      if (tests === 0 || mod.state() === 'failed') {
        const errors = mod.errors().length;
        if (tests === 0 || errors > 0) failed += Math.max(1, errors);
      }
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${slowest(timed)}${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** The slowest tests, slowest first, one a line: milliseconds, file, then the test's full name. */
export function slowest(timed: readonly { test: TestCase; ms: number }[], count = SLOWEST): string {
  if (timed.length === 0) return '';
  const top = [...timed].sort((a, b) => b.ms - a.ms).slice(0, count);
  const width = String(Math.round(top[0]?.ms ?? 0)).length;
  const lines = top.map(
    ({ test, ms }) =>
      `  ${String(Math.round(ms)).padStart(width)} ms  ${test.module.relativeModuleId} > ${test.fullName}`,
  );
  return `Slowest tests:\n${lines.join('\n')}\n\n`;
}
