"""The vectorized searches (int states, NumPy successors a layer at a time)
against plain Python references: a deque BFS over the same graphs, and the
8-puzzle's published counts."""

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


def test_the_8_puzzle_has_181440_boards_in_the_layers_plain_python_finds():
    layers = statespace.vector_enumerate(pack(GOAL), vector_successors)
    expected, _ = layer_sizes(GOAL, tuple_successors)
    assert layers.sizes == expected
    assert (layers.states, layers.radius) == (181_440, 31)
    assert sorted(unpack(state) for state in layers.deepest) == sorted(
        [(8, 6, 7, 2, 5, 4, 3, 0, 1), (6, 4, 7, 8, 5, 0, 3, 2, 1)]
    )


def legal(path, successors):
    return all(b in successors(a) for a, b in zip(path, path[1:]))


def test_paths_are_shortest_and_legal_move_by_move():
    _, depth = layer_sizes(GOAL, tuple_successors)
    rng = random.Random(773)
    boards = rng.sample(sorted(depth), 12) + [(8, 6, 7, 2, 5, 4, 3, 0, 1)]
    for board in boards:
        for path in [
            statespace.vector_bfs(pack(board), vector_successors, pack(GOAL)),
            statespace.vector_bidirectional_bfs(pack(board), pack(GOAL), vector_successors),
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
    with pytest.raises(ValueError, match=r"^successors must return an array of shape \(1, k\)"):
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
        statespace.vector_bidirectional_bfs(0, 5, failing)


def test_unreachable_goal_is_none():
    ring = lambda n: np.stack([(n + 2) % 10], axis=1)  # noqa: E731 (even cells only)
    assert statespace.vector_bfs(0, ring, 3) is None
    assert statespace.vector_bidirectional_bfs(0, 3, ring) is None
