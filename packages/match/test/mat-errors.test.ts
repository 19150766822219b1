import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importMat, type MatError, parseJsonRecord } from '../src/index.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/mat/${name}`, import.meta.url), 'utf8');
const GOLDEN = fixture('zar-golden.mat');

function failure(text: string): MatError {
  const r = importMat(text);
  if (r.ok) expect.fail('the file was accepted');
  return r.error;
}

/** The golden file with one line changed: `from` must be found in it. */
const changed = (from: string, to: string): string => {
  expect(GOLDEN).toContain(from);
  return GOLDEN.replace(from, to);
};

describe('a .mat error carries what a reader needs to say it in his language', () => {
  it('an illegal move: the player by his name, the dice and the move as written', () => {
    const e = failure(changed('64: 21/15 15/11', '64: 21/15 15/9'));
    expect(e).toMatchObject({ code: 'ERR_MAT_ILLEGAL_MOVE', line: 6 });
    expect(e.params).toEqual({ player: 'Alice', dice: '6-4', move: '21/15 15/9' });
    // The English message is what it was.
    expect(e.message).toMatch(/^line 6: left plays "21\/15 15\/9": /);
  });

  it('a roll that cannot be played, played; one that can, not played', () => {
    const dance = failure(changed(' 6) 66:                         21:', ' 6) 66: 25/19                   21:'));
    expect(dance).toMatchObject({
      code: 'ERR_MAT_ILLEGAL_MOVE',
      params: { player: 'Alice', dice: '6-6', move: '25/19' },
    });
    const none = failure(changed('  1) 42: 24/20 24/22', '  1) 42:'));
    expect(none).toMatchObject({ code: 'ERR_MAT_ILLEGAL_MOVE', params: { player: 'Alice', dice: '4-2', move: '' } });
  });

  it('a cube action against the rules: the file word and the player', () => {
    const e = failure(
      changed('  2)  Doubles => 2                Takes', '  2)  Doubles => 2                Drops\n      Takes'),
    );
    expect(e.code).toBe('ERR_MAT_SYNTAX');
    const twice = failure(
      changed(' 2) 64: 21/15 15/11              Doubles => 2', ' 2) 64: 21/15 15/11              Takes'),
    );
    expect(twice).toMatchObject({
      code: 'ERR_MAT_ILLEGAL_ACTION',
      line: 6,
      params: { player: 'Bob', action: 'Takes' },
    });
  });

  it('the cube, the score, the result and a truncated game', () => {
    expect(failure(changed(' Doubles => 2                Takes', ' Doubles => 4                Takes'))).toMatchObject({
      code: 'ERR_MAT_CUBE',
      params: { value: 4, expected: 2 },
    });
    expect(
      failure(changed(' Alice : 4                      Bob : 1', ' Alice : 3                      Bob : 1')),
    ).toMatchObject({
      code: 'ERR_MAT_SCORE',
      params: { given: '3-1', expected: '4-1' },
    });
    expect(failure(changed('      Wins 4 points', '      Wins 2 points'))).toMatchObject({
      code: 'ERR_MAT_RESULT',
      params: { player: 'Alice', points: 2 },
    });
    const cut = GOLDEN.slice(0, GOLDEN.indexOf(' 14) 55: 1/0'));
    expect(failure(cut)).toMatchObject({ code: 'ERR_MAT_TRUNCATED', params: { game: 4 } });
  });

  it('the header and the lines that cannot be read quote what was found', () => {
    expect(failure('hello world\n')).toMatchObject({
      code: 'ERR_MAT_HEADER',
      line: 1,
      params: { found: 'hello world' },
    });
    expect(failure('')).toMatchObject({ code: 'ERR_MAT_EMPTY', line: null, params: {} });
    const e = failure(changed('  5) 65: 13/7 13/8', '  5) hello 65: 13/7 13/8'));
    expect(e).toMatchObject({ code: 'ERR_MAT_SYNTAX', line: 15 });
    expect(e.params.found).toMatch(/^5\) hello 65: 13\/7 13\/8/);
  });

  it('every malformed move line is reported, not only the first, and the first is the error', () => {
    const text = changed('  5) 65: 13/7 13/8', '  5) hello 65: 13/7 13/8')
      .replace('  8) 65: 7/1 8/3', '  8) ?? 65: 7/1 8/3')
      .replace('  3) 44: 18/14', '  3) x 44: 18/14');
    const e = failure(text);
    expect(e.line).toBe(15);
    expect(e.more?.map((m) => [m.code, m.line])).toEqual([
      ['ERR_MAT_SYNTAX', 18],
      ['ERR_MAT_SYNTAX', 41],
    ]);
    // A file with one bad line has no `more`.
    expect(failure(changed('  5) 65: 13/7 13/8', '  5) hello 65: 13/7 13/8')).more).toBeUndefined();
  });
});

describe('a JSON record error carries its parameters', () => {
  it('the field, the version, the refused action', () => {
    const r1 = parseJsonRecord('{"version":2}');
    expect(!r1.ok && r1.error).toMatchObject({ code: 'ERR_RECORD_VERSION', params: { version: '2' } });
    const r2 = parseJsonRecord('{"version":1,"settings":{},"players":["a"],"actions":[]}');
    expect(!r2.ok && r2.error.code).toBe('ERR_RECORD_SHAPE');
    expect(!r2.ok && r2.error.params.field).toBeTypeOf('string');
    const r3 = parseJsonRecord('not json');
    expect(!r3.ok && r3.error).toMatchObject({ code: 'ERR_JSON', params: {} });
  });
});
