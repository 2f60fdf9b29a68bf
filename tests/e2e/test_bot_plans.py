"""Plans (issue 33 §1) through the real bot and the fake Discord: ``/splendor plan`` with choices from the player's
own view, a plan that fires (its board says so, and the log), one cancelled because its card was bought by someone
else, one refused while a decision is pending, two plans racing a take-back, and a restart between planning and
firing.  Every answer about plans is private; the plans are listed with Cancel buttons in ``/splendor hand``."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.client import SplendorBot
from tests.e2e.bot_helpers import board_messages, make_bot, reply_of, send_move, two_players
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e

PLAYED = "played from a plan"


async def _started(fake: FakeDiscord, start_client: ClientRunner, db: Path, ruleset: str = "base"
                   ) -> tuple[SplendorBot, FakeChannel, int, FakeUser, FakeUser, engine.GameState, int]:
    """A started 2-player game: the bot, its thread, its id, the player to act (A), the one waiting (B), the state
    and B's seat."""
    bot, thread, gid, a, b = await two_players(fake, start_client, db, ruleset)
    state = await bot.service.state(gid)
    assert state is not None and state.to_act is not None
    return bot, thread, gid, a, b, state, 1 - state.to_act


async def _plan(fake: FakeDiscord, user: FakeUser, thread: FakeChannel, move: str, if_card: str | None = None
                ) -> FakeMessage:
    options = {"move": move} | ({"if_card": if_card} if if_card else {})
    reply = await reply_of(await fake.slash(user, thread, "splendor plan", options))
    assert reply.ephemeral, reply.content
    return reply


async def _move(fake: FakeDiscord, bot: SplendorBot, user: FakeUser, thread: FakeChannel, code: str,
                ruleset: str = "base") -> FakeMessage:
    """Play ``code`` for ``user`` through its slash command; their private "Played" answer."""
    reply = (await (await send_move(fake, user, thread, code, ruleset=ruleset)).wait_followups(1))[0]
    assert reply.ephemeral and reply.content.startswith("Played"), reply.content
    return reply


def _takes(state: engine.GameState, seat: int) -> list[str]:
    """Takes of three colours ``seat`` could make if its turn began now."""
    turn = engine.turn_for(state, seat)
    assert turn is not None
    return [str(a) for a in engine.legal_actions(turn) if a.family == "take" and len(str(a)) == len("take wug")]


async def _planned_board(fake: FakeDiscord, thread: FakeChannel) -> FakeMessage:
    return await fake.wait_until(lambda: next((m for m in board_messages(fake, thread) if PLAYED in m.content), None),
                                 what="the board of the move played from a plan")


async def test_a_plan_fires_at_the_start_of_the_turn_and_its_board_and_log_say_so(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, gid, a, b, state, b_seat = await _started(fake, start_client, tmp_path / "g.sqlite3")
    # the choices come from B's own view: moves B could make (ending the turn), cards face up by their id
    moves = await fake.autocomplete(b, thread, "splendor plan", "move", "")
    assert 0 < len(moves) <= 25 and all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in moves)
    assert {c["value"] for c in moves} <= {str(x) for x in engine.legal_actions(engine.turn_for(state, b_seat))}
    typed = await fake.autocomplete(b, thread, "splendor plan", "move", "take")
    assert typed and all("take" in c["value"] for c in typed)
    cards = await fake.autocomplete(b, thread, "splendor plan", "if_card", "", {"move": "x"})
    assert [c["value"] for c in cards] == [f.card_id for f in engine.view_for(state, b_seat).face_up()]
    # the player to act is told plans are for a turn to come
    notice = await fake.autocomplete(a, thread, "splendor plan", "move", "")
    assert [c["value"] for c in notice] == ["-"]
    mine = _takes(state, b_seat)[0]
    saved = await _plan(fake, b, thread, mine)
    assert "Plan saved" in saved.content and [c.split(":")[3] for c in saved.custom_ids()] == ["unplan"]
    refused = await reply_of(await fake.slash(a, thread, "splendor plan", {"move": mine}))
    assert refused.ephemeral and "It is your turn" in refused.content
    # B's hand lists the plan with its Cancel button; A sees nothing of it
    hand = await reply_of(await fake.slash(b, thread, "splendor hand", {}))
    assert hand.ephemeral and "1. Take" in hand.content and any(":unplan:0-" in c for c in hand.custom_ids())
    other = await reply_of(await fake.slash(a, thread, "splendor hand", {}))
    assert "plan" not in other.content.lower() and not other.custom_ids()

    boards = len(board_messages(fake, thread))
    await _move(fake, bot, a, thread, _takes(state, 1 - b_seat)[-1])
    posted = await _planned_board(fake, thread)
    assert len(board_messages(fake, thread)) == boards + 2  # A's board, then B's move's
    name = b.global_name or b.username
    assert posted.content.splitlines()[0] == f"{name}'s move was played from a plan.", posted.content
    game = await bot.service.game(gid)
    assert game.to_act_user == a.id and game.version == 2
    log = await bot.service.actions(gid)
    assert (log[-1].user_id, log[-1].code, log[-1].source) == (b.id, mine, "player")
    assert log[-1].request_id is not None and log[-1].request_id.startswith("plan:")
    shown = await reply_of(await fake.slash(a, thread, "splendor log", {}))
    assert f"Move 2 ({name}) was played from a plan." in shown.content, shown.content
    assert await bot.service.plans(gid, b.id) == []
    png = tmp_path / "plan_fired.png"  # for the closing note: the board as posted
    png.write_bytes(posted.attachment("table.png").data)
    (tmp_path / "plan_fired.txt").write_text(f"{posted.content}\n---\n{shown.content}\n")


async def test_a_plan_is_cancelled_when_its_card_is_bought_by_someone_else(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, gid, a, b, *_ = await _started(fake, start_client, tmp_path / "g.sqlite3")
    users = {a.id: a, b.id: b}
    # take gems until A can buy a card on the table
    for _ in range(40):
        state = await bot.service.state(gid)
        assert state is not None and state.to_act is not None
        game = await bot.service.game(gid)
        view = engine.view_for(state, state.to_act)
        if game.to_act_user == a.id and view.buyable:
            break
        takes = [str(x) for x in engine.legal_actions(state) if x.family == "take"]
        await _move(fake, bot, users[game.to_act_user or 0], thread, max(takes, key=len))
    else:
        raise AssertionError("A never could buy a card")
    place = next(p for p in view.buyable if "." in p)
    card = {f.place: f.card_id for f in view.face_up()}[place]
    b_seat = 1 - state.to_act
    saved = await _plan(fake, b, thread, f"reserve {place}", if_card=card)
    assert "Plan saved" in saved.content, saved.content
    buy = next(str(x) for x in engine.legal_actions(state) if x.family == "buy" and str(x.head) == f"buy {place}")
    boards = len(board_messages(fake, thread))
    await _move(fake, bot, a, thread, buy)
    await fake.wait_until(lambda: len(board_messages(fake, thread)) > boards, what="A's board")
    # the card left the table: the plan is gone, and B is asked as usual (nothing is played for them)
    for _ in range(3):
        await bot.service.plan_turn(gid)  # whatever the scheduler did or not yet did: it ends the same
    assert await bot.service.plans(gid, b.id) == []
    game = await bot.service.game(gid)
    assert game.to_act_seat == b_seat and game.to_act_user == b.id
    assert not any(PLAYED in m.content for m in fake.messages_in(thread))
    hand = await reply_of(await fake.slash(b, thread, "splendor hand", {}))
    assert not hand.custom_ids() and "plan" not in hand.content.lower()


async def test_a_plan_is_refused_while_a_decision_is_pending(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, gid, a, b, *_ = await _started(fake, start_client, tmp_path / "g.sqlite3")
    users = {a.id: a, b.id: b}
    first = _takes((await bot.service.state(gid)), 1)[0]  # any take, checked again when planned
    # takes, then a reserve (a gold token) over ten tokens: the mover must give tokens back
    while (state := await bot.service.state(gid)) is not None and state.pending_kind is None:
        game = await bot.service.game(gid)
        moves = [str(x) for x in engine.legal_actions(state) if x.family == "take"] or [
            str(x) for x in engine.legal_actions(state) if x.family == "reserve"]
        handle = await send_move(fake, users[game.to_act_user or 0], thread, max(moves, key=len))
        await handle.wait_followups(1)
    game = await bot.service.game(gid)
    waiting = users[next(p.user_id for p in game.players if p.user_id != game.to_act_user)]
    notice = await fake.autocomplete(waiting, thread, "splendor plan", "move", "")
    assert [c["value"] for c in notice] == ["-"]
    refused = await _plan(fake, waiting, thread, first)
    assert "A decision is pending" in refused.content and not refused.custom_ids()
    assert await bot.service.plans(gid, waiting.id) == []


async def test_two_plans_racing_a_take_back_play_once_and_never_on_a_position_taken_back(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, gid, a, b, state, b_seat = await _started(fake, start_client, tmp_path / "g.sqlite3")
    first, second = _takes(state, b_seat)[:2]
    await _plan(fake, b, thread, first)
    await _plan(fake, b, thread, second)
    old_board = board_messages(fake, thread)[-1]
    code = _takes(state, 1 - b_seat)[-1]
    played = await _move(fake, bot, a, thread, code)
    undo = next(c for c in played.custom_ids() if c.split(":")[3] == "undo")
    click = await fake.click(a, played, undo)  # races the plan
    await click.accepted()
    await fake.wait_until(lambda: "took back" in played.content or bool(click.followups) or None,
                          what="the take-back's answer")
    if "took back" in played.content:  # the take-back won: the plans wait for the turn that really comes
        assert [p.code for p in await bot.service.plans(gid, b.id)] == [first, second]
        await _move(fake, bot, a, thread, code)
    else:  # the plan won: the move is no longer A's last one (or its board is gone)
        refusal = click.followups[-1]
        assert refusal.ephemeral and ("no move of yours" in refusal.content or "out of date" in refusal.content)
    await _planned_board(fake, thread)
    log = await bot.service.actions(gid)
    assert [(x.code, x.user_id) for x in log] == [(code, a.id), (first, b.id)]  # once, the first plan
    assert await bot.service.plans(gid, b.id) == []
    assert sum(PLAYED in m.content for m in board_messages(fake, thread)) == 1
    # a late click on a board from before: out of date, nothing played
    late = await reply_of(await fake.click(b, old_board, next(c for c in old_board.custom_ids()
                                                                  if c.split(":")[3] == "take")))
    assert late.ephemeral and "out of date" in late.content
    assert len(await bot.service.actions(gid)) == 2


async def test_a_plan_made_before_a_restart_fires_after_it(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path) -> None:
    fake = fake_discord
    db = tmp_path / "g.sqlite3"
    bot, thread, gid, a, b, state, b_seat = await _started(fake, start_client, db)
    mine = _takes(state, b_seat)[0]
    await _plan(fake, b, thread, mine)
    bot = await start_client.restart(bot, make_bot(fake, db))
    hand = await reply_of(await fake.slash(b, thread, "splendor hand", {}))
    assert "1. Take" in hand.content and any(":unplan:0-" in c for c in hand.custom_ids())
    await _move(fake, bot, a, thread, _takes(state, 1 - b_seat)[-1])
    await _planned_board(fake, thread)
    log = await bot.service.actions(gid)
    assert [(x.code, x.user_id) for x in log][-1] == (mine, b.id)


async def test_cancel_in_the_hand_drops_the_plan(fake_discord: FakeDiscord, start_client: ClientRunner,
                                                 tmp_path: Path) -> None:
    fake = fake_discord
    bot, thread, gid, a, b, _, b_seat = await _started(fake, start_client, tmp_path / "g.sqlite3", "spectacle")
    moves = await fake.autocomplete(b, thread, "splendor plan", "move", "")
    assert moves and all(len(c["name"]) <= 100 for c in moves)
    await _plan(fake, b, thread, moves[0]["value"])
    await _plan(fake, b, thread, moves[1]["value"])
    hand = await reply_of(await fake.slash(b, thread, "splendor hand", {}))
    cancel = next(c for c in hand.custom_ids() if ":unplan:0-" in c)
    with pytest.raises(AssertionError):  # another player cannot even see the private message
        await fake.click(a, hand, cancel)
    left = await reply_of(await fake.click(b, hand, cancel))
    assert left.ephemeral and "Plan cancelled." in left.content and "1. " in left.content
    assert [p.code for p in await bot.service.plans(gid, b.id)] == [moves[1]["value"]]
    assert b_seat in (0, 1)


@pytest.mark.parametrize("ruleset", ["base", "orient", "strongholds", "orient+strongholds", "spectacle"])
async def test_a_plan_from_the_offered_moves_fires_in_every_ruleset(
        fake_discord: FakeDiscord, start_client: ClientRunner, tmp_path: Path, ruleset: str) -> None:
    fake = fake_discord
    bot, thread, gid, a, b, state, b_seat = await _started(fake, start_client, tmp_path / "g.sqlite3", ruleset)
    offered = [c["value"] for c in await fake.autocomplete(b, thread, "splendor plan", "move", "")]
    assert offered and len(offered) <= 25
    a_move = str(engine.default_action(state))
    after = engine.apply(state, 1 - b_seat, engine.parse_action(state, a_move)).state
    if after.to_act != b_seat or after.pending_kind is not None:
        pytest.skip("the first player's minimal move does not end their turn here")

    def holds(code: str) -> bool:  # still legal, and ending the turn, once A has moved
        try:
            done = engine.apply(after, b_seat, engine.parse_action(after, code)).state
        except engine.EngineError:
            return False
        return not (done.to_act == b_seat and done.pending_kind is not None)

    mine = next(code for code in offered if holds(code))
    assert "Plan saved" in (await _plan(fake, b, thread, mine)).content
    await _move(fake, bot, a, thread, a_move, ruleset)
    posted = await _planned_board(fake, thread)
    assert PLAYED in posted.content
    log = await bot.service.actions(gid)
    assert [(x.code, x.user_id) for x in log] == [(a_move, a.id), (mine, b.id)]
