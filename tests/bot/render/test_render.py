"""Table and hand images: every ruleset renders, output is deterministic, hidden cards
cannot leak, text stays legible at phone width, words come from the catalogues."""

from __future__ import annotations

import ast
import io
import json
import string
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from bot.render import draw_table, render_hand, render_table, samples, spectacle, splendor, theme
from bot.render.draw import Canvas, cap_height, text_mask
from bot.render.gallery import RULESETS, play_positions
from engine.spectacle import view as sv
from engine.splendor.view import CardView, ReservedView

SPLENDOR_RULESETS = tuple(r for r in RULESETS if r != "spectacle")
ROOT = Path(__file__).resolve().parents[3]
RENDER = ROOT / "bot" / "render"
NAMES = samples.NAMES


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


@pytest.mark.parametrize("ruleset", SPLENDOR_RULESETS)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("stage", ["early", "middle", "final"])
def test_every_splendor_sample_renders(ruleset: str, players: int, stage: str) -> None:
    view = samples.sample_view(ruleset, players, stage)
    im = _png(render_table(view, names=NAMES))
    assert im.width == theme.WIDTH
    assert im.mode == "P"  # palette PNG: small and fast to encode
    assert 600 < im.height < 2.2 * theme.WIDTH  # portrait; a 4-player Orient final screen is the tallest
    hand = _png(render_hand(samples.sample_view(ruleset, players, stage, viewer=0), names=NAMES))
    assert hand.width == theme.WIDTH


@pytest.mark.parametrize("ruleset", [*SPLENDOR_RULESETS, "spectacle"])
@pytest.mark.parametrize("players", [2, 4])
def test_real_engine_positions_render(ruleset: str, players: int) -> None:
    played = play_positions(ruleset, players, seed=3)
    assert played["final"][0].is_over
    for stage, (table, seat_view) in played.items():
        assert table.viewer is None and seat_view.viewer == 0, stage
        assert _png(render_table(table, names=NAMES[:players])).width == theme.WIDTH
        assert _png(render_hand(seat_view, names=NAMES[:players], lang="pt")).width == theme.WIDTH


def test_same_view_gives_same_bytes() -> None:
    view = samples.sample_view("orient+strongholds", 4, "middle")
    first = render_table(view, names=NAMES)
    splendor.card_sprite.cache_clear()  # cold and warm caches draw the same picture
    assert render_table(view, names=NAMES) == first
    assert render_table(view, names=NAMES, lang="es") != first  # the language is drawn


def test_same_spectacle_view_gives_same_bytes() -> None:
    table, _ = play_positions("spectacle", 3, seed=5)["middle"]
    assert render_table(table, names=NAMES) == render_table(table, names=NAMES)


def test_highlight_changes_the_picture() -> None:
    view = samples.sample_view("base", 2, "middle")
    assert render_table(view, names=NAMES, highlight=False) != render_table(view, names=NAMES)


def _other_blind_reserve_views() -> tuple[object, object]:
    """A view where seat 1 holds a blind reserve, as seat 0 sees it (no card) and as seat 1 sees it."""
    secret = CardView("3-07", 3, "r", 5, (0, 0, 0, 7, 0))
    base = samples.sample_view("base", 2, "middle", viewer=0)
    p1 = base.seats[1]
    hidden = replace(p1, reserved=(ReservedView("r1", 3, True, None),))
    shown = replace(p1, reserved=(ReservedView("r1", 3, True, secret),))
    as_seat0 = replace(base, seats=(base.seats[0], hidden))
    as_seat1 = replace(base, viewer=1, seats=(base.seats[0], shown))
    return as_seat0, as_seat1


def test_hidden_card_is_absent_from_the_view_and_drawn_as_a_back(monkeypatch: pytest.MonkeyPatch) -> None:
    as_seat0, as_seat1 = _other_blind_reserve_views()
    drawn: list[str] = []
    backs: list[int] = []
    real_card, real_back = splendor.draw_card, splendor.draw_back

    def spy_card(c: Canvas, x: int, y: int, w: int, h: int, card: CardView, code: str, **kw: object) -> None:
        drawn.append(card.id)
        real_card(c, x, y, w, h, card, code, **kw)  # type: ignore[arg-type]

    def spy_back(c: Canvas, x: int, y: int, w: int, h: int, level: int, code: str, **kw: object) -> None:
        backs.append(level)
        real_back(c, x, y, w, h, level, code, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(splendor, "draw_card", spy_card)
    monkeypatch.setattr(splendor, "draw_back", spy_back)
    render_table(as_seat0, names=NAMES)
    assert "3-07" not in drawn and backs == [3]  # only the level is shown
    drawn.clear()
    backs.clear()
    render_table(as_seat1, names=NAMES)
    assert "3-07" in drawn  # its owner sees it


def test_real_blind_reserve_never_reaches_other_seats_images(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    import engine

    rng = random.Random(11)
    state = engine.new_game(engine.GameConfig("orient", players=2, seed=11))
    secret: str | None = None
    for _ in range(400):
        owner_view = engine.view_for(state, 1)
        blind = [r.card.id for r in owner_view.seats[1].reserved if r.blind and r.card is not None]
        if blind:
            secret = blind[0]
            break
        actions = engine.legal_actions(state)
        if state.to_act == 1:
            reserves = [a for a in actions if str(a).startswith("reserve d") or str(a).startswith("reserve o")]
            actions = reserves or actions
        state = engine.apply(state, state.to_act, rng.choice(actions)).state
    assert secret is not None
    drawn: list[str] = []
    real_card = splendor.draw_card

    def spy_card(c: Canvas, x: int, y: int, w: int, h: int, card: CardView, code: str, **kw: object) -> None:
        drawn.append(card.id)
        real_card(c, x, y, w, h, card, code, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(splendor, "draw_card", spy_card)
    for viewer in (0, None):
        render_table(engine.view_for(state, viewer), names=NAMES)
    assert secret not in drawn
    render_hand(engine.view_for(state, 1), names=NAMES)
    assert secret in drawn


def test_spectacle_blind_hand_card_drawn_as_back(monkeypatch: pytest.MonkeyPatch) -> None:
    table, _ = play_positions("spectacle", 2, seed=2)["middle"]
    seat = table.seats[1]
    blind = sv.HandCardView("r1", None, True)
    view = replace(table, viewer=0, seats=(table.seats[0], replace(seat, hand=(blind,))))
    seen: list[object] = []
    real = spectacle.draw_card

    def spy(c: Canvas, x: int, y: int, w: int, h: int, card: object, code: str, *a: object, **kw: object) -> None:
        seen.append(card)
        real(c, x, y, w, h, card, code, *a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(spectacle, "draw_card", spy)
    render_table(view, names=NAMES)
    assert None in seen  # the back


def test_smallest_text_is_legible_at_phone_width() -> None:
    scale = theme.PHONE_WIDTH / theme.WIDTH
    # digits and capitals of the smallest size, in every weight used, are at least 9 px tall on the phone
    for weight in theme.FONT_FILES:
        assert cap_height(theme.FONT_MIN, weight) * scale >= 9.0, weight
        mask, _, _, _ = text_mask("0123456789", theme.FONT_MIN, weight)
        assert mask.height * scale >= 9.0
    # and no drawing call may go below FONT_MIN
    with pytest.raises(ValueError):
        Canvas(10, 10).text(0, 0, "x", theme.FONT_MIN - 1, theme.TEXT)


def test_every_font_size_constant_is_at_least_the_minimum() -> None:
    sizes = [getattr(theme, n) for n in dir(theme) if n.startswith("FONT_") and isinstance(getattr(theme, n), int)]
    assert sizes and min(sizes) >= theme.FONT_MIN


def test_table_is_not_too_tall_for_a_phone() -> None:
    im = _png(render_table(samples.sample_view("orient+strongholds", 4, "middle"), names=NAMES))
    assert im.height / im.width < 2.0


def test_size_budget() -> None:
    data = render_table(samples.sample_view("orient+strongholds", 4, "middle"), names=NAMES)
    assert len(data) < 250_000


def test_png_holds_the_palette_image_in_fewer_bytes_than_zlib_level_1() -> None:
    """The PNG writer (zlib-ng, rows unfiltered) gives back exactly the palette image Pillow quantizes, in fewer
    bytes than Pillow's own writer at zlib's level 1 (turn 2's setting, issue 30)."""
    c = draw_table(samples.sample_view("orient+strongholds", 4, "middle"), names=NAMES, record=False)
    pal = c.im.quantize(palette=theme.palette_image(), dither=Image.Dither.NONE)
    data = c.png()
    im = _png(data)
    assert (im.mode, im.size) == ("P", pal.size)
    assert im.tobytes() == pal.tobytes() and im.getpalette() == pal.getpalette()
    pillow = io.BytesIO()
    pal.save(pillow, "PNG", compress_level=1)
    assert len(data) < 0.85 * len(pillow.getvalue())  # (zlib level 3, before: 0.90)


def _catalogue(lang: str) -> dict[str, str | dict[str, str]]:
    return json.loads((ROOT / "bot" / "locales" / f"render.{lang}.json").read_text(encoding="utf-8"))


def _fields(entry: str | dict[str, str]) -> set[str]:
    texts = [entry] if isinstance(entry, str) else list(entry.values())
    return {f for text in texts for _, f, _, _ in string.Formatter().parse(text) if f}


def test_catalogues_have_the_same_keys() -> None:
    en = _catalogue("en")
    for lang in ("es", "pt"):
        other = _catalogue(lang)
        assert set(other) == set(en), lang
        for key, entry in en.items():  # a plural entry ({"one": ..., "other": ...}) is plural in every language
            assert isinstance(other[key], dict) == isinstance(entry, dict), (lang, key)
            if isinstance(entry, dict):
                assert {"one", "other"} <= set(entry) and {"one", "other"} <= set(other[key]), (lang, key)
            assert _fields(other[key]) == _fields(entry), (lang, key)


def test_every_key_used_in_code_exists() -> None:
    en = _catalogue("en")
    used: set[str] = set()
    prefixes: set[str] = set()
    for path in RENDER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "t" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    used.add(arg.value)
                elif isinstance(arg, ast.JoinedStr) and isinstance(arg.values[0], ast.Constant):
                    prefixes.add(str(arg.values[0].value))
    assert used and prefixes
    assert used <= set(en), used - set(en)
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in en), prefix
    for effect in ("double_gold", "joker", "joker_free_l1", "reserve_noble", "double_bonus", "free_l2", "discard_2"):
        assert f"render.effect.{effect}" in en


def test_no_discord_imports_in_render() -> None:
    for path in RENDER.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "discord" for n in names), path


def test_fonts_are_bundled_with_their_licence() -> None:
    fonts = ROOT / "assets" / "fonts"
    assert (fonts / "LICENSE-DejaVu.txt").read_text(encoding="utf-8").count("Bitstream") > 0
    for name in theme.FONT_FILES.values():
        assert (fonts / name).exists()
    assert theme.font(theme.FONT_S).path.startswith(str(fonts))  # type: ignore[attr-defined]


def test_palette_has_the_theme_colours() -> None:
    pal = theme.palette_image().getpalette()
    assert pal is not None
    colours = {tuple(pal[i : i + 3]) for i in range(0, 768, 3)}
    for col in (theme.BG, theme.CARD, theme.HILITE, *(g[0] for g in theme.GEMS.values()), *theme.SEATS):
        assert col in colours


def test_every_gem_colour_has_its_own_shape() -> None:
    assert len(set(theme.SHAPES.values())) == len(theme.SHAPES) == len(theme.GEMS)


def test_render_rejects_unknown_views_and_spectator_hands() -> None:
    with pytest.raises(TypeError):
        render_table(object(), names=NAMES)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_hand(samples.sample_view("base", 2, "early"), names=NAMES)


def test_gallery_command_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.render.__main__ import main  # ``python -m bot.render OUTDIR``, in this process (fonts already loaded)

    assert main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    pngs = sorted(tmp_path.glob("*.png"))
    # 5 rulesets x 2 player counts x 3 stages x (table + hand), and a recap per ruleset
    assert len(pngs) == 65
    assert out.splitlines()[-1] == f"65 images in {tmp_path}"
    assert len(out.splitlines()) == 66 and all(" KiB" in line for line in out.splitlines()[:-1])
    assert any(p.name == "spectacle_3p_recap.png" for p in pngs)
    assert any(p.name == "orient-strongholds_4p_middle_table.png" for p in pngs)
    assert any(p.name.startswith("spectacle_") and p.name.endswith("_hand.png") for p in pngs)


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.bench import render as bench

    assert bench.main(["--json", "--runs", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"p50_ms", "p95_ms", "bytes"} <= set(result)
    assert result["bytes"] > 1000


def test_bot_bench_names_its_subcommands_and_runs_the_render_one(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bot.bench``: a user-facing tool (README), so measured like the rest."""
    from bot import bench as top

    assert top.main([]) == 2 and top.main(["paint"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "usage: python -m bot.bench {render|service|leagues|computers|web|compare|create} [--json] [options]"] * 2
    assert top.main(["render", "--json", "--runs", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["bytes"] > 1000


@pytest.mark.parametrize("ruleset", ["base", "orient+strongholds"])
def test_panels_copied_from_earlier_tables_are_the_panels_drawn_afresh(ruleset: str) -> None:
    """A 4-player table copies the panels that did not change from earlier tables (splendor._PANELS): every
    table of a game, seen by a spectator and by two seats in turn (blind reserves differ), is the same picture
    with the same drawn data as when every panel is drawn afresh."""
    import random

    import engine

    rng = random.Random(7)
    state = engine.new_game(engine.GameConfig(ruleset, players=4, seed=7))
    splendor._PANELS.clear()
    copied = 0
    for turn in range(60):
        seat = state.to_act
        assert seat is not None
        actions = sorted(engine.legal_actions(state), key=str)
        state = engine.apply(state, seat, rng.choice(actions)).state
        view = engine.view_for(state, (None, 0, 1)[turn % 3])
        kept = len(splendor._PANELS)
        c = draw_table(view, names=NAMES)
        copied += 4 - (len(splendor._PANELS) - kept) if len(splendor._PANELS) >= kept else 0
        saved = dict(splendor._PANELS)
        splendor._PANELS.clear()
        fresh = draw_table(view, names=NAMES)
        splendor._PANELS.update(saved)
        assert c.im.tobytes() == fresh.im.tobytes(), turn
        assert c.items == fresh.items, turn
    assert copied > 30  # (most turns copy one or two panels)
