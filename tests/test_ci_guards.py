"""The suite's own guards: under CI, PostgreSQL tests that cannot run fail instead of being skipped (issue 27 §7)."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import import_pgserver, in_ci


def test_without_pgserver_ci_fails_and_a_developer_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pgserver", None)  # ``import pgserver`` now raises ImportError
    monkeypatch.setenv("CI", "true")
    with pytest.raises(BaseException) as under_ci:  # not pytest.raises(fail): a skip would skip this test
        import_pgserver()
    assert under_ci.type is pytest.fail.Exception and "pgserver" in str(under_ci.value)
    monkeypatch.delenv("CI")
    with pytest.raises(BaseException) as at_home:
        import_pgserver()
    assert at_home.type is pytest.skip.Exception and "under CI they fail" in str(at_home.value)


@pytest.mark.parametrize(("value", "ci"), [("true", True), ("1", True), ("TRUE", True), ("", False),
                                           ("false", False), ("0", False)])
def test_what_counts_as_ci(monkeypatch: pytest.MonkeyPatch, value: str, ci: bool) -> None:
    monkeypatch.setenv("CI", value)
    assert in_ci() is ci


def test_the_ci_script_says_it_is_ci() -> None:
    from pathlib import Path

    script = (Path(__file__).parents[1] / ".ci" / "run").read_text()
    assert 'export CI="${CI:-true}"' in script
