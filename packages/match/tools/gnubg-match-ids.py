"""Match IDs printed by GNU Backgammon itself, for packages/match/test/match-id.test.ts.
Run by hand from the repository root (the tests never run it):

    /usr/games/gnubg -t -q -r -p packages/match/tools/gnubg-match-ids.py </dev/null

(gnubg 1.07 runs this file in its embedded Python; the `gnubg` module exists only there.)

Each scenario below is a script of steps. The script drives gnubg with both players human and
the manual dice generator: the opening roll is typed in through a pipe put on stdin (the first
die is player 0's), later rolls are given with `set dice`, plays are gnubg's 0-ply choice. After
every step it writes the step as a Zar action (a roll that cannot be played includes the pass) (player numbers are gnubg's: 0 and 1) with the
Match ID and Position ID gnubg then reports. The test replays the actions with Zar's reducer
and compares its own IDs with gnubg's after each one.

Writes packages/match/test/fixtures/match-ids.json. Environment: ZAR_SEED (default 20240612).
"""

import json
import os
import random

import gnubg

OUT = os.path.join('packages', 'match', 'test', 'fixtures', 'match-ids.json')
rng = random.Random(int(os.environ.get('ZAR_SEED', '20240612')))
BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'


def c(cmd):
    gnubg.command(cmd)


def feed(line):
    """Puts `line` on stdin, where gnubg's manual dice generator reads the opening roll."""
    r, w = os.pipe()
    os.write(w, (line + '\n').encode())
    os.close(w)
    os.dup2(r, 0)
    os.close(r)


def fields(mid):
    """The few Match ID fields the script needs to know whose turn it is."""
    acc = 0
    for ch in mid:
        acc = (acc << 6) | BASE64.index(ch)
    key = acc.to_bytes(9, 'big')

    def get(pos, n):
        return sum(((key[(pos + i) // 8] >> ((pos + i) % 8)) & 1) << i for i in range(n))

    return {'move': get(6, 1), 'state': get(8, 3), 'turn': get(11, 1), 'die': get(15, 3),
            'length': get(21, 15), 'score': (get(36, 15), get(51, 15))}


SCENARIOS = [
    {
        'name': '3-point match: take, declined resignation, redouble dropped, Crawford game, post-Crawford double',
        'setup': ['set jacoby off', 'new match 3'],
        'settings': {'length': 3},
        'script': [('open', 3, 1), ('play',), ('roll', 6, 4), ('play',), ('double',), ('take',),
                   ('roll', 2, 1), ('resign', 2), ('decline',), ('play',), ('double',), ('drop',),
                   ('open', 2, 5), ('turns', 6), ('until', 1), ('resign', 1), ('accept',),
                   ('open', 4, 6), ('play',), ('double',), ('take',), ('finish',)],
    },
    {
        'name': 'money session, Jacoby on, beavers: beaver, raccoon, take; a resignation accepted',
        'setup': ['set jacoby on', 'set beavers 3', 'new session'],
        'settings': {'length': 0, 'jacoby': True, 'beaver': True, 'raccoon': True},
        'script': [('open', 5, 2), ('play',), ('roll', 3, 3), ('play',), ('turns', 3), ('double',),
                   ('beaver',), ('raccoon',), ('take',), ('roll', 6, 5), ('play',), ('resign', 3),
                   ('accept',), ('open', 1, 4), ('turns', 4)],
    },
    {
        'name': 'money session, Jacoby off: a game played out to the end, then a dropped double',
        'setup': ['set jacoby off', 'new session'],
        'settings': {'length': 0, 'jacoby': False},
        'script': [('open', 6, 2), ('finish',), ('open', 2, 3), ('turns', 2), ('double',), ('drop',)],
    },
    {
        'name': '5-point match played out with doubles and takes',
        'setup': ['set jacoby off', 'new match 5'],
        'settings': {'length': 5},
        'script': [('open', 1, 6), ('turns', 4), ('double',), ('take',), ('finish',), ('rest',)],
    },
]

steps = []


def record(action):
    steps.append({'action': action, 'matchId': gnubg.matchid(), 'positionId': gnubg.positionid()})


def now():
    return fields(gnubg.matchid())


def do_open(a, b):
    feed('%d %d' % (a, b))
    c('new game')
    record({'type': 'opening', 'dice': [a, b]})


def do_roll(a, b):
    p = now()['move']
    c('set dice %d%d' % (a, b))
    if gnubg.movetupletostring(gnubg.findbestmove(), gnubg.board()) == '':
        # A roll that cannot be played: `set dice` leaves the pass to a `move` without
        # checkers, which Zar's reducer makes on its own as part of the roll.
        c('move')
    record({'type': 'roll', 'player': p, 'dice': [a, b]})


def do_play():
    f = now()
    if f['die'] == 0:
        return  # the roll could not be played: the turn has passed
    p = f['move']
    text = gnubg.movetupletostring(gnubg.findbestmove(), gnubg.board())
    c('move ' + text)
    record({'type': 'play', 'player': p, 'play': text})


def do_turn():
    """A random roll and gnubg's play; a roll that cannot be played passes by itself. After an
    opening roll the dice are already there: only the play."""
    before = now()
    if before['die'] != 0:
        do_play()
        return
    do_roll(rng.randint(1, 6), rng.randint(1, 6))
    after = now()
    if after['state'] == 1 and after['move'] == before['move'] and after['die'] != 0:
        do_play()


CUBE = {'double': 'double', 'take': 'take', 'drop': 'drop', 'beaver': 'beaver', 'raccoon': 'beaver'}
ANSWER = {'take', 'drop', 'beaver', 'accept', 'decline'}


def run(step):
    kind = step[0]
    if kind == 'open':
        do_open(step[1], step[2])
    elif kind == 'roll':
        do_roll(step[1], step[2])
    elif kind == 'play':
        do_play()
    elif kind == 'turns':
        for _ in range(step[1]):
            do_turn()
    elif kind == 'finish':
        while now()['state'] == 1:
            do_turn()
    elif kind == 'until':
        while now()['move'] != step[1]:
            do_turn()
    elif kind == 'rest':
        while max(now()['score']) < now()['length']:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if a != b:
                do_open(a, b)
                run(('finish',))
    elif kind == 'resign':
        p = now()['move']
        c('resign %s' % ['', 'single', 'gammon', 'backgammon'][step[1]])
        record({'type': 'resign', 'player': p, 'level': step[1]})
    else:
        f = now()
        p = f['turn'] if kind in ANSWER else f['move']
        c(CUBE.get(kind, kind))
        record({'type': kind, 'player': p})


for x in ('set display off', 'set player 0 human', 'set player 1 human', 'set automatic roll off',
          'set automatic game off', 'set automatic move off', 'set rng manual',
          'set evaluation chequerplay evaluation plies 0'):
    c(x)

out = []
for sc in SCENARIOS:
    steps = []
    for x in sc['setup'][:-1]:
        c(x)
    # `new match` / `new session` rolls the first opening at once: feed it here.
    first = sc['script'][0]
    feed('%d %d' % (first[1], first[2]))
    c(sc['setup'][-1])
    record({'type': 'opening', 'dice': [first[1], first[2]]})
    for step in sc['script'][1:]:
        run(step)
    out.append({'name': sc['name'], 'gnubg': sc['setup'], 'settings': sc['settings'], 'steps': steps})

doc = {
    'source': 'GNU Backgammon 1.07.001 (Debian), packages/match/tools/gnubg-match-ids.py',
    'how': 'gnubg drove each scenario with both players human; after each action, the Match ID and '
           'Position ID gnubg printed (gnubg.matchid(), gnubg.positionid()). Players are gnubg\'s 0 and 1; '
           'an opening lists player 0\'s die first.',
    'scenarios': out,
}
with open(OUT, 'w') as f:
    json.dump(doc, f, indent=1)
    f.write('\n')
print('wrote %s: %d scenarios, %d steps' % (OUT, len(out), sum(len(s['steps']) for s in out)))
