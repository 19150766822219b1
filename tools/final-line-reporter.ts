import type { Reporter, TestModule } from 'vitest/node';

/**
 * CI reads the last line of the run: "N passed, N failed, N skipped". A test file that
 * fails to load counts as one failure, so a broken import can never look green.
 */
export default class FinalLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let tests = 0;
      for (const test of mod.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (tests === 0 || mod.state() === 'failed') {
        const errors = mod.errors().length;
        if (tests === 0 || errors > 0) failed += Math.max(1, errors);
      }
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
