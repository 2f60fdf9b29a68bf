"""Plural forms: CLDR categories per language (Babel), plural catalogue entries, and the sentences they make."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path
from typing import Any

import pytest

import bot.i18n
import engine
from bot.i18n import catalog, plural_rule, t
from bot.text import description_text, error_text, event_text, gems_text
from engine.core import Event, GameConfig
from engine.errors import IllegalAction

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "bot" / "locales"
LANGS = ("en", "es", "pt")
CLDR_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
PSEUDO_PLURAL = re.compile(r"\w\((?:s|es|as|os|a|o)\)", re.IGNORECASE)  # card(s), ficha(s), jogador(es), removido(a)


def _files() -> dict[str, dict[str, Any]]:
    return {path.name: json.loads(path.read_text("utf-8")) for path in sorted(LOCALES.glob("*.json"))}


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def _plural_keys() -> set[str]:
    return {key for key, value in catalog("en").items() if isinstance(value, dict)}


# ------------------------------------------------------------------ CLDR categories
@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["other", "one", "other", "other"]),
        ("es", ["other", "one", "other", "other"]),
        # Babel's CLDR data for "pt" (Brazilian): i = 0..1 is "one", so "0 ponto"; European pt_PT differs.
        ("pt", ["one", "one", "other", "other"]),
    ],
)
def test_plural_categories_follow_babel(lang: str, expected: list[str]) -> None:
    assert [plural_rule(lang)(n) for n in (0, 1, 2, 5)] == expected


def test_the_plural_rule_is_parsed_once_per_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for lang in LANGS:
        t("render.cards", lang, count=3)  # warm the cache

    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("Locale.parse called on a hot path")

    monkeypatch.setattr(bot.i18n.Locale, "parse", fail)
    for n in range(20):
        for lang in LANGS:
            assert t("render.cards", lang, count=n)


# ------------------------------------------------------------------ t()
@pytest.mark.parametrize(
    ("key", "lang", "count", "text"),
    [
        ("render.cards", "en", 1, "1 card"),
        ("render.cards", "en", 2, "2 cards"),
        ("render.cards", "en", 0, "0 cards"),
        ("render.cards", "es", 1, "1 carta"),
        ("render.cards", "es-ES", 2, "2 cartas"),
        ("render.cards", "es", 0, "0 cartas"),
        ("render.cards", "pt-BR", 1, "1 carta"),
        ("render.cards", "pt", 5, "5 cartas"),
        ("render.points", "en", 1, "1 pt"),
        ("render.points", "en", 15, "15 pts"),
        ("bot.gems.r", "es", 1, "1 rojo"),
        ("bot.gems.r", "es", 2, "2 rojos"),
        ("bot.gems.u", "pt", 3, "3 azuis"),
        ("service.notify.digest", "en", 1, "You have 1 update in your games:"),
        ("service.notify.digest", "es", 3, "Tienes 3 novedades en tus partidas:"),
    ],
)
def test_plural_sentences(key: str, lang: str, count: int, text: str) -> None:
    assert t(key, lang, count=count) == text


def test_portuguese_points() -> None:
    hand = "Sua mão — {} {}, fichas: —. Cartas reservadas:"
    assert t("bot.hand.splendor", "pt", count=1, tokens="—") == hand.format(1, "ponto")
    assert t("bot.hand.splendor", "pt", count=2, tokens="—") == hand.format(2, "pontos")
    assert t("bot.hand.splendor", "pt", count=0, tokens="—") == hand.format(0, "ponto")  # CLDR pt: 0 is "one"
    assert t("bot.hand.splendor", "en", count=0, tokens="—").startswith("Your hand — 0 points")


def test_plural_fallbacks() -> None:
    assert t("render.cards", "en") == "{count} cards"  # no count: "other", placeholders left as before
    assert t("render.cards", "en", count="3") == "3 cards"  # not a number: "other"
    assert t("render.cards", "es", count=1_000_000) == "1000000 cartas"  # CLDR "many", not in the entry: "other"
    assert bot.i18n._plural({"one": "a", "other": "b"}, "en", 1) == "a"
    assert bot.i18n._plural({"other": "b"}, "en", 1) == "b"
    assert t("render.bank", "es", count=1) == t("render.bank", "es")  # plain strings ignore count
    assert t("render.round", "pt", n=3) == "Rodada 3"


def test_sentences_made_by_the_call_sites() -> None:
    assert gems_text("wwu", "es") == "2 blancos, 1 azul"
    assert gems_text("rrkk", "pt") == "2 vermelhos, 2 pretos"
    view = engine.view_for(engine.new_game(GameConfig("strongholds", players=2, seed=1)), None)
    recover = Event("recover", 0, {"slot": "1.2", "count": 1})
    assert event_text(view, recover, ["Ana"], "en") == "Ana recovered 1 stronghold from that card"
    recover = Event("recover", 0, {"slot": "1.2", "count": 2})
    assert event_text(view, recover, ["Ana"], "es") == "Ana recuperó 2 fortalezas de esa carta"
    one = IllegalAction("P-5", "no room", key="err.no_room", params={"room": 1, "chips": 2})
    assert "room for only 1 chip;" in error_text(one, "en")
    assert "sitio para 1 ficha;" in error_text(one, "es")
    final = view.describe_event(Event("final_round", 0, {"points": 1}))
    assert description_text(final, ["Ana"], "pt", icons=True) == ("Ana chegou a 1 ponto: última rodada", "")
    final = view.describe_event(Event("final_round", 0, {"points": 15}))
    assert description_text(final, ["Ana"], "en", icons=True) == ("Ana reached 15 points: final round", "")
    two = IllegalAction("P-5", "no room", key="err.no_room", params={"room": 2, "chips": 3})
    assert "espaço para 2 fichas;" in error_text(two, "pt")


# ------------------------------------------------------------------ the catalogues
def test_no_pseudo_plurals_in_any_catalogue() -> None:
    found = []
    for name, entries in _files().items():
        for key, value in entries.items():
            for text in [value] if isinstance(value, str) else value.values():
                if PSEUDO_PLURAL.search(text):
                    found.append((name, key, text))
    assert found == []


def test_every_plural_entry_is_complete_and_consistent() -> None:
    keys = _plural_keys()
    assert len(keys) >= 25
    for key in keys:
        per_lang = {lang: catalog(lang)[key] for lang in LANGS}
        fields = None
        for lang, forms in per_lang.items():
            assert isinstance(forms, dict), (key, lang, "plural in en but not here")
            assert {"one", "other"} <= set(forms) <= CLDR_CATEGORIES, (key, lang)
            assert all(isinstance(text, str) and text for text in forms.values()), (key, lang)
            for category, text in forms.items():
                if fields is None:
                    fields = _placeholders(text)
                assert _placeholders(text) == fields, (key, lang, category)
    for lang in ("es", "pt"):
        assert {k for k, v in catalog(lang).items() if isinstance(v, dict)} == keys, lang


def _literal_t_calls() -> list[tuple[str, str, set[str]]]:
    calls = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "t" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    calls.append((f"{path.name}:{node.lineno}", arg.value, {k.arg or "**" for k in node.keywords}))
    return calls


def test_plural_entries_are_called_with_a_count() -> None:
    plural = _plural_keys()
    calls = [(where, key, kwargs) for where, key, kwargs in _literal_t_calls() if key in plural]
    assert len(calls) >= 10
    assert [(where, key) for where, key, kwargs in calls if not kwargs & {"count", "**"}] == []
