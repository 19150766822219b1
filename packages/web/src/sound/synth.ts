// The table's sounds, synthesised: no recording and no download, so the project makes every
// clip itself (tools/make-sounds.ts writes them to public/sounds/, and a test checks that the
// committed files are exactly what this code makes). Each clip is a sum of short decaying
// tones and filtered noise bursts, rendered to 16-bit mono WAV. The noise comes from a seeded
// generator, so the same code always makes the same bytes.

export const SOUNDS = ['roll', 'move', 'hit', 'double', 'turn', 'clock'] as const;
export type SoundName = (typeof SOUNDS)[number];

export const SAMPLE_RATE = 22_050;

/** A tone: frequency in Hz, start and length in seconds, loudness 0..1, how fast it dies away (1/s). */
interface Tone {
  readonly hz: number;
  readonly at: number;
  readonly len: number;
  readonly gain: number;
  readonly decay: number;
}

/** A burst of noise through a one-pole low-pass (smoothing 0..1: higher is duller). */
interface Burst {
  readonly at: number;
  readonly len: number;
  readonly gain: number;
  readonly decay: number;
  readonly smoothing: number;
}

interface Recipe {
  readonly seconds: number;
  readonly tones: readonly Tone[];
  readonly bursts: readonly Burst[];
}

/** Dice shaken and thrown: a handful of dull clicks that thin out, as dice settle. */
const ROLL: Recipe = {
  seconds: 0.3,
  tones: [
    { hz: 1900, at: 0.0, len: 0.03, gain: 0.12, decay: 120 },
    { hz: 2300, at: 0.11, len: 0.03, gain: 0.1, decay: 120 },
    { hz: 1700, at: 0.2, len: 0.03, gain: 0.08, decay: 140 },
  ],
  bursts: [
    { at: 0.0, len: 0.04, gain: 0.55, decay: 90, smoothing: 0.55 },
    { at: 0.05, len: 0.035, gain: 0.45, decay: 100, smoothing: 0.6 },
    { at: 0.11, len: 0.04, gain: 0.5, decay: 90, smoothing: 0.55 },
    { at: 0.165, len: 0.03, gain: 0.35, decay: 110, smoothing: 0.6 },
    { at: 0.2, len: 0.035, gain: 0.4, decay: 100, smoothing: 0.55 },
    { at: 0.245, len: 0.03, gain: 0.22, decay: 120, smoothing: 0.6 },
  ],
};

/** A checker set down on wood: one soft, low knock. */
const MOVE: Recipe = {
  seconds: 0.12,
  tones: [
    { hz: 210, at: 0, len: 0.12, gain: 0.55, decay: 45 },
    { hz: 640, at: 0, len: 0.05, gain: 0.18, decay: 90 },
  ],
  bursts: [{ at: 0, len: 0.02, gain: 0.35, decay: 160, smoothing: 0.75 }],
};

/** A checker knocked onto the bar: two sharper, brighter clacks. */
const HIT: Recipe = {
  seconds: 0.2,
  tones: [
    { hz: 320, at: 0, len: 0.1, gain: 0.5, decay: 40 },
    { hz: 1250, at: 0, len: 0.05, gain: 0.25, decay: 80 },
    { hz: 280, at: 0.075, len: 0.12, gain: 0.4, decay: 40 },
    { hz: 1100, at: 0.075, len: 0.05, gain: 0.2, decay: 80 },
  ],
  bursts: [
    { at: 0, len: 0.025, gain: 0.6, decay: 120, smoothing: 0.35 },
    { at: 0.075, len: 0.025, gain: 0.45, decay: 120, smoothing: 0.35 },
  ],
};

/** The cube turned: a rising two-note call (a fifth), so a double is never missed. */
const DOUBLE: Recipe = {
  seconds: 0.36,
  tones: [
    { hz: 523.25, at: 0, len: 0.16, gain: 0.35, decay: 9 },
    { hz: 1046.5, at: 0, len: 0.16, gain: 0.08, decay: 14 },
    { hz: 783.99, at: 0.14, len: 0.22, gain: 0.4, decay: 8 },
    { hz: 1567.98, at: 0.14, len: 0.22, gain: 0.08, decay: 12 },
  ],
  bursts: [],
};

/** Your turn: a soft two-note bell, falling a third, gentle enough to hear every few seconds. */
const TURN: Recipe = {
  seconds: 0.34,
  tones: [
    { hz: 880, at: 0, len: 0.2, gain: 0.28, decay: 12 },
    { hz: 2640, at: 0, len: 0.08, gain: 0.05, decay: 30 },
    { hz: 698.46, at: 0.12, len: 0.22, gain: 0.3, decay: 11 },
    { hz: 2095.4, at: 0.12, len: 0.08, gain: 0.05, decay: 30 },
  ],
  bursts: [],
};

/**
 * Ten seconds left on the player's own clock: two short, high beeps of the same note, sharper
 * than the turn bell, so it reads as a warning and not as "your turn".
 */
const CLOCK: Recipe = {
  seconds: 0.32,
  tones: [
    { hz: 1318.5, at: 0, len: 0.09, gain: 0.32, decay: 18 },
    { hz: 2637, at: 0, len: 0.06, gain: 0.06, decay: 30 },
    { hz: 1318.5, at: 0.16, len: 0.09, gain: 0.32, decay: 18 },
    { hz: 2637, at: 0.16, len: 0.06, gain: 0.06, decay: 30 },
  ],
  bursts: [],
};

const RECIPES: Readonly<Record<SoundName, Recipe>> = {
  roll: ROLL,
  move: MOVE,
  hit: HIT,
  double: DOUBLE,
  turn: TURN,
  clock: CLOCK,
};

/** mulberry32: a small seeded generator, enough for noise that is the same on every run. */
function noise(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A short fade in and out of every tone and burst, so no clip starts or ends with a click. */
const EDGE = 0.002;
const envelope = (t: number, len: number, decay: number): number =>
  Math.min(1, t / EDGE, (len - t) / EDGE) * Math.exp(-decay * t);

/** The clip as samples in -1..1. */
export function render(name: SoundName): Float64Array {
  const recipe = RECIPES[name];
  const out = new Float64Array(Math.round(recipe.seconds * SAMPLE_RATE));
  for (const tone of recipe.tones) {
    const start = Math.round(tone.at * SAMPLE_RATE);
    const n = Math.round(tone.len * SAMPLE_RATE);
    for (let i = 0; i < n && start + i < out.length; i++) {
      const t = i / SAMPLE_RATE;
      out[start + i] =
        (out[start + i] ?? 0) + tone.gain * envelope(t, tone.len, tone.decay) * Math.sin(2 * Math.PI * tone.hz * t);
    }
  }
  const rand = noise(SOUNDS.indexOf(name) + 1);
  for (const burst of recipe.bursts) {
    const start = Math.round(burst.at * SAMPLE_RATE);
    const n = Math.round(burst.len * SAMPLE_RATE);
    let y = 0;
    for (let i = 0; i < n && start + i < out.length; i++) {
      const t = i / SAMPLE_RATE;
      y = burst.smoothing * y + (1 - burst.smoothing) * (rand() * 2 - 1);
      out[start + i] = (out[start + i] ?? 0) + burst.gain * envelope(t, burst.len, burst.decay) * y;
    }
  }
  return out;
}

/** Samples in -1..1 as a 16-bit mono PCM WAV file (clipped at full scale). */
export function wav(samples: Float64Array): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((s, i) => {
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, s)) * 32767), true);
  });
  return bytes;
}
