"""Running out of memory raises; it never kills the interpreter.

Each search runs over a space that never ends (or, from both ends, two
that never meet), in a child interpreter
whose address space is capped (``ulimit -v``), at the default limits and
with a ``max_states`` no memory holds. The child must raise LimitError
(Rust's tables refused) or MemoryError (Python's objects refused), and
then go on: it prints what it caught and exits 0. Before the fix, dijkstra,
astar and dfs aborted the process, and so did vector_bfs, whose tables
grew without asking.
"""

import json
import os
import subprocess
import sys

import pytest

resource = pytest.importorskip("resource")

# Far more than the interpreter takes to start (about 15 MiB), far less
# than the default limits let a search grow to; NumPy's own start needs
# the larger. The time a child takes grows with its cap.
CAP = 128 << 20
VECTOR_CAP = 256 << 20

SPACES = """
import json, statespace
doubling = lambda n: [n + 1, 2 * n]
triples = lambda n: [("+1", n + 1, 1), ("*2", 2 * n, 1.5)]
plane = lambda p: [(p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)]
steps = lambda p: [(q, q, 1) for q in plane(p)]
never = lambda n: False
zero = lambda n: 0
far = (10**9, 10**9)
"""

SEARCHES = {
    "bfs": "statespace.bfs(1, doubling, never{limits})",
    "dfs": "statespace.dfs(1, doubling, never{limits})",
    "bidirectional_bfs": "statespace.bidirectional_bfs((0, 0), far, plane{limits})",
    "enumerate_space": "statespace.enumerate_space(1, doubling{limits})",
    "dijkstra": "statespace.dijkstra(1, triples, never{limits})",
    "astar": "statespace.astar(1, triples, never, heuristic=zero{limits})",
    "weighted astar": "statespace.astar(1, triples, never, heuristic=zero, weight=2{limits})",
    "dijkstra_all": "statespace.dijkstra_all(1, triples{limits})",
    "greedy_best_first": "statespace.greedy_best_first(1, triples, never, heuristic=zero{limits})",
    "k_cheapest_paths": "statespace.k_cheapest_paths(1, triples, never, k=2{limits})",
    "all_cheapest_paths": "statespace.all_cheapest_paths(1, triples, never{limits})",
    "bidirectional_dijkstra": (
        "statespace.bidirectional_dijkstra((0, 0), far, steps, undirected=True{limits})"
    ),
}

# Int states and NumPy successors, their tables in the package's own Rust.
VECTOR = """
import numpy as np
wide = lambda n: np.stack([n + 1, n * 2], axis=1) % (1 << 62)
flips = lambda n: np.stack([n ^ (1 << bit) for bit in range(40)], axis=1)
"""

VECTOR_SEARCHES = {
    "vector_bfs": "statespace.vector_bfs(1, wide, (1 << 62) + 7{limits})",
    "vector_bidirectional_bfs": (
        "statespace.vector_bidirectional_bfs(0, 1 << 50, flips, undirected=True{limits})"
    ),
    "vector_enumerate": "statespace.vector_enumerate(1, wide{limits})",
}

LIMITS = {"default limits": "", "max_states=10**12": ", max_states=10**12"}


def capped_at(cap):
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def run_capped(call, vector=False):
    script = SPACES + (VECTOR if vector else "") + f"""
try:
    {call}
    print(json.dumps({{"caught": None}}))
except (statespace.LimitError, MemoryError) as error:
    print(json.dumps({{"caught": type(error).__name__, "message": str(error)}}))
"""
    return subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=capped_at(VECTOR_CAP if vector else CAP),
        # One BLAS thread: NumPy's thread buffers would take a fifth of the cap.
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
@pytest.mark.parametrize("limits", LIMITS)
@pytest.mark.parametrize("search", SEARCHES)
def test_running_out_of_memory_raises_and_the_interpreter_lives_on(search, limits):
    assert_raised(run_capped(SEARCHES[search].format(limits=LIMITS[limits])))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
@pytest.mark.parametrize("limits", LIMITS)
@pytest.mark.parametrize("search", VECTOR_SEARCHES)
def test_a_vectorized_search_out_of_memory_raises_too(search, limits):
    pytest.importorskip("numpy")
    call = VECTOR_SEARCHES[search].format(limits=LIMITS[limits])
    assert_raised(run_capped(call, vector=True), VECTOR_CAP)


def assert_raised(done, cap=CAP):
    """The child caught LimitError or MemoryError and exited 0."""
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    caught = json.loads(done.stdout.strip().splitlines()[-1])
    assert caught["caught"] in ("LimitError", "MemoryError"), caught
    if caught["caught"] == "LimitError":
        # Rust's tables were refused: the message names the cap.
        assert caught["message"].startswith("could not allocate "), caught
        limit = f"the process's address-space limit of {cap / 2**20:.1f} MiB (ulimit -v)"
        assert limit in caught["message"], caught


# States that own memory: tuples of twenty large ints, each a Python
# object of its own, about 800 bytes a state.
HEAVY = """
import statespace
base = 1 << 40
step = lambda s: [s[:i] + (s[i] + 1,) + s[i + 1:] for i in range(len(s))]
start = tuple(base + i for i in range(20))
def peak():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM"))
def resident():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmRSS"))
LX = statespace.family_generators("lx", 200)
before = resident()
"""

HEAVY_SEARCHES = {
    "enumerate_space": "statespace.enumerate_space(start, step, max_states=10**12, max_memory=LIMIT)",
    # Every permutation of 200 points (a shift and a swap), kept in Rust:
    # an arrangement of 200 items keeps them on the heap.
    "enumerate_generators": "statespace.enumerate_generators(LX, max_memory=LIMIT)",
    "solve_generators": (
        "statespace.solve_generators(LX, list(range(199, -1, -1)), max_states=10**12,"
        " max_memory=LIMIT)"
    ),
}

LIMIT = 64 << 20


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
@pytest.mark.parametrize("search", HEAVY_SEARCHES)
def test_states_that_own_memory_count_against_the_limit(search):
    script = HEAVY + f"""
LIMIT = {LIMIT}
try:
    {HEAVY_SEARCHES[search]}
    print("answered")
except statespace.LimitError as error:
    print("limit:", error)
print("MEMORY", before, peak())
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (done.stdout, done.stderr[-2000:])
    assert "limit:" in done.stdout and "memory limit" in done.stdout, done.stdout
    before, peak = map(int, done.stdout.split("MEMORY")[1].split())
    grown = peak - before
    # The limit and a tenth; and near the limit, so the search did fill it.
    assert LIMIT // 2 <= grown <= LIMIT + LIMIT // 10, (search, grown >> 20, done.stdout)
