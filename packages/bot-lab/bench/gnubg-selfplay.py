"""gnubg plays itself N seeded 7-point matches for bench/analysis.bench.ts, each side at its own
strength, and exports each with `export match mat`. Runs inside GNU Backgammon 1.07:

    ZAR_DIR=dir ZAR_MATCHES=20 /usr/games/gnubg -t -q -r -p gnubg-selfplay.py </dev/null

Match k is played with the Mersenne Twister seeded 1000 + k; its two players' noise (gnubg's
"noise" of the chequer play and cube evaluations, 0 for best play) comes from NOISES by k, so
that the players' PRs spread from near 0 to those of weak players: a correlation between two
judges over players who all play alike would say little. Both sides search 0-ply. A match whose
file exists is kept (the bench is resumable); its strengths are written in match-K.json.
"""

import json
import os

import gnubg

DIR = os.environ['ZAR_DIR']
MATCHES = int(os.environ.get('ZAR_MATCHES', '20'))
NOISES = (0.0, 0.01, 0.02, 0.035, 0.05, 0.07, 0.09, 0.12)


def c(cmd):
    gnubg.command(cmd)


def noises(k):
    return NOISES[k % len(NOISES)], NOISES[(3 * k + 5) % len(NOISES)]


def play(k):
    path = os.path.join(DIR, 'match-%02d.mat' % k)
    if os.path.exists(path):
        return
    a, b = noises(k)
    for cmd in ('set display off', 'set rng mersenne', 'set seed %d' % (1000 + k),
                'set player 0 gnubg', 'set player 1 gnubg', 'set automatic game on'):
        c(cmd)
    for player, noise in ((0, a), (1, b)):
        for what in ('chequerplay', 'cubedecision'):
            c('set player %d %s evaluation plies 0' % (player, what))
            c('set player %d %s evaluation noise %.3f' % (player, what, noise))
            c('set player %d %s evaluation deterministic on' % (player, what))
    c('new match 7')
    with open(os.path.join(DIR, 'match-%02d.json' % k), 'w') as f:
        json.dump({'seed': 1000 + k, 'noise': [a, b]}, f)
    c('export match mat ' + path + '.part')
    os.rename(path + '.part', path)
    print('@@%d' % k)


for k in range(MATCHES):
    play(k)
