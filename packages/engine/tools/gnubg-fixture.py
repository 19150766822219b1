"""Fixtures produced by GNU Backgammon itself. Run by hand from the repository root:

    /usr/games/gnubg -t -q -r -p packages/engine/tools/gnubg-fixture.py

(gnubg 1.07 runs this file in its embedded Python; the `gnubg` module exists only there.)
The tests never run it. It writes, under packages/engine/test/fixtures/:

* gnubg-position-ids.json: asymmetric positions and the Position IDs gnubg printed for them.
* backgammon-gnubg-plays.json.gz: positions with a roll, the number of distinct legal plays
  gnubg's move generator finds (the list `gnubg.hint()` returns at 0-ply) and the sorted
  Position IDs of the results.

Boards here are gnubg's: a pair (not on roll, on roll), each 25 counts in its owner's
numbering, index i = point i + 1, index 24 = the bar. `gnubg.positionid(board)` writes the
first of the pair first, so the ID of a position is the side not on roll, then the side on
roll. A result ID is what gnubg prints after the play is made: the opponent of the mover is
on roll, so the mover is written first. Every result computed here from gnubg's move text is
checked against the ID gnubg prints after the `move` command (except when the play ends the
game, after which gnubg starts a new one).

Environment: ZAR_SEED (default 20240611), ZAR_GAMES (self-play games, default 40),
ZAR_RANDOM (constructed positions per kind, default 120).
"""

import gzip
import json
import os
import random

import gnubg

FIXTURES = os.path.join('packages', 'engine', 'test', 'fixtures')
SEED = int(os.environ.get('ZAR_SEED', '20240611'))
GAMES = int(os.environ.get('ZAR_GAMES', '40'))
PER_KIND = int(os.environ.get('ZAR_RANDOM', '120'))
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]

rng = random.Random(SEED)


def quiet(cmd):
    gnubg.command(cmd)


def setup():
    for cmd in ('set display off', 'set player 0 human', 'set player 1 human', 'set jacoby off',
                'set evaluation chequerplay evaluation plies 0', 'new game'):
        quiet(cmd)


def pid(board):
    return gnubg.positionid((list(board[0]), list(board[1])))


def off(side):
    return 15 - sum(side)


def swapped(board):
    return (list(board[1]), list(board[0]))


def apply_pairs(board, pairs):
    """The mover (board[1]) plays (from, to) pairs as gnubg's parsemove gives them
    (25 = bar, 0 = off). Hits land only on a destination: gnubg's move text marks an
    intermediate hit as a separate step (13/10*/7)."""
    them, me = list(board[0]), list(board[1])
    for frm, to in pairs:
        me[frm - 1] -= 1
        if to > 0:
            me[to - 1] += 1
            their = 24 - to
            if them[their] == 1:
                them[their] = 0
                them[24] += 1
    return (them, me)


calls = [0]


def set_position(board, dice):
    calls[0] += 1
    if calls[0] % 100 == 0:
        # 'set board' and 'set dice' add to the game record, and a long record slows every
        # command down; a new game starts an empty one.
        quiet('new game')
    quiet('set board ' + pid(board))
    quiet('set dice %d %d' % dice)


def gnubg_plays(board, dice):
    """gnubg's legal plays: [(move text, result ID as gnubg prints it after the play)]."""
    set_position(board, dice)
    moves = [m['move'] for m in gnubg.hint(1000000)['hint']]
    plays = []
    for text in moves:
        after = apply_pairs(board, gnubg.parsemove(text))
        result = pid(swapped(after))
        if off(after[1]) < 15:
            set_position(board, dice)
            quiet('move ' + text)
            printed = gnubg.positionid()
            if printed != result:
                raise SystemExit('result mismatch %s %s %s: %s vs %s' % (pid(board), dice, text, printed, result))
        plays.append((text, result, after))
    if len({r for _, r, _ in plays}) != len(plays):
        raise SystemExit('gnubg listed two plays with one result: %s %s' % (pid(board), dice))
    return plays


def row(board, dice, source, plays):
    return {'id': pid(board), 'dice': list(dice), 'count': len(plays),
            'plays': sorted(r for _, r, _ in plays), 'source': source}


def self_play(rows):
    """gnubg against itself at 0-ply; one move in eight is a random legal play so that
    the games wander into odd positions."""
    for _ in range(GAMES):
        side = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
        board = (list(side), list(side))
        while off(board[0]) < 15 and off(board[1]) < 15:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = gnubg_plays(board, dice)
            rows.append(row(board, dice, 'gnubg self-play', plays))
            if plays:
                pick = plays[0] if rng.random() < 0.875 else rng.choice(plays)
                board = swapped(pick[2])
            else:
                board = swapped(board)


def scatter(n, allowed, weights=None):
    side = [0] * 25
    points = list(allowed)
    for _ in range(n):
        p = rng.choices(points, weights)[0] if weights else rng.choice(points)
        side[p] += 1
    return side


def mirror(p):
    """Index of the same physical point in the other side's numbering (0..23)."""
    return 23 - p


def free_for_them(me):
    return [p for p in range(24) if me[mirror(p)] == 0]


def random_position():
    me = scatter(rng.randint(1, 15), range(25))
    them = scatter(rng.randint(1, 15), free_for_them(me) + [24])
    return (them, me)


def bar_against_home_board():
    """The mover has checkers on the bar; the opponent holds some of its home points."""
    made = rng.sample(range(6), rng.randint(3, 6))
    them = [0] * 25
    for p in made:
        them[p] = 2
    left = 15 - 2 * len(made)
    extra = scatter(rng.randint(0, left), [p for p in range(6, 24)] + made)
    them = [a + b for a, b in zip(them, extra)]
    me = [0] * 25
    me[24] = rng.randint(1, 4)
    rest = scatter(rng.randint(0, 15 - me[24]), [p for p in range(24) if them[mirror(p)] == 0])
    me = [a + b for a, b in zip(me, rest)]
    return (them, me)


def closed_board():
    """A six-point prime of the opponent somewhere on its points 1..16, the mover on the bar
    or behind the prime."""
    k = rng.randint(0, 10)
    them = [2 if k <= p < k + 6 else 0 for p in range(25)]
    them = [a + b for a, b in zip(them, scatter(3, [p for p in range(24) if not k <= p < k + 6]))]
    me = [0] * 25
    me[24] = rng.randint(0 if k else 1, 2)
    behind = [p for p in range(24 - k, 24) if them[mirror(p)] == 0]
    if behind:
        me = [a + b for a, b in zip(me, scatter(rng.randint(1, 3), behind))]
    free = [p for p in range(24) if them[mirror(p)] == 0]
    me = [a + b for a, b in zip(me, scatter(rng.randint(0, 15 - sum(me)), free))]
    return (them, me)


def bear_off():
    """The mover is home; the opponent is anywhere (contact or not)."""
    me = scatter(rng.randint(1, 15), range(6))
    them = scatter(rng.randint(1, 15), free_for_them(me) + [24])
    return (them, me)


def race():
    """No contact: every checker of the mover is past every checker of the opponent."""
    cut = rng.randint(4, 20)
    me = scatter(rng.randint(1, 15), range(cut))
    them = scatter(rng.randint(1, 15), range(23 - cut + 1))
    if any(me[p] and them[mirror(p)] for p in range(24)):
        return race()
    return (them, me)


def both_bars():
    me = scatter(rng.randint(2, 15), range(25), [1] * 24 + [6])
    them = scatter(rng.randint(1, 14), free_for_them(me) + [24])
    them[24] += 1
    return (them, me)


KINDS = [('random constructed', random_position), ('bar against home board', bar_against_home_board),
         ('closed board', closed_board), ('bear-off', bear_off), ('race', race), ('both on bar', both_bars)]


def valid(board):
    """gnubg's own check: at most 15 checkers a side, no point held by both."""
    try:
        gnubg.positionfromid(pid(board))
    except ValueError:
        return False
    return True


def constructed(rows):
    for name, make in KINDS:
        for i in range(PER_KIND):
            board = make()
            if off(board[0]) == 15 or off(board[1]) == 15 or not valid(board):
                continue
            rolls = ROLLS if i % 20 == 0 else rng.sample(ROLLS, 3)
            for dice in rolls:
                rows.append(row(board, dice, name, gnubg_plays(board, dice)))


def position_ids():
    """Asymmetric boards and the IDs gnubg prints, both from gnubg.positionid() and from
    the board gnubg shows after `set board` and after a `move`."""
    start = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    samples = [
        ('start', (start, start)),
        ('side not on roll played 24/21 13/9', (apply_pairs((start, start), [(24, 21), (13, 9)])[1], start)),
        ('side on roll played 8/5 6/5 (not yet passed)', apply_pairs((start, start), [(8, 5), (6, 5)])),
        ('one checker each on the bar, three off for the side on roll',
         ([0, 2, 2, 0, 3, 4, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
          [3, 3, 3, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
        ('bear-off: side on roll 3 checkers, side not on roll 15 spread',
         ([0, 0, 0, 0, 0, 4, 3, 2, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0],
          [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
        ('15 on the bar for the side on roll, 1 left for the side not on roll',
         ([1] + [0] * 24, [0] * 24 + [15])),
    ]
    for i in range(6):
        samples.append(('random constructed #%d (seed %d)' % (i, SEED), random_position()))
    rows = [{'id': pid(b), 'notOnRoll': list(b[0]), 'onRoll': list(b[1]),
             'how': 'gnubg.positionid(board) for: ' + name} for name, b in samples]
    for name, b in samples[1:4]:
        quiet('set board ' + pid(b))
        shown = gnubg.board()
        rows.append({'id': gnubg.positionid(), 'notOnRoll': list(shown[0]), 'onRoll': list(shown[1]),
                     'how': "gnubg.board() and gnubg.positionid() after 'set board' for: " + name})
    quiet('set board ' + pid((start, start)))
    quiet('set dice 3 1')
    quiet('move 8/5 6/5')
    shown = gnubg.board()
    rows.append({'id': gnubg.positionid(), 'notOnRoll': list(shown[0]), 'onRoll': list(shown[1]),
                 'how': "gnubg.board() and gnubg.positionid() after 'move 8/5 6/5' from the start (31):"
                        ' the mover is now not on roll and written first'})
    return rows


def main():
    setup()
    ids = position_ids()
    with open(os.path.join(FIXTURES, 'gnubg-position-ids.json'), 'w') as f:
        json.dump({'source': 'GNU Backgammon 1.07.001 (Debian), packages/engine/tools/gnubg-fixture.py',
                   'board': 'gnubg TanBoard halves: index i = point i + 1 in the owner numbering, 24 = bar',
                   'rows': ids}, f, indent=1)
        f.write('\n')
    rows = []
    self_play(rows)
    constructed(rows)
    doc = {
        'source': 'GNU Backgammon 1.07.001 (Debian) via packages/engine/tools/gnubg-fixture.py, seed %d' % SEED,
        'count': 'len(gnubg.hint()) at 0-ply: gnubg GenerateMoves, deduplicated by resulting position',
        'plays': 'Position IDs gnubg prints after each play: the opponent of the mover on roll',
        'rows': rows,
    }
    data = json.dumps(doc, separators=(',', ':')).encode()
    with gzip.GzipFile(os.path.join(FIXTURES, 'backgammon-gnubg-plays.json.gz'), 'wb', mtime=0) as f:
        f.write(data)
    print('ZAR rows %d, plays %d' % (len(rows), sum(r['count'] for r in rows)))


main()
