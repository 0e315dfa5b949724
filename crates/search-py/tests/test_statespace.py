"""statespace against plain Python references: the BFS a LeetCode write-up
uses, brute force, and the published answers."""

import doctest
import itertools
import random
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
    assert "successors" in "".join(traceback.format_tb(caught.value.__traceback__))

    with pytest.raises(ZeroDivisionError):
        statespace.bfs(0, lambda n: [n + 1], lambda n: 1 / (n - 3) > 100)
    with pytest.raises(TypeError, match="unhashable"):
        statespace.bfs(0, lambda n: [[n]], lambda n: False)
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


# --- documentation -----------------------------------------------------------


def test_every_docstring_example_runs():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    names = [name for name in dir(statespace) if not name.startswith("_")]
    examples = 0
    for name in names + [None]:
        doc = (getattr(statespace, name) if name else statespace).__doc__ or ""
        # The docstrings fence their examples for Markdown readers.
        text = "\n".join(line for line in doc.splitlines() if not line.strip().startswith("```"))
        test = parser.get_doctest(text, vars(statespace).copy(), name or "statespace", None, 0)
        examples += len(test.examples)
        runner.run(test)
    assert runner.failures == 0
    assert examples >= 20
