"""Times GNU Backgammon's own move generator for plays.bench.ts, which runs it through
gnubg's embedded Python: gnubg -t -q -r -p packages/engine/bench/gnubg-timer.py

gnubg 1.07's Python module has no call that only generates moves (hint() and
findbestmove() also run the neural net, behind a thread pool that costs ~10 ms a call).
The command `move` with no argument is the most direct way in: gnubg calls
GenerateMoves(board, dice) (all legal plays, deduplicated by position key, maximum-dice
and larger-die rules applied) and, when there is more than one play, prints one line
("You must specify a move") and changes nothing. When exactly one play exists it also makes
that play, so every call is preceded by 'set board' and 'set dice', which are not timed.

Timed per call: gnubg.command('move') = Python -> C call, command parsing, GenerateMoves,
one output line. Not timed: 'set board', 'set dice', and a 'new game' every 100 calls
that keeps the game record short. The same loop is timed with gnubg.command('show dice') (parsing and one
output line, no move generation) as the command overhead.

Input: ZAR_BENCH_IN, a JSON list of [positionId, die1, die2]; ZAR_BENCH_SECONDS (default 2).
Output: ZAR_BENCH_OUT, a JSON object with the seconds and calls of both loops.
"""

import json
import os
import time

import gnubg

for cmd in ('set display off', 'set player 0 human', 'set player 1 human',
            'set automatic bearoff off', 'new game'):
    gnubg.command(cmd)

with open(os.environ['ZAR_BENCH_IN']) as f:
    work = json.load(f)
budget = float(os.environ.get('ZAR_BENCH_SECONDS', '2'))


def timed(command):
    spent = 0.0
    calls = 0
    while spent < budget or calls == 0:
        for pid, d1, d2 in work:
            if calls % 100 == 0:
                # Each 'set board' and 'set dice' adds to the game record; a long record
                # makes every command slower.
                gnubg.command('new game')
            gnubg.command('set board ' + pid)
            gnubg.command('set dice %d %d' % (d1, d2))
            t = time.perf_counter()
            gnubg.command(command)
            spent += time.perf_counter() - t
            calls += 1
    return spent, calls


move_seconds, move_calls = timed('move')
overhead_seconds, overhead_calls = timed('show dice')
with open(os.environ['ZAR_BENCH_OUT'], 'w') as f:
    json.dump({'moveSeconds': move_seconds, 'moveCalls': move_calls,
               'overheadSeconds': overhead_seconds, 'overheadCalls': overhead_calls}, f)
