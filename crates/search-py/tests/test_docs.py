"""Every Python example in the READMEs and the docstrings runs, and shows
what it prints."""

import doctest
import pathlib
import re

import statespace

HERE = pathlib.Path(__file__).resolve().parent
READMES = {
    "README.md": HERE / "../../../README.md",
    "crates/search-py/README.md": HERE / "../README.md",
}

# A fenced block of Python, at any indentation (a block may sit in a list
# item): the opening fence, its body, and a closing fence at the same
# indentation.
FENCE = re.compile(r"^([ \t]*)```(?:python|pycon)[ \t]*\n(.*?)^\1```[ \t]*$", re.MULTILINE | re.DOTALL)


def run_examples(text, name, runner):
    """Runs the doctest examples of `text` in fresh globals with
    statespace imported, and returns how many there were."""
    globs = {"statespace": statespace}
    test = doctest.DocTestParser().get_doctest(text, globs, name, name, 0)
    runner.run(test)
    return len(test.examples)


def test_readme_examples_run():
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for name, path in READMES.items():
        blocks = FENCE.findall(path.read_text(encoding="utf-8"))
        assert blocks, f"{name} has no ```python or ```pycon block"
        counts = [run_examples(body, f"{name}, block {i + 1}", runner) for i, (_, body) in enumerate(blocks)]
        # A block written as a script rather than a session would have no
        # examples, and so would check nothing.
        assert all(counts), f"{name}: blocks without >>> examples: {counts}"
    assert runner.failures == 0, f"{runner.failures} README example(s) failed; see the output above"


def test_the_readme_blocks_are_found():
    # The workspace README's block defines the knight it searches with,
    # and the package README shows open_lock's right answer.
    workspace = "".join(body for _, body in FENCE.findall(READMES["README.md"].read_text(encoding="utf-8")))
    assert ">>> def knight(square):" in workspace
    package = READMES["crates/search-py/README.md"].read_text(encoding="utf-8")
    assert '>>> statespace.open_lock(["0201", "0101"], "0202")  # LeetCode 752\n4\n' in package


def test_every_docstring_example_runs():
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    names = [name for name in dir(statespace) if not name.startswith("_")]
    examples = 0
    with_examples = set()
    for name in names + [None]:
        doc = (getattr(statespace, name) if name else statespace).__doc__ or ""
        # The docstrings fence their examples for Markdown readers.
        text = "\n".join(line for line in doc.splitlines() if not line.strip().startswith("```"))
        test = doctest.DocTestParser().get_doctest(text, vars(statespace).copy(), name or "statespace", None, 0)
        examples += len(test.examples)
        if test.examples:
            with_examples.add(name)
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} docstring example(s) failed; see the output above"
    functions = {"sliding_puzzle", "solve", "enumerate", "open_lock", "ladder_length", "find_ladders",
                 "dfs", "iddfs", "dijkstra_all", "greedy_best_first", "beam_search", "k_cheapest_paths",
                 "all_cheapest_paths", "bidirectional_dijkstra", "astar", "dijkstra", "ida_star",
                 "bfs", "bidirectional_bfs", "enumerate_space", "Solution", "Layers"}
    assert functions <= with_examples, functions - with_examples
    assert examples >= 30, examples


def test_solve_documents_every_heuristic():
    for name in ["manhattan", "linear-conflict", "pdb-663", "pdb-78", "pdb-6666", "best"]:
        assert f'"{name}"' in statespace.solve.__doc__, name
