import { describe, expect, it } from 'vitest';
import { render, SAMPLE_RATE, SOUNDS, wav } from '../src/sound/synth.js';

/** Node's file reading, typed here: the web's program has no Node types (their timers would shadow the DOM's). */
interface NodeFs {
  readFileSync(path: URL): Uint8Array;
}
const fs = (globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): NodeFs } }).process.getBuiltinModule(
  'node:fs',
);

const committed = (name: string): Uint8Array =>
  new Uint8Array(fs.readFileSync(new URL(`../public/sounds/${name}.wav`, import.meta.url)));

describe('the table sounds', () => {
  it.each(SOUNDS)('%s.wav is exactly what the synthesiser makes (run tools/make-sounds.ts after a change)', (name) => {
    expect(committed(name)).toEqual(wav(render(name)));
  });

  it.each(SOUNDS)('%s is short, audible, never clipped, and starts and ends in silence', (name) => {
    const s = render(name);
    expect(s.length / SAMPLE_RATE).toBeLessThanOrEqual(0.4);
    const peak = s.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    expect(peak).toBeGreaterThan(0.2);
    expect(peak).toBeLessThan(1);
    expect(Math.abs(s[0] ?? 1)).toBeLessThan(0.01);
    expect(Math.abs(s.at(-1) ?? 1)).toBeLessThan(0.01);
  });

  it('writes a valid 16-bit mono PCM WAV header', () => {
    const bytes = wav(new Float64Array([0, 0.5, -0.5, 2]));
    const view = new DataView(bytes.buffer);
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(bytes.slice(8, 16))).toBe('WAVEfmt ');
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(SAMPLE_RATE);
    expect(view.getUint32(40, true)).toBe(8);
    expect(view.getInt16(44 + 6, true)).toBe(32767);
    expect(view.getInt16(44 + 4, true)).toBe(-16383);
  });
});
