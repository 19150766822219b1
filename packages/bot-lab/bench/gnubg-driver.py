# Runs inside GNU Backgammon (gnubg -t -q -r -p gnubg-driver.py): answers one JSON request per
# line on stdin with one JSON line on stdout, for packages/bot/bench/strength.bench.ts.
#
# Boards are gnubg's: [opponent's 25 counts, mover's 25 counts], points 1..24 then the bar,
# each side in its own numbering; the mover is gnubg's player 1 ("move" = 1 in the cube info).
#   {"op":"move","board":B,"dice":[a,b],"plies":0}      -> {"move":[from,to,...]}  (25 bar, 0 off)
#   {"op":"eval","board":B,"plies":0}                   -> {"probs":[5 floats],"equity":e}
#   {"op":"cube","board":B,"cube":1,"owner":-1|0|1,"plies":0}
#        -> {"text":"Double, take",...}: gnubg's cubeful recommendation for the mover, money play
import json
import sys

import gnubg

gnubg.command("set jacoby off")
gnubg.command("set beavers off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new session")


def board_of(req):
    b = req["board"]
    return (tuple(b[0]), tuple(b[1]))


def context(req, cubeful):
    return gnubg.evalcontext(1 if cubeful else 0, int(req.get("plies", 0)), 0, 1, 0.0)


def cube_info(req):
    return gnubg.cubeinfo(int(req.get("cube", 1)), int(req.get("owner", -1)), 1, 0, (0, 0), 0, 0)


def answer(req):
    op = req.get("op")
    if op == "move":
        a, b = req["dice"]
        gnubg.command("set dice %d %d" % (a, b))
        move = gnubg.findbestmove(board_of(req), cube_info(req), context(req, False))
        return {"move": list(move)}
    if op == "eval":
        e = gnubg.evaluate(board_of(req), cube_info(req), context(req, False))
        return {"probs": list(e[:5]), "equity": e[5]}
    if op == "cube":
        e = gnubg.cfevaluate(board_of(req), cube_info(req), context(req, True))
        return {"optimal": e[0], "noDouble": e[1], "take": e[2], "drop": e[3], "code": e[4], "text": e[5]}
    if op == "quit":
        return None
    return {"error": "unknown op %r" % (op,)}


for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    try:
        out = answer(json.loads(line))
    except Exception as e:  # one bad request must not stop the driver
        out = {"error": str(e)}
    if out is None:
        break
    sys.stdout.write("@@" + json.dumps(out) + "\n")
    sys.stdout.flush()
