import type { PwaText } from './text/index.js';

const NOTICE_ID = 'zar-update';

/** The bar's look, from the page's own colours (styles.css), so it follows the dark theme. */
const BAR_STYLE = [
  'position: fixed',
  'inset-block-end: 12px',
  'inset-inline: 12px',
  'margin-inline: auto',
  'max-width: 28rem',
  'display: flex',
  'flex-wrap: wrap',
  'align-items: center',
  'gap: 8px',
  'padding: 8px 12px',
  'background: var(--bg)',
  'color: var(--fg)',
  'border: 1px solid var(--line)',
  'border-radius: var(--radius)',
  'box-shadow: 0 2px 10px rgb(0 0 0 / 0.25)',
  'z-index: 1000',
].join(';');

function button(label: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (primary) b.className = 'primary';
  b.addEventListener('click', onClick);
  return b;
}

/**
 * Says that a new version of Zar is ready: a small bar at the foot of the page that blocks
 * nothing, with a button that reloads only when the player chooses, so a new version never
 * replaces the page under a game. "Later" hides it until the next page load. Plain DOM, as
 * this runs outside the app's Preact tree (see start.ts).
 */
export function showUpdateNotice(text: PwaText, reload: () => void): void {
  if (document.getElementById(NOTICE_ID)) return;
  const bar = document.createElement('div');
  bar.id = NOTICE_ID;
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'update-notice';
  bar.style.cssText = BAR_STYLE;
  const words = document.createElement('span');
  words.textContent = text.updated;
  words.style.flex = '1';
  const now = button(text.reload, reload, true);
  now.dataset.testid = 'update-reload';
  bar.append(
    words,
    now,
    button(text.later, () => bar.remove()),
  );
  document.body.append(bar);
}
