"""Message catalogues for English, Spanish and Brazilian Portuguese.

Catalogues are JSON files ``bot/locales/<area>.<lang>.json`` (``lang`` is ``en``,
``es`` or ``pt``) mapping a key to a ``str.format`` template.  Each feature area
owns its own files, so areas never edit the same file.  A key missing in ``es`` or
``pt`` falls back to ``en``; a key missing everywhere returns the key itself (and a
test checks that every key exists in all three languages).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

LANGS: tuple[str, ...] = ("en", "es", "pt")
DEFAULT_LANG = "en"


def lang_of(locale: str | None) -> str:
    """Map a Discord locale (``es-ES``, ``es-419``, ``pt-BR``, ``en-GB``...) to a catalogue language."""
    if not locale:
        return DEFAULT_LANG
    prefix = str(locale).replace("_", "-").split("-")[0].lower()
    return prefix if prefix in LANGS else DEFAULT_LANG


@cache
def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    root = resources.files("bot") / "locales"
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        name = entry.name
        if name.endswith(f".{lang}.json"):
            merged.update(json.loads(entry.read_text(encoding="utf-8")))
    return merged


def t(key: str, lang: str | None = DEFAULT_LANG, /, **params: Any) -> str:
    """Translate ``key`` into ``lang`` (a language or a Discord locale) and fill ``params``."""
    code = lang_of(lang)
    template = catalog(code).get(key)
    if template is None:
        template = catalog(DEFAULT_LANG).get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def has(key: str, lang: str = DEFAULT_LANG) -> bool:
    return key in catalog(lang_of(lang))
