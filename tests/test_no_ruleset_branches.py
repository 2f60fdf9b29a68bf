"""Nothing above the engine branches on which ruleset it is playing.

The bot asks the engine (``engine.find_ruleset(name).families``, views, ``PendingView``, ``Action.family``)
instead of testing names: a new ruleset must work without touching ``bot/``.  This scans ``bot/**/*.py``
with :mod:`ast` for

* comparisons (``==``, ``!=``, ``in``, ``not in``, ``is``) against a ruleset name or alias, including a
  name inside a tuple/list/set literal and substring tests such as ``"orient" in ruleset``;
* ``match`` cases on such names, and dict literals keyed by them (dispatch tables);
* ``str`` methods given such a name (``ruleset.startswith("orient")``);
* ``getattr`` / ``hasattr`` probing an engine object (a state, view, seat, rules, pending, action,
  event, card...) to find out what kind of game it is.

Names come from the registry: every ruleset's name and game family (plus the five built-in names in
case the registry fails to load) are flagged anywhere; its aliases, which are often ordinary words
(``"full"``, ``"stronghold"``, ``"all"``), only where the other side looks like a ruleset (``ruleset``,
``rules``, ``game``...).  Offences print with their lines.  ``ALLOWED`` is
for what must stay (data handed to Discord is not a branch and is not flagged in the first place);
``KNOWN`` lists offences found when this test was written, each to be removed once fixed: a ``KNOWN``
entry that no longer matches fails too, so the list can only shrink.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import engine
from tests.hidden import shipped_rulesets

ROOT = Path(__file__).resolve().parent.parent
BUILTIN = frozenset({"base", "orient", "strongholds", "orient+strongholds", "spectacle"})
STR_METHODS = frozenset({"startswith", "endswith", "find", "rfind", "index", "rindex", "count", "removeprefix",
                         "removesuffix", "split", "rsplit", "partition", "rpartition", "replace"})
#: The last name of an expression that holds an engine object (``state``, ``outcome.state``, ``view_``...).
RULESET_EXPR = re.compile(r"ruleset|rules|game|family|variant|mode|name", re.IGNORECASE)
ENGINE_OBJECT = re.compile(
    r"(?:^|_)(?:state|states|view|views|view_|seat|seats|rules|ruleset|pending|action|actions|event|events|table|"
    r"spectator|mine|me|card|cards|slot|row|player|hand|before|after|transition|preview)_?$"
)

#: (path relative to the repository, text on the offending line) -> why it may stay.
ALLOWED: dict[tuple[str, str], str] = {}

#: Offences present when this test was written, reported for fixing (see the module docstring).
KNOWN: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Words:
    names: frozenset[str]  # flagged anywhere
    aliases: frozenset[str]  # flagged beside a ruleset-looking expression


def ruleset_words() -> Words:
    names = set(BUILTIN)
    aliases: set[str] = set()
    for name in shipped_rulesets():  # not test-only rulesets ("count" is an ordinary word)
        rules = engine.find_ruleset(name)
        names |= {rules.name, rules.game}
        aliases |= set(rules.aliases)
    names = {w.lower() for w in names}
    return Words(frozenset(names), frozenset(w.lower() for w in aliases) - names)


def _rulesetish(node: ast.AST) -> bool:
    return bool(RULESET_EXPR.search(ast.unparse(node)))


@dataclass(frozen=True)
class Offence:
    path: str
    line: int
    text: str
    why: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.why}: {self.text}"


def _names_in(node: ast.AST, words: frozenset[str]) -> list[str]:
    """Ruleset words named by a constant, or by constants inside a tuple/list/set literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in words:
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [n for elt in node.elts for n in _names_in(elt, words)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("frozenset", "set", "tuple"):
        return [n for arg in node.args for n in _names_in(arg, words)]
    return []


def _last_name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _last_name(node.func)
    if isinstance(node, ast.Subscript):
        return _last_name(node.value)
    return ""


def scan(source: str, path: str, vocab: Words) -> list[Offence]:
    tree = ast.parse(source, path)
    lines = source.splitlines()
    found: list[Offence] = []

    def hit(node: ast.AST, why: str) -> None:
        line = getattr(node, "lineno", 0)
        found.append(Offence(path, line, lines[line - 1].strip() if line else "", why))

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, operands, operands[1:], strict=False):
                if not isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn | ast.Is | ast.IsNot):
                    continue
                named = _names_in(left, vocab.names) + _names_in(right, vocab.names)
                if _rulesetish(right):
                    named += _names_in(left, vocab.aliases)
                if _rulesetish(left):
                    named += _names_in(right, vocab.aliases)
                if named:
                    hit(node, f"compares with ruleset name {named}")
        elif isinstance(node, ast.Match):
            words = vocab.names | vocab.aliases if _rulesetish(node.subject) else vocab.names
            for case in node.cases:
                for sub in ast.walk(case.pattern):
                    if isinstance(sub, ast.MatchValue) and _names_in(sub.value, words):
                        hit(sub, f"match case on ruleset name {_names_in(sub.value, words)}")
        elif isinstance(node, ast.Dict):
            keyed = [n for k in node.keys if k is not None for n in _names_in(k, vocab.names)]
            if keyed:
                hit(node, f"dict keyed by ruleset names {keyed}")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in STR_METHODS:
                words = vocab.names | vocab.aliases if _rulesetish(func.value) else vocab.names
                named = [n for arg in node.args for n in _names_in(arg, words)]
                if named:
                    hit(node, f"str.{func.attr} with ruleset name {named}")
            if isinstance(func, ast.Name) and func.id in ("getattr", "hasattr") and node.args:
                target = _last_name(node.args[0])
                if ENGINE_OBJECT.search(target):
                    hit(node, f"{func.id}() probes engine object {ast.unparse(node.args[0])!r}")
    return found


def offences() -> list[Offence]:
    vocab = ruleset_words()
    found: list[Offence] = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        found += scan(path.read_text(encoding="utf-8"), rel, vocab)
    return found


def test_bot_does_not_branch_on_ruleset_names() -> None:
    found = offences()
    fresh = [o for o in found if (o.path, o.text) not in ALLOWED and (o.path, o.text) not in KNOWN]
    for o in found:
        print(o)  # noqa: T201 -- every offending line, allowed or not, shows with -s
    assert not fresh, "ruleset-specific code above the engine (ask the engine instead):\n" + "\n".join(
        map(str, fresh))


def test_known_offences_are_still_there() -> None:
    """A fixed offence must leave ``KNOWN`` (and an allowed line that is gone must leave ``ALLOWED``)."""
    present = {(o.path, o.text) for o in offences()}
    stale = [k for k in (*KNOWN, *ALLOWED) if k not in present]
    assert not stale, f"no longer found, remove from KNOWN/ALLOWED: {stale}"


def test_the_scanner_has_teeth() -> None:
    vocab = ruleset_words()
    bad = '''
def f(state, view, game, ruleset, rules):
    if game.ruleset == "spectacle": pass
    if ruleset in ("base", "orient"): pass
    if "strongholds" in ruleset: pass
    if rules.game != "splendor": pass
    match ruleset:
        case "orient+strongholds": pass
    table = {"base": 1}
    ruleset.startswith("orient")
    hasattr(state, "pending")
    getattr(view, "rows", None)
    getattr(view.seats[0], "reserved", ())
    if game.ruleset in ("full", "poker"): pass
'''
    found = scan(bad, "sample.py", vocab)
    assert sorted({o.line for o in found}) == [3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14], [str(o) for o in found]
    good = '''
def f(kind, error, item, ruleset):
    if kind == "take": pass
    getattr(error, "key", "")
    getattr(item, "label", None)
    choices = [Choice(name="Splendor", value="base")]
    rules = engine.find_ruleset(ruleset or "base")
    if verb != "full" and kind == "stronghold": pass
'''
    assert scan(good, "sample.py", vocab) == []
