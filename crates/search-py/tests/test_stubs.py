"""The stubs say what is: mypy's stubtest compares statespace.pyi with the
installed module (names, signatures, classes)."""

import pathlib
import subprocess
import sys


def test_the_stubs_match_the_module():
    allowlist = pathlib.Path(__file__).parent.parent / "stubtest-allowlist.txt"
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "statespace", "--allowlist", str(allowlist)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
