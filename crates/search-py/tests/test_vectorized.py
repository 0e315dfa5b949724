"""The vectorized searches (int states, NumPy successors a layer at a time)
against plain Python references: a deque BFS over the same graphs, and the
8-puzzle's published counts."""

import functools
import random
from collections import deque

import pytest

np = pytest.importorskip("numpy")

import statespace  # noqa: E402


# --- the 8-puzzle, packed: tile of cell i in bits 4i.., the blank's cell in bits 36.. ---

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
NEIGHBOURS = [[n for n in (c - 3, c + 3, c - 1 if c % 3 else -1, c + 1 if c % 3 != 2 else -1)
               if 0 <= n < 9] for c in range(9)]


def pack(board):
    return sum(tile << (4 * cell) for cell, tile in enumerate(board)) | board.index(0) << 36


def unpack(state):
    return tuple((state >> (4 * cell)) & 15 for cell in range(9))


def tuple_successors(board):
    blank = board.index(0)
    result = []
    for other in NEIGHBOURS[blank]:
        cells = list(board)
        cells[blank], cells[other] = cells[other], cells[blank]
        result.append(tuple(cells))
    return result


def vector_successors(states):
    """Each row: the packed neighbours of a board, -1 where the blank cannot go."""
    out = np.full((len(states), 4), -1, dtype=np.int64)
    for row, state in enumerate(states.tolist()):
        for column, board in enumerate(tuple_successors(unpack(state))):
            out[row, column] = pack(board)
    return out


def layer_sizes(start, successors):
    depth = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        for nxt in successors(state):
            if nxt not in depth:
                depth[nxt] = depth[state] + 1
                queue.append(nxt)
    sizes = [0] * (max(depth.values()) + 1)
    for d in depth.values():
        sizes[d] += 1
    return sizes, depth


@functools.lru_cache(maxsize=None)
def layers_from_goal():
    """The 8-puzzle's layers from the goal by plain Python's BFS, once."""
    return layer_sizes(GOAL, tuple_successors)


def test_the_8_puzzle_has_181440_boards_in_the_layers_plain_python_finds():
    layers = statespace.vector_enumerate(pack(GOAL), vector_successors)
    expected, _ = layers_from_goal()
    assert layers.sizes == expected
    assert (layers.states, layers.radius) == (181_440, 31)
    assert sorted(unpack(state) for state in layers.deepest) == sorted(
        [(8, 6, 7, 2, 5, 4, 3, 0, 1), (6, 4, 7, 8, 5, 0, 3, 2, 1)]
    )


def legal(path, successors):
    return all(b in successors(a) for a, b in zip(path, path[1:]))


def test_paths_are_shortest_and_legal_move_by_move():
    _, depth = layers_from_goal()
    rng = random.Random(773)
    # Each board's search reaches most of the 181,440 boards: a few random
    # ones and the hardest keep the test to seconds.
    boards = rng.sample(sorted(depth), 4) + [(8, 6, 7, 2, 5, 4, 3, 0, 1)]
    for board in boards:
        for path in [
            statespace.vector_bfs(pack(board), vector_successors, pack(GOAL)),
            statespace.vector_bidirectional_bfs(pack(board), pack(GOAL), vector_successors, undirected=True),
        ]:
            boards_on_path = [unpack(state) for state in path]
            assert boards_on_path[0] == board and boards_on_path[-1] == GOAL
            assert len(path) - 1 == depth[board]
            assert legal(boards_on_path, tuple_successors)


def random_digraph(rng, n, degree):
    edges = {v: sorted(rng.sample(range(n), rng.randint(0, min(degree, n)))) for v in range(n)}
    reverse = {v: [] for v in range(n)}
    for v, targets in edges.items():
        for w in targets:
            reverse[w].append(v)
    return edges, reverse


def as_vector(adjacency, width):
    table = np.full((len(adjacency), max(width, 1)), -1, dtype=np.int64)
    for v, targets in adjacency.items():
        table[v, : len(targets)] = targets
    return lambda states: table[states]


def plain_distance(edges, start, goals):
    depth = {start: 0}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        if v in goals:
            return depth[v]
        for w in edges[v]:
            if w not in depth:
                depth[w] = depth[v] + 1
                queue.append(w)
    return None


def test_on_random_directed_graphs_lengths_match_plain_bfs():
    rng = random.Random(29)
    for _ in range(60):
        n = rng.randint(1, 40)
        edges, reverse = random_digraph(rng, n, 3)
        width = max(len(t) for t in list(edges.values()) + list(reverse.values()))
        forward, backward = as_vector(edges, width), as_vector(reverse, width)
        start, goal = rng.randrange(n), rng.randrange(n)
        expected = plain_distance(edges, start, {goal})
        for path in [
            statespace.vector_bfs(start, forward, goal),
            statespace.vector_bidirectional_bfs(start, goal, forward, backward),
        ]:
            if expected is None:
                assert path is None
            else:
                assert (path[0], path[-1], len(path) - 1) == (start, goal, expected)
                assert all(b in edges[a] for a, b in zip(path, path[1:]))
        layers = statespace.vector_enumerate(start, forward)
        sizes, _ = layer_sizes(start, lambda v: edges[v])
        assert layers.sizes == sizes


def test_several_starts_and_goals():
    line = lambda n: np.stack([n + 1, n - 1], axis=1)  # noqa: E731 (negative: no move)
    assert statespace.vector_bfs([10, 3], line, [7, 20]) == [10, 9, 8, 7]
    assert statespace.vector_bfs(5, line, [5, 9]) == [5]
    assert statespace.vector_enumerate([0, 0, 2], lambda n: np.stack([n + 1], axis=1) % 4).sizes == [2, 2]


def test_bad_input_raises_an_error_naming_the_argument():
    ring = lambda n: np.stack([(n + 1) % 10], axis=1)  # noqa: E731
    with pytest.raises(ValueError, match=r"^start must be at least 0, not -1$"):
        statespace.vector_bfs(-1, ring, 3)
    with pytest.raises(ValueError, match=r"^goal\[1\] must be at most 9223372036854775807"):
        statespace.vector_bfs(0, ring, [1, 2**63])
    with pytest.raises(TypeError, match=r"^successors must be callable"):
        statespace.vector_bfs(0, 5, 3)
    with pytest.raises(TypeError, match=r"^start must be an int, not str$"):
        statespace.vector_enumerate("0", ring)
    with pytest.raises(ValueError, match=r"^successors must return an array of shape \(1, k\), one row per state, not \(1,\)$"):
        statespace.vector_bfs(0, lambda n: n + 1, 3)
    with pytest.raises(TypeError, match=r"^successors must return an array of ints"):
        statespace.vector_bfs(0, lambda n: [["a"]], 3)
    with pytest.raises(statespace.LimitError, match="limit of 100 stored states"):
        statespace.vector_bfs(0, lambda n: np.stack([n + 1], axis=1), -5 + 10**6, max_states=100)


def test_an_exception_in_successors_comes_back_unchanged():
    class Stop(Exception):
        pass

    def failing(states):
        raise Stop("from the callable")

    with pytest.raises(Stop, match="from the callable"):
        statespace.vector_bidirectional_bfs(0, 5, failing, undirected=True)


def test_unreachable_goal_is_none():
    ring = lambda n: np.stack([(n + 2) % 10], axis=1)  # noqa: E731 (even cells only)
    assert statespace.vector_bfs(0, ring, 3) is None
    back = lambda n: np.stack([(n - 2) % 10], axis=1)  # noqa: E731
    assert statespace.vector_bidirectional_bfs(0, 3, ring, back) is None


# --- a space searched from its goal needs its predecessors ---------------------


def counting(n):
    """+1 and *2 below 1,000: moves that cannot be undone."""
    moves = np.stack([n + 1, n * 2], axis=1)
    return np.where(moves < 1000, moves, -1)


def counting_back(n):
    """The moves of `counting`, undone."""
    back = np.stack([n - 1, np.where(n % 2 == 0, n // 2, -1)], axis=1)
    return np.where((back >= 1) & (n < 1000)[:, None], back, -1)


def test_a_directed_space_needs_predecessors_or_undirected():
    with pytest.raises(TypeError, match=r"needs predecessors, or undirected=True"):
        statespace.vector_bidirectional_bfs(1, 100, counting)
    with pytest.raises(TypeError, match=r"^vector_bidirectional_bfs\(\) takes predecessors or undirected=True, not both: an undirected space's predecessors are its successors$"):
        statespace.vector_bidirectional_bfs(1, 100, counting, counting_back, undirected=True)
    # With its predecessors, the path of vector_bfs's length, legal move by
    # move: 8 moves.
    path = statespace.vector_bidirectional_bfs(1, 100, counting, counting_back)
    assert len(path) - 1 == len(statespace.vector_bfs(1, counting, 100)) - 1 == 8
    assert all(b in (a + 1, 2 * a) for a, b in zip(path, path[1:]))


def test_a_space_called_undirected_that_is_not_raises():
    # Searched back by its successors, counting would step 128 -> 127.
    with pytest.raises(ValueError, match=r"^undirected=True, but the space is not: \d+ is among successors\(\d+\)"):
        statespace.vector_bidirectional_bfs(1, 100, counting, undirected=True)
    # A one-way ring: 0 -> 9 is no move, the way round is nine.
    ring = lambda n: np.stack([(n + 1) % 10], axis=1)  # noqa: E731
    with pytest.raises(ValueError, match=r"^undirected=True, but the space is not"):
        statespace.vector_bidirectional_bfs(0, 9, ring, undirected=True)
    back = lambda n: np.stack([(n - 1) % 10], axis=1)  # noqa: E731
    assert statespace.vector_bidirectional_bfs(0, 9, ring, back) == list(range(10))


def test_predecessors_that_disagree_with_successors_raise():
    # 5000 is past what counting reaches, but these predecessors lead back
    # from it to states it does reach.
    unbounded_back = lambda n: np.stack([n - 1, np.where(n % 2 == 0, n // 2, -1)], axis=1)  # noqa: E731
    with pytest.raises(ValueError, match=r"^predecessors disagrees with successors: \d+ is among predecessors\(\d+\) "
                                         r"but \d+ is not among successors\(\d+\)$"):
        statespace.vector_bidirectional_bfs(1, 5000, counting, unbounded_back)
    assert statespace.vector_bidirectional_bfs(1, 5000, counting, counting_back) is None


def test_on_random_undirected_graphs_lengths_match_plain_bfs():
    rng = random.Random(39)
    for _ in range(60):
        n = rng.randint(1, 40)
        edges = {v: set() for v in range(n)}
        for _ in range(rng.randint(0, 2 * n)):
            a, b = rng.randrange(n), rng.randrange(n)
            edges[a].add(b)
            edges[b].add(a)
        edges = {v: sorted(t) for v, t in edges.items()}
        both = as_vector(edges, max(len(t) for t in edges.values()))
        start, goal = rng.randrange(n), rng.randrange(n)
        expected = plain_distance(edges, start, {goal})
        path = statespace.vector_bidirectional_bfs(start, goal, both, undirected=True)
        if expected is None:
            assert path is None
        else:
            assert (path[0], path[-1], len(path) - 1) == (start, goal, expected)
            assert all(b in edges[a] for a, b in zip(path, path[1:]))


# --- what successors returns is ints, or an error that says what it is --------


@pytest.mark.parametrize("dtype, name", [(np.float64, "float64"), (np.complex128, "complex128"), (np.bool_, "bool")])
def test_an_array_of_another_dtype_is_refused_by_name(dtype, name):
    steps = lambda n: np.stack([n + 1], axis=1).astype(dtype)  # noqa: E731
    for search in [lambda: statespace.vector_bfs(0, steps, 5), lambda: statespace.vector_enumerate(0, steps)]:
        with pytest.raises(TypeError, match=rf"^successors must return an array of ints, not an array of {name}$"):
            search()
    # A float that would have been cut to an int "reaching" 5.
    with pytest.raises(TypeError, match=r"not an array of float64"):
        statespace.vector_bfs(0, lambda n: np.stack([n + 1.7], axis=1), 5)
    with pytest.raises(TypeError, match=r"not an array of str"):
        statespace.vector_bfs(0, lambda n: [[str(v + 1)] for v in n.tolist()], 5)


def test_unsigned_states_past_2_63_are_refused_and_smaller_ones_used():
    assert statespace.vector_bfs(0, lambda n: np.stack([n + 1], axis=1).astype(np.uint64), 3) == [0, 1, 2, 3]
    high = lambda n: np.full((len(n), 1), 2**63, dtype=np.uint64)  # noqa: E731
    with pytest.raises(ValueError, match=r"^successors returned 9223372036854775808, but states are at most 9223372036854775807$"):
        statespace.vector_bfs(0, high, 3)
    mixed = lambda n: np.array([[2**63, -1]] * len(n), dtype=object)  # noqa: E731
    with pytest.raises(TypeError, match=r"^successors must return an array of ints, not an array of Python objects"):
        statespace.vector_bfs(0, mixed, 3)
    with pytest.raises(ValueError, match=r"^start must be at most 9223372036854775807, not 9223372036854775808$"):
        statespace.vector_enumerate(2**63, high)


def test_no_starts_is_no_layers_as_for_python_objects():
    ring = lambda n: np.stack([(n + 1) % 10], axis=1)  # noqa: E731
    empty = statespace.vector_enumerate([], ring)
    assert empty.sizes == statespace.enumerate_space([], lambda n: []).sizes == []
    assert (empty.states, empty.radius, empty.deepest) == (0, 0, [])


def test_numpy_numbers_are_costs_and_estimates():
    line = lambda n: [("+1", n + 1, np.int64(2)), ("+3", n + 3, np.uint8(5))]  # noqa: E731
    path = statespace.dijkstra(0, line, lambda n: n == 6)
    assert (path.cost, path.states) == (10, [0, 3, 6])
    estimate = lambda n: np.int32(max(0, 6 - n) // 3 * 5)  # noqa: E731
    assert statespace.astar(0, line, lambda n: n == 6, heuristic=estimate).cost == 10
    path = statespace.dijkstra(0, lambda n: [("+1", n + 1, np.float64(1.5))], lambda n: n == 6)
    assert path.cost == 9.0 and type(path.cost) is float
    with pytest.raises(ValueError, match=r"must not be NaN, but it is np.float32\(nan\)"):
        statespace.dijkstra(0, lambda n: [("+1", n + 1, np.float32("nan"))], lambda n: n == 6)
    with pytest.raises(TypeError, match=r"must be an int or a float, not bool"):
        statespace.dijkstra(0, lambda n: [("+1", n + 1, np.bool_(True))], lambda n: n == 6)


def test_vectorized_layers_to_a_depth_match_enumerate_space():
    start = pack((1, 2, 3, 4, 5, 6, 7, 8, 0))
    for depth in [0, 1, 5, 12]:
        ours = statespace.vector_enumerate(start, vector_successors, max_depth=depth)
        theirs = statespace.enumerate_space(unpack(start), tuple_successors, max_depth=depth)
        assert ours.sizes == theirs.sizes
        assert ours.complete is False and theirs.complete is False
        assert sorted(map(unpack, ours.deepest)) == sorted(theirs.deepest)


# --- vector_enumerate keeps its layers sorted and compressed, within max_memory ---


def test_a_small_memory_limit_gives_the_same_layers_and_a_tiny_one_raises():
    # 40,000 cells on a ring, each joined to those 1 and 200 either side:
    # layers of up to 400, kept in under a byte a state.
    torus = lambda n: np.stack(  # noqa: E731
        [(n + 1) % 40_000, (n - 1) % 40_000, (n + 200) % 40_000, (n - 200) % 40_000], axis=1
    )
    whole = statespace.vector_enumerate(0, torus)
    small = statespace.vector_enumerate(0, torus, max_memory=128 << 10)
    sizes, depth = layer_sizes(0, lambda n: [(n + step) % 40_000 for step in (1, -1, 200, -200)])
    deepest = sorted(state for state, d in depth.items() if d == len(sizes) - 1)
    assert whole.sizes == small.sizes == sizes
    assert whole.deepest == small.deepest == deepest
    with pytest.raises(statespace.LimitError, match=r"memory"):
        statespace.vector_enumerate(0, torus, max_memory=1 << 10)
    with pytest.raises(statespace.LimitError, match=r"^enumeration reached its limit of 1000 stored states$"):
        statespace.vector_enumerate(0, torus, max_states=1000)


def test_what_successors_raises_is_raised_as_it_was():
    calls = []

    def failing(states):
        calls.append(len(states))
        if sum(calls) > 500:
            raise KeyError("no such cell")
        return np.stack([(states + 1) % 10_000], axis=1)

    with pytest.raises(KeyError, match="no such cell"):
        statespace.vector_enumerate(0, failing)
