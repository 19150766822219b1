import { CHAT_CHANNELS, CHAT_PHRASES, type ChatMessage, MAX_CHAT_LENGTH } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelMessages, draftOf, firstChannel, isOwn, mutedWriters, tabAfterKey } from '../src/chat/chat-log.js';
import { MAX_MUTED, parseMuted, withMuted } from '../src/chat/chat-prefs.js';
import { mergeChat } from '../src/table/match-chat.js';

const message = (over: Partial<ChatMessage> & { id: string }): ChatMessage => ({
  at: 1_000,
  channel: 'players',
  from: 'ana',
  seat: 0,
  text: 'hi',
  phrase: null,
  ...over,
});

const arbMessage: fc.Arbitrary<ChatMessage> = fc.record({
  id: fc.stringMatching(/^[a-z0-9]{4,8}$/),
  at: fc.integer({ min: 0, max: 50 }),
  channel: fc.constantFrom(...CHAT_CHANNELS),
  from: fc.constantFrom('ana', 'bob', 'cid'),
  seat: fc.constantFrom(0 as const, 1 as const, null),
  text: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
  phrase: fc.option(fc.constantFrom(...CHAT_PHRASES), { nil: null }),
});

const sorted = (log: readonly ChatMessage[]) => log.every((m, i) => i === 0 || (log[i - 1] as ChatMessage).at <= m.at);

describe('the chat log', () => {
  it('keeps every message once, in time order, whatever frames come and in whatever order', () => {
    fc.assert(
      fc.property(fc.array(fc.array(arbMessage, { maxLength: 6 }), { maxLength: 6 }), (frames) => {
        let log: readonly ChatMessage[] = [];
        for (const f of frames) log = mergeChat(log, false, f);
        const ids = log.map((m) => m.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set(frames.flat().map((m) => m.id)));
        expect(sorted(log)).toBe(true);
      }),
    );
  });

  it('a whole backlog replaces what the page had, and a message seen again is not doubled', () => {
    const a = message({ id: 'aaaa', at: 1 });
    const b = message({ id: 'bbbb', at: 2 });
    const c = message({ id: 'cccc', at: 3, channel: 'spectators', seat: null, from: 'zoe' });
    const before = mergeChat(mergeChat([], true, [a]), false, [b]);
    expect(before.map((m) => m.id)).toEqual(['aaaa', 'bbbb']);
    expect(mergeChat(before, false, [b]).map((m) => m.id)).toEqual(['aaaa', 'bbbb']);
    // The match ended: the players are sent both channels whole.
    expect(mergeChat(before, true, [c, b, a]).map((m) => m.id)).toEqual(['aaaa', 'bbbb', 'cccc']);
    expect(mergeChat(before, true, []).length).toBe(0);
  });

  it('shows one channel without the muted writers, and names the muted writers present', () => {
    fc.assert(
      fc.property(fc.array(arbMessage, { maxLength: 20 }), fc.subarray(['ana', 'bob', 'cid']), (msgs, muted) => {
        const log = mergeChat([], true, msgs);
        for (const ch of CHAT_CHANNELS) {
          const shown = channelMessages(log, ch, new Set(muted));
          expect(shown.every((m) => m.channel === ch && !muted.includes(m.from))).toBe(true);
          const hidden = log.filter((m) => m.channel === ch && muted.includes(m.from));
          expect(shown.length + hidden.length).toBe(log.filter((m) => m.channel === ch).length);
          expect(new Set(mutedWriters(log, ch, muted))).toEqual(new Set(hidden.map((m) => m.from)));
        }
      }),
    );
  });

  it('counts the characters left and sends a trimmed text of 1 to MAX_CHAT_LENGTH characters', () => {
    expect(draftOf('')).toEqual({ text: '', left: MAX_CHAT_LENGTH, sendable: false });
    expect(draftOf('   ').sendable).toBe(false);
    expect(draftOf('  gl  ')).toEqual({ text: 'gl', left: MAX_CHAT_LENGTH - 6, sendable: true });
    expect(draftOf('x'.repeat(MAX_CHAT_LENGTH)).sendable).toBe(true);
    expect(draftOf('x'.repeat(MAX_CHAT_LENGTH + 1))).toMatchObject({ left: -1, sendable: false });
    fc.assert(
      fc.property(fc.string({ maxLength: MAX_CHAT_LENGTH + 20 }), (raw) => {
        const d = draftOf(raw);
        expect(d.left).toBe(MAX_CHAT_LENGTH - raw.length);
        expect(d.sendable).toBe(d.text.length >= 1 && d.text.length <= MAX_CHAT_LENGTH);
        expect(d.text).toBe(d.text.trim());
      }),
    );
  });

  it('opens on the channel the viewer writes in, else the first he reads, else none', () => {
    expect(firstChannel('players', ['players', 'spectators'])).toBe('players');
    expect(firstChannel('spectators', ['spectators'])).toBe('spectators');
    expect(firstChannel(null, ['spectators'])).toBe('spectators');
    expect(firstChannel(null, [])).toBe(null);
    expect(firstChannel('players', [])).toBe(null);
  });
});

describe('the reader’s own messages', () => {
  it('are a player’s by his seat, a spectator’s by his name and no seat', () => {
    const ana = message({ id: 'a1', from: 'ana', seat: 0 });
    const zoe = message({ id: 'z1', from: 'zoe', seat: null, channel: 'spectators' });
    expect(isOwn(ana, 0, null)).toBe(true);
    expect(isOwn(ana, 1, 'ana')).toBe(false);
    expect(isOwn(zoe, 0, 'zoe')).toBe(false);
    expect(isOwn(zoe, null, 'zoe')).toBe(true);
    expect(isOwn(zoe, null, null)).toBe(false);
    // A player's message is never a spectator's own, whatever the names.
    expect(isOwn(ana, null, 'ana')).toBe(false);
  });
});

describe('muted writers', () => {
  it('reads what it stored, and anything else as no one', () => {
    expect(parseMuted(null)).toEqual([]);
    expect(parseMuted('not json')).toEqual([]);
    expect(parseMuted('{"a":1}')).toEqual([]);
    expect(parseMuted('["ana", 3, "", "bob", "ana"]')).toEqual(['ana', 'bob']);
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 30 }), (names) => {
        let list: readonly string[] = [];
        for (const n of names) list = withMuted(list, n, true);
        expect(parseMuted(JSON.stringify(list))).toEqual(list);
      }),
    );
  });

  it('mutes each name once, unmutes it, and keeps at most MAX_MUTED, forgetting the earliest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('ana', 'bob', 'cid', 'dan'), fc.boolean()), { maxLength: 40 }),
        (steps) => {
          let list: readonly string[] = [];
          for (const [name, mute] of steps) {
            list = withMuted(list, name, mute);
            expect(list.includes(name)).toBe(mute);
            expect(new Set(list).size).toBe(list.length);
          }
        },
      ),
    );
    let many: readonly string[] = [];
    for (let i = 0; i <= MAX_MUTED; i++) many = withMuted(many, `p${i}`, true);
    expect(many.length).toBe(MAX_MUTED);
    expect(many[0]).toBe('p1');
    expect(many.at(-1)).toBe(`p${MAX_MUTED}`);
  });
});

describe('the channels’ tabs from the keyboard', () => {
  it('property: the arrows step and wrap (the left one forward right to left), Home and End go to the ends', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...CHAT_CHANNELS), { minLength: 1 }),
        fc.nat(),
        fc.boolean(),
        (read, i, rtl) => {
          const current = read[i % read.length] as (typeof read)[number];
          const at = read.indexOf(current);
          const next = read[(at + 1) % read.length];
          const previous = read[(at - 1 + read.length) % read.length];
          expect(tabAfterKey(read, current, rtl ? 'ArrowLeft' : 'ArrowRight', rtl)).toBe(next);
          expect(tabAfterKey(read, current, rtl ? 'ArrowRight' : 'ArrowLeft', rtl)).toBe(previous);
          expect(tabAfterKey(read, current, 'Home', rtl)).toBe(read[0]);
          expect(tabAfterKey(read, current, 'End', rtl)).toBe(read.at(-1));
          for (const key of ['Enter', ' ', 'ArrowUp', 'a']) expect(tabAfterKey(read, current, key, rtl)).toBeNull();
        },
      ),
    );
  });
});
