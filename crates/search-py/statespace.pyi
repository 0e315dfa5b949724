"""Breadth-first and informed search over implicit graphs, in Rust.

Puzzles take and return plain Python values; custom spaces take any
hashable states and Python callables for their neighbours; vectorized
spaces take int states and a NumPy function of a whole layer.

An argument of the wrong type raises TypeError, a bad value ValueError,
each naming the argument; a search that reaches a limit raises
LimitError; Ctrl-C stops every search.
"""

import os
from typing import (
    Any,
    Callable,
    Dict,
    Hashable,
    Iterable,
    List,
    Literal,
    Optional,
    Tuple,
    TypeVar,
    Union,
    final,
    overload,
)

__all__ = [
    "LimitError",
    "Solution",
    "sliding_puzzle",
    "solve",
    "enumerate",
    "open_lock",
    "ladder_length",
    "find_ladders",
    "enumerate_puzzle",
    "family_generators",
    "enumerate_generators",
    "solve_generators",
    "Layers",
    "bfs",
    "bidirectional_bfs",
    "dfs",
    "iddfs",
    "enumerate_space",
    "WeightedPath",
    "dijkstra",
    "astar",
    "ida_star",
    "dijkstra_all",
    "greedy_best_first",
    "beam_search",
    "k_cheapest_paths",
    "all_cheapest_paths",
    "bidirectional_dijkstra",
    "vector_bfs",
    "vector_bidirectional_bfs",
    "vector_enumerate",
]

_S = TypeVar("_S", bound=Hashable)
# A cost or an estimate: an int or a float (NumPy's scalars too), never
# negative, NaN or infinite; costs add as Python adds them.
_Cost = Union[int, float]

class LimitError(RuntimeError):
    """A search reached one of its limits (states, memory, depth) before it could answer."""

@final
class Solution:
    """A shortest solution of a sliding puzzle."""

    @property
    def moves(self) -> List[str]:
        """The moves of the blank: "up", "down", "left" or "right"."""
    @property
    def boards(self) -> List[List[List[int]]]:
        """The boards, from the start to the goal: one more than the moves."""
    def __len__(self) -> int: ...

@final
class WeightedPath:
    """A cheapest path: its states, the moves between them, and its cost."""

    @property
    def states(self) -> List[object]:
        """The states, from the start to the goal."""
    @property
    def moves(self) -> List[object]:
        """The moves between them, as successors gave them."""
    @property
    def cost(self) -> Union[int, float]:
        """The sum of the moves' costs, as Python adds them: a float when a move cost a float."""

@final
class Layers:
    """Every state reachable from the starts, layer by layer."""

    @property
    def sizes(self) -> List[int]:
        """The number of states at each distance from the starts (with symmetries, the positions the classes stand for)."""
    @property
    def classes(self) -> Optional[List[int]]:
        """With symmetries, the classes of equivalent states kept at each distance."""
    @property
    def deepest(self) -> list:
        """The states of the last layer: the farthest from the starts."""
    @property
    def complete(self) -> bool:
        """False when max_depth cut the layers and the space goes on past it."""
    @property
    def states(self) -> int:
        """Every state reached."""
    @property
    def radius(self) -> int:
        """The greatest distance from the starts."""

def sliding_puzzle(board: List[List[int]]) -> int:
    """The fewest moves that solve the board, or -1 (LeetCode 773)."""

def solve(
    board: List[List[int]],
    goal: Optional[List[List[int]]] = None,
    algorithm: str = "auto",
    heuristic: str = "best",
    databases: Union[str, os.PathLike, None] = None,
) -> Optional[Solution]:
    """A shortest solution of a sliding puzzle, or None when it cannot be solved.

    heuristic is "manhattan", "linear-conflict", "pdb-663", "pdb-78",
    "pdb-6666" or "best"; "pdb-78" and "pdb-6666" need databases, a folder
    of `puzzles pdb build 4x4` or `puzzles pdb build 5x5`.
    """

def enumerate(rows: int, cols: int, max_memory: int = 4 << 30) -> List[int]:
    """The number of boards at each distance from the goal of the rows x cols puzzle."""

def open_lock(deadends: List[str], target: str) -> int:
    """The fewest turns from "0000" to target avoiding deadends, or -1 (LeetCode 752)."""

def ladder_length(begin: str, end: str, words: List[str]) -> int:
    """Words in the shortest ladder from begin to end, or 0 (LeetCode 127)."""

def find_ladders(begin: str, end: str, words: List[str]) -> List[List[str]]:
    """Every shortest ladder from begin to end, sorted (LeetCode 126)."""

@overload
def bfs(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[_S]],
    is_goal: Callable[[_S], object],
    *,
    max_states: Optional[int] = None,
    max_depth: Optional[int] = None,
    moves: Optional[Literal[False]] = None,
) -> Optional[List[_S]]:
    """A shortest path from start (a list: several starts) to a goal, or None."""
@overload
def bfs(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S]]],
    is_goal: Callable[[_S], object],
    *,
    max_states: Optional[int] = None,
    max_depth: Optional[int] = None,
    moves: Literal[True],
) -> Optional[WeightedPath]:
    """A shortest path whose successors give (move, state) pairs, with its moves, or None."""

def bidirectional_bfs(
    start: Union[_S, List[_S]],
    goal: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[_S]],
    predecessors: Optional[Callable[[_S], Iterable[_S]]] = None,
    *,
    max_states: Optional[int] = None,
) -> Optional[List[_S]]:
    """A shortest path from start to goal (lists: any of several) searched from both ends, or None."""

def dijkstra(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    is_goal: Callable[[_S], object],
    *,
    max_states: Optional[int] = None,
) -> Optional[WeightedPath]:
    """A cheapest path from start (a list: several starts) to a goal, or None."""

def astar(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    is_goal: Callable[[_S], object],
    *,
    heuristic: Callable[[_S], _Cost],
    weight: _Cost = 1,
    max_states: Optional[int] = None,
) -> Optional[WeightedPath]:
    """A cheapest path from start to a goal, guided by an estimate that never overestimates, or None.

    With weight w > 1, a path that costs at most w times the cheapest (weighted A*).
    """

def ida_star(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    is_goal: Callable[[_S], object],
    *,
    heuristic: Callable[[_S], _Cost],
    max_depth: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> Optional[WeightedPath]:
    """A cheapest path by IDA*, in memory that grows only with its length, or None."""

def dijkstra_all(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    *,
    max_cost: Optional[_Cost] = None,
    max_states: Optional[int] = None,
) -> Dict[_S, Union[int, float]]:
    """The cheapest cost of every state reachable from start, within max_cost, cheapest first."""

def greedy_best_first(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    is_goal: Callable[[_S], object],
    *,
    heuristic: Callable[[_S], _Cost],
    max_states: Optional[int] = None,
) -> Optional[WeightedPath]:
    """A path to a goal, always expanding the state estimated nearest one; of no promised cost."""

def dfs(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[_S]],
    is_goal: Callable[[_S], object],
    *,
    max_states: Optional[int] = None,
) -> Optional[List[_S]]:
    """A path from start to a goal found depth first (not a shortest one), or None."""

def iddfs(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[_S]],
    is_goal: Callable[[_S], object],
    *,
    max_depth: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> Optional[List[_S]]:
    """A shortest path by iterative deepening, in memory that grows only with its length, or None."""

def beam_search(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    is_goal: Callable[[_S], object],
    *,
    heuristic: Callable[[_S], _Cost],
    width: int,
    max_states: Optional[int] = None,
    max_depth: Optional[int] = None,
) -> Optional[WeightedPath]:
    """A path to a goal, breadth first but expanding only the width states of each layer estimated nearest one."""

def k_cheapest_paths(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    is_goal: Callable[[_S], object],
    *,
    k: int,
    max_states: Optional[int] = None,
) -> List[WeightedPath]:
    """The k cheapest loopless paths from start to goals, cheapest first (Yen's algorithm)."""

def all_cheapest_paths(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    is_goal: Callable[[_S], object],
    *,
    heuristic: Optional[Callable[[_S], _Cost]] = None,
    max_paths: int = 100000,
    max_states: Optional[int] = None,
) -> List[WeightedPath]:
    """Every cheapest path from start to the nearest goals, all of one cost (empty: none)."""

def bidirectional_dijkstra(
    start: Union[_S, List[_S]],
    goal: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[Tuple[object, _S, _Cost]]],
    predecessors: Optional[Callable[[_S], Iterable[_S]]] = None,
    *,
    undirected: bool = False,
    max_states: Optional[int] = None,
) -> Optional[WeightedPath]:
    """A cheapest path from start to goal (lists: any of several) by Dijkstra from both ends, or None.

    Needs predecessors, or undirected=True when every move can be undone.
    """

def enumerate_puzzle(
    name: str,
    size: int,
    *,
    max_memory: int = 4294967296,
    max_depth: Optional[int] = None,
) -> Layers:
    """A numbered puzzle's or a generator family's layers, on the dense engine: states are lists of ints."""

def family_generators(name: str, size: int) -> str:
    """A family's generators as text, a line each: what enumerate_generators and solve_generators read."""

def enumerate_generators(
    generators: str,
    *,
    start: Optional[
        Union[List[int], Tuple[int, ...], List[Union[List[int], Tuple[int, ...]]]]
    ] = None,
    inverse_closed: bool = False,
    symmetries: bool = True,
    inverse: bool = False,
    max_memory: int = 4294967296,
    max_depth: Optional[int] = None,
) -> Layers:
    """The layers of the Cayley or coset graph that the generators in the text make from its start."""

def solve_generators(
    generators: str,
    state: Union[List[int], Tuple[int, ...]],
    *,
    start: Optional[Union[List[int], Tuple[int, ...]]] = None,
    max_states: int = 134217728,
    max_memory: int = 4294967296,
    pdb_dir: Union[str, os.PathLike, None] = None,
    pdb_size: int = 268435456,
    max_nodes: Optional[int] = None,
) -> Optional[List[str]]:
    """The fewest generators, by name, that take state to the start; None when none do."""

def enumerate_space(
    start: Union[_S, List[_S]],
    successors: Callable[[_S], Iterable[_S]],
    *,
    max_states: Optional[int] = None,
    max_depth: Optional[int] = None,
    int_states: bool = False,
    max_memory: int = 4294967296,
) -> Layers:
    """Every state reachable from start (within max_depth moves), by breadth-first layers; int states kept as sorted keys with int_states=True."""

# Arrays are NumPy's; typed as Any so that the stubs need no NumPy.
_Successors = Callable[[Any], Any]

def vector_bfs(
    start: Union[int, List[int]],
    successors: _Successors,
    goal: Union[int, List[int]],
    *,
    max_states: Optional[int] = None,
) -> Optional[List[int]]:
    """A shortest path over int states whose successors come a layer at a time from NumPy, or None."""

def vector_bidirectional_bfs(
    start: int,
    goal: int,
    successors: _Successors,
    predecessors: Optional[_Successors] = None,
    *,
    undirected: bool = False,
    max_states: Optional[int] = None,
) -> Optional[List[int]]:
    """A shortest path over int states searched from both ends a layer at a time, or None."""

def vector_enumerate(
    start: Union[int, List[int]],
    successors: _Successors,
    *,
    max_states: Optional[int] = None,
    max_depth: Optional[int] = None,
    max_memory: int = 4294967296,
) -> Layers:
    """Every int state reachable from start (within max_depth moves), by layers from NumPy, kept sorted and compressed."""
