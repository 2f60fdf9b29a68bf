"""The public board's edge paths, with a minimal stand-in for the bot (no Discord): names when the bot knows none,
the status line of finished and aborted games, and a board or recap that cannot be posted."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import discord
import pytest

import engine
from bot import board_text
from bot.service import Applied, Outcome
from bot.ui import board, buttons, composer
from engine import GameConfig
from tests.test_conformance import game_info


class Member:
    def __init__(self, display_name: str) -> None:
        self.display_name = display_name


class Guild:
    def __init__(self, members: dict[int, Member]) -> None:
        self.members = members

    def get_member(self, user_id: int) -> Member | None:
        return self.members.get(user_id)


class Service:
    """What ``bot.ui.threads`` tells the game service: a game's thread cannot be posted in."""

    def __init__(self) -> None:
        self.unavailable: list[tuple[int, int, str]] = []

    async def thread_unavailable(self, game_id: int, channel_id: int, state: str) -> bool:
        self.unavailable.append((game_id, channel_id, state))
        return True


class Bot:
    """What ``bot.ui.board`` reads of the bot (``BotContext``)."""

    def __init__(self, *, guild: Guild | None = None, channel: Any = None, fetch_error: bool = False) -> None:
        self.names: dict[int, str] = {}
        self.prefs: dict[int, tuple[str | None, str]] = {}
        self.default_lang = "en"
        self.activities = False  # no Activity (issue 44): no "Play at the table" button
        self.guild, self.channel, self.fetch_error = guild, channel, fetch_error
        self.fetched: list[int] = []
        self.service = Service()

    def get_guild(self, guild_id: int) -> Guild | None:
        return self.guild

    def get_channel(self, channel_id: int) -> Any:
        return None

    async def fetch_channel(self, channel_id: int) -> Any:
        self.fetched.append(channel_id)
        if self.fetch_error:
            raise discord.NotFound(_Response(), "Unknown Channel")  # type: ignore[arg-type]
        return self.channel


class _Response:
    status = 404
    reason = "Not Found"


def test_names_come_from_the_bot_then_the_guild_member_else_stay_empty() -> None:
    state = engine.new_game(GameConfig("base", 3, 1))
    game = game_info(state)  # users 100, 101, 102 in seats 0, 1, 2
    bot = Bot(guild=Guild({101: Member("Guild Bea")}))
    bot.names[100] = "Ana"
    assert board.names_for(bot, game) == ["Ana", "Guild Bea", ""]  # type: ignore[arg-type]
    assert board.names_for(Bot(), dataclasses.replace(game, guild_id=None)) == ["", "", ""]  # type: ignore[arg-type]


def test_status_line_of_a_finished_an_aborted_and_a_waiting_game() -> None:
    state = engine.new_game(GameConfig("base", 2, 1))
    game = game_info(state)
    bot = Bot()
    names = ["Ana", "Bruno"]
    nobody = board.status_line(bot, dataclasses.replace(game, status="over"), None, names, "en")  # type: ignore[arg-type]
    assert nobody == text("bot.board.over", winners="nobody")
    assert board.status_line(bot, dataclasses.replace(game, status="aborted"), state, names,  # type: ignore[arg-type]
                             "es") == text("bot.board.aborted", lang="es")
    no_one_to_act = dataclasses.replace(game, to_act_seat=None)
    assert no_one_to_act.to_act_user is None
    assert board.status_line(bot, no_one_to_act, state, names, "en") == ""  # type: ignore[arg-type]


def test_the_status_line_mentions_the_player_to_move_only_when_they_asked() -> None:
    state = engine.new_game(GameConfig("base", 2, 1))
    game = game_info(state)
    bot = Bot()
    names = ["Ana", "Bruno"]
    assert board.status_line(bot, game, state, names, "en") == text("bot.board.your_turn", who="<@100>")  # type: ignore[arg-type]
    bot.prefs[100] = (None, "dm")
    assert board.status_line(bot, game, state, names, "en") == text("bot.board.your_turn", who="Ana")  # type: ignore[arg-type]
    assert board_text.status_text(game, state, names, "en") == text("bot.board.your_turn", who="Ana")
    assert board_text.status_text(game, state, names, "en", mention=True) == text("bot.board.your_turn", who="<@100>")


def text(key: str, lang: str = "en", **params: Any) -> str:
    from bot.i18n import t

    return t(key, lang, **params)


async def test_a_board_for_a_channel_that_is_gone_is_not_posted(caplog: pytest.LogCaptureFixture) -> None:
    state = engine.new_game(GameConfig("base", 2, 1))
    outcome = Outcome(game_info(state), state)
    bot = Bot(fetch_error=True)
    assert await board.publish(bot, outcome) is None  # type: ignore[arg-type]
    assert bot.fetched == [2] and bot.service.unavailable == [(1, 2, "lost")]  # the game is paused (issue 34)
    not_a_text_channel = Bot(channel=object())
    assert await board.publish(not_a_text_channel, outcome) is None  # type: ignore[arg-type]
    assert not_a_text_channel.fetched == [2] and not_a_text_channel.service.unavailable == [(1, 2, "lost")]
    assert await board.publish(Bot(), dataclasses.replace(outcome, duplicate=True)) is None  # type: ignore[arg-type]


async def test_a_recap_that_cannot_be_drawn_is_logged_and_nothing_is_sent(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    state = engine.new_game(GameConfig("base", 2, 1))

    def broken(*args: Any) -> bytes:
        raise RuntimeError("no fonts")

    class Channel:
        def __init__(self) -> None:
            self.sent: list[str] = []

        async def send(self, content: str, **kwargs: Any) -> None:
            self.sent.append(content)

    monkeypatch.setattr(board, "recap_png", broken)
    channel = Channel()
    with caplog.at_level(logging.ERROR, logger="bot.ui.board"):
        await board.post_recap(Bot(channel=channel), 2, game_info(state), state, "en")  # type: ignore[arg-type]
    assert channel.sent == [] and "game 1: could not post the recap" in caplog.text


def test_lobby_buttons_only_while_the_lobby_is_open() -> None:
    game = game_info(engine.new_game(GameConfig("base", 2, 1)))
    assert composer.lobby_view(game, "en").children == []  # started: no Join / Leave / Start
    lobby = composer.lobby_view(dataclasses.replace(game, status="lobby"), "en")
    assert [getattr(c, "item", c).custom_id.split(":")[3] for c in lobby.children] == ["join", "leave", "start"]


def test_undo_is_offered_only_for_the_movers_own_single_move() -> None:
    state = engine.new_game(GameConfig("base", 2, 1))
    game = game_info(state)
    mine = Applied(seq=1, seat=0, user_id=100, code="take wug", source="player")
    offered = composer.undo_view(Outcome(game, state, applied=(mine,)), 100, "en")
    assert offered is not None and [getattr(c, "item", c).custom_id.split(":")[3] for c in offered.children] == ["undo"]
    computer = dataclasses.replace(mine, seq=2, seat=1, user_id=101, source="ai")
    assert composer.undo_view(Outcome(game, state, applied=(mine, computer)), 100, "en") is None  # two moves
    assert composer.undo_view(Outcome(game, state, applied=(mine,)), 101, "en") is None  # someone else's
    timed_out = dataclasses.replace(mine, source="timeout")
    assert composer.undo_view(Outcome(game, state, applied=(timed_out,)), 100, "en") is None
    over = dataclasses.replace(game, status="over")
    assert composer.undo_view(Outcome(over, state, applied=(mine,)), 100, "en") is None


def test_a_custom_id_past_100_characters_and_buttons_without_handlers_are_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert buttons.custom_id(1, 2, "do", "take wug") == "spl:1:2:do:take wug"
    with pytest.raises(ValueError, match="custom_id too long"):
        buttons.custom_id(1, 2, "do", "x" * 100)
    monkeypatch.setattr(buttons, "_installed", {})
    with pytest.raises(RuntimeError, match="no handlers for game buttons"):
        buttons.handlers()
