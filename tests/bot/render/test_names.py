"""Players' names on the table image: emoji in colour, and a long name never pushes the rest of the header
line (whose turn, the pending decision) off the image (issue 27 §4)."""

from __future__ import annotations

import io
import random

from PIL import Image

import engine
from bot.i18n import t
from bot.render import draw_hand, draw_table, theme
from bot.render.common import INNER
from bot.render.draw import text_width
from engine import TableView

WIDE = "W" * 32  # 32 of the widest Latin letter


def _fresh(ruleset: str = "base", players: int = 2) -> TableView:
    return engine.view_for(engine.new_game(engine.GameConfig(ruleset, players=players, seed=1)), None)


def _pending(ruleset: str = "base", players: int = 2) -> TableView:
    """A spectator's view of the first pending decision in seeded random play."""
    for seed in range(1, 50):
        rng = random.Random(seed)
        state = engine.new_game(engine.GameConfig(ruleset, players=players, seed=seed))
        while state.to_act is not None:
            state = engine.apply(state, state.to_act, rng.choice(engine.legal_actions(state))).state
            view = engine.view_for(state, None)
            if view.pending is not None:
                return view
    raise AssertionError("no pending decision in 50 games")


def _header_status(view: TableView, names: list[str]) -> str:
    """The header's second line on the left: whose turn or decision."""
    c = draw_table(view, names=names)
    lines = [it for it in c.find("text") if it.box[1] < 70 and it.box[0] < 100 and it.size == theme.FONT_S]
    assert len(lines) == 1, lines
    return lines[0].text


def _reds(png: bytes, box: tuple[int, int, int, int]) -> int:
    im = Image.open(io.BytesIO(png)).convert("RGB").crop(box)
    return sum(n for n, (r, g, b) in im.getcolors(1 << 16) or [] if r > g + 60 and r > b + 60)


def test_an_emoji_in_a_name_is_drawn_in_colour() -> None:
    """🔥 is orange and red: a monochrome outline in the name's colour (white on a blue-grey panel) has no red."""
    view = _fresh()
    c = draw_table(view, names=["Ana", "Bruno 🔥🔥"])
    (name,) = c.find("text", "name", seat=1)
    assert name.text == "Bruno 🔥🔥"
    assert _reds(c.png(), name.box) >= 20
    (plain,) = draw_table(view, names=["Ana", "Bruno"]).find("text", "name", seat=1)
    assert _reds(draw_table(view, names=["Ana", "Bruno"]).png(), plain.box) == 0  # the name colour has no red


def test_a_long_name_does_not_push_the_pending_decision_off_the_header() -> None:
    view = _pending()
    assert view.pending is not None
    names = ["Ana", "Bruno"]
    names[view.pending.seat] = WIDE
    status = _header_status(view, names)
    rest = t(f"render.pending.{view.pending.kind}", "en", name="")
    assert rest in status  # the decision is told whole
    assert status.startswith("WWW") and "…" in status  # the name is cut, not the sentence
    assert text_width(status, theme.FONT_S) <= INNER - 150


def test_a_long_name_keeps_to_play_on_the_header() -> None:
    view = _fresh()
    assert view.to_act == 0 and view.pending is None
    status = _header_status(view, [WIDE, "Bruno"])
    assert status.startswith("▶ WWW") and t("render.to_play", "en", name="…") in status
    assert text_width(status, theme.FONT_S) <= INNER - 150
    assert _header_status(view, ["Ana", "Bruno"]).startswith("▶ " + t("render.to_play", "en", name="Ana"))


def test_the_png_drawn_without_drawn_data_is_the_same() -> None:
    """render_table skips the drawn data (speed); the image must be the one the drawn data describes."""
    from bot.render import render_hand, render_table
    from bot.render.gallery import play_positions

    for ruleset in ("orient+strongholds", "spectacle"):
        for table, seat_view in play_positions(ruleset, 3).values():
            names = ["Ana 🐉", WIDE, "Bruno"]
            assert render_table(table, names=names) == draw_table(table, names=names).png()
            assert render_hand(seat_view, names=names) == draw_hand(seat_view, names=names).png()
            assert draw_table(table, names=names, record=False).items == []
