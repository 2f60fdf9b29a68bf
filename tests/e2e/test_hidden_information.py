"""Hidden cards stay hidden through the real bot, in every shipped ruleset.

Each game is played through the fake Discord until both players hold a blind reserve (taken through
the Reserve button, its menu, the preview and Confirm), with random moves between.  After every move
every message in the game's thread and its channel is read as its audience reads it (public messages
as a spectator; an ephemeral one as the user it was sent to): its content, embeds, component labels,
placeholders, option labels and values and custom ids must name no card that audience may not know
(the decks, whose tops the test knows from the state, and the other players' blind reserves).

Images have no data layer to read back, so the views they are drawn from are checked instead: every
view handed to ``bot.ui.board.png`` must hide what its viewer may not know, and ``board_message`` must
draw the public board from the spectator's view.  ``test_the_checks_catch_a_board_drawn_for_the_player``
shows the check fails when the public board is drawn from the acting player's view.

Last, the Spectacle leak that motivated ``PendingView.hidden``: paying for a blind-reserved card with
several possible payments offers no ``pay`` options on the public board, only a Decide button, which
opens the payment menu privately for the buyer.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.ui.board as board_module
import engine
from bot.client import SplendorBot
from bot.service import GameInfo
from bot.ui.board import board_message
from engine import GameConfig, GameState, TableView
from engine.rng import Rng
from tests.e2e.bot_helpers import board_messages, join_and_start, make_bot, new_game, send_move
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.hidden import (
    assert_view_hides,
    blind_reserves,
    card_ids_in_text,
    hidden_from,
    shipped_rulesets,
    strings_of,
)
from tests.test_conformance import game_info

pytestmark = pytest.mark.e2e


# ------------------------------------------------------------------ the checks
def message_strings(msg: FakeMessage) -> list[str]:
    """Everything a reader of ``msg`` gets as text: content, embeds, and every string in its components."""
    return [msg.content, *strings_of(msg.embeds), *strings_of(msg.components)]


def audience(game: GameInfo, msg: FakeMessage) -> int | None:
    """The seat reading ``msg``: ``None`` for a public message or an ephemeral one to a non-player."""
    return None if msg.visible_to is None else game.seat_of(msg.visible_to)


def check_message(msg: FakeMessage, state: GameState, seat: int | None) -> None:
    hidden = hidden_from(state, seat)
    leaked = {cid: s for s in message_strings(msg) for cid in card_ids_in_text(s) & hidden}
    assert not leaked, f"message {msg.id} (read by seat {seat}) names hidden cards: {leaked}"


def check_public_view(view: TableView, state: GameState) -> None:
    """The public board image's view: a spectator's, showing no hidden card."""
    assert view.viewer is None, f"the public board is drawn for seat {view.viewer}"
    assert_view_hides(view, state, None, "public board view")


class Drawn:
    """Records every view ``bot.ui.board.png`` is asked to draw (the table, the hand, the preview), and
    which of them were drawn for a public board (inside ``bot.ui.board.board_message``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.views: list[tuple[TableView, bool, bool]] = []  # (view, hand image, public board)
        self.public = False
        original_png, original_board = board_module.png, board_module.board_message

        async def png(view: TableView, names: Any, lang: str, *, hand: bool = False) -> bytes:
            self.views.append((view, hand, self.public))
            return await original_png(view, names, lang, hand=hand)

        async def board_message(*args: Any, **kwargs: Any) -> Any:
            self.public = True
            try:
                return await original_board(*args, **kwargs)
            finally:
                self.public = False

        monkeypatch.setattr(board_module, "png", png)
        monkeypatch.setattr(board_module, "board_message", board_message)

    def check(self, state: GameState) -> None:
        for view, _, public in self.views:
            if public:
                check_public_view(view, state)
            assert_view_hides(view, state, view.viewer, "drawn view")


class Table:
    """A started two-player game in the fake Discord, with the checks above run after every move."""

    def __init__(self, fake: FakeDiscord, bot: SplendorBot, thread: FakeChannel, users: dict[int, FakeUser],
                 drawn: Drawn) -> None:
        self.fake, self.bot, self.thread, self.users, self.drawn = fake, bot, thread, users, drawn

    async def game(self) -> GameInfo:
        game = await self.bot.service.game_for_channel(self.thread.id)
        assert game is not None
        return game

    async def state(self) -> GameState:
        state = await self.bot.service.state((await self.game()).game_id)
        assert state is not None
        return state

    async def check(self) -> None:
        game, state = await self.game(), await self.state()
        channel = self.fake.get_channel(self.thread.parent_id) if self.thread.parent_id else None
        for where in (self.thread, channel):
            if where is None:
                continue
            for msg in self.fake.messages_in(where, include_ephemeral=True):
                check_message(msg, state, audience(game, msg))
        self.drawn.check(state)

    def board(self) -> FakeMessage:
        return board_messages(self.fake, self.thread)[-1]

    async def wait_board(self, before: int) -> FakeMessage:
        await self.fake.wait_until(lambda: len(board_messages(self.fake, self.thread)) > before, what="a new board")
        return self.board()

    async def through_composer(self, user: FakeUser, verb: str, value: str) -> None:
        """Board button ``verb`` → the private menu → ``value`` → the preview → Confirm."""
        before = len(board_messages(self.fake, self.thread))
        board = self.board()
        opened = await self.fake.click(user, board, button(board, verb))
        menu = await opened.wait_original()
        assert menu.ephemeral
        select = next(c for c in menu.all_components() if c.get("type") == 3)
        assert value in [o["value"] for o in select["options"]], (value, select["options"])
        await (await self.fake.select(user, menu, select["custom_id"], [value])).accepted()
        preview = await self.fake.wait_until(lambda: menu if menu.attachments else None, what="the preview")
        await self.check()  # the preview, read by the mover
        await (await self.fake.click(user, preview, button(preview, "do"))).accepted()
        await self.wait_board(before)

    async def by_command(self, user: FakeUser, code: str) -> None:
        before = len(board_messages(self.fake, self.thread))
        game = await self.game()
        reply = (await (await send_move(self.fake, user, self.thread, code, ruleset=game.ruleset)).wait_followups(1))[0]
        assert "Played" in reply.content, (code, reply.content)
        await self.wait_board(before)

    async def peek(self, others: list[FakeUser]) -> None:
        """Everyone else looks: the hand button for each player, ``/splendor table`` for a spectator."""
        board = self.board()
        for user in others:
            clicked = await self.fake.click(user, board, button(board, "hand"))
            await clicked.wait_followups(1)
        carol = self.fake.user("carol")
        await (await self.fake.slash(carol, self.thread, "splendor table")).wait_followups(1)
        await self.check()


def button(msg: FakeMessage, verb: str) -> str:
    return next(c for c in msg.custom_ids() if c.split(":")[3] == verb)


def blind_reserve_action(state: GameState) -> engine.Action | None:
    """A legal main action that reserves a card unseen, found by trying each reserve on a copy."""
    seat = state.to_act
    assert seat is not None
    held = len(blind_reserves(state, seat))
    for action in engine.legal_actions(state):
        if action.family == "reserve" and len(blind_reserves(engine.apply(state, seat, action).state, seat)) > held:
            return action
    return None


async def start(fake: FakeDiscord, start_client: ClientRunner, tmp_path: Path, ruleset: str,
                monkeypatch: pytest.MonkeyPatch) -> Table:
    drawn = Drawn(monkeypatch)
    bot = await start_client(make_bot(fake, tmp_path / "g.sqlite3"))
    alice, bob = fake.user("alice"), fake.user("bob")
    thread, lobby, _ = await new_game(fake, alice, ruleset, 2)
    await join_and_start(fake, thread, lobby, alice, [bob])
    return Table(fake, bot, thread, {alice.id: alice, bob.id: bob}, drawn)


# ------------------------------------------------------------------ every ruleset
@pytest.mark.parametrize("ruleset", shipped_rulesets())
async def test_no_message_or_drawn_view_reveals_a_hidden_card(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path, ruleset: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    table = await start(fake, start_client, tmp_path, ruleset, monkeypatch)
    picker = Rng(len(ruleset))
    blind_seen: set[int] = set()
    for _ in range(40):
        game, state = await table.game(), await table.state()
        if game.status != "active" or (len(blind_seen) == 2 and state.version >= 12):
            break
        seat = state.to_act
        assert seat is not None
        user = table.users[game.to_act_user or 0]
        blind = None if state.pending_kind is not None or seat in blind_seen else blind_reserve_action(state)
        if blind is not None:
            await table.through_composer(user, "reserve", str(blind.head))
        else:
            actions = engine.legal_actions(state)
            await table.by_command(user, str(actions[picker.below(len(actions))]))
        await table.check()
        state = await table.state()
        blind_seen |= {s for s in range(2) if blind_reserves(state, s)}
        if blind_seen:
            await table.peek([u for u in table.users.values()])
    state = await table.state()
    assert len(blind_seen) == 2, f"{ruleset}: the game never had both players holding a blind reserve"
    assert hidden_from(state, None), "nothing hidden: the test proves nothing"
    assert any(public for _, _, public in table.drawn.views), "no public board was drawn"
    assert any(hand for _, hand, _ in table.drawn.views), "no hand was drawn"


# ------------------------------------------------------------------ the public board's image
def _state_with_a_blind_reserve(ruleset: str) -> GameState:
    """Seat 0 reserves blind, then play goes on until seat 0 is to act again with the card still hidden."""
    state = engine.new_game(GameConfig(ruleset, 2, 5))
    action = blind_reserve_action(state)
    assert action is not None
    state = engine.apply(state, 0, action).state
    while state.to_act != 1:
        state = engine.apply(state, state.to_act or 0, engine.default_action(state)).state
    return state


def _stub_bot() -> Any:
    return SimpleNamespace(get_guild=lambda _id: None, names={}, prefs={}, activities=False)


async def _public_board_view(state: GameState, monkeypatch: pytest.MonkeyPatch) -> TableView:
    drawn: list[TableView] = []

    async def png(view: TableView, names: Any, lang: str, *, hand: bool = False) -> bytes:
        drawn.append(view)
        return b"\x89PNG"

    monkeypatch.setattr(board_module, "png", png)
    await board_message(_stub_bot(), game_info(state), state, (), "en")
    (view,) = drawn
    return view


@pytest.mark.parametrize("ruleset", shipped_rulesets())
async def test_the_public_board_is_drawn_from_the_spectator_view(ruleset: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    state = _state_with_a_blind_reserve(ruleset)
    check_public_view(await _public_board_view(state, monkeypatch), state)
    check_public_view(engine.view_for(state, None), state)


@pytest.mark.parametrize("ruleset", shipped_rulesets())
async def test_the_checks_catch_a_board_drawn_for_the_player(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutation the checks exist for: ``board_message`` drawing the board for the player whose card is hidden."""
    state = _state_with_a_blind_reserve(ruleset)
    holder = next(s for s in range(2) if blind_reserves(state, s))
    real_view_for = engine.view_for

    def leaky_view_for(st: GameState, seat: int | None) -> TableView:
        return real_view_for(st, holder if seat is None else seat)

    monkeypatch.setattr(board_module.engine, "view_for", leaky_view_for)
    wrong = await _public_board_view(state, monkeypatch)
    monkeypatch.undo()
    assert wrong.viewer == holder
    with pytest.raises(AssertionError, match="drawn for seat"):
        check_public_view(wrong, state)
    with pytest.raises(AssertionError, match="hidden cards"):
        assert_view_hides(wrong, state, None)
    secret = blind_reserves(state, holder)[0]
    leaky = SimpleNamespace(id=1, content=f"the card is {secret}", embeds=[], components=[])
    with pytest.raises(AssertionError, match="names hidden cards"):
        check_message(leaky, state, None)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the Spectacle payment leak
def _blind_buy_with_choice(state: GameState) -> engine.Action | None:
    """Buying one's own blind reserve that leaves a payment decision hidden from the table."""
    seat = state.to_act
    assert seat is not None
    for action in engine.legal_actions(state):
        if action.family != "buy":
            continue
        after = engine.apply(state, seat, action).state
        pending = engine.view_for(after, None).pending
        if pending is not None and pending.hidden and len(engine.legal_actions(after)) > 1:
            return action
    return None


def _richest_take(state: GameState) -> engine.Action:
    seat = state.to_act
    assert seat is not None
    takes = [a for a in engine.legal_actions(state) if a.family == "take"]
    return max(takes, key=lambda a: sum(engine.view_for(engine.apply(state, seat, a).state, seat).seats[seat].chips))


async def test_spectacle_blind_reserve_payment_is_decided_privately(
    fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    table = await start(fake, start_client, tmp_path, "spectacle", monkeypatch)
    game, state = await table.game(), await table.state()
    buyer_seat = state.to_act
    assert buyer_seat is not None
    buyer = table.users[game.to_act_user or 0]
    other = next(u for u in table.users.values() if u.id != buyer.id)
    blind = blind_reserve_action(state)
    assert blind is not None
    await table.through_composer(buyer, "reserve", str(blind.head))
    for _ in range(40):
        game, state = await table.game(), await table.state()
        assert game.status == "active"
        user = table.users[game.to_act_user or 0]
        if state.pending_kind is not None:
            await table.by_command(user, str(engine.legal_actions(state)[0]))
            continue
        if state.to_act == buyer_seat and (buy := _blind_buy_with_choice(state)) is not None:
            await table.by_command(buyer, str(buy))
            break
        await table.by_command(user, str(_richest_take(state)))
    else:
        pytest.fail("the buyer never had a choice of payments for the blind reserve")
    await table.check()

    state = await table.state()
    spectator = engine.view_for(state, None).pending
    assert spectator is not None and spectator.kind == "pay" and spectator.hidden
    payments = [str(a) for a in engine.legal_actions(state)]
    assert len(payments) > 1
    board = table.board()
    values = [v for c in board.all_components() for v in [c.get("custom_id", ""), *(
        o.get("value", "") for o in c.get("options", []))]]
    assert not [v for v in values if v.startswith("pay") or ":pay" in v], values
    assert not [s for s in message_strings(board) if s.lower().startswith("pay")]
    decide = button(board, "decide")
    assert "press Decide" in board.content, board.content  # the status line points at the button, not a menu
    assert all(b.get("disabled") for b in board.buttons() if b["custom_id"].split(":")[3] in ("take", "reserve", "buy"))

    refused = await fake.click(other, board, decide)
    answer = await refused.wait_original()
    assert answer.ephemeral and "not your turn" in answer.content
    assert not any(c.get("type") == 3 for c in answer.all_components())

    opened = await fake.click(buyer, board, decide)
    menu = await opened.wait_original()
    assert menu.ephemeral and menu.visible_to == buyer.id
    (select,) = [c for c in menu.all_components() if c.get("type") == 3]
    assert [o["value"] for o in select["options"]] == payments
    await table.check()

    before = len(board_messages(fake, table.thread))
    chosen = await fake.select(buyer, menu, select["custom_id"], [payments[-1]])
    assert (await chosen.wait_followups(1))[0].content.startswith("Played")
    await table.wait_board(before)
    await table.check()
    assert len(blind_reserves(await table.state(), buyer_seat)) == 0  # bought: the card is public now
