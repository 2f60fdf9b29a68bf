"""The review's pieces for Discord (issue 32 §3): the win-chance graph and the "not ready yet" answers."""

from __future__ import annotations

import asyncio

import pytest

from bot.render.winchart import draw_win_chart, series
from bot.service.reviews import ReviewAnswer, review_from_json
from bot.ui.review import review_reply
from engine.ai import GameReview, MoveReview


def _move(k: int, seat: int, before: tuple[float, ...], verdict: str | None = None) -> MoveReview:
    return MoveReview(k, k, seat, ("take wug",), 10, before, before, "take wug", before, 0.0, verdict,  # type: ignore[arg-type]
                      100.0)


def _review() -> GameReview:
    # seat 0 to act sees itself 10 points better than a moment later: the tempo a round's mean takes out
    moves = (_move(0, 0, (0.6, 0.4)), _move(1, 1, (0.4, 0.6)), _move(2, 0, (0.8, 0.2)),
             _move(3, 1, (0.6, 0.4), "blunder"))
    return GameReview("base", 2, moves, (100.0, 80.0), ((0, 0, 0), (0, 0, 1)), (1.0, 0.0))


def test_the_graph_has_a_point_per_round_then_the_result() -> None:
    turns, chances = series(_review())
    assert turns == [0.5, 2.5, 4.0]
    assert [tuple(round(p, 3) for p in c) for c in chances] == [(0.5, 0.5), (0.7, 0.3), (1.0, 0.0)]


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_the_graph_draws_a_line_per_seat_and_the_axis_in_percent(lang: str) -> None:
    canvas = draw_win_chart(_review(), ["Ana", "Bob"], lang)
    assert canvas.im.size[0] == 800
    lines = {item.seat: item.text for item in canvas.find("mark", role="chance_line")}
    assert lines == {0: "0.50,0.70,1.00", 1: "0.50,0.30,0.00"}
    assert canvas.texts(role="axis")[:5] == ["0%", "25%", "50%", "75%", "100%"]
    assert canvas.texts(role="name") == ["Ana", "Bob"]
    assert canvas.png().startswith(b"\x89PNG")


def test_a_stored_review_reads_back_equal() -> None:
    import dataclasses
    import json

    review = _review()
    assert review_from_json(json.dumps(dataclasses.asdict(review))) == review


@pytest.mark.parametrize(("wait", "lang", "said"), [
    (20.0, "en", "ready in less than a minute"),
    (300.0, "es", "listo en unos 5 minutos"),
    (60.0, "pt", "pronta em cerca de 1 minuto."),
    (None, "en", "could not be made"),
])
def test_a_review_not_ready_says_when(wait: float | None, lang: str, said: str) -> None:
    answer = ReviewAnswer(None, None, (), None, wait)  # type: ignore[arg-type]
    text, embeds, files = asyncio.run(review_reply(None, answer, lang, None))  # type: ignore[arg-type]
    assert said in text and not embeds and not files


def test_another_players_blind_reserve_stays_hidden_in_their_swings() -> None:
    """Seat 0 reserved blind from the level-1 deck and never bought it; the review says "buy r1" would have been
    better.  Seat 0 reads which card it was; seat 1 and a spectator read only "a level-1 card"."""
    import engine
    from bot.review_text import MOVER, review_blocks
    from engine import GameConfig

    config = GameConfig("base", players=2, seed=3)
    state = engine.new_game(config)
    state = engine.apply(state, 0, engine.parse_action(state, "reserve d1")).state
    state = engine.apply(state, 1, engine.default_action(state)).state
    played = str(engine.default_action(state))
    history = [*state.history(), (0, played)]
    swing = MoveReview(2, 2, 0, (played,), 10, (0.5, 0.5), (0.3, 0.7), "buy r1", (0.45, 0.55), 0.15, "blunder", 34.0)
    review = GameReview("base", 2, (swing,), (34.0, None), ((0, 0, 1), (0, 0, 0)), (0.0, 1.0))
    card = "a green card (level 1, 0 pts, cost 3 red)"

    def told(reader: int | str | None) -> str:
        return "\n".join(line for _, lines in review_blocks(config, history, review, ["Ana", "Bob"], "en",
                                                            reader=reader) for line in lines)  # type: ignore[arg-type]

    assert card in told(MOVER) and card in told(0)
    for reader in (1, None):
        assert card not in told(reader) and "Buy r1 — a level-1 card would have given 45%" in told(reader)
