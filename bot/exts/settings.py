"""``/player settings``: the user's language override, notification preference, vacation and quiet hours."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import user_lang
from bot.exts._common import bot_of
from bot.i18n import t
from bot.service import BadOption
from bot.translator import L
from bot.ui.context import BotContext

LANGUAGES = [
    app_commands.Choice(name=L("Discord's language", "lang.auto"), value="auto"),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Español", value="es"),
    app_commands.Choice(name="Português (Brasil)", value="pt"),
]
NOTIFY = [
    app_commands.Choice(name=L("Mention me in the thread", "notify.mention"), value="mention"),
    app_commands.Choice(name=L("Send me a direct message", "notify.dm"), value="dm"),
    app_commands.Choice(name=L("No notifications", "notify.none"), value="none"),
]


@app_commands.command(name=L("settings", "settings.name"),
                      description=L("Your language, notifications and vacation", "settings.desc"))
@app_commands.rename(language=L("language", "opt.language"), notify=L("notify", "opt.notify"),
                     vacation_days=L("vacation_days", "opt.vacation_days"),
                     quiet_hours=L("quiet_hours", "opt.quiet_hours"), timezone=L("timezone", "opt.timezone"),
                     vacation_bot=L("vacation_bot", "opt.vacation_bot"))
@app_commands.describe(language=L("Language of the bot's answers", "opt.language.desc"),
                       notify=L("How to tell you it is your turn", "opt.notify.desc"),
                       vacation_days=L("Pause your turn timers for some days (0 ends a vacation)",
                                       "opt.vacation_days.desc"),
                       quiet_hours=L("Hours without pings or clock, like 23-7 (off to clear)", "opt.quiet_hours.desc"),
                       timezone=L("Your time zone for quiet hours, like Europe/Madrid", "opt.timezone.desc"),
                       vacation_bot=L("During this vacation a computer player (medium) plays your turns",
                                      "opt.vacation_bot.desc"))
@app_commands.choices(language=LANGUAGES, notify=NOTIFY)
async def settings_command(interaction: discord.Interaction[Any], language: str | None = None,
                           notify: str | None = None,
                           vacation_days: app_commands.Range[int, 0, 30] | None = None,
                           quiet_hours: app_commands.Range[str, 1, 20] | None = None,
                           timezone: app_commands.Range[str, 1, 64] | None = None,
                           vacation_bot: bool = False) -> None:
    bot = bot_of(interaction)
    service = bot.service
    user = interaction.user.id
    if language is not None:
        await service.set_language(user, None if language == "auto" else language)
    if notify is not None:
        await service.set_notify(user, notify)  # type: ignore[arg-type]
    if vacation_days is not None:
        if vacation_days == 0:
            await service.end_vacation(user)
        else:
            await service.start_vacation(user, vacation_days, computer=vacation_bot)
    if quiet_hours is not None or timezone is not None:
        before = await service.user_settings(user)
        hours = parse_quiet_hours(quiet_hours) if quiet_hours is not None else before.quiet_hours
        start, end = hours if hours is not None else (None, None)
        await service.set_quiet_hours(user, start, end, timezone or before.tz)
    current = await service.user_settings(user)
    bot.set_prefs(user, current.lang, current.notify)
    lang = user_lang(interaction)
    vacation = (discord.utils.format_dt(current.vacation_until, "f") if current.vacation_until
                else t("bot.settings.no_vacation", lang))
    await interaction.response.send_message(
        t("bot.settings.current", lang,
          language=t(f"bot.lang.{current.lang or 'auto'}", lang),
          notify=t(f"bot.notify.{current.notify}", lang), vacation=vacation, count=current.vacation_days_left)
        + "\n" + quiet_line(current.quiet_hours, current.tz, lang)
        + ("\n" + t("computer.settings.vacation_bot", lang) if current.vacation_computer else ""),
        ephemeral=True)


def parse_quiet_hours(text: str) -> tuple[int, int] | None:
    """``"23-7"`` → (23, 7); ``"off"`` / ``"no"`` / ``""`` → None.  Raises BadOption otherwise."""
    value = text.strip().lower()
    if value in ("", "off", "no", "none", "0", "ninguna", "nenhuma"):
        return None
    parts = value.replace(" ", "").replace("h", "").split("-")
    # ASCII digits only: str.isdigit() takes '²' (which int() refuses) and '٣' (which it reads as 3)
    if len(parts) == 2 and all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        return int(parts[0]), int(parts[1])
    raise BadOption(name="quiet_hours", value=text)


def quiet_line(hours: tuple[int, int] | None, tz: str | None, lang: str) -> str:
    if hours is None:
        return t("bot.settings.quiet", lang, hours=t("bot.settings.no_quiet", lang))
    return t("bot.settings.quiet", lang, hours=f"{hours[0]:02d}:00–{hours[1]:02d}:00 ({tz or 'UTC'})")


def add_to(group: app_commands.Group, bot: BotContext) -> None:
    group.add_command(settings_command)


__all__ = ["add_to", "parse_quiet_hours", "settings_command"]
