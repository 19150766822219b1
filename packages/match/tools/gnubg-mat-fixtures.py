"""The .mat fixtures that GNU Backgammon writes or reads, for packages/match/test/mat.test.ts.
Run by hand from the repository root (the tests never run it), after the test suite has
written test/fixtures/mat/zar-golden.mat:

    /usr/games/gnubg -t -q -r -p packages/match/tools/gnubg-mat-fixtures.py </dev/null

(gnubg 1.07 runs this file in its embedded Python; the `gnubg` module exists only there.)

1. gnubg-selfplay-7.mat: gnubg plays a 7-point match against itself (0-ply chequer play and
   cube decisions, Mersenne Twister seeded with ZAR_SEED, default 20240613) and exports it
   with `export match mat`. gnubg-selfplay-7.json holds what gnubg's own match record says
   about each game (scores before it, winner, points, resigned).
2. gnubg-reexport-golden.mat and .json: gnubg imports Zar's golden file with `import mat`,
   then exports it again; the JSON holds the games as gnubg read them.

The `; [EventDate ...]` line gnubg writes first is dropped so that the files do not change
with the day they were made.
"""

import json
import os

import gnubg

DIR = os.path.join('packages', 'match', 'test', 'fixtures', 'mat')
SEED = int(os.environ.get('ZAR_SEED', '20240613'))


def c(cmd):
    gnubg.command(cmd)


def games():
    out = []
    for g in gnubg.match(0, 0, 0, 0)['games']:
        info = g['info']
        out.append({
            'score': [info['score-X'], info['score-O']],
            'winner': 0 if info['winner'] == 'X' else 1,
            'points': info['points-won'],
            'resigned': bool(info['resigned']),
        })
    return out


def export(name):
    path = os.path.join(DIR, name + '.mat')
    c('export match mat ' + path)
    with open(path) as f:
        lines = f.readlines()
    while lines and (lines[0].startswith(';') or lines[0].strip() == ''):
        lines.pop(0)
    with open(path, 'w') as f:
        f.writelines(lines)
    info = gnubg.match(0, 0, 0, 0)['match-info']
    doc = {
        'source': 'GNU Backgammon 1.07.001 (Debian), packages/match/tools/gnubg-mat-fixtures.py',
        'length': info['match-length'],
        'players': [info['X']['name'], info['O']['name']],
        'games': games(),
    }
    with open(os.path.join(DIR, name + '.json'), 'w') as f:
        json.dump(doc, f, indent=1)
        f.write('\n')
    print('wrote %s: %d games' % (path, len(doc['games'])))


for cmd in ('set display off', 'set rng mersenne', 'set seed %d' % SEED,
            'set player 0 gnubg', 'set player 1 gnubg',
            'set player 0 chequerplay evaluation plies 0', 'set player 1 chequerplay evaluation plies 0',
            'set player 0 cubedecision evaluation plies 0', 'set player 1 cubedecision evaluation plies 0',
            'set automatic game on', 'new match 7'):
    c(cmd)
export('gnubg-selfplay-7')

c('import mat ' + os.path.join(DIR, 'zar-golden.mat'))
export('gnubg-reexport-golden')
