"""What the images show, read from the drawn data (``Canvas.items``) and checked against the views;
pixels only where that is the honest check (contrast, glyphs, shapes under a colour-blind filter)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from PIL import Image

import engine
from bot.i18n import t
from bot.render import draw_hand, draw_recap, draw_table, render_recap, samples, spectacle, splendor, theme
from bot.render.draw import Canvas, cap_height, missing_glyphs, text_colour, text_mask, text_runs
from bot.render.gallery import RULESETS, play_positions
from bot.render.recap import history_views, summarize
from engine.core import Event
from engine.splendor.view import COLORS, CardView, NobleView, OwnedCardView, TableView

SPLENDOR = tuple(r for r in RULESETS if r != "spectacle")
NAMES = samples.NAMES
PHONE = theme.PHONE_WIDTH / theme.WIDTH


def _views(ruleset: str, players: int = 4, seed: int = 1) -> list:
    """Spectator and seat-0 views of the early, middle and final positions of a seeded game."""
    out = []
    for table, seat_view in play_positions(ruleset, players, seed=seed).values():
        out += [table, seat_view]
    return out


def _one(items: list[str]) -> str:
    assert len(items) == 1, items
    return items[0]


# ---------------------------------------------------------------- the table shows the view
@pytest.mark.parametrize("ruleset", SPLENDOR)
def test_panels_show_each_seats_points_tokens_and_bonuses(ruleset: str) -> None:
    for view in _views(ruleset):
        c = draw_table(view, names=NAMES)
        for p in view.seats:
            assert _one(c.texts("points", seat=p.seat)) == str(p.points)
            tokens = [it.text for it in c.find("gem", "token", seat=p.seat)]
            assert tokens == [f"{col}{n}" for col, n in zip((*COLORS, "o"), p.tokens, strict=True)]
            bonuses = [it.text for it in c.find("gem", "bonus", seat=p.seat)]
            assert bonuses == [f"{col}{n}" for col, n in zip(COLORS, p.bonuses, strict=True)]
            assert _one(c.texts("token_total", seat=p.seat)) == f"{p.token_total}/10"
        assert [it.text for it in c.find("gem", "bank")] == [
            f"{col}{n}" for col, n in zip((*COLORS, "o"), view.bank, strict=True)]


@pytest.mark.parametrize("ruleset", SPLENDOR)
def test_every_face_up_card_is_drawn_in_its_slot_with_its_cost(ruleset: str) -> None:
    for view in _views(ruleset):
        c = draw_table(view, names=NAMES)
        for row in view.rows:
            for slot in row.slots:
                cards = [it.text for it in c.find("card", ref=slot.code)]
                if slot.card is None:
                    assert cards == []
                    continue
                assert cards == [slot.card.id]
                costs = sorted(it.text for it in c.find("gem", "cost", ref=slot.code))
                want = [] if slot.card.effect == "discard_2" else [
                    f"{col}{n}" for col, n in zip(COLORS, slot.card.cost, strict=True) if n]
                assert costs == sorted(want)
        for p in view.seats:  # reserved cards: face up only when this view shows them
            for r in p.reserved:
                drawn = c.find("card", seat=p.seat, ref=r.code)
                backs = c.find("back", seat=p.seat, ref=r.code)
                if r.card is None:
                    assert drawn == [] and [b.text for b in backs] == [str(r.level)]
                else:
                    assert [d.text for d in drawn] == [r.card.id]


def test_nobles_requirements_are_drawn_with_shapes_and_numbers() -> None:
    for view in _views("base"):
        c = draw_table(view, names=NAMES)
        for noble in view.nobles:
            assert [it.text for it in c.find("noble", ref=noble.code)] == [noble.id]
            req = [it.text for it in c.find("gem", "requirement", ref=noble.code)]
            assert req == [f"{col}{n}" for col, n in zip(COLORS, noble.requirement, strict=True) if n]


def test_spectacle_panels_show_each_seats_victory_points() -> None:
    for view in _views("spectacle", 3):
        c = draw_table(view, names=NAMES)
        for p in view.seats:
            assert _one(c.texts("points", seat=p.seat)) == t("render.spectacle.vp_count", "en", count=p.vp)
            assert c.texts("suit_total", seat=p.seat) == [str(x) for x in p.suit_totals]


# ---------------------------------------------------------------- what can I afford?
def _positions(ruleset: str, seed: int, steps: int = 250) -> list[engine.GameState]:
    rng = random.Random(seed)
    state = engine.new_game(engine.GameConfig(ruleset, players=3, seed=seed))
    out = []
    for _ in range(steps):
        if state.to_act is None:
            break
        out.append(state)
        state = engine.apply(state, state.to_act, rng.choice(engine.legal_actions(state))).state
    return out


@pytest.mark.parametrize("ruleset", ["orient", "orient+strongholds", "base"])
def test_public_buyable_marks_agree_with_the_engine(ruleset: str) -> None:
    """The public board marks what the engine's spectator view says the player to move can buy: that player's
    own list, minus the cards the spectator cannot see (a blind reserve's affordability would leak it)."""
    checked = 0
    for state in _positions(ruleset, seed=5)[::3]:
        public = engine.view_for(state, None)
        assert isinstance(public, TableView)
        if public.pending is not None or public.to_act is None:
            assert splendor.buyable_codes(public) == frozenset()
            continue
        mine = engine.view_for(state, public.to_act)
        hidden = {r.code for r in public.seats[public.to_act].reserved if r.card is None}
        assert splendor.buyable_codes(public) == frozenset(mine.affordable) - hidden
        c = draw_table(public, names=NAMES)
        assert {it.ref for it in c.find("mark", "buyable")} == splendor.buyable_codes(public)
        checked += 1
    assert checked > 20


def test_hand_image_gives_the_cost_after_bonuses() -> None:
    view = samples.sample_view("base", 2, "middle", viewer=0)
    me = view.seats[0]
    card = CardView("2-99", 2, "g", 2, (3, 1, 0, 0, 2))
    bonuses = (1, 1, 0, 0, 0)
    me = replace(me, bonuses=bonuses, tokens=(2, 0, 0, 0, 2, 0),
                 reserved=(replace(me.reserved[0], card=card, blind=False),) if me.reserved else ())
    view = replace(view, seats=(me, *view.seats[1:]), affordable=("r1",))
    c = draw_hand(view, names=NAMES)
    # under the reserved card and again under "You can buy now"
    assert sorted(it.text for it in c.find("gem", "net_cost", ref="r1")) == ["k2", "k2", "w2", "w2"]
    assert [it.text for it in c.find("mark", "buyable")] == ["buyable"]


# ---------------------------------------------------------------- owned Orient cards
def _with_owned(effect: str, color: str | None) -> TableView:
    view = samples.sample_view("orient", 2, "middle", viewer=0)
    card = next(c for c in samples.orient_cards() if c.effect == effect)
    me = view.seats[0]
    me = replace(me, cards=(*me.cards, OwnedCardView(card, color, 0 if color is None else 1)))
    return replace(view, seats=(me, *view.seats[1:]))


def test_gold_cards_are_shown_on_the_panel_and_in_the_hand() -> None:
    view = _with_owned("double_gold", None)
    c = draw_table(view, names=NAMES)
    assert [it.text for it in c.find("gem", "gold_cards", seat=0)] == ["o1"]
    assert t("render.effect.double_gold", "en") in " ".join(c.texts("orient_owned", seat=0))
    assert c.find("gem", "gold_cards", seat=1) == []
    hand = draw_hand(view, names=NAMES)
    assert "o1" in [it.text for it in hand.find("gem", "gold_cards")]
    assert t("render.hand.gold_cards", "en", count=1, n=2) in hand.texts("gold_cards")
    assert any(it.text.startswith("O1-") for it in hand.find("card"))


def test_jokers_show_their_colour_on_the_panel() -> None:
    c = draw_table(_with_owned("joker", "r"), names=NAMES)
    owned = c.find(role="orient_owned", seat=0)
    assert t("render.effect.joker", "en") in [it.text for it in owned if it.kind == "text"]
    assert "r" in [it.text for it in owned if it.kind == "gem"]


# ---------------------------------------------------------------- readable at 550 px
@pytest.mark.parametrize("ruleset", ["orient+strongholds", "strongholds"])
def test_costs_and_strongholds_are_readable_at_phone_width(ruleset: str) -> None:
    seen: set[str] = set()
    for view in _views(ruleset):
        c = draw_table(view, names=NAMES)
        for it in c.items:
            if it.kind == "text" and it.role in NUMBERS:
                seen.add(it.role)
                assert cap_height(it.size) * PHONE >= theme.PHONE_DIGIT_MIN, it
    assert seen == set(NUMBERS)


NUMBERS = ("cost", "requirement", "stronghold_seat", "token", "bonus", "bank", "points", "card_points")


def test_spectacle_chip_values_are_readable_at_phone_width() -> None:
    table, _ = play_positions("spectacle", 3, seed=2)["middle"]
    chips = draw_table(table, names=NAMES).find("text", "chip")
    assert chips
    assert all(cap_height(it.size) * PHONE >= theme.PHONE_DIGIT_MIN for it in chips)


def _luminance(rgb: tuple[int, ...]) -> float:
    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_spade_on_a_spectacle_panel_has_contrast() -> None:
    table, _ = play_positions("spectacle", 2, seed=2)["middle"]
    c = draw_table(table, names=NAMES)
    spades = c.find("mark", "suit")
    spades = [it for it in spades if it.text == "s"]
    assert spades
    im = c.im
    for it in spades:
        x0, y0, x1, y1 = it.box
        pixels = [im.getpixel((x, y)) for x in range(x0 + 3, x1 - 3) for y in range(y0 + 3, y1 - 3)]
        tile = im.getpixel(((x0 + x1) // 2, y0 + 2))  # the light tile under the spade
        ink = min(pixels, key=_luminance)  # the spade
        assert isinstance(ink, tuple) and isinstance(tile, tuple)
        assert _contrast(ink, tile) >= 3.0
        around = im.getpixel((x0 - 3, y0 + (y1 - y0) // 2))  # the panel: the tile stands out from it too
        assert isinstance(around, tuple) and _contrast(tile, around) >= 3.0
    assert _contrast(theme.SUIT_COLORS["s"], theme.PANEL) < 3.0  # why the tile is needed


# ---------------------------------------------------------------- colour-blind shapes
def _deuteranopia(im: Image.Image) -> Image.Image:
    """Machado et al. (2009) deuteranopia, severity 1, on sRGB values (close enough for a same/different test)."""
    return im.convert("RGB").convert("RGB", (0.367, 0.861, -0.228, 0, 0.280, 0.673, 0.047, 0, -0.012, 0.043, 0.969, 0))


def test_noble_green_and_red_requirements_differ_under_deuteranopia() -> None:
    noble = NobleView("1", "N-test", 3, (0, 0, 4, 4, 0))
    c = Canvas(120, 120, theme.BG)
    splendor.draw_noble(c, 10, 10, noble, lang="en")
    boxes = [it.box for it in c.find("gem", "requirement")]
    assert len(boxes) == 2
    sim = _deuteranopia(c.im)
    shapes, fills = [], []
    for x0, y0, _x1, y1 in boxes:
        gem = int((y1 - y0) * 0.68)
        icon = sim.crop((x0 + 2, y0, x0 + 4 + gem, y1))
        card = icon.getpixel((0, 1))
        assert isinstance(card, tuple)
        inside = {(x, y) for x in range(icon.width) for y in range(icon.height)
                  if sum(abs(a - b) for a, b in zip(icon.getpixel((x, y)), card, strict=False)) > 120}  # type: ignore[arg-type]
        shapes.append(inside)
        fills.append(Counter(icon.getpixel(p) for p in inside).most_common(1)[0][0])
    # under deuteranopia the green and red fills look alike (the problem) ...
    assert sum(abs(a - b) for a, b in zip(fills[0], fills[1], strict=True)) < 90
    # ... but their shapes do not overlap much: they are told apart by form
    iou = len(shapes[0] & shapes[1]) / len(shapes[0] | shapes[1])
    assert iou < 0.9 and len(shapes[0] ^ shapes[1]) >= 30


def test_bonuses_use_the_gem_shapes() -> None:
    view = _views("base")[0]
    c = draw_table(view, names=NAMES)
    assert {it.text[0] for it in c.find("gem", "bonus")} == set(COLORS)
    assert len(set(theme.SHAPES.values())) == len(theme.SHAPES)


# ---------------------------------------------------------------- names in any script
@pytest.mark.parametrize("name", ["李小龍", "김민준", "Дмитрий", "محمد", "🐉🎲", "さくら"])
def test_names_in_any_script_have_glyphs(name: str) -> None:
    assert missing_glyphs(name) == ""
    notdef, _, _, _ = text_mask("\U000e01ef", theme.FONT_M, "bold")  # a character no font draws: ?
    mask, _, _, width = text_mask(name, theme.FONT_M, "bold")
    colour = text_colour(name, theme.FONT_M, "bold")  # emoji: drawn in their own colours, not in the mask
    assert width > 10 and (mask.getbbox() is not None or all(im.getbbox() is not None for im, _, _ in colour))
    assert mask.tobytes() != notdef.tobytes()


def test_cjk_and_emoji_are_drawn_by_the_bundled_fallbacks_not_boxes() -> None:
    assert text_runs("Ana 李") == ((-1, "Ana "), (theme.FALLBACKS.index("DroidSansFallback-CJK.ttf"), "李"))
    assert text_runs("🐉")[0][0] == theme.FALLBACKS.index(theme.EMOJI)
    assert text_runs("\U0001f000")[0][0] == theme.FALLBACKS.index("Symbola-Symbols.ttf")  # a mahjong tile: no colour
    # pixel check: the CJK glyph is not a box (a box is empty inside: its centre row has ink only at the sides)
    mask, _, _, _ = text_mask("龍", 40, "bold")
    inner = [mask.getpixel((x, mask.height // 2)) for x in range(4, mask.width - 4)]
    assert sum(1 for v in inner if isinstance(v, int) and v > 128) >= 3
    assert text_runs("a\u0915b") == ((-1, "a?b"),)  # truly missing: a readable '?'
    assert text_runs("a\U000e0001b") == ((-1, "ab"),)  # an invisible tag character is dropped


def test_a_right_to_left_name_keeps_the_lines_order() -> None:
    """"▶ <Arabic name>": the arrow stays on the left (the line is laid out left to right, the name inside it
    right to left); a right-to-left paragraph would put the name's last letter there."""
    arrow, _, _, aw = text_mask("▶", theme.FONT_M, "bold")
    line, _, _, _ = text_mask("▶ محمد", theme.FONT_M, "bold")
    want = [v > 128 for v in arrow.crop((0, 0, aw, arrow.height)).tobytes()]
    best = 0.0
    for dy in range(line.height - arrow.height + 1):
        got = [v > 128 for v in line.crop((0, dy, aw, dy + arrow.height)).tobytes()]
        best = max(best, sum(a == b for a, b in zip(want, got, strict=True)) / len(want))
    assert best > 0.95


def test_a_table_with_names_in_many_scripts_draws_them() -> None:
    view = samples.sample_view("base", 4, "middle")
    names = ["李小龍", "Дмитрий", "محمد", "🐉 Drake"]
    c = draw_table(view, names=names)
    assert [it.text for it in c.find("text", "name")] == [("▶ " if view.to_act == i else "") + n
                                                         for i, n in enumerate(names)]


# ---------------------------------------------------------------- small errors
def test_empty_decks_keep_their_level() -> None:
    view = samples.sample_view("orient", 2, "middle")
    rows = tuple(replace(r, deck=0, orient_deck=0) if r.level == 1 else r for r in view.rows)
    c = draw_table(replace(view, rows=rows), names=NAMES)
    assert c.texts("deck_level", ref="d1") == ["I"] and c.texts("deck_count", ref="d1") == ["0"]
    assert c.texts("deck_level", ref="o1") == ["I"]


def test_a_finished_game_does_not_say_final_round() -> None:
    view = samples.sample_view("base", 2, "final")
    events = (Event("final_round", 1, {"points": 15}), Event("game_over", None, {"winners": [1]}))
    c = draw_table(replace(view, last_events=events), names=NAMES)
    words = t("render.final_round", "en")
    assert not any(words in it.text for it in c.find("text"))
    assert any(t("render.game_over", "en") in it.text for it in c.find("text"))


def test_spectacle_deck_code_and_discard_pile_are_in_the_tables_language() -> None:
    table, _ = play_positions("spectacle", 2, seed=1)["final"]
    view = replace(table, deck=5, discarded=3)
    es = draw_table(view, names=NAMES, lang="es")
    assert "mazo" in es.texts() and "deck" not in es.texts()
    assert t("render.spectacle.discard_pile", "es", count=3) in es.texts("discarded")
    assert "3 cards out of the game" in draw_table(view, names=NAMES).texts("discarded")


# ---------------------------------------------------------------- recap
def _finished(ruleset: str, seed: int) -> tuple[engine.GameConfig, list[tuple[int, engine.Action]]]:
    rng = random.Random(seed)
    cfg = engine.GameConfig(ruleset, players=3, seed=seed)
    state, acts = engine.new_game(cfg), []
    while state.to_act is not None:
        a = rng.choice(engine.legal_actions(state))
        acts.append((state.to_act, a))
        state = engine.apply(state, state.to_act, a).state
    return cfg, acts


@pytest.mark.parametrize("ruleset", ["orient", "spectacle"])
def test_recap_charts_every_seats_score_over_the_turns(ruleset: str) -> None:
    cfg, acts = _finished(ruleset, 4)
    history = history_views(cfg, acts)
    final = history[-1]
    assert final.is_over and all(v.viewer is None for v in history)
    c = draw_recap(history, names=["Ana", "李小龍", "🐉 Drake"])
    for seat in range(3):
        line = _one([it.text for it in c.find("mark", "score_line", seat=seat)])
        assert line.split(",") == [str(v.seats[seat].score) for v in history]
    # standings in order, the winner first
    names = [it.text for it in c.find("text") if it.text in ("Ana", "李小龍", "🐉 Drake")][:3]
    assert names == [["Ana", "李小龍", "🐉 Drake"][s] for s in final.standings]
    recap = summarize(history)
    assert c.texts("deciding") == [t("render.recap.deciding", "en", n=history[recap.deciding].turn)]
    w = final.winners[0]
    assert all(recap.scores[i][w] >= max(recap.scores[i]) for i in range(recap.deciding, len(history)))
    assert render_recap(history, names=["A", "B", "C"], lang="pt")[:4] == b"\x89PNG"


def test_recap_nobles_are_the_ones_each_seat_won() -> None:
    cfg, acts = _finished("base", 6)
    history = history_views(cfg, acts)
    c = draw_recap(history, names=NAMES)
    for p in history[-1].seats:
        assert [it.text for it in c.find("noble", seat=p.seat)] == [n.id for n in p.nobles]


def test_recap_deciding_turn_is_when_the_winner_took_the_lead_for_good() -> None:
    base = samples.sample_view("base", 2, "final")

    def at(turn: int, a: int, b: int) -> TableView:
        seats = (replace(base.seats[0], points=a), replace(base.seats[1], points=b))
        return replace(base, turn=turn, seats=seats, is_over=False, winners=())

    history = [at(0, 0, 0), at(1, 3, 0), at(2, 3, 5), at(3, 8, 5), at(4, 8, 8), at(5, 15, 9)]
    history[-1] = replace(history[-1], is_over=True, winners=(0,))
    assert summarize(history).deciding == 5  # caught up at turn 4: only the last turn decided it
    history[4] = at(4, 9, 8)
    assert summarize(history).deciding == 3


def test_recap_needs_a_finished_game() -> None:
    with pytest.raises(ValueError):
        draw_recap([samples.sample_view("base", 2, "middle")], names=NAMES)


def test_spectacle_public_buyable_marks_agree_with_the_engine() -> None:
    checked = 0
    for state in _positions("spectacle", seed=8, steps=300)[::2]:
        public = engine.view_for(state, None)
        if public.pending is not None or public.to_act is None:
            assert spectacle.buyable_codes(public) == frozenset()
            continue
        mine = engine.view_for(state, public.to_act)
        shown = {g.card.code for g in public.grid if g.card is not None}
        shown |= {h.card.code for h in public.seats[public.to_act].hand if h.card is not None}
        assert spectacle.buyable_codes(public) == frozenset(mine.affordable) & shown
        c = draw_table(public, names=NAMES)
        assert len(c.find("mark", "buyable")) == len(spectacle.buyable_codes(public))
        checked += 1
    assert checked > 20


def test_spectacle_marks_what_the_mover_can_buy() -> None:
    for state in _positions("spectacle", seed=3, steps=200):
        view = engine.view_for(state, state.to_act)
        if view.affordable and view.pending is None:
            c = spectacle.draw_table(view, NAMES, "en", True)
            marked = {it.ref for it in c.find("mark", "buyable")}
            assert marked and len(marked) == len(set(view.affordable))
            return
    pytest.fail("no position where the player to move could buy")


def test_spectacle_buyable_pill_leaves_every_cards_rank_and_suit_readable() -> None:
    """The ✓ pill never covers the corner where a card's rank and suit are drawn (its top left: ``10♥`` reaches
    past the middle of a hand's card), on the grid or in a hand."""
    marks = 0
    for state in _positions("spectacle", seed=3, steps=300)[::3]:
        view = engine.view_for(state, state.to_act)
        if not view.affordable or view.pending is not None:
            continue
        c = spectacle.draw_table(view, NAMES, "en", True)
        for mark in c.find("mark", "buyable"):
            for card in c.find("card", ref=mark.ref):
                x0, y0, x1, y1 = card.box
                corner = (x0, y0, x0 + (x1 - x0) * 0.6, y0 + (y1 - y0) * 0.3)
                assert not (mark.box[0] < corner[2] and corner[0] < mark.box[2]
                            and mark.box[1] < corner[3] and corner[1] < mark.box[3]), (mark, card)
                marks += 1
    assert marks > 10


def test_spectacle_hand_gives_each_cards_price_after_bonuses() -> None:
    for state in _positions("spectacle", seed=3, steps=300):
        if state.to_act is None:
            continue
        view = engine.view_for(state, state.to_act)
        me = view.seats[state.to_act]
        if not me.hand or not any(me.tableau):
            continue
        c = draw_hand(view, names=NAMES)
        for hc in me.hand:
            assert hc.card is not None  # the viewer sees their own blind reserves
            bonus = len(me.tableau["cdhs".index(hc.card.suit)])
            want = t("render.spectacle.price", "en", count=max(0, hc.card.value - bonus))
            assert want in c.texts("price", ref=hc.code)
        return
    pytest.fail("no position with a hand and bonus cards")


def test_spectacle_recap_counts_victory_points_and_labels_negative_scores() -> None:
    cfg, acts = _finished("spectacle", 4)
    history = history_views(cfg, acts)
    c = draw_recap(history, names=NAMES[:3])
    texts = c.texts()
    final = history[-1]
    for p in final.seats:
        assert t("render.spectacle.vp_count", "en", count=p.vp) in texts
    lowest = min(min(s.score for s in v.seats) for v in history)
    if lowest < 0:
        assert min(int(x) for x in c.texts("axis")) <= lowest


def test_fallback_fonts_are_bundled_with_their_licences() -> None:
    fonts = theme.FONT_DIR
    readme = (fonts / "README.md").read_text(encoding="utf-8")
    for name in theme.FALLBACKS:
        assert (fonts / name).exists(), name
        assert f"`{name}`" in readme, name
        assert theme.fallback_font(0, theme.FONT_S).path.startswith(str(fonts))  # type: ignore[attr-defined]
    assert "Open Font License" in (fonts / "LICENSE-Noto.txt").read_text(encoding="utf-8")
    assert "Apache License" in (fonts / "LICENSE-Droid.txt").read_text(encoding="utf-8")
    assert "free for any use" in (fonts / "LICENSE-Symbola.txt").read_text(encoding="utf-8")
    assert "Open Font License" in (fonts / "LICENSE-NotoColorEmoji.txt").read_text(encoding="utf-8")
    assert sum((fonts / n).stat().st_size for n in theme.FALLBACKS) < 6_000_000  # subset: the repo stays small


@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_pile_of_strongholds_leaves_the_slot_code_readable(count: int) -> None:
    view = samples.sample_view("orient+strongholds", 4, "middle")
    rows = list(view.rows)
    row = rows[1]
    target = row.slots[-1]  # the narrowest place: the last slot, an Orient card with a two-digit code tag
    rows[1] = replace(row, slots=(*row.slots[:-1], replace(target, strongholds=(2,) * count)))
    c = draw_table(replace(view, rows=tuple(rows)), names=NAMES)
    towers = c.find("mark", "stronghold", ref=target.code)
    code = [it for it in c.find("text", ref=target.code) if it.text == target.code]
    assert len(towers) == count and len(code) == 1
    tag = code[0].box
    assert all(t.box[2] <= tag[0] for t in towers), (towers, tag)  # no tower over the code a player types
    assert c.texts("stronghold_seat", ref=target.code) == ["3"] * (1 if count == 3 else count)
