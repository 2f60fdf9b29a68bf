"""Board posts: rendering off the event loop, the turn line, the mention, and the buttons under each post."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import engine
from bot.i18n import lang_of, t
from bot.render import render_hand, render_table
from bot.service import GameInfo, Outcome
from bot.text import action_label, head_of, player_name, turn_line, verb_of

if TYPE_CHECKING:
    from bot.client import SplendorBot

log = logging.getLogger(__name__)

SELECT_MAX = 25


def custom_id(game_id: int, version: int, verb: str, arg: str | None = None) -> str:
    """``spl:<game>:<version>:<verb>[:<arg>]`` (at most 100 characters)."""
    cid = f"spl:{game_id}:{version}:{verb}" + (f":{arg}" if arg else "")
    if len(cid) > 100:
        raise ValueError(f"custom_id too long: {cid!r}")
    return cid


async def png(view: Any, names: Sequence[str], lang: str, *, hand: bool = False) -> bytes:
    """Render off the event loop (Pillow work in a thread)."""
    if hand:
        return await asyncio.to_thread(render_hand, view, names=list(names), lang=lang)
    return await asyncio.to_thread(render_table, view, names=list(names), lang=lang)


def image(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def names_for(bot: SplendorBot, game: GameInfo) -> list[str]:
    """Display names by engine seat (remembered from interactions; a guild member lookup otherwise)."""
    names = [""] * len([p for p in game.players if p.seat is not None])
    guild = bot.get_guild(game.guild_id) if game.guild_id else None
    for p in game.players:
        if p.seat is None or p.seat >= len(names):
            continue
        name = bot.names.get(p.user_id)
        if name is None and guild is not None:
            member = guild.get_member(p.user_id)
            name = member.display_name if member is not None else None
        names[p.seat] = name or ""
    return names


def ruleset_label(ruleset: str, lang: str) -> str:
    return t(f"bot.ruleset.{ruleset.replace('+', '_')}", lang)


def legal_codes(state: Any) -> list[str]:
    return [str(a) for a in engine.legal_actions(state)]


def family_codes(state: Any, verb: str) -> list[str]:
    return [c for c in legal_codes(state) if verb_of(c) == verb]


def heads(codes: Sequence[str]) -> list[str]:
    seen: dict[str, None] = {}
    for code in codes:
        seen.setdefault(head_of(code), None)
    return list(seen)


def safe_preview_view(state: Any, seat: int, code: str) -> tuple[Any, tuple[Any, ...]]:
    """The viewer's table after ``code`` with anything not yet revealed hidden (refills, a blind reserve)."""
    before = engine.view_for(state, seat)
    tr = engine.apply(state, seat, engine.parse_action(state, code))
    view = engine.view_for(tr.state, seat)
    refilled = {str(e.params.get("slot") or e.params.get("pos")) for e in tr.events if e.kind == "refill"}
    # A preview must reveal nothing the move has not revealed yet: not the refills, and not even to the
    # mover the card a blind reserve would draw (they could cancel after peeking at the deck).
    visible = tuple(e.redacted_for(None) for e in tr.events if e.kind != "refill")
    if view.ruleset == "spectacle":
        grid = tuple(dataclasses.replace(g, card=None) if g.code in refilled else g for g in view.grid)
        me = view.seats[seat]
        old = len(before.seats[seat].hand)
        hand = tuple(dataclasses.replace(h, card=None) if i >= old and h.blind else h for i, h in enumerate(me.hand))
        seats = tuple(dataclasses.replace(s, hand=hand) if s.seat == seat else s for s in view.seats)
        view = dataclasses.replace(view, grid=grid, seats=seats, last_events=visible)
    else:
        rows = tuple(
            dataclasses.replace(
                row, slots=tuple(dataclasses.replace(s, card=None) if s.code in refilled else s for s in row.slots)
            )
            for row in view.rows
        )
        me = view.seats[seat]
        old = len(before.seats[seat].reserved)
        reserved = tuple(
            dataclasses.replace(r, card=None) if i >= old and r.blind else r for i, r in enumerate(me.reserved)
        )
        seats = tuple(dataclasses.replace(s, reserved=reserved) if s.seat == seat else s for s in view.seats)
        view = dataclasses.replace(view, rows=rows, seats=seats, last_events=visible, affordable=())
    return view, visible


def turn_buttons(game: GameInfo, state: Any, lang: str) -> discord.ui.View:
    """Take / Reserve / Buy (/ Claim) / My hand under a board, plus the decision menu when one is pending."""
    from bot.ui.buttons import GameButton, GameSelect

    view = discord.ui.View(timeout=None)
    if game.status != "active" or state is None:
        return view
    verbs = ["take", "reserve", "buy"] + (["claim"] if game.ruleset == "spectacle" else [])
    pending = getattr(state, "pending", None)
    for verb in verbs:
        view.add_item(GameButton(game.game_id, game.version, verb, label=t(f"bot.button.{verb}", lang),
                                 style=discord.ButtonStyle.primary, disabled=pending is not None))
    view.add_item(GameButton(game.game_id, game.version, "hand", label=t("bot.button.hand", lang),
                             style=discord.ButtonStyle.secondary))
    if pending is not None and state.to_act is not None:
        spectator = engine.view_for(state, state.to_act)
        options = decision_options(spectator, legal_codes(state), lang)
        if options:
            view.add_item(GameSelect(game.game_id, game.version, "choose", options,
                                     placeholder=t("bot.decision.placeholder", lang)))
    return view


def decision_options(view: Any, codes: Sequence[str], lang: str) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=action_label(view, c, lang), value=c) for c in codes[:SELECT_MAX]]


def prefers_mention(bot: SplendorBot, user_id: int | None) -> bool:
    return user_id is not None and bot.prefs.get(user_id, (None, "mention"))[1] == "mention"


def status_line(bot: SplendorBot, game: GameInfo, state: Any, names: Sequence[str], lang: str) -> str:
    if game.status == "over":
        winners = [player_name(names, w, lang) for w in getattr(state, "winners", lambda: ())()] if state else []
        return t("bot.board.over", lang, winners=", ".join(winners) or t("bot.nobody", lang))
    if game.status == "aborted":
        return t("bot.board.aborted", lang)
    user = game.to_act_user
    if user is None:
        return ""
    who = f"<@{user}>" if prefers_mention(bot, user) else player_name(names, game.to_act_seat, lang)
    pending = getattr(state, "pending", None)
    key = "bot.board.decide" if pending is not None else "bot.board.your_turn"
    return t(key, lang, who=who)


async def board_message(
    bot: SplendorBot, game: GameInfo, state: Any, events: Sequence[Any], lang: str
) -> tuple[str, discord.File, discord.ui.View, discord.AllowedMentions]:
    names = names_for(bot, game)
    view = engine.view_for(state, None)
    data = await png(view, names, lang)
    line = turn_line(events, names, None, lang)
    status = status_line(bot, game, state, names, lang)
    content = "\n".join(x for x in (line, status) if x)[:2000] or t("bot.board.title", lang, game_id=game.game_id)
    user = game.to_act_user
    mentions = discord.AllowedMentions(users=[discord.Object(user)] if user and prefers_mention(bot, user) else False,
                                       roles=False, everyone=False)
    return content, image(data, "table.png"), turn_buttons(game, state, lang), mentions


async def publish(bot: SplendorBot, outcome: Outcome, lang: str | None = None) -> discord.Message | None:
    """Post the table image, what happened and whose turn it is in the game's thread."""
    game = outcome.game
    if outcome.duplicate or outcome.state is None:
        return None
    if lang is None:
        nxt = game.to_act_user
        lang = bot.prefs.get(nxt, (None, "mention"))[0] if nxt else None
        lang = lang or bot.default_lang
    lang = lang_of(lang)
    channel = bot.get_channel(game.channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(game.channel_id)
        except discord.HTTPException:
            log.warning("game %s: its channel %s is gone", game.game_id, game.channel_id)
            return None
    if not isinstance(channel, discord.abc.Messageable):
        return None
    content, file, view, mentions = await board_message(bot, game, outcome.state, outcome.events, lang)
    return await channel.send(content, file=file, view=view, allowed_mentions=mentions)


__all__ = [
    "board_message",
    "custom_id",
    "decision_options",
    "family_codes",
    "heads",
    "image",
    "legal_codes",
    "names_for",
    "png",
    "publish",
    "ruleset_label",
    "safe_preview_view",
    "turn_buttons",
]
