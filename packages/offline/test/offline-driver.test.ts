import { MATCH_DEFAULTS, type MatchSettings, parseMatchSettings } from '@zar/match';
import { decode, GameViewSchema, type OfflineRecord } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOT, OfflineMatch, PERSON } from '../src/driver.js';
import { personChoice } from '../src/scripted-person.js';

function settings(game: string, length: number): MatchSettings {
  const s = parseMatchSettings({ ...MATCH_DEFAULTS, length, cycle: [{ game }] });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

const record = (game: string, seed: string, level: OfflineRecord['level'] = 'beginner'): OfflineRecord => ({
  id: 'offline-test-1',
  settings: settings(game, 1),
  level,
  seed,
  names: ['You', 'Bot'],
  actions: [],
  startedAt: 0,
});

function open(r: OfflineRecord): OfflineMatch {
  const m = OfflineMatch.from(r);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

/** Plays the match out: the bot and the dice through `next`, the scripted person through `act`. */
async function playOut(m: OfflineMatch, stopAfter = Number.POSITIVE_INFINITY): Promise<void> {
  for (let i = 0; m.state.winner === null && i < stopAfter; i++) {
    const r = m.due() ? await m.next() : m.act(personChoice(m.state).action);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    // Every view is one the contract describes: the play page parses it as a server's.
    expect(decode(GameViewSchema, r.value.view).ok).toBe(true);
    expect(r.value.v).toBe(m.version);
  }
}

describe('the offline match driver', () => {
  it.each(['backgammon', 'long-nardy', 'plakoto', 'fevga', 'gul-bara'])('plays a %s match to its end', async (game) => {
    const m = open(record(game, `driver-${game}`));
    await playOut(m);
    const view = m.view();
    expect(view.status).toBe('over');
    expect(view.winner).not.toBeNull();
    expect(view.you).toBe(PERSON);
    expect(view.players[BOT]).toMatchObject({ kind: 'bot', level: 'beginner' });
    expect(view.rated).toBe(false);
  });

  it('resumes a kept match where it was: the same view, and the same dice after it', async () => {
    const whole = open(record('backgammon', 'resume'));
    await playOut(whole, 30);
    const kept = whole.kept();
    const resumed = open(JSON.parse(JSON.stringify(kept)) as OfflineRecord);
    expect(resumed.view()).toEqual(whole.view());
    expect(resumed.version).toBe(30);
    // The next roll is the seed's next one in both.
    while (whole.due() || whole.state.game.phase !== 'roll') {
      const r = whole.due() ? await whole.next() : whole.act(personChoice(whole.state).action);
      const s = resumed.due() ? await resumed.next() : resumed.act(personChoice(resumed.state).action);
      if (!r.ok || !s.ok) throw new Error('refused');
    }
    const a = whole.act({ type: 'roll' });
    const b = resumed.act({ type: 'roll' });
    expect(a.ok && b.ok && a.value.action).toEqual(b.ok && b.value.action);
  });

  it.each([
    ['backgammon', 'beginner'],
    ['long-nardy', 'club'],
    ['plakoto', 'casual'],
  ] as const)(
    '%s at %s: resumed after any number of actions, the match goes on as the unbroken one',
    async (game, level) => {
      const whole = open(record(game, `unbroken-${game}`, level));
      await playOut(whole);
      const all = whole.kept().actions;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: all.length - 1 }), async (n) => {
          const first = open(record(game, `unbroken-${game}`, level));
          await playOut(first, n);
          const resumed = open(JSON.parse(JSON.stringify(first.kept())) as OfflineRecord);
          await playOut(resumed);
          expect(resumed.kept().actions).toEqual(all);
        }),
        { numRuns: 6, examples: [[1], [Math.floor(all.length / 2)], [all.length - 1]] },
      );
    },
    120_000,
  );

  it('refuses an action out of turn, and a refused roll draws no dice', async () => {
    const m = open(record('backgammon', 'refuse'));
    const early = m.act({ type: 'roll' });
    expect(early.ok ? null : early.error.code).toBe('ERR_NOT_YOUR_TURN');
    expect(m.version).toBe(0);
    await m.next();
    // After the opening the starter plays: the person's roll is refused by the reducer when he is to play.
    if (!m.due()) {
      const phase = m.state.game.phase;
      const roll = m.act({ type: 'roll' });
      expect(roll.ok).toBe(phase === 'roll');
      if (!roll.ok) expect(m.kept().actions).toHaveLength(1);
    }
  });

  it('says when the person may ask for a hint, and gives the bot’s plays for his move', async () => {
    const m = open(record('backgammon', 'hint'));
    while (!m.view().allowed.play) {
      const r = m.due() ? await m.next() : m.act(personChoice(m.state).action);
      if (!r.ok) throw new Error(r.error.message);
    }
    expect(m.view().hint).toBe(true);
    const hint = await m.hint();
    expect(hint.ok && hint.value.kind).toBe('plays');
    const played = m.act(personChoice(m.state).action);
    expect(played.ok).toBe(true);
    // The bot's turn (or the next roll): no decision of the person's, no hint.
    if (!m.view().allowed.play && !m.view().allowed.take) expect(m.view().hint).toBe(false);
  });

  it('the same seed plays the same match; another seed another', async () => {
    const a = open(record('plakoto', 'same'));
    const b = open(record('plakoto', 'same'));
    const c = open(record('plakoto', 'other'));
    await Promise.all([playOut(a), playOut(b), playOut(c)]);
    expect(a.kept().actions).toEqual(b.kept().actions);
    expect(a.kept().actions).not.toEqual(c.kept().actions);
  });
});
