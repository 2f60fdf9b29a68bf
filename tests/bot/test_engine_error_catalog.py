"""Every refusal the engine can raise has a ``bot.engine.*`` sentence in English, Spanish and Portuguese.

* :func:`test_every_engine_error_key_is_in_all_catalogues` collects the keys statically from
  the engine's source (literal ``"err.…"`` strings, the ``_illegal`` helpers of both rulesets
  and the ``err.pending.<kind>`` family) and looks each one up in the three catalogues.
* :func:`test_refusals_met_in_play_are_translated` plays seeded random games of every ruleset,
  tries deliberately illegal or unreadable codes along the way, and checks that each refusal
  reads as a real sentence in Spanish and Portuguese (not the generic fallback, no ``{…}`` left).
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import engine
from bot.i18n import catalog
from bot.text import error_text
from engine import GameConfig
from engine.errors import EngineError

ENGINE = Path(__file__).resolve().parents[2] / "engine"
LANGS = ("en", "es", "pt")
PENDING_KINDS = {
    "return", "noble", "pay", "discard", "joker", "free", "reserve_noble", "stronghold", "conquest",
}  # fmt: skip
LITERAL_KEY = re.compile(r"""["'](err\.[a-z0-9_.]*[a-z0-9_])["']""")

# Codes tried at every sampled position: most are illegal there, unreadable, or both.
SPLENDOR_CODES = (
    "take rr", "take ww", "take bgr", "take wug", "take wugr", "take oo", "take o", "take w", "take",
    "buy 3.1", "buy 1.1 pay wwwww", "buy r1", "buy r3", "buy 9.9", "reserve 9.9", "reserve 1.1",
    "reserve d3", "reserve d9", "reserve o1", "pass", "noble 7", "noble n1", "joker r", "joker z",
    "return wwwwww", "return w", "pay ooooo", "pay w", "free 1.1", "discard 1.1", "hold 9.9",
    "hold 1.1", "move 1.1 2.2", "remove 1.1", "conquer", "skip", "xyz", "", "   ",
)  # fmt: skip
SPECTACLE_CODES = (
    "take 9", "take 6", "take 5", "take 1 1", "take 2 1", "take 1 2", "take 1 2 3", "take 0", "buy 10s", "buy ah",
    "buy deck", "buy a1", "buy r1", "buy r3", "buy 7h 10 10", "buy 2c 1", "pay 10 10 10", "pay 1",
    "res deck", "res a1", "res 7h", "res", "set 2h 3h", "set 2h 3h 4h", "set 7c 7d 7h", "run 4h 5h 6h",
    "put 5 9", "put 1 1", "put auto", "ret 10 1", "ret auto", "noble jh", "noble kc", "disc 4h 9h",
    "kill 7h", "free a1", "free 7h", "swap 3d 7h", "xyz", "",
)  # fmt: skip


# ------------------------------------------------------------------ static collection
def _engine_keys() -> set[str]:
    keys: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        source = path.read_text("utf-8")
        keys.update(LITERAL_KEY.findall(source))
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("illegal", "_illegal")):
                continue
            if len(node.args) < 3:
                continue
            arg = node.args[2]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                keys.add(arg.value)
            elif isinstance(arg, ast.JoinedStr) and ast.unparse(arg).startswith("f'err.pending."):
                keys.update(f"err.pending.{kind}" for kind in PENDING_KINDS)
            elif not (isinstance(arg, ast.Name) and arg.id == "key"):  # the helper's own body
                pytest.fail(f"{path.name}:{node.lineno}: unexpected _illegal key {ast.unparse(arg)}")
    return keys


def test_every_engine_error_key_is_in_all_catalogues() -> None:
    from engine.splendor import rules as splendor_rules

    assert set(splendor_rules.PENDING_RULE) == PENDING_KINDS  # the pending family is complete
    keys = _engine_keys()
    assert len(keys) > 60
    assert {
        "err.not_your_turn",
        "err.game_over",
        "err.unknown_ruleset",
        "err.empty",
        "err.syntax",
        "err.pending",
        "err.chips_short",
        "err.pending.conquest",
    } <= keys
    missing = {
        lang: sorted(key for key in keys if "bot.engine." + key.removeprefix("err.") not in catalog(lang))
        for lang in LANGS
    }
    assert missing == {lang: [] for lang in LANGS}


# ------------------------------------------------------------------ refusals met in play
def _check(exc: EngineError, seen: set[str]) -> None:
    assert exc.key, f"a refusal without a key: {exc.reason!r}"
    seen.add(exc.key)
    for lang in LANGS:
        text = error_text(exc, lang)
        assert text and "{" not in text and "}" not in text, (exc.key, lang, text)
    for lang in ("es", "pt"):
        prefix = catalog(lang)["bot.engine.fallback"].split("{")[0]
        text = error_text(exc, lang)
        assert not text.startswith(prefix), (exc.key, lang, text)
        assert text != exc.reason, (exc.key, lang, text)


def _try(state: object, seat: int, code: str, seen: set[str]) -> None:
    try:
        action = state.rules.parse_action(code)  # type: ignore[attr-defined]
        engine.apply(state, seat, action)
    except EngineError as exc:
        _check(exc, seen)


def _play(ruleset: str, players: int, seed: int, seen: set[str]) -> None:
    rng = random.Random(seed)
    state = engine.new_game(GameConfig(ruleset, players, seed))
    codes = SPECTACLE_CODES if ruleset == "spectacle" else SPLENDOR_CODES
    for ply in range(400):
        if state.is_over:
            break
        seat = state.to_act
        if ply % 4 == 0 or state.pending_kind:
            for code in codes:
                _try(state, seat, code, seen)
            legal = [str(a) for a in engine.legal_actions(state)]
            _try(state, (seat + 1) % players, legal[0], seen)  # not your turn
        action = rng.choice(engine.legal_actions(state))
        state = engine.apply(state, seat, action).state
    if state.is_over:
        _try(state, 0, "pass", seen)  # game over


def _builtin_rulesets() -> list[str]:
    """The engine's own rulesets (other tests register toy ones in the same registry)."""
    names = [n for n in engine.ruleset_names() if type(engine.find_ruleset(n)).__module__.startswith("engine.")]
    assert {"base", "spectacle"} <= set(names)
    return names


def test_refusals_met_in_play_are_translated() -> None:
    seen: set[str] = set()
    for ruleset in _builtin_rulesets():
        for players, seed in ((2, 1), (4, 3)):
            _play(ruleset, players, seed, seen)
    # set-up and lookup refusals
    for attempt in (
        lambda: engine.new_game(GameConfig("no-such-game", 2, 1)),
        lambda: engine.new_game(GameConfig("base", 7, 1)),
        lambda: engine.new_game(GameConfig("spectacle", 9, 1)),
        lambda: engine.view_for(engine.new_game(GameConfig("base", 2, 1)), 5),
    ):
        with pytest.raises(EngineError) as info:
            attempt()
        _check(info.value, seen)
    assert len(seen) >= 30, sorted(seen)
    assert {"err.syntax", "err.pending", "err.not_your_turn", "err.unknown_ruleset"} <= seen
