"""GNU Backgammon as a duel opponent for training/gnubg-duel.ts (measurement only: nothing
of gnubg is used to train). Run by that script as: gnubg -t -q -r -p gnubg-player.py

Reads lines "PLIES D1 D2 B0..B24 C0..C24" on stdin: the dice and the board in gnubg's order
(B: the opponent's points 1..24 and bar, C: the side on roll's). Answers each with a line
"ZARMOVE f1 t1 f2 t2 ..." (gnubg numbering: 25 = bar, 0 = off), cubeless money play at the
given plies, deterministic, no noise.
"""

import sys

import gnubg

for cmd in ('set display off', 'set player 0 human', 'set player 1 human', 'new game'):
    gnubg.command(cmd)
cube = gnubg.cubeinfo()
contexts = {}
calls = 0
for line in sys.stdin:
    parts = [int(x) for x in line.split()]
    if not parts:
        continue
    plies, d1, d2 = parts[0], parts[1], parts[2]
    board = (tuple(parts[3:28]), tuple(parts[28:53]))
    if plies not in contexts:
        contexts[plies] = gnubg.evalcontext(0, plies, 1, 0, 0.0)
    if calls % 100 == 0:
        # Each 'set dice' adds to the game record; a long record slows every command.
        gnubg.command('new game')
    calls += 1
    gnubg.command('set dice %d %d' % (d1, d2))
    move = gnubg.findbestmove(board, cube, contexts[plies])
    sys.stdout.write('ZARMOVE ' + ' '.join(str(x) for x in move) + '\n')
    sys.stdout.flush()
