"""Board posts: rendering off the event loop, the mention, and the buttons under each post (the post's words:
:mod:`bot.board_text`)."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence

import discord

import engine
from bot.board_text import post_text, status_text
from bot.computer_text import computer_name
from bot.i18n import lang_of, t
from bot.render import pool as render_pool
from bot.render import recap_png
from bot.service import Applied, GameInfo, Outcome
from bot.service.bots import is_bot
from bot.text import action_label, ordered_options, ruleset_label
from bot.textboard import ALT_MAX, alt_text
from bot.ui.buttons import GameButton, GameSelect
from bot.ui.context import BotContext
from bot.ui.threads import ThreadUnavailable, game_thread_unavailable, game_thread_works, thread_send
from engine import Event, GameState, TableView

log = logging.getLogger(__name__)

SELECT_MAX = 25


async def png(view: TableView, names: Sequence[str], lang: str, *, hand: bool = False) -> bytes:
    """Render off the event loop: in the bot's render processes (``bot.render.pool``), else a thread."""
    return await render_pool.render(view, names, lang, hand=hand)


def image(data: bytes, name: str, description: str) -> discord.File:
    """An image to post, with its alt text (``description``: what a screen reader says; Discord keeps 1,024
    characters at most)."""
    return discord.File(io.BytesIO(data), filename=name, description=description[:ALT_MAX] or None)


def table_alt(view: TableView, names: Sequence[str], lang: str, title: str = "") -> str:
    """The alt text of a table image drawn from ``view`` (:func:`bot.textboard.alt_text`)."""
    return alt_text(view, names, lang, title=title)


def names_for(bot: BotContext, game: GameInfo, lang: str | None = None) -> list[str]:
    """Display names by engine seat (remembered from interactions; a guild member lookup otherwise;
    computer players by their localized name, in ``lang`` or the bot's default language)."""
    names = [""] * len([p for p in game.players if p.seat is not None])
    guild = bot.get_guild(game.guild_id) if game.guild_id else None
    for p in game.players:
        if p.seat is None or p.seat >= len(names):
            continue
        name = computer_name(p.user_id, lang or bot.default_lang) or bot.names.get(p.user_id)
        if name is None and guild is not None:
            member = guild.get_member(p.user_id)
            name = member.display_name if member is not None else None
        names[p.seat] = name or ""
    return names


def legal_codes(state: GameState) -> list[str]:
    return [str(a) for a in engine.legal_actions(state)]


def main_families(game: GameInfo) -> tuple[str, ...]:
    return engine.find_ruleset(game.ruleset).families


def turn_buttons(game: GameInfo, state: GameState | None, lang: str, *, activity: bool = False) -> discord.ui.View:
    """The buttons under a public board: the main actions, "My hand", "Play at the table" (``activity``: the
    application has Activities on), and the pending decision; under the final board, Rematch.

    Everything here is built from the spectator's view: a decision whose options the spectator may
    see becomes a menu under the board; one whose options would reveal something hidden (the price
    of a blind reserve being bought) becomes a "Decide" button that opens the menu privately.
    """
    view = discord.ui.View(timeout=None)
    if game.status == "over":  # the final board: play again (issue 33)
        view.add_item(GameButton(game.game_id, game.board, "rematch", label=t("bot.button.rematch", lang),
                                 style=discord.ButtonStyle.success))
    if game.status != "active" or state is None:
        return view
    spectator = engine.view_for(state, None)
    pending = spectator.pending
    for verb in main_families(game):
        view.add_item(GameButton(game.game_id, game.board, verb, label=t(f"bot.button.{verb}", lang),
                                 style=discord.ButtonStyle.primary, disabled=pending is not None))
    view.add_item(GameButton(game.game_id, game.board, "hand", label=t("bot.button.hand", lang),
                             style=discord.ButtonStyle.secondary))
    if activity:  # launches the Activity (issue 44): the table inside Discord
        view.add_item(GameButton(game.game_id, game.board, "table", label=t("activity.button.table", lang),
                                 style=discord.ButtonStyle.secondary))
    if pending is None:
        return view
    if pending.hidden or not pending.options:
        view.add_item(GameButton(game.game_id, game.board, "decide", label=t("bot.button.decide", lang),
                                 style=discord.ButtonStyle.success))
    else:
        view.add_item(GameSelect(game.game_id, game.board, "choose",
                                 decision_options(spectator, pending.options, lang),
                                 placeholder=t("bot.decision.placeholder", lang)))
    return view


def decision_options(view: TableView, codes: Sequence[str], lang: str) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=action_label(view, c, lang), value=c)
            for c in ordered_options(view, codes)[:SELECT_MAX]]


def game_lang(bot: BotContext, game: GameInfo) -> str:
    """The language of a game's public posts: the one chosen at creation, else the bot's default."""
    return lang_of(game.lang or bot.default_lang)


def prefers_mention(bot: BotContext, user_id: int | None) -> bool:
    """Mention ``user_id`` (a person who asked for mentions; never a computer player)."""
    return user_id is not None and not is_bot(user_id) and bot.prefs.get(user_id, (None, "mention"))[1] == "mention"


def status_line(bot: BotContext, game: GameInfo, state: GameState | None, names: Sequence[str], lang: str) -> str:
    """The board's status line (:func:`bot.board_text.status_text`), mentioning the player to move if they asked."""
    return status_text(game, state, names, lang, mention=prefers_mention(bot, game.to_act_user))


async def board_message(
    bot: BotContext, game: GameInfo, state: GameState, events: Sequence[Event], lang: str, *,
    applied: Sequence[Applied] = (), note: str = "",
) -> tuple[str, discord.File, discord.ui.View, discord.AllowedMentions]:
    names = names_for(bot, game, lang)
    view = engine.view_for(state, None)
    data = await png(view, names, lang)
    content = post_text(game, state, view, events, names, lang, applied=applied, note=note,
                        mention=prefers_mention(bot, game.to_act_user))
    user = game.to_act_user
    mentions = discord.AllowedMentions(users=[discord.Object(user)] if user and prefers_mention(bot, user) else False,
                                       roles=False, everyone=False)
    buttons = turn_buttons(game, state, lang, activity=bot.activities)
    return content, image(data, "table.png", table_alt(view, names, lang)), buttons, mentions


async def publish(bot: BotContext, outcome: Outcome, lang: str | None = None, *,
                  note: str = "") -> discord.Message | None:
    """Post the table image, what happened and whose turn it is in the game's thread, in the game's language.

    ``note`` is a first line (e.g. that a move was taken back).
    """
    game = outcome.game
    if outcome.duplicate or outcome.state is None:
        return None
    lang = lang_of(lang) if lang is not None else game_lang(bot, game)
    content, file, view, mentions = await board_message(bot, game, outcome.state, outcome.events, lang,
                                                        applied=outcome.applied, note=note)
    # A computer move's board carries a nonce: posted again after a crash, Discord keeps the first message.
    # The thread may be archived, uncached, locked or deleted (bot.ui.threads): then the game is paused.
    extra = {} if outcome.post_nonce is None else {"nonce": outcome.post_nonce}
    try:
        message = await thread_send(bot, game.channel_id, content, file=file, view=view, allowed_mentions=mentions,
                                    **extra)
    except ThreadUnavailable as exc:
        await game_thread_unavailable(bot, game.game_id, exc)
        return None
    await game_thread_works(bot, game.game_id, game.thread_state)
    if outcome.state.is_over:
        await post_recap(bot, game.channel_id, game, outcome.state, lang, nonce=None if outcome.post_nonce is None
                         else f"{outcome.post_nonce}r")
    return message


async def post_recap(bot: BotContext, channel: int, game: GameInfo, state: GameState,
                     lang: str, *, nonce: str | None = None) -> None:
    """After the final board: the recap image (standings, points over the turns, nobles, deciding turn).

    Drawn from spectator views in a thread; if it fails the game is still over and its final board posted,
    so the failure is only logged."""
    names = names_for(bot, game)
    try:
        png = await asyncio.to_thread(recap_png, state, names, lang)
        alt = table_alt(engine.view_for(state, None), names, lang, title=t("bot.recap", lang))
        text, file, mentions = t("bot.recap", lang), image(png, "recap.png", alt), discord.AllowedMentions.none()
        extra = {} if nonce is None else {"nonce": nonce}
        await thread_send(bot, channel, text, file=file, allowed_mentions=mentions, **extra)
    except Exception:
        log.exception("game %s: could not post the recap", game.game_id)


__all__ = [
    "board_message",
    "decision_options",
    "game_lang",
    "image",
    "legal_codes",
    "main_families",
    "names_for",
    "png",
    "publish",
    "ruleset_label",
    "turn_buttons",
]
