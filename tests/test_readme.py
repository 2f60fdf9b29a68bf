"""The README's engine snippet is executable documentation."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5
    assert result.failed == 0


def test_readme_test_command_is_what_ci_runs():
    ci = (README.parent / ".ci" / "run").read_text()
    command = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]' && .venv/bin/python -m pytest -n auto"
    assert command in README.read_text()
    assert command in ci


def test_readme_says_how_long_the_test_command_takes():
    text = README.read_text()
    before = text[:text.index(".venv/bin/python -m pytest -n auto")]
    assert "9–22 minutes on two cores" in before[before.rindex("**Run the tests**"):]
