"""League images: the standings page and the rating chart are real PNGs in the table images' width."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

from PIL import Image

from bot.render import theme
from bot.render.league import StandingRow, number, render_rating_chart, render_standings

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _image(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data))


def test_standings_page_is_a_table_image_growing_with_rows() -> None:
    rows = [StandingRow(i, f"Player {i}", 10 - i / 2, 5, 2, 1200 - i, i > 3, (-1) ** i * i) for i in range(1, 16)]
    big = _image(render_standings(rows, title="League", subtitle="Season 1", page=1, pages=3))
    small = _image(render_standings(rows[:3], title="League", subtitle="Season 1", page=1, pages=1, lang="pt"))
    assert big.width == small.width == theme.WIDTH and big.height > small.height
    empty = _image(render_standings([], title="League", subtitle="Season 1", page=1, pages=1))
    assert empty.height > 100


def test_rating_chart_draws_the_curve() -> None:
    points = [(T0 + timedelta(days=i), 1000 + 10 * i) for i in range(20)]
    chart = _image(render_rating_chart(points, title="Rating", subtitle="League")).convert("RGB")
    empty = _image(render_rating_chart([], title="Rating", subtitle="League")).convert("RGB")
    assert chart.width == theme.WIDTH
    def yellow(im: Image.Image) -> int:
        return {c: n for n, c in im.getcolors(1 << 20) or []}.get(theme.HILITE, 0)

    assert yellow(chart) > 500 and yellow(chart) > 10 * yellow(empty)


def test_points_are_shown_without_useless_decimals() -> None:
    assert [number(4.0), number(2.5), number(1 / 3), number(47.00000000001), number(3 * (1 / 3))] == [
        "4", "2.5", "0.3", "47", "1"]


def test_seat_extras_for_each_ruleset_family() -> None:
    import engine
    from bot.leagues.stats import seat_extras

    for ruleset, letters in (("base", "wugrk"), ("spectacle", "cdhs")):
        view = engine.view_for(engine.new_game(engine.GameConfig(ruleset, 2, 1)), None)
        nobles, bonuses = seat_extras(view, 1)
        assert nobles == 0 and set(bonuses) == set(letters) and not any(bonuses.values())
