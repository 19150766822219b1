import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import FinalLineReporter from './final-line-reporter.js';

type State = 'passed' | 'failed' | 'skipped';

/** Just what the reporter reads of a test: its state, duration, file and name. */
function fakeTest(file: string, name: string, state: State, ms: number | undefined): TestCase {
  return {
    fullName: name,
    module: { relativeModuleId: file },
    result: () => ({ state }),
    diagnostic: () => (ms === undefined ? undefined : { duration: ms }),
  } as unknown as TestCase;
}

function fakeModule(tests: TestCase[], errors = 0): TestModule {
  return {
    children: { allTests: () => tests.values() },
    state: () => (errors > 0 ? 'failed' : 'passed'),
    errors: () => Array(errors).fill(new Error('load')),
  } as unknown as TestModule;
}

function run(modules: TestModule[], unhandled: unknown[] = []): string[] {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  new FinalLineReporter().onTestRunEnd(modules, unhandled);
  vi.restoreAllMocks();
  return out.trimEnd().split('\n');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the final-line reporter', () => {
  it('lists the ten slowest tests, slowest first, and keeps the count as the last line', () => {
    const tests = Array.from({ length: 12 }, (_, i) => fakeTest(`a/t${i}.test.ts`, `case ${i}`, 'passed', i * 100));
    const lines = run([
      fakeModule(tests.slice(0, 6)),
      fakeModule([...tests.slice(6), fakeTest('b.ts', 'skip', 'skipped', undefined)]),
    ]);
    expect(lines.at(-1)).toBe('12 passed, 0 failed, 1 skipped');
    const start = lines.indexOf('Slowest tests:');
    expect(start).toBeGreaterThanOrEqual(0);
    const listed = lines.slice(start + 1, start + 11);
    expect(listed[0]).toBe('  1100 ms  a/t11.test.ts > case 11');
    expect(listed[9]).toBe('   200 ms  a/t2.test.ts > case 2');
    expect(lines[start + 11]).toBe('');
    expect(lines.join('\n')).not.toContain('case 1\n');
  });

  it('counts a file that failed to load, and unhandled errors, as failures', () => {
    const lines = run([fakeModule([], 0), fakeModule([fakeTest('c.ts', 'x', 'failed', 5)], 2)], [new Error('late')]);
    expect(lines.at(-1)).toBe('0 passed, 5 failed, 0 skipped');
    expect(lines).toContain('  5 ms  c.ts > x');
  });

  it('prints only the count when no test ran', () => {
    expect(run([])).toEqual(['', '0 passed, 0 failed, 0 skipped']);
  });
});
