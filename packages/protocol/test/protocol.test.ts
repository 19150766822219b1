import { MATCH_DEFAULTS, matchReducer, newMatch } from '@zar/match';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOT_LEVELS,
  decode,
  ERROR_CODES,
  ErrorBodySchema,
  GameViewSchema,
  isErrorCode,
  MAX_FRAME,
  matchView,
  NewGameSchema,
  parseClientMessage,
  parseServerMessage,
  pathOf,
  REST,
  type SeatView,
} from '../src/index.js';
import { CASUAL } from './support/casual.js';

const seats: [SeatView, SeatView] = [
  { name: 'Ana', kind: 'human', taken: true },
  { name: 'Bot', kind: 'bot', level: 'club', taken: true },
];

describe('client messages', () => {
  it('accepts the three message kinds', () => {
    expect(parseClientMessage('{"t":"join","game":"abc123"}').ok).toBe(true);
    expect(parseClientMessage('{"t":"act","game":"abc123","v":4,"action":{"type":"play","play":"8/5 6/5"}}').ok).toBe(
      true,
    );
    expect(parseClientMessage('{"t":"act","game":"abc123","v":0,"action":{"type":"resign","level":2}}').ok).toBe(true);
    expect(parseClientMessage('{"t":"ping","id":3}').ok).toBe(true);
  });

  it('accepts claims, rematches, the lobby and pairing requests', () => {
    expect(parseClientMessage('{"t":"claim","game":"abc123","v":12}').ok).toBe(true);
    expect(parseClientMessage('{"t":"rematch","game":"abc123","offer":false}').ok).toBe(true);
    expect(parseClientMessage('{"t":"lobby","watch":true}').ok).toBe(true);
    const seek = '{"t":"seek","kind":{"cycle":"tavli","length":3,"clock":"speed","rated":false}}';
    expect(parseClientMessage(seek).ok).toBe(true);
    expect(parseClientMessage('{"t":"unseek","id":"seek01"}').ok).toBe(true);
  });

  it.each([
    ['not JSON', '{t:', 'ERR_JSON'],
    ['unknown type', '{"t":"hack"}', 'ERR_MESSAGE'],
    ['bad game id', '{"t":"join","game":"../../etc"}', 'ERR_MESSAGE'],
    ['negative version', '{"t":"act","game":"abc123","v":-1,"action":{"type":"roll"}}', 'ERR_MESSAGE'],
    [
      'an action for another seat, with its dice',
      '{"t":"act","game":"abc123","v":1,"action":{"type":"roll","player":1,"dice":[6,6]}}',
      'ERR_MESSAGE',
    ],
    ['a field a message does not name', '{"t":"join","game":"abc123","gmae":"plakoto"}', 'ERR_MESSAGE'],
    ['unknown action', '{"t":"act","game":"abc123","v":1,"action":{"type":"teleport"}}', 'ERR_MESSAGE'],
    ['resign level 4', '{"t":"act","game":"abc123","v":1,"action":{"type":"resign","level":4}}', 'ERR_MESSAGE'],
    ['too large', `{"t":"ping","pad":"${'x'.repeat(MAX_FRAME)}"}`, 'ERR_TOO_LARGE'],
    ['a claim without the version seen', '{"t":"claim","game":"abc123"}', 'ERR_MESSAGE'],
    [
      'a money-play seek (no length)',
      '{"t":"seek","kind":{"game":"backgammon","length":0,"clock":"normal","rated":false}}',
      'ERR_MESSAGE',
    ],
    [
      'a seek with a custom clock',
      '{"t":"seek","kind":{"game":"backgammon","length":3,"clock":{"kind":"timed"},"rated":false}}',
      'ERR_MESSAGE',
    ],
    [
      'a seek naming its rating',
      '{"t":"seek","kind":{"game":"backgammon","length":3,"clock":"normal","rated":true,"rating":2400}}',
      'ERR_MESSAGE',
    ],
  ])('%s', (_name, frame, code) => {
    expect(parseClientMessage(frame)).toMatchObject({ ok: false, error: { code } });
  });

  it('names the field it does not know', () => {
    const r = parseClientMessage('{"t":"act","game":"abc123","v":1,"action":{"type":"roll","player":1}}');
    expect(r).toEqual({ ok: false, error: { code: 'ERR_MESSAGE', message: 'action.player: unknown field' } });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (s) => {
        const r = parseClientMessage(s);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});

describe('views', () => {
  it('shows a new match from a seat', () => {
    const m = newMatch({ ...MATCH_DEFAULTS, length: 3 });
    const view = matchView(
      m,
      { id: 'abc123', status: 'playing', players: seats, you: 0, hint: false, analysable: false, ...CASUAL },
      [],
    );
    expect(view.game.position).toBe('backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5');
    expect(view.game.phase).toBe('opening');
    expect(view.lastMove).toBeNull();
    expect(view.game.actor).toBeNull();
    expect(view.allowed.roll).toBe(false);
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it('says why a match created rated moves no rating, only when it does not', () => {
    const meta = { id: 'abc123', status: 'playing', players: seats, you: 0, hint: false, analysable: false } as const;
    const m = newMatch({ ...MATCH_DEFAULTS, length: 3 });
    const unrated = { reason: 'pair-limit', limit: 3, hours: 24 } as const;
    const limited = matchView(m, { ...meta, ...CASUAL, unrated }, []);
    expect(limited.unrated).toEqual(unrated);
    expect(decode(GameViewSchema, JSON.parse(JSON.stringify(limited))).ok).toBe(true);
    expect('unrated' in matchView(m, { ...meta, ...CASUAL }, [])).toBe(false);
    const other = { ...JSON.parse(JSON.stringify(limited)), unrated: { ...unrated, reason: 'tired' } };
    expect(decode(GameViewSchema, other).ok).toBe(false);
  });

  it('says whether the cube is in play: not in a 1-point match, where every resignation gives the match', () => {
    const meta = {
      id: 'abc123',
      status: 'playing',
      players: seats,
      you: 0,
      hint: false,
      analysable: false,
      ...CASUAL,
    } as const;
    const opened = (length: number) => {
      const r = matchReducer(newMatch({ ...MATCH_DEFAULTS, length }), { type: 'opening', dice: [6, 1] });
      if (!r.ok) throw new Error(r.error.message);
      return matchView(r.value, meta, []);
    };
    const one = opened(1);
    expect(one.game).toMatchObject({ cubeEnabled: true, cubeLimit: 1, cubeInPlay: false });
    expect(one.allowed.resign).toEqual([{ level: 1, points: 1 }]);
    expect(opened(3).game.cubeInPlay).toBe(true);
    expect(decode(GameViewSchema, JSON.parse(JSON.stringify(one))).ok).toBe(true);
  });

  it('names the last move with its dice', () => {
    let m = newMatch({ ...MATCH_DEFAULTS, length: 3 });
    const actions = [
      { type: 'opening', dice: [3, 1] },
      { type: 'play', player: 0, play: '8/5 6/5' },
    ] as const;
    for (const a of actions) {
      const r = matchReducer(m, a);
      if (!r.ok) throw new Error(r.error.message);
      m = r.value;
    }
    const view = matchView(
      m,
      { id: 'abc123', status: 'playing', players: seats, you: 1, hint: false, analysable: false, ...CASUAL },
      actions,
    );
    expect(view.lastMove).toEqual({ player: 0, dice: [3, 1], play: '8/5 6/5' });
    // The viewer is on roll: the match layer's allowed actions travel in his view.
    expect(view.game.actor).toBe(1);
    expect(view.allowed).toMatchObject({
      roll: true,
      double: true,
      resign: [
        { level: 1, points: 1 },
        { level: 2, points: 2 },
        { level: 3, points: 3 },
      ],
    });
    const doubled = [...actions, { type: 'double', player: 1 } as const];
    expect(
      matchView(
        m,
        { id: 'abc123', status: 'playing', players: seats, you: 1, hint: false, analysable: false, ...CASUAL },
        doubled,
      ).lastMove,
    ).toEqual({
      player: 0,
      dice: [3, 1],
      play: '8/5 6/5',
    });
  });
});

describe('server messages', () => {
  const view = matchView(
    newMatch({ ...MATCH_DEFAULTS, length: 3 }),
    { id: 'abc123', status: 'playing', players: seats, you: 0, hint: false, analysable: false, ...CASUAL },
    [],
  );
  const frame = (m: unknown) => JSON.stringify(m);

  it('read back a timed, rated view with its clock, a lobby and a pairing', () => {
    const timed = {
      ...view,
      rated: true,
      clock: {
        delayMs: 10_000,
        perPointMs: 60_000,
        reserve: [300_000, 241_500],
        delay: 7_250,
        actor: 1,
        running: true,
      },
      presence: [true, false],
      claim: 0,
      ratings: [
        { before: 1500, after: 1490.5 },
        { before: 1500, after: 1509.5 },
      ],
    };
    const state = { t: 'state', game: 'abc123', v: 0, view: timed };
    expect(parseServerMessage(frame(state))).toEqual({ ok: true, value: state });
    const kind = { game: 'backgammon', length: 5, clock: 'normal', rated: true };
    const lobby = {
      t: 'lobby',
      lobby: { games: [], pools: [{ kind, waiting: 2 }], seeks: [{ id: 'seek01', kind, since: 1 }] },
    };
    expect(parseServerMessage(frame(lobby))).toEqual({ ok: true, value: lobby });
    expect(parseServerMessage(frame({ t: 'paired', game: 'abc123', seek: 'seek01' })).ok).toBe(true);
    // A clock the contract does not describe (a negative reserve) is refused.
    const bad = { ...timed, clock: { ...timed.clock, reserve: [-1, 0] } };
    expect(parseServerMessage(frame({ t: 'state', game: 'abc123', v: 0, view: bad })).ok).toBe(false);
  });

  it('read back what the server writes', () => {
    const state = { t: 'state', game: 'abc123', v: 0, view };
    expect(parseServerMessage(frame(state))).toEqual({ ok: true, value: state });
    const event = { t: 'event', game: 'abc123', v: 1, action: { type: 'opening', dice: [3, 1] }, view };
    expect(parseServerMessage(frame(event)).ok).toBe(true);
    expect(parseServerMessage(frame({ t: 'error', code: 'ERR_VERSION', message: 'reload' })).ok).toBe(true);
    expect(parseServerMessage(frame({ t: 'pong' })).ok).toBe(true);
  });

  it.each([
    ['not JSON', '{t:'],
    ['an unknown message', frame({ t: 'hello' })],
    ['an unknown error code', frame({ t: 'error', code: 'ERR_SOMETHING', message: '' })],
    ['a field the contract does not name', frame({ t: 'state', game: 'abc123', v: 0, view: { ...view, extra: 1 } })],
    [
      'a view without what the viewer may do',
      frame({ t: 'state', game: 'abc123', v: 0, view: { ...view, allowed: {} } }),
    ],
    [
      'an action of the match layer the contract does not tell',
      frame({ t: 'event', game: 'abc123', v: 1, action: { type: 'undo', player: 0 }, view }),
    ],
    ['a seat 2', frame({ t: 'event', game: 'abc123', v: 1, action: { type: 'take', player: 2 }, view })],
  ])('refuse %s', (_name, text) => {
    const r = parseServerMessage(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.length).toBeGreaterThan(0);
  });
});

describe('REST', () => {
  it('fills a route’s path, encoding each part', () => {
    expect(pathOf(REST.game, { id: 'abc123' })).toBe('/api/games/abc123');
    expect(pathOf(REST.acceptInvite, { token: 'a/b' })).toBe('/api/invite/a%2Fb');
    expect(() => pathOf(REST.game)).toThrow();
  });

  it('a new game takes the protocol’s bot levels, and fills its defaults', () => {
    expect(decode(NewGameSchema, { opponent: 'bot' })).toEqual({
      ok: true,
      value: { opponent: 'bot', length: 5, level: 'club', clock: { kind: 'untimed' }, rated: false, spectators: true },
    });
    expect(decode(NewGameSchema, { opponent: 'bot', level: 'grandmaster' }).ok).toBe(false);
    expect(BOT_LEVELS).toContain('master');
  });

  it('request bodies refuse a field they do not name, rather than serve a default', () => {
    expect(decode(NewGameSchema, { gmae: 'plakoto', opponent: 'bot' })).toEqual({
      ok: false,
      message: 'gmae: unknown field',
    });
    expect(decode(REST.login.body, { name: 'ana', password: 'secret-password', remember: true }).ok).toBe(false);
    expect(decode(REST.joinGame.body, {}).ok).toBe(true);
    expect(decode(REST.joinGame.body, { seat: 1 }).ok).toBe(false);
  });

  it('error bodies carry a code of the list', () => {
    expect(decode(ErrorBodySchema, { error: { code: 'ERR_STALE', message: 'x' } }).ok).toBe(true);
    expect(decode(ErrorBodySchema, { error: { code: 'FST_ERR_X', message: 'x' } }).ok).toBe(false);
    expect(isErrorCode('ERR_VERSION')).toBe(true);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
