"""The composer's refusals before anything is drawn, with a stand-in interaction and service (no Discord): a board
of a game that has not started or is over, a user who is not seated or no longer playing, another's turn, a kind
of move with no legal choice, and a choice that is no longer (or never was) a legal move."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import engine
from bot.i18n import t
from bot.service import GameFinished, GameInfo, NotActive, NotSeated, NotStarted, NotYourTurn
from bot.ui import composer
from engine import GameConfig, GameState
from tests.test_conformance import game_info


class Service:
    def __init__(self, game: GameInfo, state: GameState) -> None:
        self._game, self._state = game, state

    async def game(self, game_id: int) -> GameInfo:
        return self._game

    async def state(self, game_id: int) -> GameState:
        return self._state


class Bot:
    def __init__(self, game: GameInfo, state: GameState) -> None:
        self.service = Service(game, state)
        self.prefs: dict[int, tuple[str | None, str]] = {}


class Response:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))


class User:
    def __init__(self, user_id: int) -> None:
        self.id = user_id


class Interaction:
    def __init__(self, bot: Bot, user_id: int) -> None:
        self.client, self.user, self.locale = bot, User(user_id), "en-US"
        self.extras: dict[str, Any] = {}
        self.response = Response()


def setup() -> tuple[GameInfo, GameState]:
    state = engine.new_game(GameConfig("base", 2, 1))
    return game_info(state), state


async def test_a_board_of_a_game_not_started_or_over_is_refused() -> None:
    game, state = setup()
    mover = 100 + (state.to_act or 0)
    for status, error in (("lobby", NotStarted), ("over", GameFinished), ("aborted", GameFinished)):
        bot = Bot(dataclasses.replace(game, status=status), state)
        with pytest.raises(error):
            await composer.open_composer(bot, Interaction(bot, mover), 1, game.version, "take")  # type: ignore[arg-type]


async def test_only_a_seated_active_player_on_their_turn_may_compose() -> None:
    game, state = setup()
    mover, other = 100 + (state.to_act or 0), 101 - (state.to_act or 0)
    bot = Bot(game, state)
    with pytest.raises(NotSeated):
        await composer.open_composer(bot, Interaction(bot, 999), 1, game.version, "take")  # type: ignore[arg-type]
    with pytest.raises(NotYourTurn):
        await composer.open_composer(bot, Interaction(bot, other), 1, game.version, "take")  # type: ignore[arg-type]
    resigned = tuple(dataclasses.replace(p, status="resigned") if p.user_id == mover else p for p in game.players)
    bot = Bot(dataclasses.replace(game, players=resigned), state)
    with pytest.raises(NotActive):
        await composer.open_composer(bot, Interaction(bot, mover), 1, game.version, "take")  # type: ignore[arg-type]


async def test_a_kind_of_move_with_no_legal_choice_says_so_privately() -> None:
    game, state = setup()  # the first turn of base: nothing to buy yet
    bot = Bot(game, state)
    interaction = Interaction(bot, 100 + (state.to_act or 0))
    await composer.open_composer(bot, interaction, 1, game.version, "buy")  # type: ignore[arg-type]
    assert interaction.response.sent == [(t("bot.composer.none_buy", "en"), {"ephemeral": True})]


@pytest.mark.parametrize(("verb", "value"), [("take", "take zzz"), ("full", "take wwu"), ("buy", "buy 1.1")])
async def test_a_choice_that_is_not_a_legal_move_now_is_refused_and_nothing_is_previewed(verb: str,
                                                                                         value: str) -> None:
    game, state = setup()
    bot = Bot(game, state)
    interaction = Interaction(bot, 100 + (state.to_act or 0))
    await composer.picked(bot, interaction, 1, game.version, verb, value)  # type: ignore[arg-type]
    assert interaction.response.sent == [(t("bot.composer.gone", "en"), {"ephemeral": True})]
