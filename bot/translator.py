"""Localized command names and descriptions through discord.py's translator.

Commands declare ``L("take", "take.name")``: the English text plus a catalogue key; the
translator looks up ``bot.cmd.<key>`` in Spanish (es-ES, es-419) and Brazilian Portuguese (pt-BR).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import has, t

LOCALES: dict[discord.Locale, str] = {
    discord.Locale.spain_spanish: "es",
    discord.Locale.latin_american_spanish: "es",
    discord.Locale.brazil_portuguese: "pt",
}


def L(message: str, key: str) -> app_commands.locale_str:
    """A translatable string: English ``message``, catalogue key ``bot.cmd.<key>``."""
    return app_commands.locale_str(message, key=key)


class SplendorTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        lang = LOCALES.get(locale)
        key = string.extras.get("key")
        if lang is None or not key:
            return None
        full = f"bot.cmd.{key}"
        return t(full, lang) if has(full, lang) else None


__all__ = ["LOCALES", "L", "SplendorTranslator"]
