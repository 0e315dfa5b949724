"""statespace against plain Python references: the BFS a LeetCode write-up
uses, brute force, and the published answers."""

import functools
import itertools
import math
import os
import pathlib
import random
import re
import signal
import subprocess
import sys
import threading
import traceback
from collections import deque

import pytest

import statespace


# --- references --------------------------------------------------------------


def python_bfs(start, successors, is_goal):
    """The textbook loop: a deque and a dict of parents. A path or None."""
    parent = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if is_goal(state):
            path = []
            while state is not None:
                path.append(state)
                state = parent[state]
            return path[::-1]
        for nxt in successors(state):
            if nxt not in parent:
                parent[nxt] = state
                queue.append(nxt)
    return None


def sliding_distances(rows, cols):
    """Every board's distance to the goal (tiles in order, blank last), by
    BFS over strings from the goal."""
    cells = rows * cols
    goal = "".join(map(str, range(1, cells))) + "0"
    swaps = {}
    for cell in range(cells):
        r, c = divmod(cell, cols)
        swaps[cell] = [nr * cols + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= nr < rows and 0 <= nc < cols]
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        blank = board.index("0")
        for other in swaps[blank]:
            tiles = list(board)
            tiles[blank], tiles[other] = tiles[other], tiles[blank]
            nxt = "".join(tiles)
            if nxt not in distance:
                distance[nxt] = distance[board] + 1
                queue.append(nxt)
    return distance


def knight(square):
    x, y = square
    jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
    return [(x + dx, y + dy) for dx, dy in jumps if 0 <= x + dx < 8 and 0 <= y + dy < 8]


def pours(state, sizes=(3, 5)):
    """Two jugs: fill, empty, or pour one into the other."""
    a, b = state
    big_a, big_b = sizes
    into_b, into_a = min(a, big_b - b), min(b, big_a - a)
    return [(big_a, b), (a, big_b), (0, b), (a, 0), (a - into_b, b + into_b), (a + into_a, b - into_a)]


def blank_moves(board):
    """The boards one slide away from a board given as rows."""
    rows, cols = len(board), len(board[0])
    (r, c), = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] == 0]
    result = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            nxt = [list(row) for row in board]
            nxt[r][c], nxt[nr][nc] = nxt[nr][nc], 0
            result.append(nxt)
    return result


# --- puzzles -----------------------------------------------------------------


def test_leetcode_examples():
    assert statespace.sliding_puzzle([[1, 2, 3], [4, 0, 5]]) == 1
    assert statespace.sliding_puzzle([[1, 2, 3], [5, 4, 0]]) == -1
    assert statespace.sliding_puzzle([[4, 1, 2], [5, 0, 3]]) == 5
    assert statespace.open_lock(["0201", "0101", "0102", "1212", "2002"], "0202") == 6
    assert statespace.open_lock(["8888"], "0009") == 1
    assert statespace.open_lock(["8887", "8889", "8878", "8898", "8788", "8988", "7888", "9888"], "8888") == -1
    assert statespace.open_lock(["0000"], "8888") == -1
    words = ["hot", "dot", "dog", "lot", "log", "cog"]
    assert statespace.ladder_length("hit", "cog", words) == 5
    assert statespace.ladder_length("hit", "cog", words[:-1]) == 0
    assert statespace.find_ladders("hit", "cog", words) == [
        ["hit", "hot", "dot", "dog", "cog"],
        ["hit", "hot", "lot", "log", "cog"],
    ]


def test_every_ladder_of_a_hypercube_of_words_is_refused_before_it_is_built():
    # The 4,096 words of 12 letters a and b: 12! shortest ladders between
    # opposite corners, over 200 GiB, which the default 4 GiB limit refuses.
    words = ["".join("b" if bits >> i & 1 else "a" for i in reversed(range(12))) for bits in range(4096)]
    with pytest.raises(statespace.LimitError, match="the 479001600 shortest ladders would take"):
        statespace.find_ladders("a" * 12, "b" * 12, words)
    assert statespace.ladder_length("a" * 12, "b" * 12, words) == 13


@pytest.mark.parametrize("rows, cols, reachable, radius", [(2, 3, 360, 21), (3, 2, 360, 21), (2, 2, 12, 6)])
def test_every_small_board_against_a_python_bfs(rows, cols, reachable, radius):
    distance = sliding_distances(rows, cols)
    assert len(distance) == reachable and max(distance.values()) == radius
    for tiles in itertools.permutations(range(rows * cols)):
        board = [list(tiles[r * cols:(r + 1) * cols]) for r in range(rows)]
        expected = distance.get("".join(map(str, tiles)), -1)
        assert statespace.sliding_puzzle(board) == expected, board


def test_random_3x3_and_2x4_boards_against_a_python_bfs():
    rng = random.Random(31)
    for rows, cols in [(3, 3), (2, 4)]:
        distance = sliding_distances(rows, cols)
        for _ in range(200):
            tiles = list(range(rows * cols))
            rng.shuffle(tiles)
            board = [tiles[r * cols:(r + 1) * cols] for r in range(rows)]
            assert statespace.sliding_puzzle(board) == distance.get("".join(map(str, tiles)), -1)


@pytest.mark.parametrize("algorithm", ["auto", "bfs", "bidirectional", "astar", "idastar"])
def test_solutions_are_legal_move_by_move(algorithm):
    rng = random.Random(773)
    for _ in range(20):
        tiles = list(range(9))
        rng.shuffle(tiles)
        board = [tiles[0:3], tiles[3:6], tiles[6:9]]
        solution = statespace.solve(board, algorithm=algorithm)
        expected = statespace.sliding_puzzle(board)
        if solution is None:
            assert expected == -1
            continue
        assert len(solution) == expected == len(solution.moves)
        assert solution.boards[0] == board
        assert solution.boards[-1] == [[1, 2, 3], [4, 5, 6], [7, 8, 0]]
        for before, after in zip(solution.boards, solution.boards[1:]):
            assert after in blank_moves(before)


def test_solve_takes_a_goal_and_answers_none_when_unsolvable():
    goal = [[0, 1, 2], [3, 4, 5]]
    solution = statespace.solve([[1, 0, 2], [3, 4, 5]], goal=goal)
    assert solution.moves == ["left"] and solution.boards[-1] == goal
    assert repr(solution) == "Solution(moves=['left'])"
    assert statespace.solve([[2, 1, 0], [3, 4, 5]], goal=goal) is None
    korf_9 = [[3, 14, 9, 11], [5, 4, 8, 2], [13, 12, 6, 7], [10, 1, 15, 0]]
    goal_4x4 = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    assert len(statespace.solve(korf_9, goal=goal_4x4)) == 46


def test_enumerate_gives_the_published_layers():
    layers = statespace.enumerate(2, 3)
    assert (sum(layers), len(layers) - 1, layers[-1]) == (360, 21, 1)
    layers = statespace.enumerate(3, 3)
    assert (sum(layers), len(layers) - 1, layers[-1]) == (181_440, 31, 2)
    assert sum(statespace.enumerate(2, 4)) == 20_160


def test_puzzle_searches_release_the_gil():
    started = threading.Event()
    worker = threading.Thread(target=lambda: (started.set(), statespace.enumerate(2, 5)))
    worker.start()
    started.wait()
    count = 0
    while worker.is_alive():
        count += 1
    worker.join()
    # Held through the enumeration, the GIL would leave this thread a few
    # steps at most; released, it counts all the while.
    assert count > 10_000, count


# --- custom spaces -----------------------------------------------------------


def test_knight_distances_match_a_python_bfs():
    for target in [(x, y) for x in range(8) for y in range(8)]:
        ours = statespace.bfs((0, 0), knight, lambda square: square == target)
        theirs = python_bfs((0, 0), knight, lambda square: square == target)
        assert len(ours) == len(theirs)
        assert ours[0] == (0, 0) and ours[-1] == target
        for a, b in zip(ours, ours[1:]):
            assert b in knight(a)


def test_layers_to_a_depth_are_a_prefix_and_say_whether_the_space_goes_on():
    whole = statespace.enumerate_space((0, 0), pours)
    for depth in range(whole.radius + 3):
        near = statespace.enumerate_space((0, 0), pours, max_depth=depth)
        assert near.sizes == whole.sizes[: depth + 1]
        assert near.complete == (depth >= whole.radius)
        assert len(near.deepest) == near.sizes[-1]
    # A space without end answers to its bound, where it raised before.
    endless = statespace.enumerate_space(0, lambda n: [n + 1, n + 2], max_depth=4)
    assert (endless.sizes, endless.complete, endless.deepest) == ([1, 2, 2, 2, 2], False, [7, 8])
    with pytest.raises(ValueError):
        statespace.enumerate_space(0, lambda n: [n + 1], max_depth=-1)


def plain_layers(starts, successors, max_depth=None):
    """A plain breadth-first search's layer sizes (to max_depth), and its
    last layer's states, sorted."""
    seen = set(starts)
    layer = sorted(seen)
    sizes = [len(layer)]
    while len(sizes) - 1 != max_depth:
        following = []
        for state in layer:
            for nxt in successors(state):
                if nxt not in seen:
                    seen.add(nxt)
                    following.append(nxt)
        if not following:
            break
        layer = following
        sizes.append(len(layer))
    return sizes, sorted(layer)


def test_int_states_give_the_layers_of_a_plain_search_on_random_graphs():
    rng = random.Random(2026)
    for _ in range(40):
        n = rng.randrange(1, 120)
        # Nodes scattered over the ints of 128 bits, of either sign.
        spread = rng.choice([1, 2**40 + 1, 2**100 + 7])
        node = [(i - n // 2) * spread for i in range(n)]
        index = {value: i for i, value in enumerate(node)}
        edges = [[node[rng.randrange(n)] for _ in range(rng.randrange(4))] for _ in range(n)]
        if rng.random() < 0.5:  # undirected
            for i, ends in enumerate(edges):
                for end in list(ends):
                    edges[index[end]].append(node[i])
        successors = lambda state: edges[index[state]]
        starts = rng.sample(node, rng.randrange(1, 3))
        radius = len(plain_layers(starts, successors)[0]) - 1
        for depth in [None, 1, 3]:
            sizes, deepest = plain_layers(starts, successors, depth)
            layers = statespace.enumerate_space(starts, successors, int_states=True, max_depth=depth)
            assert (layers.sizes, layers.deepest) == (sizes, deepest)
            assert layers.complete == (depth is None or depth >= radius)
            hashed = statespace.enumerate_space(starts, successors, max_depth=depth)
            assert hashed.sizes == layers.sizes
            assert sorted(hashed.deepest) == layers.deepest


def test_int_states_split_into_passes_and_stop_with_their_errors():
    # A ring of 100,000 ints, a step of 1 or 300 either way, in a tight
    # memory limit and in one that cannot hold it.
    ring = lambda n: [(n + 1) % 100_000, (n - 1) % 100_000, (n + 300) % 100_000, (n - 300) % 100_000]
    whole = statespace.enumerate_space(0, ring, int_states=True)
    assert whole.states == 100_000 and whole.sizes[:4] == [1, 4, 8, 12]
    tight = statespace.enumerate_space(0, ring, int_states=True, max_memory=512 << 10)
    assert (tight.sizes, tight.deepest) == (whole.sizes, whole.deepest)
    with pytest.raises(statespace.LimitError, match="memory"):
        statespace.enumerate_space(0, ring, int_states=True, max_memory=1 << 10)
    with pytest.raises(statespace.LimitError, match="limit of 50 stored states"):
        statespace.enumerate_space(0, lambda n: [n + 1], int_states=True, max_states=50)
    with pytest.raises(TypeError, match=r"a state successors\(1\) gave is float, not an int"):
        statespace.enumerate_space(1, lambda n: [1.0, 2], int_states=True)
    with pytest.raises(ValueError, match=r"a state successors\(0\) gave is 170141183460469231731687303715884105728, outside"):
        statespace.enumerate_space(0, lambda n: [2**127], int_states=True)
    with pytest.raises(TypeError, match=r"start\[1\] is str, not an int"):
        statespace.enumerate_space([0, "a"], ring, int_states=True)
    with pytest.raises(TypeError, match=r"successors\(0\) must return an iterable of states, not int"):
        statespace.enumerate_space(0, lambda n: 5, int_states=True)
    # A bool is the int it equals, and comes back as that int.
    assert statespace.enumerate_space(True, lambda n: [n + 1] if n < 3 else [], int_states=True).deepest == [3]
    # The widest ints come back whole.
    edge = 2**127 - 1
    layers = statespace.enumerate_space(edge, lambda n: [-n], int_states=True)
    assert (layers.sizes, layers.deepest) == ([1, 1], [-edge])


def test_numbered_puzzles_and_families_have_their_published_layers():
    # OEIS A058986: the pancake numbers; A008302: Coxeter's layers are the
    # permutations by inversions.
    for n, diameter in [(2, 1), (3, 3), (4, 4), (5, 5), (6, 7), (7, 8)]:
        layers = statespace.enumerate_puzzle("pancake", n)
        assert (layers.states, layers.radius) == (math.factorial(n), diameter)
    assert statespace.enumerate_puzzle("coxeter", 5).sizes == [1, 4, 9, 15, 20, 22, 20, 15, 9, 4, 1]
    hanoi = statespace.enumerate_puzzle("hanoi4", 3)
    assert hanoi.states == 4**3 and hanoi.complete
    whole = statespace.enumerate_puzzle("lrx", 7)
    for depth in [0, 4, whole.radius]:
        near = statespace.enumerate_puzzle("lrx", 7, max_depth=depth)
        assert near.sizes == whole.sizes[: depth + 1]
        assert near.complete == (depth == whole.radius)
        assert all(sorted(state) == list(range(7)) for state in near.deepest)


def apply(generator, state):
    """A generator in one-line notation applied as search-core applies it."""
    return tuple(state[point] for point in generator)


def parse_one_line(text):
    """The generators of family_generators' text, by name."""
    generators = {}
    for line in text.splitlines():
        name, points = line.rsplit(":", 1)
        generators[name] = [int(point) for point in points.split()]
    return generators


def python_layers(generators, *starts):
    """A plain breadth-first search's layer sizes from the starts, and each
    state's distance."""
    distance = {tuple(start): 0 for start in starts}
    layer = list(distance)
    sizes = []
    while layer:
        sizes.append(len(layer))
        following = []
        for state in layer:
            for generator in generators.values():
                moved = apply(generator, state)
                if moved not in distance:
                    distance[moved] = distance[state] + 1
                    following.append(moved)
        layer = following
    return sizes, distance


# The repository, whose data files the tests read.
REPO = pathlib.Path(__file__).resolve().parents[3]

FAMILIES = ["lrx", "lx", "coxeter", "cyclic-coxeter", "transpositions", "star", "pancake",
            "topspin", "reversals", "burnt-pancake"]


def test_generators_of_every_family_enumerate_as_a_python_bfs():
    assert statespace.family_generators("lrx", 4) == "L: 1 2 3 0\nR: 3 0 1 2\nX: 1 0 2 3\n"
    for name in FAMILIES:
        size = 3 if name == "burnt-pancake" else 6
        text = statespace.family_generators(name, size)
        generators = parse_one_line(text)
        points = len(next(iter(generators.values())))
        sizes, _ = python_layers(generators, range(points))
        assert statespace.enumerate_generators(text).sizes == sizes, name
        if name != "burnt-pancake":
            assert statespace.enumerate_puzzle(name, size).sizes == sizes, name


def test_pattern_databases_find_words_as_short_as_breadth_first_search(tmp_path):
    text = statespace.family_generators("lrx", 6)
    generators = parse_one_line(text)
    _, distance = python_layers(generators, range(6))
    for state, moves in list(distance.items())[::23]:
        word = statespace.solve_generators(text, list(state), pdb_dir=tmp_path, pdb_size=300)
        assert len(word) == moves, state
        for name in word:
            state = apply(generators[name], state)
        assert state == tuple(range(6))
    assert any(path.suffix == ".table" for path in tmp_path.iterdir())
    assert statespace.solve_generators("a: (1,2,3)\nb: (2,3,4)", [1, 0, 2, 3], pdb_dir=tmp_path) is None
    with pytest.raises(ValueError, match=r"^pdb_size: tables of 1 bytes in all cannot hold"):
        statespace.solve_generators(text, [1, 0, 2, 3, 4, 5], pdb_dir=tmp_path, pdb_size=1)
    with pytest.raises(ValueError, match=r"^start: pattern databases are built for a start that holds the points 0 to n - 1"):
        statespace.solve_generators(text, [1, 0, 0, 1, 1, 0], start=[0, 0, 0, 1, 1, 1], pdb_dir=tmp_path)
    with pytest.raises(ValueError, match=r"^max_nodes bounds the search of pdb_dir"):
        statespace.solve_generators(text, [1, 0, 2, 3, 4, 5], max_nodes=10)
    with pytest.raises(statespace.LimitError, match="nodes"):
        statespace.solve_generators(text, [5, 4, 3, 2, 1, 0], pdb_dir=tmp_path, pdb_size=40, max_nodes=2)
    with pytest.raises(TypeError, match="pdb_dir"):
        statespace.solve_generators(text, [0, 1, 2, 3, 4, 5], pdb_dir=3)


def test_a_coset_graph_is_the_pocket_cube_of_coloured_stickers():
    # 24 stickers, 6 colours, turned by three faces: the published layers
    # in quarter turns, and the deepest position 14 quarter turns away.
    text = (REPO / "crates/puzzles/data/pocket-cube-qtm.gap").read_text()
    cube = statespace.enumerate_generators(text)
    assert cube.sizes == [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588,
                          1350852, 782536, 90280, 276]
    word = statespace.solve_generators(text, cube.deepest[0])
    assert len(word) == 14
    moves = {}
    for line in text.splitlines():
        if line.startswith("M_"):
            name, cycles = line[2:].rstrip(";").split(":=")
            image = list(range(24))
            for cycle in cycles.strip("()").split(")("):
                points = [int(point) - 1 for point in cycle.split(",")]
                for at, point in enumerate(points):
                    image[points[(at + 1) % len(points)]] = point
            moves[name] = image
    state = tuple(cube.deepest[0])
    for name in word:
        state = apply(moves[name], state)
    assert list(state) == [face for face in range(6) for _ in range(4)]


def test_words_in_the_generators_are_shortest_and_legal():
    text = statespace.family_generators("lrx", 6)
    generators = parse_one_line(text)
    _, distance = python_layers(generators, range(6))
    for state, moves in list(distance.items())[::37]:
        word = statespace.solve_generators(text, list(state))
        assert len(word) == moves, state
        for name in word:
            state = apply(generators[name], state)
        assert state == tuple(range(6))
    # 3-cycles are even: an odd permutation has no word.
    assert statespace.solve_generators("a: (1,2,3)\nb: (2,3,4)", [1, 0, 2, 3]) is None
    assert statespace.solve_generators("a: (1,2)", [0, 1], start=[1, 0]) == ["a"]
    # Tuples serve as lists do.
    assert statespace.solve_generators("a: (1,2)", (0, 1), start=(1, 0)) == ["a"]
    beads = statespace.enumerate_generators(text, start=[0, 0, 0, 1, 1, 1], max_depth=3)
    assert (beads.sizes, beads.complete) == ([1, 2, 3, 4], False)
    with pytest.raises(ValueError, match=r"^generators: line 2: generator b moves 2 points, not 3$"):
        statespace.enumerate_generators("a: 1 0 2\nb: 1 0")
    with pytest.raises(ValueError, match=r"^state: 0 0 1 2 3 4 is not an arrangement of the start's items, 0 1 2 3 4 5$"):
        statespace.solve_generators(text, [0, 0, 1, 2, 3, 4])
    with pytest.raises(statespace.LimitError, match="memory"):
        statespace.enumerate_generators(statespace.family_generators("lrx", 14))


def test_what_a_fault_run_broke_in_the_generators_stays_mended():
    # A generator called Gen is one: S3's layers, not a lone swap's.
    assert statespace.enumerate_generators("Gen: 1 0 2\nA: 0 2 1").sizes == [1, 2, 2, 1]
    with pytest.raises(ValueError, match=r"generator A is empty"):
        statespace.enumerate_generators("A:\n")
    # Several starts, and the inverses added: against the Python BFS.
    text = "L: 1 2 3 4 0\nX: 1 0 2 3 4\n"
    generators = parse_one_line(text)
    both = [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]]
    sizes, _ = python_layers(generators, *both)
    assert statespace.enumerate_generators(text, start=both).sizes == sizes
    closed = dict(generators, **{"L'": tuple(generators["L"].index(i) for i in range(5))})
    sizes, _ = python_layers(closed, range(5))
    assert statespace.enumerate_generators(text, inverse_closed=True).sizes == sizes
    with pytest.raises(ValueError, match=r"^start\[1\] has 3 items, for generators of 5 points$"):
        statespace.enumerate_generators(text, start=[[0, 1, 2, 3, 4], [0, 1, 2]])
    with pytest.raises(ValueError, match=r"^start: 0 0 1 2 3 is not an arrangement"):
        statespace.enumerate_generators(text, start=[[0, 1, 2, 3, 4], [0, 0, 1, 2, 3]])
    # The same answer as the command line's, for a table that cannot fit
    # but layers to a depth that can.
    near = statespace.enumerate_puzzle("lrx", 14, max_depth=5)
    assert (near.sizes, near.complete) == ([1, 3, 6, 12, 24, 48], False)
    with pytest.raises(statespace.LimitError, match="80.9 TiB"):
        statespace.enumerate_puzzle("lrx", 17)
    with pytest.raises(ValueError, match="257"):
        statespace.enumerate_puzzle("lrx", 257)


def test_symmetries_fold_the_layers_and_count_what_they_stand_for():
    # The cube's file to depth 4: the published positions, and the
    # classes of its 48 symmetries (96 with the inverse).
    text = (REPO / "crates/puzzles/data/cube-3x3x3-htm.txt").read_text()
    cube = statespace.enumerate_generators(text, max_depth=4)
    assert cube.sizes == [1, 18, 243, 3240, 43239]
    assert cube.classes == [1, 2, 9, 75, 934]
    assert statespace.enumerate_generators(text, max_depth=4, inverse=True).classes == [1, 2, 8, 48, 509]
    plain = statespace.enumerate_generators(text, max_depth=4, symmetries=False)
    assert (plain.sizes, plain.classes) == (cube.sizes, None)
    # Against a plain BFS: Coxeter's swaps of 6 and the reversal.
    swaps = statespace.family_generators("coxeter", 6)
    sizes, distance = python_layers(parse_one_line(swaps), range(6))
    mirrored = statespace.enumerate_generators(swaps + "sym: 5 4 3 2 1 0\n", inverse=True)
    assert mirrored.sizes == sizes
    classes = [0] * len(sizes)
    seen = set()
    for state, depth in distance.items():
        inverse = tuple(state.index(i) for i in range(6))
        mirror = lambda s: tuple(5 - s[5 - i] for i in range(6))
        first = min([state, inverse, mirror(state), mirror(inverse)])
        if first not in seen:
            seen.add(first)
            classes[depth] += 1
    assert mirrored.classes == classes
    with pytest.raises(ValueError, match="symmetry sym 1 maps generator"):
        statespace.enumerate_generators(swaps + "sym: 1 2 3 4 5 0\n")
    with pytest.raises(ValueError, match="which symmetries=False leaves out"):
        statespace.enumerate_generators(swaps, symmetries=False, inverse=True)
    with pytest.raises(ValueError, match="a `sym:` line is empty"):
        statespace.enumerate_generators(swaps + "sym:\n")


def test_ctrl_c_while_generators_are_read_stops_the_call():
    # A child reads a million generators over and over, until the
    # SIGINT sent once it says it has begun: whatever it was doing then
    # (reading the text, searching, between calls), KeyboardInterrupt
    # ends it, and nothing is left unraised.
    script = """
import statespace
text = "".join(f"g{i}: 1 0 2\\n" for i in range(1_000_000))
try:
    # Said within the try: a SIGINT that comes at once is caught too.
    print("reading", flush=True)
    while True:
        statespace.enumerate_generators(text)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout.readline() == "reading\n"
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=600)
    assert (child.returncode, out, err) == (0, "interrupted\n", "")


def test_water_jugs_match_a_python_bfs():
    layers = statespace.enumerate_space((0, 0), pours)
    seen = {(0, 0)}
    queue = deque([(0, 0)])
    while queue:
        for nxt in pours(queue.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    assert layers.states == len(seen) == 16
    path = statespace.bfs((0, 0), pours, lambda state: 4 in state)
    assert len(path) - 1 == len(python_bfs((0, 0), pours, lambda state: 4 in state)) - 1 == 6


def test_several_starts_and_both_ends():
    path = statespace.bfs([(0, 0), (7, 6)], knight, lambda square: square == (7, 7))
    assert path[0] == (7, 6) and len(path) == 4
    assert statespace.bfs([], knight, lambda square: True) is None
    rng = random.Random(126)
    edges = {n: rng.sample(range(60), 3) for n in range(60)}
    back = {n: [m for m in range(60) if n in edges[m]] for n in range(60)}
    for goal in range(60):
        forward = statespace.bfs(0, edges.__getitem__, lambda n: n == goal)
        both = statespace.bidirectional_bfs(0, goal, edges.__getitem__, back.__getitem__)
        assert (forward is None) == (both is None)
        if both is not None:
            assert len(both) == len(forward) and both[0] == 0 and both[-1] == goal
            for a, b in zip(both, both[1:]):
                assert b in edges[a]
    # Undirected: successors serve both ways.
    assert statespace.bidirectional_bfs((0, 0), (7, 7), knight)[-1] == (7, 7)


def test_states_are_compared_by_python_equality():
    # 1 and 1.0 are one state to Python, and so to the search.
    layers = statespace.enumerate_space(1, lambda n: [1.0, 2] if n == 1 else [])
    assert layers.sizes == [1, 1]


# --- errors ------------------------------------------------------------------


def test_bad_boards_and_names_raise_value_error():
    with pytest.raises(ValueError, match="the board has no blank"):
        statespace.sliding_puzzle([[1, 2], [3, 3]])
    with pytest.raises(ValueError, match=r"row 2 has 1 cell, but row 1 has 2"):
        statespace.sliding_puzzle([[1, 0], [2]])
    with pytest.raises(ValueError, match="not a tile of this board"):
        statespace.solve([[1, 2, 3], [4, 0, 9]])
    with pytest.raises(ValueError, match="'dfs' is not an algorithm"):
        statespace.solve([[1, 2, 3], [4, 0, 5]], algorithm="dfs")
    with pytest.raises(ValueError, match="is not supported"):
        statespace.enumerate(1, 9)
    with pytest.raises(ValueError, match="the board is 2x3 but the goal is 3x3"):
        statespace.solve([[1, 2, 3], [4, 0, 5]], goal=[[1, 2, 3], [4, 5, 6], [7, 8, 0]])


def test_an_exception_in_a_callable_propagates_unchanged():
    class Boom(Exception):
        pass

    raised = Boom("no neighbours for 5")

    def successors(n):
        if n == 5:
            raise raised
        return [n + 1]

    with pytest.raises(Boom) as caught:
        statespace.bfs(0, successors, lambda n: n == 10)
    assert caught.value is raised
    # From the sorted engine's threads, as from the hashed search.
    with pytest.raises(Boom) as caught:
        statespace.enumerate_space(0, successors, int_states=True)
    assert caught.value is raised
    assert "successors" in "".join(traceback.format_tb(caught.value.__traceback__))

    with pytest.raises(ZeroDivisionError):
        statespace.bfs(0, lambda n: [n + 1], lambda n: 1 / (n - 3) > 100)
    with pytest.raises(TypeError, match=r"successors\(0\) gave a state that cannot be hashed.*unhashable type: 'list'"):
        statespace.bfs(0, lambda n: [[n]], lambda n: False)
    with pytest.raises(TypeError, match=r"successors\(0\) gave a state that cannot be hashed"):
        statespace.dijkstra(0, lambda n: [("up", [n], 1)], lambda n: False)
    with pytest.raises(TypeError, match=r"an estimate goes to astar"):
        statespace.dijkstra(0, lambda n: [("up", n + 1, 1)], lambda n: n == 3, lambda n: 3 - n)
    with pytest.raises(TypeError):
        statespace.enumerate_space(0, lambda n: 5)


def test_limits_raise_limit_error_with_the_rust_message():
    with pytest.raises(statespace.LimitError) as caught:
        statespace.bfs(0, lambda n: [n + 1], lambda n: False, max_states=100)
    assert str(caught.value) == "search reached its limit of 100 stored states without an answer"
    assert isinstance(caught.value, RuntimeError)
    with pytest.raises(statespace.LimitError, match="depth limit of 3 moves"):
        statespace.bfs(0, lambda n: [n + 1], lambda n: n == 10, max_depth=3)
    with pytest.raises(statespace.LimitError, match="limit of 50 stored states"):
        statespace.enumerate_space(0, lambda n: [n + 1], max_states=50)
    with pytest.raises(statespace.LimitError, match="memory"):
        statespace.enumerate(4, 4, max_memory=1 << 20)


# --- every bad argument of every function ------------------------------------

BOARD = [[4, 1, 2], [5, 0, 3]]
BOARD_4X4 = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]
WORDS = ["hot", "dot", "dog", "lot", "log", "cog"]


def succ(n):
    return [n + 1]


def weighted_succ(n):
    return [("+1", n + 1, 1)]


# For each function: arguments that work, then for each argument the bad
# values and the exception each must raise. A wrong type is a TypeError,
# a wrong value of the right type a ValueError; never an OverflowError.
COUNT = [(-1, ValueError), (2**70, ValueError), (1.5, TypeError), ("3", TypeError), (True, TypeError)]
BAD_ARGUMENTS = {
    "sliding_puzzle": (
        {"board": BOARD},
        {"board": [("412503", TypeError), (None, TypeError), (5, TypeError), (["412", "503"], TypeError),
                   ([[4, 1.0, 2], [5, 0, 3]], TypeError), ([[4, 1, 2**70], [5, 0, 3]], ValueError),
                   ([[4, 1, -2], [5, 0, 3]], ValueError), ([[4, 1, 2], [5, 0, 0]], ValueError),
                   ([[4, 1, 2], [5, 0]], ValueError), ([[0] * 5] * 5, ValueError)]},
    ),
    "solve": (
        {"board": BOARD},
        {"board": [("412503", TypeError), (None, TypeError), ([[4, 1, 2**70], [5, 0, 3]], ValueError)],
         "goal": [("123450", TypeError), ([[1, 2, 3], [4, 5, 0.0]], TypeError),
                  ([[1, 2, 3], [4, 5, 2**70]], ValueError), ([[1, 2], [3, 0]], ValueError)],
         "algorithm": [(None, TypeError), (5, TypeError), ("dfs", ValueError)],
         "heuristic": [(None, TypeError), (1.5, TypeError), ("pdb-99", ValueError)],
         "databases": [(5, TypeError), (b"pdbs", TypeError)]},
    ),
    "enumerate": (
        {"rows": 2, "cols": 3},
        {"rows": COUNT + [(None, TypeError), (100, ValueError)],
         "cols": COUNT + [(None, TypeError), (1, ValueError)],
         "max_memory": COUNT + [(None, TypeError)]},
    ),
    "open_lock": (
        {"deadends": ["0201"], "target": "0202"},
        {"deadends": [("0201", TypeError), (None, TypeError), ([201], TypeError), (["02a1"], ValueError),
                      (["02010"], ValueError)],
         "target": [(None, TypeError), (202, TypeError), (["0202"], TypeError), ("02021", ValueError),
                    ("-202", ValueError)]},
    ),
    "ladder_length": (
        {"begin": "hit", "end": "cog", "words": WORDS},
        {"begin": [(None, TypeError), (5, TypeError), ("hits", ValueError), ("", ValueError)],
         "end": [(None, TypeError), (["cog"], TypeError), ("cogs", ValueError), ("c0g", ValueError)],
         "words": [("hot", TypeError), (None, TypeError), ([1], TypeError), (["hot", "dots"], ValueError),
                   (["hot", ""], ValueError)]},
    ),
    "bfs": (
        {"start": 0, "successors": succ, "is_goal": lambda n: n == 3},
        {"start": [({}, TypeError), ([[1]], TypeError), ({1, 2}, TypeError)],
         "successors": [(5, TypeError), (None, TypeError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "max_states": COUNT,
         "max_depth": COUNT,
         "moves": [(1, TypeError), ("yes", TypeError)]},
    ),
    "bidirectional_bfs": (
        {"start": 0, "goal": 3, "successors": succ, "predecessors": lambda n: [n - 1]},
        {"start": [({}, TypeError), ([[0]], TypeError)],
         "goal": [({}, TypeError), ([[3]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError)],
         "predecessors": [(5, TypeError), ("n - 1", TypeError)],
         "max_states": COUNT},
    ),
    "dijkstra": (
        {"start": 0, "successors": weighted_succ, "is_goal": lambda n: n == 3},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError),
                        (lambda n: [("+1", n + 1, -1)], ValueError),
                        (lambda n: [("+1", n + 1, float("nan"))], ValueError),
                        (lambda n: [("+1", n + 1, float("inf"))], ValueError),
                        (lambda n: [("+1", n + 1, -0.5)], ValueError),
                        (lambda n: [("+1", n + 1, "1")], TypeError),
                        (lambda n: [("+1", n + 1, True)], TypeError),
                        (lambda n: [("+1", n + 1, 2**64)], ValueError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "max_states": COUNT},
    ),
    "astar": (
        {"start": 0, "successors": weighted_succ, "is_goal": lambda n: n == 3,
         "heuristic": lambda n: max(0, 3 - n)},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "heuristic": [(5, TypeError), (None, TypeError), (lambda n: -1, ValueError),
                       (lambda n: "0", TypeError), (lambda n: True, TypeError),
                       (lambda n: float("nan"), ValueError)],
         "weight": [(0.5, ValueError), (0, ValueError), (-2, ValueError), (float("nan"), ValueError),
                    ("2", TypeError), (True, TypeError)],
         "max_states": COUNT},
    ),
    "dijkstra_all": (
        {"start": 0, "successors": lambda n: [("+1", (n + 1) % 5, 1)]},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError),
                        (lambda n: [("+1", n + 1, -1)], ValueError)],
         "max_cost": [(-1, ValueError), (2**64, ValueError), (float("nan"), ValueError), ("1", TypeError),
                      (True, TypeError)],
         "max_states": COUNT},
    ),
    "greedy_best_first": (
        {"start": 0, "successors": weighted_succ, "is_goal": lambda n: n == 3,
         "heuristic": lambda n: max(0, 3 - n)},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "heuristic": [(5, TypeError), (None, TypeError), (lambda n: -1, ValueError),
                       (lambda n: "0", TypeError), (lambda n: True, TypeError)],
         "max_states": COUNT},
    ),
    # Layers wider than the beam, so that the estimate is asked.
    "beam_search": (
        {"start": 0, "successors": lambda n: [("+1", n + 1, 1), ("+2", n + 2, 1)],
         "is_goal": lambda n: n == 3, "heuristic": lambda n: max(0, 3 - n), "width": 1},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "heuristic": [(5, TypeError), (None, TypeError), (lambda n: -1, ValueError),
                       (lambda n: "0", TypeError), (lambda n: True, TypeError)],
         "width": [(0, ValueError), (-1, ValueError), (1.5, TypeError), ("3", TypeError), (None, TypeError)],
         "max_states": COUNT,
         "max_depth": COUNT},
    ),
    "k_cheapest_paths": (
        {"start": 0, "successors": weighted_succ, "is_goal": lambda n: n == 3, "k": 2},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "k": [(0, ValueError), (-1, ValueError), (1.5, TypeError), ("3", TypeError), (None, TypeError)],
         "max_states": COUNT},
    ),
    "all_cheapest_paths": (
        {"start": 0, "successors": weighted_succ, "is_goal": lambda n: n == 3},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError),
                        (lambda n: [("+1", n + 1, -1)], ValueError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "heuristic": [(5, TypeError), (lambda n: -1, ValueError), (lambda n: True, TypeError)],
         "max_paths": COUNT,
         "max_states": COUNT},
    ),
    "bidirectional_dijkstra": (
        {"start": 0, "goal": 3, "successors": weighted_succ, "predecessors": lambda n: [n - 1]},
        {"start": [({}, TypeError), ([[0]], TypeError)],
         "goal": [({}, TypeError), ([[3]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError),
                        (lambda n: [("+1", n + 1, float("nan"))], ValueError)],
         "predecessors": [(5, TypeError), ("n - 1", TypeError), (lambda n: [n + 1], ValueError)],
         "undirected": [(1, TypeError), ("yes", TypeError), (True, TypeError)],
         "max_states": COUNT},
    ),
    "ida_star": (
        {"start": 0, "successors": weighted_succ, "is_goal": lambda n: n == 3,
         "heuristic": lambda n: max(0, 3 - n)},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError), (succ, TypeError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "heuristic": [(5, TypeError), (None, TypeError), (lambda n: -1, ValueError),
                       (lambda n: float("inf"), ValueError), (lambda n: False, TypeError)],
         "max_depth": COUNT,
         "max_nodes": COUNT},
    ),
    "dfs": (
        {"start": 0, "successors": succ, "is_goal": lambda n: n == 3},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "max_states": COUNT},
    ),
    "iddfs": (
        {"start": 0, "successors": succ, "is_goal": lambda n: n == 3},
        {"start": [({}, TypeError), ([[1]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError)],
         "is_goal": [("3", TypeError), (None, TypeError), (lambda n: 1, TypeError)],
         "max_depth": COUNT,
         "max_nodes": COUNT},
    ),
    "enumerate_puzzle": (
        {"name": "coxeter", "size": 4},
        {"name": [(5, TypeError), (None, TypeError), ("rubik", ValueError)],
         "size": COUNT + [(None, TypeError)],
         "max_memory": COUNT + [(None, TypeError)],
         "max_depth": COUNT},
    ),
    "family_generators": (
        {"name": "lrx", "size": 4},
        {"name": [(5, TypeError), (None, TypeError), ("rubik", ValueError)],
         "size": COUNT + [(None, TypeError), (1, ValueError)]},
    ),
    "enumerate_generators": (
        {"generators": "L: 1 2 0\nX: (1,2)"},
        {"generators": [(5, TypeError), (None, TypeError), ("L 1 2 0", ValueError)],
         "start": [(5, TypeError), ("0 1 2", TypeError), ([0, 1], ValueError),
                   ([0, 1, 256], ValueError), ([0, 1, -1], ValueError),
                   ([[0, 1, 2], "0 1 2"], TypeError), ([[0, 1, 2], [0, 1]], ValueError)],
         "inverse_closed": [(1, TypeError), ("yes", TypeError)],
         "symmetries": [(1, TypeError), ("yes", TypeError)],
         "inverse": [(1, TypeError), ("yes", TypeError)],
         "max_memory": COUNT + [(None, TypeError)],
         "max_depth": COUNT},
    ),
    "solve_generators": (
        {"generators": "L: 1 2 0\nX: (1,2)", "state": [2, 0, 1]},
        {"generators": [(5, TypeError), (None, TypeError), ("L 1 2 0", ValueError)],
         "state": [(5, TypeError), (None, TypeError), ([0, 1], ValueError),
                   ([0, 1, 256], ValueError)],
         "start": [(5, TypeError), ([0, 1], ValueError)],
         "max_states": COUNT + [(None, TypeError)],
         "max_memory": COUNT + [(None, TypeError)],
         "pdb_dir": [(5, TypeError), (b"tables", TypeError)],
         "pdb_size": COUNT + [(None, TypeError)],
         "max_nodes": COUNT},
    ),
    "enumerate_space": (
        {"start": 0, "successors": lambda n: [(n + 1) % 5]},
        {"start": [({}, TypeError), ([[0]], TypeError)],
         "successors": [(5, TypeError), (None, TypeError)],
         "max_states": COUNT,
         "max_depth": COUNT,
         "int_states": [(1, TypeError), ("yes", TypeError)],
         "max_memory": COUNT + [(None, TypeError)]},
    ),
}



def vector_ring(states):
    """A ring of 5 int states, as the vectorized searches take it."""
    import numpy

    return numpy.stack([(states + 1) % 5], axis=1)


for name, good in [
    ("vector_bfs", {"start": 0, "successors": vector_ring, "goal": 3}),
    ("vector_bidirectional_bfs", {"start": 0, "goal": 3, "successors": vector_ring,
                                  "predecessors": lambda states: (vector_ring(states) + 3) % 5}),
    ("vector_enumerate", {"start": 0, "successors": vector_ring}),
]:
    STATE = [("0", TypeError), (None, TypeError), (-1, ValueError), (2**63, ValueError), (1.5, TypeError)]
    bad = {"start": STATE, "successors": [(5, TypeError), (None, TypeError),
                                          (lambda states: states, ValueError)],
           "max_states": COUNT}
    if "goal" in good:
        bad["goal"] = STATE
    if name == "vector_enumerate":
        bad["max_depth"] = COUNT
        bad["max_memory"] = COUNT + [(None, TypeError)]
    if "predecessors" in good:
        bad["predecessors"] = [(5, TypeError), (lambda states: [["x"]], TypeError)]
        bad["undirected"] = [(1, TypeError), ("yes", TypeError)]
    BAD_ARGUMENTS[name] = (good, bad)

# find_ladders reads its arguments as ladder_length does.
BAD_ARGUMENTS["find_ladders"] = BAD_ARGUMENTS["ladder_length"]


def test_the_table_of_bad_arguments_covers_every_function_and_argument():
    import inspect

    functions = {name for name in dir(statespace)
                 if callable(getattr(statespace, name)) and not name.startswith("_")
                 and not isinstance(getattr(statespace, name), type)}
    assert functions == set(BAD_ARGUMENTS)
    for name, (_, bad) in BAD_ARGUMENTS.items():
        assert set(bad) == set(inspect.signature(getattr(statespace, name)).parameters), name


@pytest.mark.parametrize("function", sorted(BAD_ARGUMENTS))
def test_every_bad_argument_raises_an_error_that_names_it(function):
    good, bad = BAD_ARGUMENTS[function]
    call = getattr(statespace, function)
    call(**good)  # the arguments that work do
    for argument, cases in bad.items():
        for value, expected in cases:
            with pytest.raises(Exception) as caught:
                call(**{**good, argument: value})
            assert type(caught.value) is expected, (function, argument, value, caught.value)
            assert argument in str(caught.value), (function, argument, value, str(caught.value))


def test_argument_errors_read_well():
    with pytest.raises(ValueError, match=r"^max_states must be at least 0, not -1$"):
        statespace.bfs(0, succ, bool, max_states=-1)
    with pytest.raises(ValueError, match=r"^rows must be at most 18446744073709551615, not 1180591620717411303424$"):
        statespace.enumerate(2**70, 3)
    with pytest.raises(TypeError, match=r"^max_depth must be an int, not float$"):
        statespace.bfs(0, succ, bool, max_depth=1.5)
    with pytest.raises(TypeError, match=r"^board must be a list of rows of ints, not str$"):
        statespace.sliding_puzzle("4 1 2 / 5 0 3")
    with pytest.raises(ValueError, match=r"^board: row 1, column 3: 1180591620717411303424 is not a tile of this board$"):
        statespace.sliding_puzzle([[4, 1, 2**70], [5, 0, 3]])
    with pytest.raises(TypeError, match=r"^start: unhashable type: 'dict'$") as caught:
        statespace.bfs({}, succ, bool)
    assert isinstance(caught.value.__cause__, TypeError)
    with pytest.raises(ValueError, match=r"^deadends: code '02a1': character 3 is not a digit from 0 to 9$"):
        statespace.open_lock(["02a1"], "0202")
    with pytest.raises(ValueError, match=r"^end: word 'cogs' has 4 letters, expected 3$"):
        statespace.ladder_length("hit", "cogs", WORDS)
    with pytest.raises(TypeError, match=r"^successors must return an iterable of states, but it returned int for 0$"):
        statespace.bfs(0, lambda n: 5, bool)


# --- limits on what one call may give -----------------------------------------


def counted(iterator, taken, most=100_000):
    """`iterator`, counting in taken[0] how many items were read, and
    failing past `most`, so that a search that reads on fails fast rather
    than filling the memory."""
    for item in iterator:
        taken[0] += 1
        if taken[0] > most:
            raise AssertionError(f"the search read more than {most} states from one call")
        yield item


@pytest.mark.parametrize("search", [
    lambda successors: statespace.bfs(-1, successors, lambda s: False, max_states=1000),
    lambda successors: statespace.enumerate_space(-1, successors, max_states=1000),
    lambda successors: statespace.bidirectional_bfs(-1, -2, successors, max_states=1000),
    lambda successors: statespace.bidirectional_bfs(-1, -2, lambda s: [s - 1], successors, max_states=1000),
])
def test_an_endless_successor_iterator_stops_at_max_states(search):
    taken = [0]
    with pytest.raises(statespace.LimitError, match=r"limit of 1000 stored states .*gave more states than that"):
        search(lambda s: counted(itertools.count(), taken))
    # The iterator is read no further than one state past the limit.
    assert taken[0] == 1001


def test_a_call_may_give_as_many_states_as_the_limit():
    layers = statespace.enumerate_space(0, lambda n: iter(range(1, 5)) if n == 0 else iter(()), max_states=5)
    assert layers.sizes == [1, 4]
    path = statespace.bfs(1, lambda n: (m for m in (n + 1, n * 2)), lambda n: n == 100)
    assert path == [1, 2, 3, 6, 12, 24, 25, 50, 100]


# --- exceptions raised by a state's __eq__ -----------------------------------


class Boom(Exception):
    pass


def colliding(raise_in_eq):
    """A state class whose states all hash alike, and whose __eq__ counts
    its calls and raises `raise_in_eq`."""

    class Colliding:
        calls = 0

        def __init__(self, n):
            self.n = n

        def __hash__(self):
            return 7

        def __eq__(self, other):
            Colliding.calls += 1
            raise raise_in_eq

        def __repr__(self):
            return f"Colliding({self.n})"

    return Colliding


# max_states only bounds a search that would swallow the exception: with
# every state colliding, 1,000 states take half a million __eq__ calls.
@pytest.mark.parametrize("search", [
    lambda S: statespace.bfs(S(0), lambda s: [S(s.n + 1), S(s.n + 2)], lambda s: False, max_states=1000),
    lambda S: statespace.enumerate_space(S(0), lambda s: [S(s.n + 1), S(s.n + 2)], max_states=1000),
    lambda S: statespace.bidirectional_bfs(S(0), S(-1), lambda s: [S(s.n + 1), S(s.n - 1)], max_states=1000),
])
def test_an_exception_in_eq_stops_the_search_and_propagates(search):
    raised = Boom("cannot compare")
    S = colliding(raised)
    with pytest.raises(Boom) as caught:
        search(S)
    assert caught.value is raised
    assert S.calls == 1

    S = colliding(KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        search(S)
    assert S.calls == 1


def test_an_eq_exception_caught_inside_a_callable_stays_there():
    # A search started (and failing) inside another's callable does not
    # fail the outer search.
    S = colliding(Boom("inner"))

    def successors(n):
        try:
            statespace.bfs(S(0), lambda s: [S(1)], lambda s: False, max_states=1000)
        except Boom:
            pass
        return [n + 1]

    assert statespace.bfs(0, successors, lambda n: n == 5) == [0, 1, 2, 3, 4, 5]
    assert S.calls == 5


# --- Ctrl-C ------------------------------------------------------------------


def interrupted_inside(call):
    """Calls `call`, a call of one statespace function, and sends this
    process SIGINT 0.3 s after it begins. True when the call raised
    KeyboardInterrupt and Python's handler ran after the function was
    entered and before it returned, so the package looked for signals
    while it worked (a package that ignored them would return its answer,
    and Python would run the handler only then). Decided by the order of
    events, so a slow machine cannot fail it."""
    entered_and_returned = [False, False]
    verdicts = []

    def boundary(event, arg):
        # The call's own entry and exit, as the profiler sees a builtin.
        return event in ("c_call", "c_return", "c_exception") and str(
            getattr(arg, "__module__", "")
        ).startswith("statespace")

    def profile(frame, event, arg):
        if boundary(event, arg):
            entered_and_returned[event != "c_call"] = True

    def handler(signum, frame):
        # A signal that comes after the call is settled is dropped, not
        # raised in the middle of pytest.
        if verdicts:
            return
        # Python may run the handler inside `profile` itself (a custom
        # search calls back into Python all the time), and then an
        # exception ends profiling: so the verdict is taken here. Inside
        # `profile` at the call's own entry or exit is not inside the call.
        at_boundary = False
        while frame is not None:
            if frame.f_code is profile.__code__:
                at_boundary = boundary(frame.f_locals["event"], frame.f_locals["arg"])
                break
            frame = frame.f_back
        entered, returned = entered_and_returned
        verdicts.append(entered and not returned and not at_boundary)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    sys.setprofile(profile)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        sys.setprofile(None)
        verdicts.append(False)
        timer.cancel()
        timer.join()
        signal.signal(signal.SIGINT, previous)
    return verdicts[0]


def test_ctrl_c_stops_enumerate():
    # The whole 3x4 enumeration takes about 9 s on two cores.
    assert interrupted_inside(lambda: statespace.enumerate(3, 4))
    # The package still works afterwards.
    assert sum(statespace.enumerate(2, 3)) == 360


def test_ctrl_c_stops_solve():
    # Korf's third instance, by IDA* with Manhattan distances: about 8 s.
    board = [[14, 7, 8, 2], [13, 11, 10, 4], [9, 12, 5, 0], [3, 6, 1, 15]]
    goal = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    assert interrupted_inside(lambda: statespace.solve(board, goal=goal, heuristic="manhattan"))
    assert len(statespace.solve([[1, 2, 3], [4, 0, 5]])) == 1


def test_ctrl_c_stops_a_custom_search():
    # Unbounded, the naturals would be searched until 5 million states.
    assert interrupted_inside(lambda: statespace.bfs(0, succ, lambda n: False, max_states=5_000_000))


def test_ctrl_c_stops_vector_enumerate():
    np = pytest.importorskip("numpy")
    # A ring of 10^8 states: 5 x 10^7 layers of two, minutes of them.
    ring = lambda n: np.stack([(n + 1) % 10**8, (n - 1) % 10**8], axis=1)  # noqa: E731
    assert interrupted_inside(lambda: statespace.vector_enumerate(0, ring))
    assert statespace.vector_enumerate(0, ring, max_depth=2).sizes == [1, 2, 2]


# --- bidirectional search against a predecessors that disagrees ---------------


def test_predecessors_that_disagree_raise_value_error():
    with pytest.raises(ValueError, match=r"^predecessors disagrees with successors: 1 is among successors\(0\) "
                                         r"but 0 is not among predecessors\(1\)$"):
        statespace.bidirectional_bfs(0, 10, lambda s: [s + 1], lambda s: [])
    # Left out, predecessors are the successors, which must then be
    # symmetric.
    with pytest.raises(ValueError, match=r"^successors is not symmetric, so predecessors must be given"):
        statespace.bidirectional_bfs(0, 10, lambda s: [s + 1])
    # A wrong predecessor that the samples miss (it is not the first one
    # given) but the path uses: 90's predecessors claim 0. search-core
    # finds each backward step again among the successors.
    with pytest.raises(ValueError, match=r"^state space reported a predecessor whose successors do not lead back$"):
        statespace.bidirectional_bfs(0, 100, lambda s: [s + 1], lambda s: [s - 1] + ([0] if s == 90 else []))
    # Agreeing callables still answer.
    assert statespace.bidirectional_bfs(0, 10, lambda s: [s + 1], lambda s: [s - 1]) == list(range(11))


# --- pattern databases --------------------------------------------------------


def test_5x5_boards_are_solved_and_their_database_is_asked_for(tmp_path):
    goal = [list(range(row * 5, row * 5 + 5)) for row in range(5)]
    # Five slides from the goal: down, down, right, down, down.
    board = [[5, 1, 2, 3, 4], [10, 6, 7, 8, 9], [11, 16, 12, 13, 14], [15, 21, 17, 18, 19], [20, 0, 22, 23, 24]]
    solution = statespace.solve(board, goal=goal)
    assert len(solution.moves) == 5 and solution.boards[-1] == goal
    with pytest.raises(ValueError, match=r"^heuristic: 'pdb-6666' needs the 6-6-6-6 pattern databases.*puzzles pdb build 5x5"):
        statespace.solve(board, goal=goal, heuristic="pdb-6666")
    with pytest.raises(ValueError, match=r"^databases: .* has no pattern database for this goal \(looked for pdb-6-6-6-6-v3-5x5-0\.1\.2"):
        statespace.solve(board, goal=goal, heuristic="pdb-6666", databases=tmp_path)


def test_pdb_78_is_never_built_silently(tmp_path):
    # In a process of its own, so that a build (minutes, 1.6 GB) would
    # end in a hang guard, not in the test run; the answer is the error.
    script = (
        "import statespace\n"
        f"try: statespace.solve({BOARD_4X4!r}, heuristic='pdb-78')\n"
        "except ValueError as error: print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert re.match(r"heuristic: 'pdb-78' needs the 7-8 pattern databases.*puzzles pdb build 4x4", done.stdout)
    with pytest.raises(ValueError, match=r"^heuristic: the 7-8 pattern database is for 4x4 boards, not 3x3$"):
        statespace.solve([[1, 2, 3], [4, 5, 6], [7, 0, 8]], heuristic="pdb-78", algorithm="idastar")
    name = "pdb-7-8-v3-4x4-1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.0.bin"
    with pytest.raises(ValueError, match=rf"^databases: .* has no pattern database for this goal \(looked for {name}\)"):
        statespace.solve(BOARD_4X4, heuristic="pdb-78", databases=tmp_path)
    (tmp_path / name).write_bytes(b"not a database")
    with pytest.raises(ValueError, match=r"^databases: .*is not a pattern database"):
        statespace.solve(BOARD_4X4, heuristic="pdb-78", databases=str(tmp_path))
    # Other heuristics need no database, and smaller boards read none.
    assert statespace.solve(BOARD_4X4, heuristic="linear-conflict").moves == ["right"]
    assert len(statespace.solve(BOARD, databases=tmp_path / "absent")) == 5


def test_a_search_pauses_the_garbage_collector_and_restores_it():
    import gc

    seen = []

    def successors(n):
        seen.append(gc.isenabled())
        return [n + 1] if n < 5 else []

    assert gc.isenabled()
    assert statespace.bfs(0, successors, lambda n: n == 5) == [0, 1, 2, 3, 4, 5]
    assert seen and not any(seen)
    assert gc.isenabled()

    # Restored however the search ends, and left alone when already off.
    def failing(n):
        raise KeyError(n)

    with pytest.raises(KeyError):
        statespace.enumerate_space(0, failing)
    assert gc.isenabled()
    gc.disable()
    try:
        assert len(statespace.bidirectional_bfs(0, 3, lambda n: [n - 1, n + 1])) == 4
        assert not gc.isenabled()
    finally:
        gc.enable()


def plain_dijkstra(start, successors, goal):
    """The textbook heapq loop: the cheapest cost from start to goal."""
    import heapq

    best = {start: 0}
    heap = [(0, 0, start)]
    tie = 1
    while heap:
        cost, _, state = heapq.heappop(heap)
        if cost > best[state]:
            continue
        if state == goal:
            return cost
        for _, nxt, step in successors(state):
            if cost + step < best.get(nxt, float("inf")):
                best[nxt] = cost + step
                heapq.heappush(heap, (cost + step, tie, nxt))
                tie += 1
    return None


def test_dijkstra_and_astar_agree_with_a_plain_heapq_search_on_random_graphs():
    rng = random.Random(28)
    for _ in range(200):
        nodes = rng.randrange(1, 25)
        edges = {n: [(f"{n}>{m}", m, rng.choice([0, 1, 2, 5, 9]))
                     for m in rng.sample(range(nodes), rng.randrange(0, min(nodes, 4) + 1))]
                 for n in range(nodes)}
        start, goal = rng.randrange(nodes), rng.randrange(nodes)
        expected = plain_dijkstra(start, edges.__getitem__, goal)
        # An admissible estimate: the true distance to the goal, scaled down.
        to_goal = {n: plain_dijkstra(n, edges.__getitem__, goal) for n in range(nodes)}
        estimate = lambda n: (to_goal[n] or 0) // 2  # noqa: E731
        # IDA* on small graphs, with every cost positive: it skips states
        # already on its path, so it ends, with None when the goal cannot
        # be reached, and no limit is needed.
        if nodes <= 8:
            positive = {n: [(label, m, max(c, 1)) for label, m, c in out] for n, out in edges.items()}
            ida_expected = plain_dijkstra(start, positive.__getitem__, goal)
            found = statespace.ida_star(start, positive.__getitem__, lambda n: n == goal, heuristic=lambda n: 0)
            assert (found.cost if found else None) == ida_expected
            if found:
                assert len(set(found.states)) == len(found.states)
        for path in [statespace.dijkstra(start, edges.__getitem__, lambda n: n == goal),
                     statespace.astar(start, edges.__getitem__, lambda n: n == goal, heuristic=estimate)]:
            if expected is None:
                assert path is None
                continue
            assert path.cost == expected
            assert (path.states[0], path.states[-1]) == (start, goal)
            assert len(path.moves) == len(path.states) - 1
            walked = 0
            for here, move, there in zip(path.states, path.moves, path.states[1:]):
                step = [c for label, m, c in edges[here] if label == move and m == there]
                assert step, (here, move, there)
                walked += step[0]
            assert walked == path.cost


def plain_costs(start, successors):
    """The textbook heapq loop run to the end: every reachable state's
    cheapest cost."""
    import heapq

    best = {start: 0}
    heap = [(0, 0, start)]
    tie = 1
    while heap:
        cost, _, state = heapq.heappop(heap)
        if cost > best[state]:
            continue
        for _, nxt, step in successors(state):
            if cost + step < best.get(nxt, float("inf")):
                best[nxt] = cost + step
                heapq.heappush(heap, (cost + step, tie, nxt))
                tie += 1
    return best


def random_weighted_graph(rng, most_cost):
    nodes = rng.randrange(1, 25)
    # Directed: an edge n -> m has no m -> n unless drawn too.
    return {n: [(f"{n}>{m}", m, rng.randrange(0, most_cost + 1))
                for m in rng.sample(range(nodes), rng.randrange(0, min(nodes, 4) + 1))]
            for n in range(nodes)}


def test_dijkstra_all_agrees_with_a_plain_heapq_search_on_random_graphs():
    rng = random.Random(39)
    for most_cost in [9, 100_000]:
        for _ in range(150):
            edges = random_weighted_graph(rng, most_cost)
            undirected = {n: [] for n in edges}
            for n, out in edges.items():
                for label, m, cost in out:
                    undirected[n].append((label, m, cost))
                    undirected[m].append((label + "'", n, cost))
            for graph in [edges, undirected]:
                start = rng.randrange(len(graph))
                expected = plain_costs(start, graph.__getitem__)
                found = statespace.dijkstra_all(start, graph.__getitem__)
                assert found == expected
                assert list(found.values()) == sorted(found.values())
                bound = rng.randrange(0, 3 * most_cost)
                within = statespace.dijkstra_all(start, graph.__getitem__, max_cost=bound)
                assert within == {state: cost for state, cost in expected.items() if cost <= bound}


def test_greedy_best_first_finds_a_legal_path_exactly_when_one_exists():
    rng = random.Random(40)
    for _ in range(300):
        edges = random_weighted_graph(rng, 9)
        start, goal = rng.randrange(len(edges)), rng.randrange(len(edges))
        reachable = plain_costs(start, edges.__getitem__)
        # Any estimate will do for greedy search; this one is often wrong.
        estimate = {n: rng.randrange(0, 300) for n in edges}
        path = statespace.greedy_best_first(start, edges.__getitem__, lambda n: n == goal,
                                            heuristic=estimate.__getitem__)
        if goal not in reachable:
            assert path is None
            continue
        assert (path.states[0], path.states[-1]) == (start, goal)
        assert len(set(path.states)) == len(path.states)
        walked = 0
        for here, move, there in zip(path.states, path.moves, path.states[1:]):
            step = [c for label, m, c in edges[here] if label == move and m == there]
            assert step, (here, move, there)
            walked += step[0]
        assert path.cost == walked >= reachable[goal]


def test_beam_search_is_breadth_first_search_when_the_beam_holds_every_state():
    rng = random.Random(43)
    for _ in range(300):
        edges = random_weighted_graph(rng, 9)
        start, goal = rng.randrange(len(edges)), rng.randrange(len(edges))
        unit = {n: [(label, m, 1) for label, m, _ in out] for n, out in edges.items()}
        shortest = statespace.bfs(start, lambda n: [m for _, m, _ in unit[n]], lambda n: n == goal)
        estimate = {n: rng.randrange(0, 300) for n in edges}
        for width in [1, 2, len(edges)]:
            path = statespace.beam_search(start, unit.__getitem__, lambda n: n == goal,
                                          heuristic=estimate.__getitem__, width=width)
            if width == len(edges):
                # Every layer fits: the shortest path's length, or None.
                assert (path.cost if path else None) == (len(shortest) - 1 if shortest else None)
            if path is None:
                continue
            assert shortest is not None
            assert (path.states[0], path.states[-1]) == (start, goal)
            assert all(any(m == b for _, m, _ in unit[a]) for a, b in zip(path.states, path.states[1:]))
            assert path.cost == len(path.states) - 1 >= len(shortest) - 1


def loopless_path_costs(start, edges, goal):
    """The cost of every path from start to goal that visits no state
    twice and meets the goal only at its end, by brute force."""
    costs = []

    def walk(state, seen, cost):
        if state == goal:
            costs.append(cost)
            return
        for _, nxt, step in edges[state]:
            if nxt not in seen:
                walk(nxt, seen | {nxt}, cost + step)

    walk(start, {start}, 0)
    return sorted(costs)


def test_k_cheapest_paths_agree_with_brute_force_on_random_graphs():
    rng = random.Random(45)
    for _ in range(200):
        edges = random_weighted_graph(rng, 9)
        edges = {n: out for n, out in edges.items() if n < 8}
        edges = {n: [(label, m, c) for label, m, c in out if m < 8] for n, out in edges.items()}
        start, goal = rng.randrange(len(edges)), rng.randrange(len(edges))
        k = rng.randrange(1, 6)
        expected = loopless_path_costs(start, edges, goal)[:k]
        paths = statespace.k_cheapest_paths(start, edges.__getitem__, lambda n: n == goal, k=k)
        assert [path.cost for path in paths] == expected
        assert len({tuple(path.states) for path in paths}) == len(paths)
        for path in paths:
            assert (path.states[0], path.states[-1]) == (start, goal)
            assert len(set(path.states)) == len(path.states)
            assert path.cost == sum(next(c for label, m, c in edges[a] if label == mv and m == b)
                                    for a, mv, b in zip(path.states, path.moves, path.states[1:]))


def test_dijkstra_all_greedy_and_beam_search_keep_their_limits():
    line = lambda n: [("+1", n + 1, 1)]  # noqa: E731
    with pytest.raises(statespace.LimitError, match=r"limit of 50 stored states"):
        statespace.dijkstra_all(0, line, max_states=50)
    assert len(statespace.dijkstra_all(0, line, max_cost=49)) == 50
    with pytest.raises(statespace.LimitError, match=r"limit of 50 stored states"):
        statespace.greedy_best_first(0, line, lambda n: False, heuristic=lambda n: 0, max_states=50)
    with pytest.raises(TypeError, match=r"takes heuristic by keyword only"):
        statespace.greedy_best_first(0, line, lambda n: n == 3, lambda n: 0)
    with pytest.raises(statespace.LimitError, match=r"depth limit of 5"):
        statespace.beam_search(0, line, lambda n: False, heuristic=lambda n: 0, width=2, max_depth=5)
    with pytest.raises(TypeError, match=r"missing keyword argument: 'width'"):
        statespace.beam_search(0, line, lambda n: n == 3, heuristic=lambda n: 0)


def plain_dfs(start, successors, is_goal):
    """Depth first with a stack: the first successor followed first, a
    state visited once, by the last path that reached it before."""
    stack = [(start, None)]
    parent = {}
    while stack:
        state, before = stack.pop()
        if state in parent:
            continue
        parent[state] = before
        if is_goal(state):
            path = [state]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1]
        stack.extend((nxt, state) for nxt in reversed(successors(state)) if nxt not in parent)
    return None


def test_dfs_agrees_with_a_plain_stack_on_random_graphs():
    rng = random.Random(41)
    for _ in range(300):
        nodes = rng.randrange(1, 25)
        edges = {n: rng.sample(range(nodes), rng.randrange(0, min(nodes, 4) + 1)) for n in range(nodes)}
        undirected = {n: sorted(set(out) | {m for m in edges if n in edges[m]}) for n, out in edges.items()}
        for graph in [edges, undirected]:
            start, goal = rng.randrange(nodes), rng.randrange(nodes)
            found = statespace.dfs(start, graph.__getitem__, lambda n: n == goal)
            assert found == plain_dfs(start, graph.__getitem__, lambda n: n == goal)
            if found is not None:
                assert all(b in graph[a] for a, b in zip(found, found[1:]))
    with pytest.raises(statespace.LimitError, match=r"limit of 50 stored states"):
        statespace.dfs(0, succ, lambda n: False, max_states=50)


def test_iddfs_finds_a_shortest_path_as_a_plain_bfs_does():
    rng = random.Random(42)
    for _ in range(300):
        nodes = rng.randrange(1, 9)
        edges = {n: rng.sample(range(nodes), rng.randrange(0, min(nodes, 3) + 1)) for n in range(nodes)}
        undirected = {n: sorted(set(out) | {m for m in edges if n in edges[m]}) for n, out in edges.items()}
        for graph in [edges, undirected]:
            start, goal = rng.randrange(nodes), rng.randrange(nodes)
            shortest = statespace.bfs(start, graph.__getitem__, lambda n: n == goal)
            found = statespace.iddfs(start, graph.__getitem__, lambda n: n == goal)
            if shortest is None:
                assert found is None
                continue
            assert len(found) == len(shortest)
            assert (found[0], found[-1]) == (start, goal)
            assert all(b in graph[a] for a, b in zip(found, found[1:]))
    with pytest.raises(statespace.LimitError, match=r"depth limit of 5"):
        statespace.iddfs(0, succ, lambda n: False, max_depth=5)
    with pytest.raises(statespace.LimitError, match=r"limit of 1000"):
        statespace.iddfs(0, lambda n: itertools.count(), lambda n: False, max_nodes=1000)


def test_bidirectional_bfs_from_several_starts_to_several_goals_is_a_shortest_path():
    rng = random.Random(44)
    for _ in range(300):
        nodes = rng.randrange(2, 25)
        edges = {n: rng.sample(range(nodes), rng.randrange(0, min(nodes, 4) + 1)) for n in range(nodes)}
        backward = {n: [m for m in edges if n in edges[m]] for n in edges}
        undirected = {n: sorted(set(edges[n]) | set(backward[n])) for n in edges}
        for forward, predecessors in [(edges, backward.__getitem__), (undirected, None)]:
            starts = rng.sample(range(nodes), rng.randrange(1, 3))
            goals = rng.sample(range(nodes), rng.randrange(1, 3))
            shortest = statespace.bfs(starts, forward.__getitem__, lambda n: n in goals)
            found = statespace.bidirectional_bfs(starts, goals, forward.__getitem__, predecessors)
            if shortest is None:
                assert found is None
                continue
            assert len(found) == len(shortest)
            assert found[0] in starts and found[-1] in goals
            assert all(b in forward[a] for a, b in zip(found, found[1:]))


def test_ctrl_c_stops_dijkstra_all():
    line = lambda n: [("+1", n + 1, 1)]  # noqa: E731
    assert interrupted_inside(lambda: statespace.dijkstra_all(0, line, max_states=5_000_000))


@pytest.mark.parametrize("name", ["astar", "ida_star", "greedy_best_first", "beam_search", "all_cheapest_paths"])
def test_an_estimate_and_a_goal_test_cannot_change_places(name):
    extra = {"width": 3} if name == "beam_search" else {}
    search = functools.partial(getattr(statespace, name), **extra)
    goal, estimate = (lambda n: n == 3), (lambda n: max(0, 3 - n))
    # Positional, a swap would be silent: the estimate is keyword-only.
    for is_goal, heuristic in [(goal, estimate), (estimate, goal)]:
        with pytest.raises(TypeError, match=r"takes heuristic by keyword only|by keyword \(heuristic=\.\.\.\)"):
            search(0, weighted_succ, is_goal, heuristic)
    # Swapped by keyword: a bool is no estimate, and an int no answer to
    # a goal test (which IDA* asks of the start first).
    with pytest.raises(TypeError, match=r"^(heuristic\(\d\) must be an int or a float, not bool|is_goal\(\d\) must return a bool, not int)$"):
        search(0, weighted_succ, is_goal=estimate, heuristic=goal)
    found = search(0, weighted_succ, goal, heuristic=estimate)
    assert (found[0] if name == "all_cheapest_paths" else found).cost == 3
    if name == "all_cheapest_paths":
        return  # the estimate is optional there: Dijkstra's order
    with pytest.raises(TypeError, match=r"missing keyword argument: 'heuristic'"):
        search(0, weighted_succ, goal)


def test_ties_go_as_the_docstrings_say():
    # A diamond: two shortest paths from 0 to 3. Breadth-first search,
    # iterative deepening, depth first and IDA* return the one through the
    # successor given first.
    for first, second in [(1, 2), (2, 1)]:
        edges = {0: [first, second], 1: [3], 2: [3], 3: []}
        assert statespace.bfs(0, edges.__getitem__, lambda n: n == 3) == [0, first, 3]
        assert statespace.iddfs(0, edges.__getitem__, lambda n: n == 3) == [0, first, 3]
        assert statespace.dfs(0, edges.__getitem__, lambda n: n == 3) == [0, first, 3]
        weighted = lambda n: [("", m, 1) for m in edges[n]]  # noqa: E731
        found = statespace.ida_star(0, weighted, lambda n: n == 3, heuristic=lambda n: 0)
        assert found.states == [0, first, 3]
    # A*: of two states of equal cost plus estimate, the one that cost more
    # to reach first. From 0, "far" costs 2 with estimate 0 and "near" 0
    # with estimate 2; both lead to the goal at cost 2 more.
    edges = {0: [("a", "near", 0), ("b", "far", 2)], "near": [("c", "goal", 4)], "far": [("d", "goal", 2)]}
    estimate = {0: 0, "near": 2, "far": 0, "goal": 0}
    order = []

    def is_goal(state):
        order.append(state)
        return state == "goal"

    path = statespace.astar(0, edges.__getitem__, is_goal, heuristic=estimate.__getitem__)
    assert path.cost == 4 and order[:2] == [0, "far"]


def test_ida_star_stops_one_call_that_gives_more_than_max_nodes():
    def endless(n):
        return (("+1", m, 1) for m in itertools.count(n + 1))

    with pytest.raises(statespace.LimitError, match=r"limit of 1000"):
        statespace.ida_star(0, endless, lambda n: False, heuristic=lambda n: 0, max_nodes=1000)


def test_weighted_searches_take_several_starts_and_pass_errors_through():
    line = lambda n: [("+1", n + 1, 1), ("-1", n - 1, 1)]  # noqa: E731
    path = statespace.dijkstra([0, 10], line, lambda n: n == 7)
    assert (path.cost, path.states[0]) == (3, 10)
    assert statespace.dijkstra(0, lambda n: [], lambda n: n == 1) is None
    with pytest.raises(statespace.LimitError):
        statespace.dijkstra(0, line, lambda n: False, max_states=50)

    def failing(n):
        raise KeyError(n)

    with pytest.raises(KeyError):
        statespace.astar(0, line, lambda n: n == 5, heuristic=failing)
    with pytest.raises(TypeError, match=r"successors must give \(move, state, cost\) triples"):
        statespace.dijkstra(0, lambda n: [n + 1], lambda n: n == 3)
    with pytest.raises(ValueError, match="^the cost of a move from 0 in successors must not be negative, but it is -1$"):
        statespace.dijkstra(0, lambda n: [("+1", n + 1, -1)], lambda n: n == 3)
    for search in ["bidirectional_dijkstra", "all_cheapest_paths"]:
        with pytest.raises(KeyError):
            if search == "all_cheapest_paths":
                statespace.all_cheapest_paths(0, line, lambda n: n == 5, heuristic=failing)
            else:
                statespace.bidirectional_dijkstra(0, 5, line, failing)
        with pytest.raises(statespace.LimitError):
            if search == "all_cheapest_paths":
                statespace.all_cheapest_paths(0, line, lambda n: False, max_states=50)
            else:
                statespace.bidirectional_dijkstra(0, 10**6, line, undirected=True, max_states=50)


def test_four_threads_searching_at_once_each_get_their_own_answers():
    # Each thread's callable runs Python, where the interpreter switches
    # threads: searches of custom spaces interleave, puzzles run at once.
    results = {}
    errors = []

    def work(index):
        try:
            target = 40 + index
            line = lambda n: [n + 1, n - 1]  # noqa: E731
            path = statespace.bfs(0, line, lambda n: n == target)
            weighted = statespace.dijkstra(0, lambda n: [("+", n + 1, 2), ("-", n - 1, 1)],
                                           lambda n: n == target)
            board = [[4, 1, 2], [5, 0, 3]] if index % 2 else [[1, 2, 3], [5, 0, 4]]
            results[index] = (len(path) - 1, weighted.cost, statespace.sliding_puzzle(board))
        except Exception as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    expected_boards = {i: (5 if i % 2 else statespace.sliding_puzzle([[1, 2, 3], [5, 0, 4]])) for i in range(4)}
    assert results == {i: (40 + i, 2 * (40 + i), expected_boards[i]) for i in range(4)}
    import gc
    assert gc.isenabled()


def test_bfs_with_moves_labels_each_step_as_successors_named_it():
    rng = random.Random(126)
    for _ in range(100):
        nodes = rng.randrange(1, 20)
        edges = {n: [(f"{n}>{m}", m) for m in rng.sample(range(nodes), rng.randrange(0, min(nodes, 3) + 1))]
                 for n in range(nodes)}
        start, goal = rng.randrange(nodes), rng.randrange(nodes)
        expected = python_bfs(start, lambda n: [m for _, m in edges[n]], lambda n: n == goal)
        path = statespace.bfs(start, edges.__getitem__, lambda n: n == goal, moves=True)
        if expected is None:
            assert path is None
            continue
        assert (path.states[0], path.states[-1]) == (start, goal)
        assert path.cost == len(path.moves) == len(path.states) - 1 == len(expected) - 1
        for here, move, there in zip(path.states, path.moves, path.states[1:]):
            assert (move, there) in edges[here]
            assert move == f"{here}>{there}"


def test_bfs_with_moves_refuses_what_is_not_a_pair_and_a_callable_that_changed():
    with pytest.raises(TypeError, match=r"must give \(move, state\) pairs with moves=True, but it gave 1 for 0"):
        statespace.bfs(0, lambda n: [n + 1], lambda n: n == 2, moves=True)
    calls = []

    def fickle(n):
        calls.append(n)
        # The same moves during the search, other ones when asked again.
        return [("+1", n + 1)] if len(calls) <= 3 else [("+2", n + 2)]

    with pytest.raises(ValueError, match=r"successors\(0\) no longer gives 1"):
        statespace.bfs(0, fickle, lambda n: n == 3, moves=True)


# --- float costs, weighted A*, every cheapest path, both ends ------------------


def float_graph(rng, mixed):
    """A random directed graph whose costs are quarters (exact in binary,
    so any order of addition gives the same sums), and with `mixed` some
    ints among them."""
    edges = random_weighted_graph(rng, 36)
    return {n: [(label, m, c if mixed and c % 3 == 0 else c / 4) for label, m, c in out]
            for n, out in edges.items()}


def walked_cost(edges, path):
    """The cost of `path` along `edges`, each step checked to be a move."""
    total = 0
    for here, move, there in zip(path.states, path.moves, path.states[1:]):
        step = [c for label, m, c in edges[here] if label == move and m == there]
        assert step, (here, move, there)
        total += step[0]
    return total


def test_float_costs_agree_with_a_plain_heapq_search_on_random_graphs():
    rng = random.Random(51)
    for case in range(300):
        edges = float_graph(rng, mixed=case % 2 == 1)
        start, goal = rng.randrange(len(edges)), rng.randrange(len(edges))
        expected = plain_dijkstra(start, edges.__getitem__, goal)
        to_goal = {n: plain_dijkstra(n, edges.__getitem__, goal) for n in edges}
        estimate = lambda n: (to_goal[n] or 0) / 2  # noqa: E731
        for path in [statespace.dijkstra(start, edges.__getitem__, lambda n: n == goal),
                     statespace.astar(start, edges.__getitem__, lambda n: n == goal, heuristic=estimate)]:
            if expected is None:
                assert path is None
                continue
            assert path.cost == expected == walked_cost(edges, path)
            if case % 2 == 0 and path.moves:
                assert isinstance(path.cost, float)
        costs = statespace.dijkstra_all(start, edges.__getitem__)
        expected_costs = plain_costs(start, edges.__getitem__)
        assert costs == expected_costs
        # As Python adds them: the same types as the plain loop's.
        assert [type(cost) for cost in costs.values()] == [type(expected_costs[s]) for s in costs]


def test_float_costs_that_do_not_add_exactly_agree_to_rounding():
    rng = random.Random(52)
    for _ in range(200):
        edges = {n: [(label, m, rng.uniform(0, 10)) for label, m, _ in out]
                 for n, out in random_weighted_graph(rng, 1).items()}
        start, goal = rng.randrange(len(edges)), rng.randrange(len(edges))
        expected = plain_dijkstra(start, edges.__getitem__, goal)
        path = statespace.dijkstra(start, edges.__getitem__, lambda n: n == goal)
        assert (path is None) == (expected is None)
        if path is not None:
            assert math.isclose(path.cost, expected, rel_tol=1e-12, abs_tol=1e-12)
            assert math.isclose(walked_cost(edges, path), path.cost, rel_tol=1e-12, abs_tol=1e-12)


def test_ints_stay_exact_beside_floats():
    # 2**53 + 1 is no float: compared as one it would be within 2**53.
    big = lambda n: [("", 1, 2**53 + 1)] if n == 0 else []  # noqa: E731
    assert statespace.dijkstra_all(0, big, max_cost=float(2**53)) == {0: 0}
    assert statespace.dijkstra_all(0, big, max_cost=float(2**54)) == {0: 0, 1: 2**53 + 1}
    # Ints add exactly up to 2**64 - 1, and stay ints.
    halves = lambda n: [("", n + 1, 2**63 - 1)] if n < 2 else []  # noqa: E731
    path = statespace.dijkstra(0, halves, lambda n: n == 2)
    assert path.cost == 2**64 - 2 and isinstance(path.cost, int)
    # NumPy's scalars are costs, added as Python adds: a path of int moves
    # costs an int, one with a float move a float.
    import numpy

    mixed = lambda n: [("i", n + 1, numpy.int64(2)), ("f", n + 2, numpy.float32(4.5))]  # noqa: E731
    path = statespace.dijkstra(0, mixed, lambda n: n == 4)
    assert (path.cost, path.moves) == (8, ["i"] * 4) and type(path.cost) is int
    cheaper = lambda n: [("i", n + 1, numpy.int64(2)), ("f", n + 2, numpy.float32(3.5))]  # noqa: E731
    path = statespace.dijkstra(0, cheaper, lambda n: n == 4)
    assert (path.cost, path.moves) == (7.0, ["f", "f"]) and type(path.cost) is float
    # An int path of 2**53 + 1 beside a float one of 2**53 + 2: the int
    # path is cheaper, and its cost exact.
    two_ways = {0: [("big", 1, 2**53), ("float", 2, float(2**53) + 2)], 1: [("one", 3, 1)], 2: [("zero", 3, 0)], 3: []}
    path = statespace.dijkstra(0, two_ways.__getitem__, lambda n: n == 3)
    assert (path.cost, path.moves) == (2**53 + 1, ["big", "one"]) and type(path.cost) is int


def test_sums_past_what_a_cost_holds_become_floats_as_in_python():
    # Past 2**64 - 1, ints add as floats; past the largest float, to inf.
    huge = lambda n: [("+", n + 1, 2**63)] if n < 3 else []  # noqa: E731
    assert statespace.dijkstra_all(0, huge) == {0: 0, 1: 2**63, 2: float(2**64), 3: float(3 * 2**63)}
    assert statespace.dijkstra(0, huge, lambda n: n == 3).cost == float(3 * 2**63)
    vast = lambda n: [("+", n + 1, 1e308)] if n < 3 else []  # noqa: E731
    assert statespace.dijkstra_all(0, vast) == {0: 0, 1: 1e308, 2: math.inf, 3: math.inf}
    # An estimate near the top of the ints does not lose the goal.
    step = lambda n: [("+", n + 1, 5)] if n < 3 else []  # noqa: E731
    for search in [statespace.astar, statespace.ida_star, statespace.all_cheapest_paths]:
        found = search(0, step, lambda n: n == 3, heuristic=lambda n: 2**64 - 6 if n < 3 else 0)
        assert (found[0] if isinstance(found, list) else found).cost == 15


def test_numbers_that_are_not_ints_or_floats_are_refused():
    from decimal import Decimal
    from fractions import Fraction

    for cost in [Fraction(1, 2), Decimal("0.5"), 1 + 0j, "1", True]:
        with pytest.raises(TypeError, match=r"must be an int or a float, not "):
            statespace.dijkstra(0, lambda n: [("+", n + 1, cost)], lambda n: n == 3)
    with pytest.raises(ValueError, match=r"^weight must be at least 1, but it is -1$"):
        statespace.astar(0, weighted_succ, lambda n: n == 3, heuristic=lambda n: 0, weight=-1)
    with pytest.raises(ValueError, match=r"^k must be at least 1, not -1$"):
        statespace.k_cheapest_paths(0, weighted_succ, lambda n: n == 3, k=-1)
    with pytest.raises(TypeError, match=r"^goal: .*unhashable type: 'set'.* \(several goals go in a list\)$"):
        statespace.bidirectional_dijkstra(0, {1, 2}, weighted_succ, undirected=True)


def test_weighted_astar_stays_within_its_weight_of_the_cheapest():
    rng = random.Random(53)
    for _ in range(300):
        edges = random_weighted_graph(rng, 9)
        start, goal = rng.randrange(len(edges)), rng.randrange(len(edges))
        expected = plain_dijkstra(start, edges.__getitem__, goal)
        to_goal = {n: plain_dijkstra(n, edges.__getitem__, goal) for n in edges}
        for weight in [1, 1.5, 2, 5]:
            path = statespace.astar(start, edges.__getitem__, lambda n: n == goal,
                                    heuristic=lambda n: to_goal[n] or 0, weight=weight)
            if expected is None:
                assert path is None
                continue
            assert (path.states[0], path.states[-1]) == (start, goal)
            assert walked_cost(edges, path) == path.cost <= weight * expected
            if weight == 1:
                assert path.cost == expected


def every_cheapest_path(start, edges, goals):
    """Brute force: every path from start that visits no state twice and
    meets a goal only at its end, of the least cost among them."""
    found = []

    def walk(state, states, moves, cost):
        if state in goals:
            found.append((cost, tuple(states), tuple(moves)))
            return
        for label, nxt, step in edges[state]:
            if nxt not in states:
                walk(nxt, states + [nxt], moves + [label], cost + step)

    walk(start, [start], [], 0)
    if not found:
        return None, []
    least = min(cost for cost, _, _ in found)
    return least, sorted((states, moves) for cost, states, moves in found if cost == least)


def test_all_cheapest_paths_agree_with_brute_force_on_random_graphs():
    rng = random.Random(54)
    for case in range(300):
        # Positive costs, so that every cheapest path visits no state twice,
        # and costs from 1 to 3 so that ties are many.
        edges = random_weighted_graph(rng, 2)
        edges = {n: [(label, m, c + 1) for label, m, c in out if m < 8] for n, out in edges.items() if n < 8}
        if case % 2:
            edges = {n: [(label, m, c / 2) for label, m, c in out] for n, out in edges.items()}
        start = rng.randrange(len(edges))
        goals = set(rng.sample(range(len(edges)), rng.randrange(1, 3) if len(edges) > 1 else 1))
        cost, expected = every_cheapest_path(start, edges, goals)
        to_goal = {n: min((plain_dijkstra(n, edges.__getitem__, g) for g in goals
                           if plain_dijkstra(n, edges.__getitem__, g) is not None), default=0) for n in edges}
        for heuristic in [None, to_goal.__getitem__]:
            paths = statespace.all_cheapest_paths(start, edges.__getitem__, lambda n: n in goals, heuristic=heuristic)
            assert sorted((tuple(p.states), tuple(p.moves)) for p in paths) == expected
            assert all(p.cost == cost == walked_cost(edges, p) for p in paths)


def test_all_cheapest_paths_refuses_more_than_max_paths():
    # Every way across an 8 x 8 grid by steps right and down: C(14, 7).
    def steps(cell):
        x, y = cell
        return [(m, (x + dx, y + dy), 1) for m, dx, dy in [("R", 1, 0), ("D", 0, 1)] if x + dx < 8 and y + dy < 8]

    assert len(statespace.all_cheapest_paths((0, 0), steps, lambda c: c == (7, 7), max_paths=3432)) == 3432
    with pytest.raises(statespace.LimitError, match=r"^there are 3432 cheapest paths, more than max_paths \(3431\)$"):
        statespace.all_cheapest_paths((0, 0), steps, lambda c: c == (7, 7), max_paths=3431)
    assert statespace.all_cheapest_paths((0, 0), steps, lambda c: c == (9, 9)) == []


def test_bidirectional_dijkstra_agrees_with_a_plain_heapq_search_on_random_graphs():
    rng = random.Random(55)
    for case in range(300):
        edges = float_graph(rng, mixed=True) if case % 3 == 0 else random_weighted_graph(rng, 9)
        reverse = {n: [] for n in edges}
        for n, out in edges.items():
            for _, m, _ in out:
                reverse[m].append(n)
        undirected = {n: [] for n in edges}
        for n, out in edges.items():
            for label, m, cost in out:
                undirected[n].append((label, m, cost))
                undirected[m].append((label + "'", n, cost))
        start = rng.randrange(len(edges))
        goals = rng.sample(range(len(edges)), rng.randrange(1, 3) if len(edges) > 1 else 1)
        for graph, predecessors in [(edges, reverse.__getitem__), (undirected, None)]:
            expected = min((c for c in (plain_dijkstra(start, graph.__getitem__, g) for g in goals) if c is not None),
                           default=None)
            both_ways = {"undirected": True} if predecessors is None else {}
            path = statespace.bidirectional_dijkstra(start, goals, graph.__getitem__, predecessors, **both_ways)
            if expected is None:
                assert path is None
                continue
            assert path.states[0] == start and path.states[-1] in goals
            assert path.cost == expected == walked_cost(graph, path)


def test_bidirectional_dijkstra_names_a_space_it_cannot_search_backwards():
    ring = lambda n: [("+", (n + 1) % 10, 1)]  # noqa: E731
    with pytest.raises(TypeError, match=r"^bidirectional_dijkstra\(\) needs predecessors, or undirected=True"):
        statespace.bidirectional_dijkstra(0, 5, ring)
    with pytest.raises(TypeError, match=r"^bidirectional_dijkstra\(\) takes predecessors or undirected=True, not both: an undirected space's predecessors are its successors$"):
        statespace.bidirectional_dijkstra(0, 5, ring, lambda n: [(n - 1) % 10], undirected=True)
    with pytest.raises(ValueError, match=r"^successors is not symmetric, so predecessors must be given: 1 is among successors\(0\) but 0 is not among successors\(1\)$"):
        statespace.bidirectional_dijkstra(0, 5, ring, undirected=True)
    assert statespace.bidirectional_dijkstra(0, 5, ring, lambda n: [(n - 1) % 10]).cost == 5
    # A predecessor that is no move back, found while costing a step.
    steps = lambda n: [("+1", n + 1, 1), ("*2", n * 2, 1)] if n < 1000 else []  # noqa: E731
    halves = lambda n: [n - 1] + ([n // 2] if n % 2 == 0 else [])  # noqa: E731
    with pytest.raises(ValueError, match=r"^predecessors disagrees with successors: \d+ is among predecessors\(\d+\) but \d+ is not among successors\(\d+\)$"):
        statespace.bidirectional_dijkstra(1, 5000, steps, halves)
    assert statespace.bidirectional_dijkstra(1, 100, steps, halves).cost == 8


def test_ctrl_c_stops_bidirectional_dijkstra_and_all_cheapest_paths():
    line = lambda n: [("+1", n + 1, 1)]  # noqa: E731
    assert interrupted_inside(lambda: statespace.all_cheapest_paths(0, line, lambda n: False, max_states=5_000_000))
    assert interrupted_inside(lambda: statespace.bidirectional_dijkstra(
        0, -1, line, lambda n: [n - 1], max_states=5_000_000))
    # Summed from the start, as dijkstra sums it, to the last bit.
    costs = [0.1, 0.7, 0.2, 0.3, 1.1, 0.6]
    walk = lambda n: [("+", n + 1, costs[n])] if n < len(costs) else []  # noqa: E731
    back = lambda n: [n - 1] if n > 0 else []  # noqa: E731
    one_end = statespace.dijkstra(0, walk, lambda n: n == len(costs))
    assert statespace.bidirectional_dijkstra(0, len(costs), walk, back).cost == one_end.cost
