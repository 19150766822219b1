import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/** What Tab can reach in a dialog; a heading focused on open (tabindex -1) is not among them. */
const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The modal dialogs open now, the newest last: only the newest answers the keyboard. */
const open: HTMLElement[] = [];

/**
 * A modal dialog is open: the page's own keys (play, hints, back to the live game) rest until it
 * closes, even when a click has put the focus outside it.
 */
export const modalOpen = (): boolean => open.length > 0;

/** Tab and Shift+Tab go round the dialog's controls and never reach the page behind it. */
function keepFocusIn(dialog: HTMLElement, e: KeyboardEvent): void {
  const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('disabled'));
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const at = document.activeElement as HTMLElement | null;
  // Focus may have left the dialog (a click on its text puts it on the page): Tab brings it back.
  const inside = at !== null && dialog.contains(at);
  if (e.shiftKey && (!inside || at === first || at.tabIndex < 0)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || at === last)) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The keyboard of a modal dialog (the resign and end-of-game dialogs, the table settings):
 * `start` gets the focus on open and the focus goes back where it was on close; Escape calls
 * `onClose`; Tab stays inside. Returns the ref to put on the element with role="dialog".
 */
export function useModal(onClose: () => void, start: RefObject<HTMLElement | null>): RefObject<HTMLDivElement | null> {
  const dialog = useRef<HTMLDivElement>(null);
  // The latest onClose, without listening again on every render.
  const close = useRef(onClose);
  close.current = onClose;
  // Where the focus was when the dialog was asked for, read as it first renders: an effect can
  // run a frame later, when a quick click may already have moved the focus elsewhere.
  const opener = useRef(document.activeElement as HTMLElement | null);
  // Before the browser paints, so that no key pressed as the dialog appears reaches the page.
  useLayoutEffect(() => {
    const self = dialog.current;
    if (!self) return;
    const before = opener.current;
    open.push(self);
    start.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (open.at(-1) !== self) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
      } else if (e.key === 'Tab') keepFocusIn(self, e);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      open.splice(open.indexOf(self), 1);
      before?.focus?.();
    };
  }, []);
  return dialog;
}
