"""The image footer wraps a long sentence (a strongholds move names two cards with their costs) instead of
cutting it with "…"."""

from __future__ import annotations

from bot.render.common import FOOTER_INDENT, FOOTER_ROWS, INNER, footer_height, footer_rows
from bot.render.draw import text_width
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
