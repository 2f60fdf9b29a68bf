"""Every rule ID cited in the code, the locales and the tests is defined in docs/rules.md.

A rule ID is one of the letters B, O, S or P, a hyphen, a number and an optional lowercase
letter, with no word character on either side (so card codes such as ``1-05`` or ``O2-03`` are
not IDs).  docs/rules.md defines an ID with a Markdown heading that starts with it, optionally
after the word "Ruling" (``### B-7 Reserve``, ``### Ruling O-4 ...``), and defines each ID once.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
SCANNED = ("engine", "bot", "tests")
SUFFIXES = {".py", ".json", ".md", ".txt"}

RULE_ID = re.compile(r"(?<!\w)([BOSP]-\d+[a-z]?)(?!\w)")
DEFINITION = re.compile(r"^#{1,6}\s+(?:Ruling\s+)?([BOSP]-\d+[a-z]?)(?!\w)", re.MULTILINE)

# Citations that are deliberately not rules, as (path, ID).  Each one must still be cited where
# listed (see test_placeholders_are_still_used), so this list cannot silently go stale.
PLACEHOLDERS = {
    ("tests/bot/test_text.py", "B-0"),  # an unknown rule, to test the fallback of error_text
}


def _definitions() -> list[str]:
    return DEFINITION.findall(RULES.read_text(encoding="utf-8"))


def _citations() -> dict[str, list[str]]:
    """ID -> ["path:line", ...] for every citation under SCANNED and in docs/rules.md itself
    (this file excepted: its patterns and placeholders are examples, not citations)."""
    files = [RULES]
    for top in SCANNED:
        files += sorted(
            p
            for p in (ROOT / top).rglob("*")
            if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts and p != Path(__file__).resolve()
        )
    cited: dict[str, list[str]] = defaultdict(list)
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for rule_id in RULE_ID.findall(line):
                if (rel, rule_id) not in PLACEHOLDERS:
                    cited[rule_id].append(f"{rel}:{number}")
    return cited


def test_rules_file_defines_each_id_once() -> None:
    definitions = _definitions()
    assert definitions, f"{RULES} defines no rule ID"
    duplicates = sorted({d for d in definitions if definitions.count(d) > 1})
    assert not duplicates, f"rule IDs defined more than once in docs/rules.md: {', '.join(duplicates)}"


def test_every_cited_rule_id_is_defined() -> None:
    defined = set(_definitions())
    cited = _citations()
    assert cited, "no rule ID cited anywhere: the pattern is broken"
    unresolved = {rule_id: where for rule_id, where in cited.items() if rule_id not in defined}
    report = "\n".join(
        f"  {rule_id}: cited in {', '.join(where[:5])}{' ...' if len(where) > 5 else ''}"
        for rule_id, where in sorted(unresolved.items())
    )
    assert not unresolved, f"rule IDs cited but not defined in docs/rules.md:\n{report}"


def test_placeholders_are_still_used() -> None:
    for rel, rule_id in sorted(PLACEHOLDERS):
        text = (ROOT / rel).read_text(encoding="utf-8")
        assert rule_id in RULE_ID.findall(text), f"{rel} no longer cites {rule_id}: drop it from PLACEHOLDERS"


def test_rule_id_pattern() -> None:
    found = RULE_ID.findall("B-14, O-2/S-3 (P-7b) Ruling O-4; card 1-05, O2-03, N3, XB-7, S-6x2")
    assert found == ["B-14", "O-2", "S-3", "P-7b", "O-4"]
