// Writes the app's icons to public/icons/ from public/favicon.svg, drawn by Debian's Chromium
// (playwright-core; no image tool is needed). Run it after changing the favicon:
// `npx tsx packages/web/tools/make-icons.ts`. The manifest (build/pwa.ts) names these files.

import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = fileURLToPath(new URL('../public/', import.meta.url));
/** The favicon's paper colour: the full-bleed ground of the icons that may not be transparent. */
const PAPER = '#fdf6e3';

interface Icon {
  readonly file: string;
  readonly size: number;
  /** The share of the side the favicon takes; the rest is ground. */
  readonly scale: number;
  /** Transparent around the favicon, or on paper. */
  readonly ground: 'none' | 'paper';
}

const ICONS: readonly Icon[] = [
  { file: 'icon-192.png', size: 192, scale: 1, ground: 'none' },
  { file: 'icon-512.png', size: 512, scale: 1, ground: 'none' },
  // A maskable icon is cut to any shape down to the circle of 80% of its side (the "safe zone").
  { file: 'maskable-512.png', size: 512, scale: 0.62, ground: 'paper' },
  // iOS fills transparency with black, so the home-screen icon is opaque.
  { file: 'apple-touch-icon-180.png', size: 180, scale: 0.86, ground: 'paper' },
];

const svg = readFileSync(`${PUBLIC}favicon.svg`, 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  await mkdir(`${PUBLIC}icons`, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const side = Math.round(icon.size * icon.scale);
    const ground = icon.ground === 'paper' ? PAPER : 'transparent';
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${ground}">` +
        `<div style="width:${side}px;height:${side}px">${svg.replace('<svg ', `<svg width="${side}" height="${side}" `)}</div></body>`,
    );
    await page.screenshot({ path: `${PUBLIC}icons/${icon.file}`, omitBackground: icon.ground === 'none' });
    await page.close();
    console.log(`icons/${icon.file}: ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
