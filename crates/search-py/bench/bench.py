"""statespace against the plain Python BFS that LeetCode write-ups use.

    python crates/search-py/bench/bench.py [--boards N] [--custom] [--sizes]

Prints one line per comparison: both times and the ratio. One run each
(best of `--repeat` for the short ones); the machine's noise is the
reader's to judge.
"""

import argparse
import random
import sys
import time
from collections import deque

import statespace


def plain_sliding_puzzle(board):
    """LeetCode 773 as the write-ups solve it: a deque, a set of strings, a
    swap table, from the board until the goal."""
    rows, cols = len(board), len(board[0])
    goal = "".join(map(str, list(range(1, rows * cols)) + [0]))
    start = "".join(str(tile) for row in board for tile in row)
    swaps = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        swaps.append([nr * cols + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                      if 0 <= nr < rows and 0 <= nc < cols])
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        state, moves = queue.popleft()
        if state == goal:
            return moves
        blank = state.index("0")
        for other in swaps[blank]:
            cells = list(state)
            cells[blank], cells[other] = cells[other], cells[blank]
            nxt = "".join(cells)
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, moves + 1))
    return -1


NEIGHBOURS_3X3 = [[n for n in (c - 3, c + 3, c - 1 if c % 3 else -1, c + 1 if c % 3 != 2 else -1)
                   if 0 <= n < 9] for c in range(9)]


def successors(state):
    """The 8-puzzle as a tuple of 9 tiles: the same function for both."""
    blank = state.index(0)
    result = []
    for other in NEIGHBOURS_3X3[blank]:
        cells = list(state)
        cells[blank], cells[other] = cells[other], cells[blank]
        result.append(tuple(cells))
    return result


def plain_bfs_distance(start, is_goal):
    """The textbook loop with the same successors function."""
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        state, depth = queue.popleft()
        if is_goal(state):
            return depth
        for nxt in successors(state):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, depth + 1))
    return None


def plain_bfs_path(start, successors, is_goal):
    """The loop a user writes for a path: a deque and a dict of parents."""
    parents = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if is_goal(state):
            path = []
            while state is not None:
                path.append(state)
                state = parents[state]
            return path[::-1]
        for nxt in successors(state):
            if nxt not in parents:
                parents[nxt] = state
                queue.append(nxt)
    return None


def hanoi_successors(state):
    """Four pegs as a tuple of tuples, each peg's discs bottom to top."""
    result = []
    for source, pile in enumerate(state):
        if not pile:
            continue
        disc = pile[-1]
        for target, other in enumerate(state):
            if target != source and (not other or other[-1] > disc):
                pegs = list(state)
                pegs[source] = pile[:-1]
                pegs[target] = other + (disc,)
                result.append(tuple(pegs))
    return result


def ladder_space(count=5_000, seed=5):
    """`count` distinct five-letter words over eight letters, a successors
    function (the words one letter away), the first word and the one
    farthest from it."""
    rng = random.Random(seed)
    words = set()
    while len(words) < count:
        words.add("".join(rng.choice("abcdefgh") for _ in range(5)))
    letters = "abcdefgh"

    def ladder_successors(word):
        result = []
        for i in range(5):
            head, tail = word[:i], word[i + 1:]
            for letter in letters:
                other = head + letter + tail
                if other != word and other in words:
                    result.append(other)
        return result

    begin = min(words)
    depth = {begin: 0}
    queue = deque([begin])
    while queue:
        word = queue.popleft()
        for other in ladder_successors(word):
            if other not in depth:
                depth[other] = depth[word] + 1
                queue.append(other)
    end = max(depth, key=lambda word: (depth[word], word))
    return ladder_successors, begin, end, depth[end]


def custom_spaces(repeat):
    """statespace.bfs against `plain_bfs_path` with the same callables, on
    the issue's three spaces; and what the callable alone costs, once on
    every state the search expands."""
    discs = 8
    hanoi_start = (tuple(range(discs, 0, -1)), (), (), ())
    hanoi_goal = ((), (), (), tuple(range(discs, 0, -1)))
    ladder_successors, begin, end, ladder_length = ladder_space()
    puzzle_goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    spaces = [
        ("4-peg Hanoi, 8 discs, tuples of tuples", hanoi_successors, hanoi_start, hanoi_goal, 33),
        ("8-puzzle as 9-tuples, (8, 6, 7, 2, 5, 4, 3, 0, 1)", successors,
         (8, 6, 7, 2, 5, 4, 3, 0, 1), puzzle_goal, 31),
        ("word ladder, 5,000 five-letter words", ladder_successors, begin, end, ladder_length),
    ]
    for name, function, start, goal, moves in spaces:
        expanded = []

        def counting(state, expanded=expanded, function=function):
            expanded.append(state)
            return function(state)

        plain_bfs_path(start, counting, goal.__eq__)

        def call_all(expanded=expanded, function=function):
            for state in expanded:
                function(state)

        alone = theirs = ours = float("inf")
        for _ in range(repeat):
            alone = min(alone, timed(call_all)[0])
            took, path = timed(lambda: plain_bfs_path(start, function, goal.__eq__))
            assert len(path) - 1 == moves, (name, len(path) - 1)
            theirs = min(theirs, took)
            took, path = timed(lambda: statespace.bfs(start, function, goal.__eq__))
            assert len(path) - 1 == moves, (name, len(path) - 1)
            ours = min(ours, took)
        print(
            f"{name} ({len(expanded):,} expansions, {moves} moves): the callable alone"
            f" {alone:.3f} s; plain Python {theirs:.3f} s (overhead {theirs - alone:.3f} s);"
            f" statespace.bfs {ours:.3f} s (overhead {ours - alone:.3f} s); {theirs / ours:.2f}x"
        )


def plain_astar(start, successors, is_goal, heuristic):
    """The heapq loop a user writes: the cost of a cheapest path. Ties of
    `f` go to the deeper state, as statespace's A* breaks them (the
    shallower first took 3.4 times as long on a 31-move 8-puzzle)."""
    import heapq

    best = {start: 0}
    heap = [(heuristic(start), 0, 0, start)]
    tie = 1
    while heap:
        _, deeper, _, state = heapq.heappop(heap)
        cost = -deeper
        if cost > best[state]:
            continue
        if is_goal(state):
            return cost
        for _, nxt, step in successors(state):
            new = cost + step
            if new < best.get(nxt, float("inf")):
                best[nxt] = new
                heapq.heappush(heap, (new + heuristic(nxt), -new, tie, nxt))
                tie += 1
    return None


def weighted_puzzle_successors(state):
    """The 8-puzzle's moves as (move, state, cost) triples."""
    return [(None, nxt, 1) for nxt in successors(state)]


GOAL_CELL = {tile: divmod((tile - 1) % 9, 3) for tile in range(1, 9)}


def manhattan(state):
    total = 0
    for cell, tile in enumerate(state):
        if tile:
            row, col = GOAL_CELL[tile]
            total += abs(row - cell // 3) + abs(col - cell % 3)
    return total


def informed(repeat):
    """statespace.astar against `plain_astar`, the same callables."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    for start, moves in [((8, 6, 7, 2, 5, 4, 3, 0, 1), 31), ((6, 4, 7, 8, 5, 0, 3, 2, 1), 31)]:
        theirs = ours = float("inf")
        for _ in range(repeat):
            took, cost = timed(lambda: plain_astar(start, weighted_puzzle_successors, goal.__eq__, manhattan))
            assert cost == moves
            theirs = min(theirs, took)
            took, path = timed(lambda: statespace.astar(start, weighted_puzzle_successors, goal.__eq__, heuristic=manhattan))
            assert path.cost == moves
            ours = min(ours, took)
        print(f"astar, Manhattan, 8-puzzle {start} ({moves} moves): plain heapq {theirs:.4f} s;"
              f" statespace.astar {ours:.4f} s; {theirs / ours:.2f}x")


def solvable_boards(count, seed):
    """`count` random 8-puzzles that can reach (1, ..., 8, 0): an even
    number of inversions among the tiles, on a board 3 wide."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        tiles = list(range(9))
        rng.shuffle(tiles)
        placed = [t for t in tiles if t]
        inversions = sum(a > b for i, a in enumerate(placed) for b in placed[i + 1:])
        if inversions % 2 == 0:
            boards.append(tuple(tiles))
    return boards


def float_grid(size, seed):
    """A size x size grid whose cells cost a float from 1 to 10 to enter:
    its successors as triples, and the least cost of a cell."""
    rng = random.Random(seed)
    cost = [[rng.uniform(1, 10) for _ in range(size)] for _ in range(size)]

    def steps(cell):
        x, y = cell
        return [(None, (i, j), cost[i][j]) for i, j in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                if 0 <= i < size and 0 <= j < size]

    return steps, min(min(row) for row in cost)


def astar_bet(repeat):
    """statespace.astar against `plain_astar`: the median of the per-board
    ratio over 100 random 8-puzzles, and a 200 x 200 grid of float costs."""
    import statistics

    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    ratios = []
    for start in solvable_boards(100, seed=9):
        theirs, cost = timed(lambda: plain_astar(start, weighted_puzzle_successors, goal.__eq__, manhattan), repeat)
        ours, path = timed(lambda: statespace.astar(start, weighted_puzzle_successors, goal.__eq__,
                                                    heuristic=manhattan), repeat)
        assert path.cost == cost
        ratios.append(theirs / ours)
    quartiles = statistics.quantiles(ratios, n=4)
    print(f"astar, Manhattan, 100 random 8-puzzles: plain heapq / statespace per board, median"
          f" {statistics.median(ratios):.2f}x (quartiles {quartiles[0]:.2f}x to {quartiles[2]:.2f}x)")
    size = 200
    steps, least = float_grid(size, seed=10)
    corner = (size - 1, size - 1)
    estimate = lambda cell: least * (corner[0] - cell[0] + corner[1] - cell[1])  # noqa: E731
    theirs, cost = timed(lambda: plain_astar((0, 0), steps, corner.__eq__, estimate), repeat)
    ours, path = timed(lambda: statespace.astar((0, 0), steps, corner.__eq__, heuristic=estimate), repeat)
    assert abs(path.cost - cost) <= 1e-9 * cost
    print(f"astar, {size} x {size} grid of float costs, corner to corner: plain heapq {theirs:.3f} s;"
          f" statespace.astar {ours:.3f} s; {theirs / ours:.2f}x")


def pack(board):
    """A 9-tuple board as an int: the tile of cell i in bits 4i to 4i + 3,
    and the blank's cell in bits 36 and up, so that a layer's blanks are
    one shift away."""
    return sum(tile << (4 * cell) for cell, tile in enumerate(board)) | board.index(0) << 36


BOARD_BITS = (1 << 36) - 1

# The blank's moves: the step to its new cell, and where it may take it.
BLANK_MOVES = [
    (-3, lambda blank: blank >= 3),
    (3, lambda blank: blank < 6),
    (-1, lambda blank: blank % 3 != 0),
    (1, lambda blank: blank % 3 != 2),
]


def vector_successors(states):
    """The 8-puzzle's moves for an array of packed boards: a dozen NumPy
    passes per direction over the whole layer, -1 where the blank cannot
    go. (Boolean indexing instead of `np.where` took twice as long.)"""
    import numpy as np

    blank = states >> 36
    board = states & BOARD_BITS
    here = blank << 2
    result = np.empty((len(states), 4), dtype=np.int64)
    for column, (step, allowed) in enumerate(BLANK_MOVES):
        allowed = allowed(blank)
        target = np.where(allowed, blank + step, blank)
        there = target << 2
        tile = (board >> there) & 15
        moved = board + (tile << here) - (tile << there) | target << 36
        result[:, column] = np.where(allowed, moved, -1)
    return result


def vectorized(repeat):
    """statespace.vector_bfs and vector_bidirectional_bfs with NumPy
    successors against plain Python's BFS over 9-tuples, on the two
    31-move 8-puzzles."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    for start in [(8, 6, 7, 2, 5, 4, 3, 0, 1), (6, 4, 7, 8, 5, 0, 3, 2, 1)]:
        theirs = ours = both_ends = float("inf")
        for _ in range(repeat):
            took, path = timed(lambda: plain_bfs_path(start, successors, goal.__eq__))
            assert len(path) - 1 == 31
            theirs = min(theirs, took)
            took, path = timed(lambda: statespace.vector_bfs(pack(start), vector_successors, pack(goal)))
            assert len(path) - 1 == 31
            ours = min(ours, took)
            took, path = timed(
                lambda: statespace.vector_bidirectional_bfs(pack(start), pack(goal), vector_successors, undirected=True)
            )
            assert len(path) - 1 == 31
            both_ends = min(both_ends, took)
        print(f"8-puzzle {start} as ints, NumPy successors (31 moves): plain Python BFS over"
              f" 9-tuples {theirs:.3f} s; statespace.vector_bfs {ours:.4f} s ({theirs / ours:.1f}x);"
              f" vector_bidirectional_bfs {both_ends:.4f} s ({theirs / both_ends:.1f}x)")


def sizes(repeat):
    """What a call costs by the size of its search: a ring of n states
    searched to the state opposite the start (n / 2 moves, every state
    stored), by bfs and by dijkstra, against the plain loops, at 10, 1,000
    and 100,000 states. The time of the smallest is mostly the call's
    own; the time per state of the largest, the search's."""
    for states in [10, 1_000, 100_000]:
        goal = states // 2
        ring = lambda n, states=states: [(n + 1) % states, (n - 1) % states]  # noqa: E731
        weighted = lambda n, states=states: [(1, (n + 1) % states, 1), (-1, (n - 1) % states, 1)]  # noqa: E731
        calls = max(1, 100_000 // states) * repeat
        for name, plain, ours in [
            ("bfs", lambda: plain_bfs_path(0, ring, goal.__eq__),
             lambda: statespace.bfs(0, ring, goal.__eq__)),
            ("dijkstra", lambda: plain_astar(0, weighted, goal.__eq__, lambda n: 0),
             lambda: statespace.dijkstra(0, weighted, goal.__eq__)),
        ]:
            def per_call(search):
                started = time.perf_counter()
                for _ in range(calls):
                    search()
                return (time.perf_counter() - started) / calls

            theirs = min(per_call(plain) for _ in range(3))
            mine = min(per_call(ours) for _ in range(3))
            print(f"{name}, a ring of {states:,} states: plain Python {theirs * 1e6:,.1f} us,"
                  f" statespace {mine * 1e6:,.1f} us a call ({theirs / mine:.2f}x)")


def hanoi_int_moves(discs):
    """4-peg Hanoi with `discs` discs as an int, two bits a disc: its peg."""

    def moves(state):
        top = [discs] * 4
        for disc in range(discs - 1, -1, -1):
            top[(state >> (2 * disc)) & 3] = disc
        result = []
        for source in range(4):
            disc = top[source]
            if disc == discs:
                continue
            for target in range(4):
                if target != source and top[target] > disc:
                    result.append(state ^ ((source ^ target) << (2 * disc)))
        return result

    return moves


def int_states_child(engine, discs):
    """One enumeration of Hanoi as ints, in this process: its time and peak memory."""
    import resource

    started = time.perf_counter()
    layers = statespace.enumerate_space(0, hanoi_int_moves(discs), int_states=engine == "keys")
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{layers.states} {layers.radius} {seconds:.2f} {peak}")


def int_states(discs):
    """enumerate_space on 4-peg Hanoi as ints, hashed and as keys, each in a
    process of its own, so that each peak is its own."""
    import subprocess

    for engine in ["hashed", "keys"]:
        output = subprocess.run(
            [sys.executable, __file__, "--int-states-child", engine, "--discs", str(discs)],
            check=True, capture_output=True, text=True,
        ).stdout.split()
        states, radius, seconds, peak = output
        print(f"4-peg Hanoi, {discs} discs as ints ({states} states, radius {radius}),"
              f" {engine}: {seconds} s, {peak} KB peak")


def timed(function, repeat=1):
    best = float("inf")
    result = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - started)
    return best, result


def report(name, theirs, ours):
    print(f"{name}: plain Python {theirs:.3f} s, statespace {ours:.4f} s, {theirs / ours:.1f}x")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=1000, help="random 8-puzzles")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--custom", action="store_true", help="only the custom spaces")
    parser.add_argument("--sizes", action="store_true", help="only the cost of a call, by size")
    parser.add_argument("--astar", action="store_true", help="only A* on 100 8-puzzles and a float grid")
    parser.add_argument("--int-states", action="store_true",
                        help="only enumerate_space on 4-peg Hanoi as ints, hashed and with int_states")
    parser.add_argument("--discs", type=int, default=10, help="discs of --int-states' Hanoi")
    parser.add_argument("--int-states-child", choices=["hashed", "keys"], help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.int_states_child:
        int_states_child(args.int_states_child, args.discs)
        return
    if args.int_states:
        int_states(args.discs)
        return

    if args.sizes:
        sizes(args.repeat)
        return
    if args.astar:
        astar_bet(args.repeat)
        return

    custom_spaces(max(args.repeat, 5))
    informed(max(args.repeat, 5))
    vectorized(max(args.repeat, 5))
    if args.custom:
        return

    import itertools

    boards_2x3 = [[list(p[:3]), list(p[3:])] for p in itertools.permutations(range(6))]
    theirs, expected = timed(lambda: [plain_sliding_puzzle(b) for b in boards_2x3], args.repeat)
    ours, answers = timed(lambda: [statespace.sliding_puzzle(b) for b in boards_2x3], args.repeat)
    assert answers == expected
    report("sliding_puzzle, all 720 2x3 boards", theirs, ours)

    rng = random.Random(8)
    boards_3x3 = []
    for _ in range(args.boards):
        tiles = list(range(9))
        rng.shuffle(tiles)
        boards_3x3.append([tiles[0:3], tiles[3:6], tiles[6:9]])
    theirs, expected = timed(lambda: [plain_sliding_puzzle(b) for b in boards_3x3])
    ours, answers = timed(lambda: [statespace.sliding_puzzle(b) for b in boards_3x3], args.repeat)
    assert answers == expected
    report(f"sliding_puzzle, {args.boards} random 8-puzzles", theirs, ours)

    # The two 31-move boards: every board of the space is reached.
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    for start in [(8, 6, 7, 2, 5, 4, 3, 0, 1), (6, 4, 7, 8, 5, 0, 3, 2, 1)]:
        theirs, expected = timed(lambda: plain_bfs_distance(start, goal.__eq__), args.repeat)
        ours, path = timed(lambda: statespace.bfs(start, successors, goal.__eq__), args.repeat)
        assert len(path) - 1 == expected == 31
        report(f"bfs with a Python successors function, {start} (31 moves)", theirs, ours)
    # What the callable alone costs: once on every board of the space, as
    # both searches call it, its results dropped.
    reached = []
    seen = {goal}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        reached.append(state)
        for nxt in successors(state):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    assert len(reached) == 181_440

    def call_all():
        for state in reached:
            successors(state)

    alone, _ = timed(call_all, args.repeat)
    ours, _ = timed(lambda: statespace.enumerate_space(goal, successors), args.repeat)
    theirs, _ = timed(lambda: plain_bfs_distance(goal, lambda state: False), args.repeat)
    print(
        f"the successors function alone on all 181,440 boards: {alone:.3f} s; a whole"
        f" enumeration: plain Python {theirs:.3f} s ({alone / theirs:.0%} in the callable),"
        f" statespace {ours:.3f} s ({alone / ours:.0%} in the callable)"
    )


if __name__ == "__main__":
    main()
