"""The turn composer (``bot.ui.composer``) driven step by step with a stand-in interaction and a real game service
on SQLite, without Discord: what each step offers, the preview and its Confirm, the re-check at Confirm that
refuses a board older than the game, Undo, the lobby post and "My hand".  Images are not drawn: ``board.png`` is
replaced by a recorder of the view it is asked to draw (what a player would see), so the tests stay fast.
Fast, and in the mutation-test selection (pyproject, ``[tool.mutmut]``)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

import engine
from bot.i18n import t
from bot.service import AlreadySeated, GameService, NotSeated, StaleBoard
from bot.store import SqliteStore
from bot.text import action_label, turn_line
from bot.ui import board, composer
from engine import TableView
from engine.core import GameState
from tests.bot.service.conftest import FakeClock, base_game

MOVER, OTHER = 101, 102


class Channel(discord.abc.Messageable):
    """The game's thread: what is posted in it."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, dict[str, Any]]] = []

    async def _get_channel(self) -> Any:
        return self

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        self.posts.append((content or "", kwargs))
        return None


class Bot:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.names = {MOVER: "Ana", OTHER: "Bea"}
        self.prefs: dict[int, tuple[str | None, str]] = {}
        self.default_lang = "en"
        self.activities = False  # no Activity (issue 44): no "Play at the table" button
        self.thread = Channel()

    def get_guild(self, id: int, /) -> None:
        return None

    def get_channel(self, id: int, /) -> Channel:
        return self.thread

    async def fetch_channel(self, id: int, /) -> Channel:
        return self.thread


class Response:
    def __init__(self) -> None:
        self.calls: list[tuple[str, str | None, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return bool(self.calls)

    async def send_message(self, content: str, **kwargs: Any) -> None:
        self.calls.append(("send", content, kwargs))

    async def defer(self, **kwargs: Any) -> None:
        self.calls.append(("defer", None, kwargs))

    async def edit_message(self, *, content: str, **kwargs: Any) -> None:
        self.calls.append(("edit", content, kwargs))


class Followup:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def send(self, content: str, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))


class User:
    def __init__(self, user_id: int) -> None:
        self.id = user_id


class Permissions:
    def __init__(self, **flags: bool) -> None:
        self.manage_threads = flags.get("manage_threads", False)
        self.manage_guild = flags.get("manage_guild", False)
        self.administrator = flags.get("administrator", False)


class Interaction:
    def __init__(self, bot: Bot, user_id: int, interaction_id: int = 7001) -> None:
        self.id, self.client, self.user, self.locale = interaction_id, bot, User(user_id), "en-US"
        self.extras: dict[str, Any] = {}
        self.response = Response()
        self.followup = Followup()
        self.edits: list[dict[str, Any]] = []
        self.channel = None
        self.permissions = Permissions()

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.edits.append(kwargs)


Drawn = list[tuple[TableView, list[str], str, bool]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every view the composer asks to draw (view, names, language, hand), instead of a PNG."""
    calls: Drawn = []

    async def png(view: TableView, names: Any, lang: str, *, hand: bool = False) -> bytes:
        calls.append((view, list(names), lang, hand))
        return b"PNG"

    monkeypatch.setattr(board, "png", png)
    return calls


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    store = await SqliteStore.open(tmp_path / "games.sqlite3")
    yield Bot(GameService(store, FakeClock()))
    await store.close()


async def game_at(bot: Bot, **kw: object) -> tuple[int, int, int]:
    """A started base game between MOVER and OTHER: its id, the user to act and the other one."""
    gid = await base_game(bot.service, (MOVER, OTHER), **kw)
    game = await bot.service.game(gid)
    assert game.to_act_user is not None
    return gid, game.to_act_user, next(u for u in game.user_ids if u != game.to_act_user)


async def mover_at(bot: Bot) -> tuple[int, int, GameState, int]:
    """A started base game (game_at): its id, the user to act, the game's state and that user's seat."""
    gid, mover, _ = await game_at(bot)
    state = await bot.service.state(gid)
    assert state is not None
    seat = (await bot.service.game(gid)).seat_of(mover)
    assert seat is not None
    return gid, mover, state, seat


async def seat_names(bot: Bot, gid: int) -> list[str]:
    game = await bot.service.game(gid)
    return [bot.names[p.user_id] for p in sorted(game.players, key=lambda p: p.seat or 0)]


def items(view: discord.ui.View) -> list[Any]:
    return list(view.children)


async def test_each_kind_of_move_offers_its_legal_choices_once_each_in_a_private_menu(bot: Bot, drawn: Drawn) -> None:
    gid, mover, state, seat = await mover_at(bot)
    for verb in ("take", "reserve"):
        interaction = Interaction(bot, mover)
        await composer.open_composer(bot, interaction, gid, 0, verb)  # type: ignore[arg-type]
        [(kind, content, kwargs)] = interaction.response.calls
        assert (kind, content, kwargs["ephemeral"]) == ("send", t(f"bot.composer.{verb}", "en"), True)
        [menu] = items(kwargs["view"])
        assert (menu.game_id, menu.board, menu.verb) == (gid, 0, verb)
        legal = [str(a) for a in engine.legal_actions(state) if a.family == verb]
        assert [o.value for o in menu.item.options] == legal  # base: a choice has one variant at the start
        view = engine.view_for(state, seat)
        assert [o.label for o in menu.item.options] == [action_label(view, c, "en") for c in legal]
        assert menu.item.placeholder == t(f"bot.composer.{verb}", "en")
        assert interaction.extras == {"game_id": gid, "seat": seat}
    assert drawn == []  # a menu draws nothing


async def test_a_choice_becomes_a_preview_of_the_table_after_it_with_confirm_and_cancel(bot: Bot, drawn: Drawn) -> None:
    gid, mover, state, seat = await mover_at(bot)
    code = "reserve d1"  # the drawn card is the mover's to see, and stays hidden from the others
    interaction = Interaction(bot, mover)
    await composer.picked(bot, interaction, gid, 0, "reserve", code)  # type: ignore[arg-type]
    assert interaction.response.calls == [("defer", None, {})]
    assert interaction.extras["action"] == code
    after = engine.preview(state, seat, engine.parse_action(state, code))
    [(view, names, lang, hand)] = drawn
    assert (view, names, lang, hand) == (after, await seat_names(bot, gid), "en", False)
    assert view.viewer == seat
    [edit] = interaction.edits
    label = action_label(engine.view_for(state, seat), code, "en")
    line = turn_line(after, after.last_events, names, "en")
    assert line and edit["content"] == t("bot.composer.preview", "en", label=label, line=line)
    assert [(a.filename, a.fp.read()) for a in edit["attachments"]] == [("preview.png", b"PNG")]
    confirm, cancel = items(edit["view"])
    assert (confirm.game_id, confirm.board, confirm.verb, confirm.arg) == (gid, 0, "do", code)
    assert confirm.item.label == t("bot.button.confirm", "en") and confirm.item.style == discord.ButtonStyle.success
    assert (cancel.verb, cancel.item.label) == ("cancel", t("bot.button.cancel", "en"))
    assert (await bot.service.game(gid)).version == 0 and bot.thread.posts == []  # a preview plays nothing


async def test_a_full_code_is_previewed_as_is_and_a_choice_no_longer_legal_is_refused(bot: Bot, drawn: Drawn) -> None:
    gid, mover, _ = await game_at(bot)
    interaction = Interaction(bot, mover)
    await composer.picked(bot, interaction, gid, 0, "full", "take rr")  # type: ignore[arg-type]
    assert [e["view"].children[0].arg for e in interaction.edits] == ["take rr"]
    interaction = Interaction(bot, mover)
    await composer.picked(bot, interaction, gid, 0, "buy", "buy 1.1")  # type: ignore[arg-type]  # nothing is affordable at the start
    assert interaction.response.calls == [("send", t("bot.composer.gone", "en"), {"ephemeral": True})]
    assert len(drawn) == 1


async def test_confirm_plays_the_move_posts_the_board_and_offers_undo(bot: Bot, drawn: Drawn) -> None:
    gid, mover, other = await game_at(bot)
    before = await bot.service.state(gid)
    assert before is not None
    seat = (await bot.service.game(gid)).seat_of(mover)
    assert seat is not None
    interaction = Interaction(bot, mover, interaction_id=555)
    await composer.play(bot, interaction, gid, 0, "take wug", edit=True)  # type: ignore[arg-type]
    game = await bot.service.game(gid)
    [row] = await bot.service.actions(gid)
    assert (row.code, row.user_id, row.request_id, game.version, game.to_act_user) == (
        "take wug", mover, "i555", 1, other)
    assert interaction.response.calls == [("defer", None, {})]
    assert interaction.extras == {"game_id": gid, "action": "take wug", "seat": seat}
    label = action_label(engine.view_for(before, seat), "take wug", "en")
    [edit] = interaction.edits
    assert edit["content"] == f"{t('bot.played', 'en', label=label)}\n{t('bot.undo.note', 'en')}"
    assert edit["attachments"] == []
    [undo] = items(edit["view"])
    assert (undo.game_id, undo.board, undo.verb) == (gid, 1, "undo")
    [(content, post)] = bot.thread.posts  # the public board, drawn from no seat's view
    after = await bot.service.state(gid)
    assert after is not None and content
    assert post["file"].filename == "table.png" and drawn[-1][0] == engine.view_for(after, None)
    assert [(b.verb, b.board) for b in items(post["view"])] == [("take", 1), ("reserve", 1), ("buy", 1), ("hand", 1)]
    assert interaction.followup.sent == []


async def test_confirm_on_a_board_older_than_the_game_is_refused_and_changes_nothing(bot: Bot, drawn: Drawn) -> None:
    gid, mover, other = await game_at(bot)
    preview = Interaction(bot, mover, interaction_id=1)
    await composer.picked(bot, preview, gid, 0, "take", "take wug")  # type: ignore[arg-type]
    [confirm, _] = items(preview.edits[0]["view"])
    # Meanwhile the same move is played from a command on the current board, and the other player answers.
    await composer.play(bot, Interaction(bot, mover, 2), gid, None, "take wug", edit=False)  # type: ignore[arg-type]
    await composer.play(bot, Interaction(bot, other, 3), gid, None, "take rr", edit=False)  # type: ignore[arg-type]
    posts = len(bot.thread.posts)
    late = Interaction(bot, mover, interaction_id=4)
    with pytest.raises(StaleBoard):  # the button's board (version 0) is not the game's (version 2)
        await composer.play(bot, late, gid, confirm.board, confirm.arg, edit=True)  # type: ignore[arg-type]
    assert [r.code for r in await bot.service.actions(gid)] == ["take wug", "take rr"]
    assert len(bot.thread.posts) == posts and late.edits == []


async def test_opening_a_menu_on_an_old_board_shows_the_current_board_instead(bot: Bot, drawn: Drawn) -> None:
    gid, mover, other = await game_at(bot)
    await composer.play(bot, Interaction(bot, mover, 2), gid, None, "take wug", edit=False)  # type: ignore[arg-type]
    state = await bot.service.state(gid)
    assert state is not None
    interaction = Interaction(bot, other)
    await composer.open_composer(bot, interaction, gid, 0, "take")  # type: ignore[arg-type]
    assert interaction.response.calls == [("defer", None, {"ephemeral": True, "thinking": True})]
    [(content, kwargs)] = interaction.followup.sent
    assert content.splitlines()[0] == t("service.err.stale_board", "en") and len(content.splitlines()) > 1
    assert kwargs["ephemeral"] is True and kwargs["file"].filename == "table.png" and kwargs["file"].fp.read() == b"PNG"
    seat = (await bot.service.game(gid)).seat_of(other)
    assert drawn[-1][0] == engine.view_for(state, seat)  # the user's own view: their hand is theirs to see
    verbs = [b.verb for b in items(kwargs["view"])]
    assert verbs == [*engine.find_ruleset("base").families, "hand"]
    assert all(b.board == 1 for b in items(kwargs["view"]))


async def test_the_current_board_of_a_game_not_started_is_only_the_note(bot: Bot, drawn: Drawn) -> None:
    lobby = await bot.service.create_game(channel_id=9000, creator_id=MOVER, players=2)
    interaction = Interaction(bot, MOVER)
    interaction.response.calls.append(("defer", None, {}))  # already acknowledged: not deferred again
    await composer.send_current_board(bot, interaction, lobby.game_id, "en", "note")  # type: ignore[arg-type]
    assert interaction.followup.sent == [("note", {"ephemeral": True})] and drawn == []
    assert len(interaction.response.calls) == 1


async def test_played_from_a_command_the_answer_is_a_private_message(bot: Bot, drawn: Drawn) -> None:
    gid, mover, _ = await game_at(bot)
    interaction = Interaction(bot, mover, 9)
    await composer.play(bot, interaction, gid, None, "reserve d1", edit=False)  # type: ignore[arg-type]
    assert interaction.response.calls == [("defer", None, {"ephemeral": True, "thinking": True})]
    [(content, kwargs)] = interaction.followup.sent
    assert content.startswith(t("bot.played", "en", label="")[:-1]) and kwargs == {"ephemeral": True}
    assert t("bot.undo.note", "en") not in content  # a reserve from the deck revealed a card: no undo (B-16)
    again = Interaction(bot, mover, 9)  # the same interaction again: a retry, nothing is posted twice
    posts = len(bot.thread.posts)
    await composer.play(bot, again, gid, 0, "reserve d1", edit=False)  # type: ignore[arg-type]
    assert len(bot.thread.posts) == posts and len(await bot.service.actions(gid)) == 1
    [(content, kwargs)] = again.followup.sent
    assert kwargs == {"ephemeral": True}
    undoable = Interaction(bot, next(u for u in (MOVER, OTHER) if u != mover), 10)
    await composer.play(bot, undoable, gid, None, "take rr", edit=False)  # type: ignore[arg-type]
    [(content, kwargs)] = undoable.followup.sent
    assert content.endswith(f"\n{t('bot.undo.note', 'en')}") and kwargs["ephemeral"] is True
    assert [b.verb for b in items(kwargs.pop("view"))] == ["undo"] and kwargs == {"ephemeral": True}


async def test_undo_from_its_button_takes_the_move_back_and_tells_the_thread(bot: Bot, drawn: Drawn) -> None:
    # The thread is told in the game's language (Spanish), the player answered in theirs (Portuguese).
    gid, mover, _ = await game_at(bot, lang="es")
    seat = (await bot.service.game(gid)).seat_of(mover)
    await composer.play(bot, Interaction(bot, mover, 2), gid, 0, "take wug", edit=False)  # type: ignore[arg-type]
    interaction = Interaction(bot, mover, 3)
    interaction.locale = "pt-BR"
    await composer.undo(bot, interaction, gid, 1, edit=True)  # type: ignore[arg-type]
    game = await bot.service.game(gid)
    assert game.to_act_user == mover and (await bot.service.actions(gid)) == []
    state = await bot.service.state(gid)
    assert state is not None
    who = (await seat_names(bot, gid))[seat or 0]

    def said(code: str, lang: str) -> str:
        assert state is not None
        return t("bot.undo.done", lang, who=who, label=action_label(engine.view_for(state, seat), code, lang))

    assert said("take wug", "es") != said("take wug", "pt")
    assert bot.thread.posts[-1][0].splitlines()[0] == said("take wug", "es")
    assert interaction.response.calls == [("defer", None, {})]
    assert interaction.edits == [{"content": said("take wug", "pt"), "attachments": [], "view": None}]
    assert interaction.extras == {"game_id": gid, "action": "undo", "seat": seat}
    # From the command, on the current board: a private answer.
    await composer.play(bot, Interaction(bot, mover, 4), gid, None, "take rr", edit=False)  # type: ignore[arg-type]
    command = Interaction(bot, mover, 5)
    await composer.undo(bot, command, gid, None, edit=False)  # type: ignore[arg-type]
    assert command.response.calls == [("defer", None, {"ephemeral": True, "thinking": True})]
    assert command.followup.sent == [(said("take rr", "en"), {"ephemeral": True})]


async def test_undo_is_offered_only_for_the_movers_own_single_move_that_revealed_nothing(bot: Bot,
                                                                                      drawn: Drawn) -> None:
    gid, mover, other = await game_at(bot)
    outcome = await bot.service.play(gid, mover, "take wug", expected_version=0, request_id="a")
    menu = composer.undo_view(outcome, mover, "en")
    assert menu is not None
    [button] = items(menu)
    assert (button.verb, button.board, button.item.label) == ("undo", 1, t("bot.button.undo", "en"))
    assert composer.undo_view(outcome, other, "en") is None  # not theirs
    assert composer.undo_view(dataclasses.replace(outcome, duplicate=True), mover, "en") is None
    assert composer.undo_view(dataclasses.replace(outcome, applied=outcome.applied * 2), mover, "en") is None
    assert composer.undo_view(dataclasses.replace(outcome, applied=()), mover, "en") is None
    auto = dataclasses.replace(outcome.applied[0], source="auto")
    assert composer.undo_view(dataclasses.replace(outcome, applied=(auto,)), mover, "en") is None
    over = dataclasses.replace(outcome.game, status="over")
    assert composer.undo_view(dataclasses.replace(outcome, game=over), mover, "en") is None
    assert composer.undo_view(dataclasses.replace(outcome, state=None), mover, "en") is None
    revealed = await bot.service.play(gid, other, "reserve d1", expected_version=1, request_id="b")
    assert composer.undo_view(revealed, other, "en") is None  # the drawn card was seen (B-16)


async def test_cancel_empties_the_composer(bot: Bot) -> None:
    interaction = Interaction(bot, MOVER)
    await composer.cancel(interaction)  # type: ignore[arg-type]
    assert interaction.response.calls == [("edit", t("bot.composer.cancelled", "en"), {"attachments": [],
                                                                                       "view": None})]


async def test_my_hand_is_private_and_drawn_from_the_players_own_view(bot: Bot, drawn: Drawn) -> None:
    gid, mover, _ = await game_at(bot)
    with pytest.raises(NotSeated):
        await composer.show_hand(bot, Interaction(bot, 999), gid)  # type: ignore[arg-type]
    await composer.play(bot, Interaction(bot, mover, 2), gid, None, "reserve 1.1", edit=False)  # type: ignore[arg-type]
    state = await bot.service.state(gid)
    assert state is not None
    seat = (await bot.service.game(gid)).seat_of(mover)
    assert seat is not None
    interaction = Interaction(bot, mover)
    await composer.show_hand(bot, interaction, gid)  # type: ignore[arg-type]
    assert interaction.extras == {"game_id": gid}
    assert interaction.response.calls == [("defer", None, {"ephemeral": True, "thinking": True})]
    view = engine.view_for(state, seat)
    assert drawn[-1] == (view, await seat_names(bot, gid), "en", True)
    [(content, kwargs)] = interaction.followup.sent
    assert content == composer.hand_text(view, seat, "en") and kwargs["ephemeral"] is True
    assert kwargs["file"].filename == "hand.png" and kwargs["file"].fp.read() == b"PNG"
    lines = content.splitlines()
    assert len(lines) == 2 and lines[1].startswith("• ")  # the one reserved card
    other_seat = 1 - seat
    empty = composer.hand_text(engine.view_for(state, other_seat), other_seat, "en")
    assert empty.splitlines()[1:] == [t("bot.hand.empty", "en")]


async def test_the_lobby_post_follows_join_leave_and_start(bot: Bot, drawn: Drawn) -> None:
    game = await bot.service.create_game(channel_id=9000, creator_id=MOVER, players=2, turn_timer="12h")
    gid = game.game_id
    text = composer.lobby_text(bot, game, "en")  # type: ignore[arg-type]
    assert f"#{gid}" in text and "(1/2)" in text and "12h" in text and "Join, then" in text
    assert [(b.verb, b.board, b.item.label) for b in items(composer.lobby_view(game, "en"))] == [
        ("join", 0, t("bot.button.join", "en")), ("leave", 0, t("bot.button.leave", "en")),
        ("start", 0, t("bot.button.start", "en"))]
    join = Interaction(bot, OTHER)
    await composer.lobby_action(bot, join, gid, "join")  # type: ignore[arg-type]
    [(kind, content, kwargs)] = join.response.calls
    assert kind == "edit" and content is not None and "(2/2)" in content and len(items(kwargs["view"])) == 3
    assert join.extras == {"game_id": gid}
    with pytest.raises(AlreadySeated):
        await composer.lobby_action(bot, Interaction(bot, OTHER), gid, "join")  # type: ignore[arg-type]
    leave = Interaction(bot, OTHER)
    await composer.lobby_action(bot, leave, gid, "leave")  # type: ignore[arg-type]
    assert (await bot.service.game(gid)).user_ids == (MOVER,) or list((await bot.service.game(gid)).user_ids) == [
        MOVER]
    assert "(1/2)" in (leave.response.calls[0][1] or "")
    await composer.lobby_action(bot, Interaction(bot, OTHER), gid, "join")  # type: ignore[arg-type]
    start = Interaction(bot, MOVER)
    await composer.lobby_action(bot, start, gid, "start")  # type: ignore[arg-type]
    [(kind, content, kwargs)] = start.response.calls
    assert kind == "edit" and kwargs == {"view": None}
    assert content == composer.lobby_text(bot, await bot.service.game(gid), "en")  # type: ignore[arg-type]
    assert (await bot.service.game(gid)).status == "active" and len(bot.thread.posts) == 1
    assert composer.lobby_view(await bot.service.game(gid), "en").children == []
    untimed = await bot.service.create_game(channel_id=9002, creator_id=MOVER, players=2, turn_timer=None)
    assert t("bot.timer.none", "en") in composer.lobby_text(bot, untimed, "en")  # type: ignore[arg-type]


def test_a_manager_is_whoever_may_manage_threads_or_the_server() -> None:
    class Asking:
        def __init__(self, **flags: bool) -> None:
            self.permissions = Permissions(**flags)

    assert not composer.is_manager(Asking())  # type: ignore[arg-type]
    for flag in ("manage_threads", "manage_guild", "administrator"):
        assert composer.is_manager(Asking(**{flag: True}))  # type: ignore[arg-type]


async def test_a_decision_is_offered_in_a_menu_and_played_at_once_when_chosen(bot: Bot, drawn: Drawn) -> None:
    gid, _, _ = await game_at(bot)
    # Each takes three gems (one buy on the way) until someone holds more than ten and must give some back (B-6).
    state = await bot.service.state(gid)
    while state is not None and engine.view_for(state, None).pending is None:
        assert state.version < 40
        actions = [a for a in engine.legal_actions(state) if len(str(a)) == 8 and str(a).startswith("take")]
        actions = actions or list(engine.legal_actions(state))
        user = (await bot.service.game(gid)).to_act_user
        assert user is not None
        await bot.service.play(gid, user, str(actions[state.version % len(actions)]),
                               expected_version=state.version, request_id=f"r{state.version}")
        state = await bot.service.state(gid)
    assert state is not None
    game = await bot.service.game(gid)
    decider = game.to_act_user
    assert decider is not None
    menu_ = Interaction(bot, decider)
    await composer.open_composer(bot, menu_, gid, game.version, "choose")  # type: ignore[arg-type]
    [(_, content, kwargs)] = menu_.response.calls
    [menu] = items(kwargs["view"])
    options = [str(a) for a in engine.legal_actions(state)]
    assert content == t("bot.composer.choose", "en") and [o.value for o in menu.item.options] == options
    chosen = Interaction(bot, decider, 77)
    await composer.picked(bot, chosen, gid, game.version, "choose", options[0])  # type: ignore[arg-type]
    assert (await bot.service.actions(gid))[-1].code == options[0]  # no preview: a decision is played when chosen
    assert chosen.edits == [] and chosen.followup.sent[0][0].startswith(t("bot.played", "en", label="")[:-1])


class Thread(discord.Thread):
    """The game's thread as discord.py gives it (only what joining it needs)."""

    def __init__(self, *, fails: bool) -> None:
        self.id, self.fails = 77, fails
        self.added: list[int] = []

    async def add_user(self, user: discord.abc.Snowflake, /) -> None:
        if self.fails:
            raise discord.HTTPException(Failure(), "Missing Access")
        self.added.append(user.id)


class Failure:
    status, reason = 403, "Forbidden"


class Member(discord.User):
    def __init__(self, user_id: int) -> None:
        self.id = user_id


async def test_joining_from_the_lobby_adds_the_player_to_the_thread_if_discord_lets_it(
        bot: Bot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.ui.composer")
    for fails in (False, True):
        game = await bot.service.create_game(channel_id=9000 + fails, creator_id=MOVER, players=2)
        interaction = Interaction(bot, OTHER)
        interaction.user, interaction.channel = Member(OTHER), Thread(fails=fails)  # type: ignore[assignment]
        await composer.lobby_action(bot, interaction, game.game_id, "join")  # type: ignore[arg-type]
        assert OTHER in (await bot.service.game(game.game_id)).user_ids
        assert interaction.channel.added == ([] if fails else [OTHER])  # type: ignore[attr-defined]
    assert f"could not add {OTHER} to thread 77" in caplog.text


async def test_a_choice_with_several_payments_asks_which_before_the_preview(bot: Bot, drawn: Drawn,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # No shipped ruleset lists payment variants among its main moves yet (payments are a decision), but an
    # action's ``head`` is in the engine's contract: a card offered with several payments is listed once, and
    # picking it asks how to pay, each way a full code.
    gid, mover, _ = await game_at(bot)
    state = await bot.service.state(gid)
    assert state is not None
    seat = (await bot.service.game(gid)).seat_of(mover)
    variants = [engine.parse_action(state, c) for c in ("buy 1.1 pay ww", "buy 1.1 pay wwo gc1")]
    real = engine.legal_actions
    monkeypatch.setattr(engine, "legal_actions", lambda s: [*real(s), *variants])
    opened = Interaction(bot, mover)
    await composer.open_composer(bot, opened, gid, 0, "buy")  # type: ignore[arg-type]
    [buy] = items(opened.response.calls[0][2]["view"])
    assert [o.value for o in buy.item.options] == ["buy 1.1"]
    interaction = Interaction(bot, mover)
    await composer.picked(bot, interaction, gid, 0, "buy", "buy 1.1")  # type: ignore[arg-type]
    [(kind, content, kwargs)] = interaction.response.calls
    assert (kind, content) == ("edit", t("bot.composer.variant", "en"))
    [menu] = items(kwargs["view"])
    assert (menu.verb, menu.board, menu.item.placeholder) == ("full", 0, t("bot.composer.variant", "en"))
    view = engine.view_for(state, seat)
    assert [(o.value, o.label) for o in menu.item.options] == [
        (str(v), action_label(view, str(v), "en")) for v in variants]
    assert drawn == []
