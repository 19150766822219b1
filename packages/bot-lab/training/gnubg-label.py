# Runs inside GNU Backgammon (gnubg -t -q -r -p gnubg-label.py): the labeller's teacher
# (training/label-teacher.ts). One request per line on stdin, one answer line on stdout, in order.
#
# A board is 50 numbers: gnubg's [opponent's 25 counts, mover's 25 counts], points 1..24 then
# the bar, each side in its own numbering; the mover is on roll.
#   e PLIES B   -> "@@ win wingammon winbackgammon losegammon losebackgammon": gnubg's cubeless
#                  outputs at PLIES for the mover, its own order (cumulative, as Zar's)
#   c B         -> "@@ K": gnubg's class of the position (eval.h: 8 race, 9 crashed, 10 contact)
#   q           -> quits
# A refused request answers "@@! why" and the driver goes on.
import sys

import gnubg

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new session")
# One evaluation thread: the labeller runs one process per core, not threads within one.
gnubg.command("set threads 1")

CUBE = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
CONTEXTS = {}


def board_of(numbers):
    if len(numbers) != 50:
        raise ValueError("a board is 50 numbers, not %d" % len(numbers))
    return (tuple(numbers[:25]), tuple(numbers[25:]))


def context(plies):
    # cubeless, deterministic, no noise: the same board always gets the same label
    if plies not in CONTEXTS:
        CONTEXTS[plies] = gnubg.evalcontext(0, plies, 0, 1, 0.0)
    return CONTEXTS[plies]


def answer(words):
    op = words[0]
    if op == "e":
        plies = int(words[1])
        e = gnubg.evaluate(board_of([int(w) for w in words[2:]]), CUBE, context(plies))
        return " ".join(repr(float(x)) for x in e[:5])
    if op == "c":
        return str(gnubg.classifypos(board_of([int(w) for w in words[1:]])))
    raise ValueError("unknown request %r" % (op,))


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "q":
        break
    try:
        out = "@@ " + answer(words)
    except Exception as e:  # one bad request must not stop the driver
        out = "@@! " + str(e).replace("\n", " ")
    sys.stdout.write(out + "\n")
    sys.stdout.flush()
