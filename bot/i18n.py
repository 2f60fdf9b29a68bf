"""Message catalogues for English, Spanish and Brazilian Portuguese.

Catalogues are JSON files ``bot/locales/<area>.<lang>.json`` (``lang`` is ``en``,
``es`` or ``pt``) mapping a key to a ``str.format`` template.  Each feature area
owns its own files, so areas never edit the same file.  A key missing in ``es`` or
``pt`` falls back to ``en``; a key missing everywhere returns the key itself (and a
test checks that every key exists in all three languages).

A template that shows a count is an object of CLDR plural categories instead of a string,
e.g. ``{"one": "{count} card", "other": "{count} cards"}``: ``t(key, lang, count=n)`` picks
the category of ``n`` in that language (Babel's CLDR rules: Portuguese ``0`` is "one", Spanish
and Portuguese have "many" for a million...) and falls back to "other".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale

LANGS: tuple[str, ...] = ("en", "es", "pt")
DEFAULT_LANG = "en"
PLURAL_FALLBACK = "other"

Entry = str | dict[str, str]  # a template, or a template per CLDR plural category


ELLIPSIS = "…"
ECHO_MAX = 100  # what a sentence quotes of a user's typed value (a name, a time zone), at most


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with "…" when it was cut."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + ELLIPSIS


def lang_of(locale: str | None) -> str:
    """Map a Discord locale (``es-ES``, ``es-419``, ``pt-BR``, ``en-GB``...) to a catalogue language."""
    if not locale:
        return DEFAULT_LANG
    prefix = str(locale).replace("_", "-").split("-")[0].lower()
    return prefix if prefix in LANGS else DEFAULT_LANG


@cache
def catalog(lang: str) -> dict[str, Entry]:
    merged: dict[str, Entry] = {}
    root = resources.files("bot") / "locales"
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        name = entry.name
        if name.endswith(f".{lang}.json"):
            merged.update(json.loads(entry.read_text(encoding="utf-8")))
    return merged


def t(key: str, lang: str | None = DEFAULT_LANG, /, **params: Any) -> str:
    """Translate ``key`` into ``lang`` (a language or a Discord locale) and fill ``params``; a plural
    entry takes the form of ``params["count"]`` (no number given: "other")."""
    code = lang_of(lang)
    entry = catalog(code).get(key)
    if entry is None:
        code = DEFAULT_LANG
        entry = catalog(DEFAULT_LANG).get(key, key)
    template = entry if isinstance(entry, str) else _plural(entry, code, params.get("count"))
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


@cache
def plural_rule(lang: str) -> Callable[[float | Decimal], str]:
    """The CLDR plural category function of ``lang`` (parsed once per language: ``t`` runs on render paths)."""
    return Locale.parse(lang).plural_form


def _plural(forms: dict[str, str], lang: str, count: Any) -> str:
    category = PLURAL_FALLBACK
    if isinstance(count, int | float | Decimal) and not isinstance(count, bool):
        category = plural_rule(lang)(count)
    return forms.get(category) or forms.get(PLURAL_FALLBACK) or next(iter(forms.values()), "")


def has(key: str, lang: str = DEFAULT_LANG) -> bool:
    return key in catalog(lang_of(lang))
