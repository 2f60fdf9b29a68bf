"""The image footer wraps a long sentence (a strongholds move names two cards with their costs) instead of
cutting it with "…"."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render import theme
from bot.render.common import FOOTER_INDENT, FOOTER_ROWS, INNER, footer_height, footer_rows
from bot.render.draw import _words, text_box, text_mask, text_width
from bot.render.theme import FONT_S

MOVE = ("Guadalupe Ximena movió una fortaleza de una carta azul (nivel 3, 3 pts, coste 3 blancos 3 verdes 3 rojos "
        "5 negros) a una carta verde (nivel 3, 3 pts, coste 5 blancos 3 azules 3 rojos 3 negros)")


def test_a_long_sentence_is_wrapped_whole_onto_indented_rows() -> None:
    rows = footer_rows([("Ann took 3 chips:", "wur"), (MOVE, ""), ("Game over", "")])
    assert rows[0] == ("Ann took 3 chips:", "wur", 0)
    moved = rows[1:-1]
    assert 2 <= len(moved) <= FOOTER_ROWS
    assert " ".join(text for text, _, _ in moved) == MOVE  # every word, none cut
    assert [indent for _, _, indent in moved] == [0] + [FOOTER_INDENT] * (len(moved) - 1)
    assert all(text_width(text, FONT_S) + indent <= INNER for text, _, indent in moved)
    assert rows[-1] == ("Game over", "", 0)
    assert footer_height([(MOVE, "")]) == 30 * len(moved) and footer_height([]) == 30


def test_a_sentence_longer_than_the_rows_ends_with_an_ellipsis_and_keeps_room_for_its_gems() -> None:
    rows = footer_rows([(" ".join([MOVE] * 3), "wug")])
    assert len(rows) == FOOTER_ROWS and rows[-1][0].endswith("…") and rows[-1][1] == "wug"
    assert [gems for _, gems, _ in rows[:-1]] == [""] * (FOOTER_ROWS - 1)
    assert text_width(rows[-1][0], FONT_S) + FOOTER_INDENT + 3 * 30 <= INNER


def test_a_sentence_is_measured_and_drawn_from_its_words_as_freetype_lays_it_out_whole() -> None:
    """A new sentence every turn: it is measured and drawn from its words' cached boxes and masks, in the place
    FreeType's layout of the whole sentence gives them (within a pixel), so wrapping and the picture stay as
    they were; a text needing a fallback font or laid out right to left is still laid out whole."""
    for text in (MOVE, "Ana reserved a noble (3 pts, needs 4 red 4 black)", "▶ Bruno to play  ·  ✓ = can buy now"):
        for size in (FONT_S, 22):
            assert _words(text, size, "bold") is not None
            whole = theme.font(size, "bold").getbbox(text, anchor="ls")
            box = text_box(text, size, "bold")
            assert all(abs(a - b) <= 1 for a, b in zip(box, whole, strict=True)), (text, box, whole)
            mask, x0, y0, width = text_mask(text, size, "bold")
            assert (x0, y0, width) == (box[0], box[1], box[2] - box[0])
            drawn = Image.new("L", mask.size)
            ImageDraw.Draw(drawn).text((-x0, -y0), text, font=theme.font(size, "bold"), fill=255, anchor="ls")
            ink, want = sum(mask.tobytes()), sum(drawn.tobytes())
            assert abs(ink - want) <= 0.03 * want  # the same glyphs, give or take a sub-pixel shift
    assert _words("▶ محمد", FONT_S, "bold") is None and _words("Ana 🐉 x", FONT_S, "bold") is None
    assert _words("Carolina", FONT_S, "bold") is None
