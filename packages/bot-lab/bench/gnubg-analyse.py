"""gnubg's analysis of each match-K.mat in ZAR_DIR, for bench/analysis.bench.ts. Runs inside
GNU Backgammon 1.07:

    ZAR_DIR=dir /usr/games/gnubg -t -q -r -p gnubg-analyse.py </dev/null

Each file is read with `import mat` and analysed with `analyse match` at gnubg's 0-ply
(chequer play and cube, cubeful, no noise): the judge gnubg's own bots use for their quick
analysis. Writes match-K.gnubg.json beside it (kept: the bench is resumable):

  players: per player (0 = the .mat's first, gnubg's X): unforced moves, close cube
           decisions, and the normalised equity (EMG) lost in each (gnubg's error-skill);
  moves:   every chequer play in record order: game (1 for the first), ordinal (its place
           among the game's plays, 0 first, a dance included), player, dice, choices (legal
           plays gnubg listed), loss (best score minus the played one's) and gnubg's mark.

Prints one `@@K seconds` line per match analysed.
"""

import glob
import json
import os
import time

import gnubg

DIR = os.environ['ZAR_DIR']
SIDES = ('X', 'O')
MARKS = {'doubtful': 'doubtful', 'bad': 'error', 'very bad': 'blunder'}


def c(cmd):
    gnubg.command(cmd)


# The cube's errors by kind. gnubg 1.07's Python dictionary gives the cube's 'error-skill' wrong
# (0.077 where `show statistics match` says 0.929, the sum of these): the sum is what it prints.
CUBE_ERRORS = ('missed-double-below-cp', 'missed-double-above-cp', 'wrong-double-below-dp',
               'wrong-double-above-tg', 'wrong-take', 'wrong-drop')


def player_stats(stats):
    out = []
    for side in SIDES:
        s = stats[side]
        out.append({
            'unforcedMoves': s['moves']['unforced-moves'],
            'moveLoss': s['moves']['error-skill'],
            'closeCube': s['cube']['close-cube'],
            'cubeLoss': sum(s['cube']['err-%s-skill' % e] for e in CUBE_ERRORS),
        })
    return out


def moves_of(games):
    out = []
    for number, g in enumerate(games, 1):
        ordinal = 0
        for r in g['game']:
            if r.get('action') != 'move':
                continue
            a = r.get('analysis', {})
            listed = a.get('moves') or ()
            played = a.get('imove')
            loss = 0.0
            if played is not None and len(listed) > 1:
                loss = max(0.0, listed[0]['score'] - listed[played]['score'])
            out.append({
                'game': number,
                'ordinal': ordinal,
                'player': SIDES.index(r['player']),
                'dice': list(r['dice']),
                'choices': len(listed),
                'loss': loss,
                'mark': MARKS.get(a.get('skill'), 'none'),
            })
            ordinal += 1
    return out


for cmd in ('set display off',
            'set analysis chequerplay evaluation plies 0',
            'set analysis chequerplay evaluation cubeful on',
            'set analysis chequerplay evaluation noise 0',
            'set analysis cubedecision evaluation plies 0',
            'set analysis cubedecision evaluation cubeful on',
            'set analysis cubedecision evaluation noise 0'):
    c(cmd)

for path in sorted(glob.glob(os.path.join(DIR, 'match-*.mat'))):
    out = path[:-4] + '.gnubg.json'
    if os.path.exists(out):
        continue
    t0 = time.time()
    c('import mat ' + path)
    c('analyse match')
    m = gnubg.match(1, 0, 1, 0)
    doc = {'plies': 0, 'players': player_stats(m['stats']), 'moves': moves_of(m['games'])}
    with open(out + '.part', 'w') as f:
        json.dump(doc, f)
    os.rename(out + '.part', out)
    print('@@%s %.2f' % (os.path.basename(path), time.time() - t0))
