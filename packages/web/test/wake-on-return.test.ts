import { afterEach, describe, expect, it } from 'vitest';
import { wakeOnReturn } from '../src/live-socket.js';

const scope = globalThis as { window?: unknown; document?: unknown };

/** The browser's window and document, as far as wakeOnReturn listens to them. */
function browser(state: 'visible' | 'hidden') {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: state });
  scope.window = win;
  scope.document = doc;
  return { win, doc };
}

describe('waking a live socket when the page comes back', () => {
  afterEach(() => {
    delete scope.window;
    delete scope.document;
  });

  it('wakes on coming back online and on being shown, not while hidden, and never once stopped', () => {
    const { win, doc } = browser('visible');
    let wakes = 0;
    const stop = wakeOnReturn({ wake: () => wakes++ });
    win.dispatchEvent(new Event('online'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(wakes).toBe(2);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    expect(wakes).toBe(2);
    doc.visibilityState = 'visible';
    stop();
    win.dispatchEvent(new Event('online'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(wakes).toBe(2);
  });
});
