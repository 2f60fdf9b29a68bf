"""Hand-built Splendor views for tests, the gallery and the benchmark.

They are built from the card data files with a seeded generator: no engine state is
needed, and the values are what a view may hold (blind reserves of other players
have no card).  ``engine_positions`` (in :mod:`bot.render.gallery`) plays real games
once the engine is available.
"""

from __future__ import annotations

import csv
import random
from dataclasses import replace
from functools import cache
from importlib import resources

import engine
from engine.core import Event
from engine.splendor.view import (
    COLORS,
    CardView,
    NobleView,
    OwnedCardView,
    PendingView,
    PlayerView,
    ReservedView,
    RowView,
    SlotView,
    TableView,
)

NAMES: tuple[str, ...] = ("Ana", "Bruno", "Carolina Esmeralda", "Dmitri")
_WORD = {"white": "w", "blue": "u", "green": "g", "red": "r", "black": "k"}


def _rows(name: str) -> list[dict[str, str]]:
    text = (resources.files("engine") / "data" / name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _cost(row: dict[str, str]) -> tuple[int, int, int, int, int]:
    return (int(row["white"]), int(row["blue"]), int(row["green"]), int(row["red"]), int(row["black"]))


@cache
def base_cards() -> tuple[CardView, ...]:
    out: list[CardView] = []
    count = {1: 0, 2: 0, 3: 0}
    for row in _rows("splendor_cards.csv"):
        lvl = int(row["level"])
        count[lvl] += 1
        out.append(CardView(f"{lvl}-{count[lvl]:02d}", lvl, _WORD[row["bonus"]], int(row["points"]), _cost(row)))
    return tuple(out)


@cache
def orient_cards() -> tuple[CardView, ...]:
    out: list[CardView] = []
    count = {1: 0, 2: 0, 3: 0}
    for row in _rows("orient_cards.csv"):
        lvl = int(row["level"])
        count[lvl] += 1
        bonus = _WORD.get(row["bonus"], row["bonus"])
        disc = _WORD.get(row["discard_color"]) if row["discard_color"] else None
        out.append(
            CardView(f"O{lvl}-{count[lvl]:02d}", lvl, bonus, int(row["points"]), _cost(row), row["effect"], disc)
        )
    return tuple(out)


@cache
def nobles() -> tuple[NobleView, ...]:
    return tuple(
        NobleView(str(i + 1), f"N{i + 1}", int(r["points"]), _cost(r))
        for i, r in enumerate(_rows("splendor_nobles.csv"))
    )


def sample_view(
    ruleset: str = "orient+strongholds",
    players: int = 4,
    stage: str = "middle",
    viewer: int | None = None,
    seed: int = 1,
) -> TableView:
    """A plausible position: ``stage`` is ``early``, ``middle`` or ``final``."""
    rng = random.Random(f"{ruleset}/{players}/{stage}/{seed}")
    shape = engine.view_for(engine.new_game(engine.GameConfig(ruleset, players, seed)), None)
    if not isinstance(shape, TableView):
        raise ValueError(f"hand-built sample views are Splendor tables, not {ruleset!r}")
    orient, strongholds = shape.orient, shape.strongholds  # which modules: the engine's view says
    progress = {"early": 0.1, "middle": 0.5, "final": 1.0}[stage]
    pools = {lvl: [c for c in base_cards() if c.level == lvl] for lvl in (1, 2, 3)}
    opools = {lvl: [c for c in orient_cards() if c.level == lvl] for lvl in (1, 2, 3)}
    for pool in (*pools.values(), *opools.values()):
        rng.shuffle(pool)
    occupied: dict[str, tuple[int, ...]] = {}
    if strongholds and progress > 0.2:
        for seat in range(players):
            code = f"{rng.randint(1, 3)}.{rng.randint(1, 4)}"
            if code not in occupied:
                occupied[code] = (seat,) * rng.randint(1, 2)
    rows: list[RowView] = []
    for lvl in (1, 2, 3):
        slots: list[SlotView] = []
        deck = max(0, len(pools[lvl]) - 4 - int(progress * (14 - 3 * lvl)))
        for i in range(4):
            code = f"{lvl}.{i + 1}"
            card: CardView | None = pools[lvl].pop()
            if stage == "final" and lvl == 3 and i == 3:
                card = None
            slots.append(SlotView(code, lvl, card, False, occupied.get(code, ())))
        odeck = None
        if orient:
            odeck = max(0, len(opools[lvl]) - 2 - int(progress * 4))
            for i in range(2):
                slots.append(SlotView(f"{lvl}.{i + 5}", lvl, opools[lvl].pop(), True))
        rows.append(RowView(lvl, tuple(slots), deck, odeck))
    table_nobles = list(nobles())
    rng.shuffle(table_nobles)
    on_table = table_nobles[: players + 1]
    won: dict[int, list[NobleView]] = {s: [] for s in range(players)}
    reserved_n: dict[int, list[NobleView]] = {s: [] for s in range(players)}
    if progress >= 0.5:
        won[0].append(replace(on_table.pop(0), code="-"))
        if orient:
            on_table[1] = replace(on_table[1], reserved_by=1)
    on_table = [replace(n, code=str(i + 1)) for i, n in enumerate(on_table)]
    reserved_n[1] = [n for n in on_table if n.reserved_by == 1]
    seats: list[PlayerView] = []
    all_cards = [c for c in base_cards() if c not in {s.card for r in rows for s in r.slots}]
    rng.shuffle(all_cards)
    for seat in range(players):
        n_cards = int(progress * rng.randint(8, 14))
        owned = tuple(OwnedCardView(c, c.bonus, 1) for c in all_cards[:n_cards])
        del all_cards[:n_cards]
        bonuses = tuple(sum(1 for o in owned if o.color == col) for col in COLORS)
        tokens = (*tuple(rng.randint(0, 3) for _ in range(5)), rng.randint(0, 2))
        while sum(tokens) > 10:
            tokens = tuple(max(0, x - 1) for x in tokens)
        reserved: list[ReservedView] = []
        for i in range(rng.randint(1, 3) if progress > 0.05 else 0):
            lvl = rng.randint(1, 3)
            blind = rng.random() < 0.4
            card = all_cards.pop()
            if orient and i == 1 and seat == 0:
                card = opools[2].pop()
            visible = not blind or viewer == seat
            reserved.append(
                ReservedView(
                    f"r{i + 1}",
                    card.level if visible else lvl,
                    blind,
                    card if visible else None,
                    card.id.startswith("O"),
                )
            )
        points = sum(o.card.points for o in owned) + 3 * len(won[seat])
        if stage == "final" and seat == 1:
            points = max(points, 15)
        seats.append(
            PlayerView(
                seat,
                points,
                tokens,  # type: ignore[arg-type]
                bonuses,  # type: ignore[arg-type]
                owned,
                tuple(reserved),
                tuple(won[seat]),
                tuple(reserved_n[seat]),
                (3 - len(occupied) // max(1, players) - (1 if seat in {s for v in occupied.values() for s in v} else 0))
                if strongholds
                else None,
                len(owned),
            )
        )
    bank = tuple(max(0, {2: 4, 3: 5, 4: 7}[players] - sum(s.tokens[i] for s in seats)) for i in range(5))
    gold = max(0, 5 - sum(s.tokens[5] for s in seats))
    is_over = stage == "final"
    turn = int(progress * 27 * players)
    to_act = None if is_over else turn % players
    last = (turn - 1) % players
    events = (
        (Event("take", last, {"colors": ["w", "u", "g"]}),)
        if stage == "early"
        else (
            Event("buy", last, {"code": "2.2", "card": rows[1].slots[1].card.id if rows[1].slots[1].card else ""}),
            Event("refill", None, {"code": "2.2"}),
        )
    )
    pending = None
    if stage == "middle" and strongholds:
        pending = PendingView("stronghold", last, ("hold 1.1", "hold 1.2"))
    winners = (1,) if is_over else ()
    return TableView(
        ruleset=ruleset,
        players=players,
        viewer=viewer,
        version=turn * 2,
        turn=turn,
        to_act=last if pending else to_act,
        rows=tuple(rows),
        nobles=tuple(on_table),
        bank=(*bank, gold),  # type: ignore[arg-type]
        seats=tuple(seats),
        pending=pending,
        last_events=events,
        last_seat=last,
        final_round=is_over or progress > 0.9,
        is_over=is_over,
        winners=winners,
        orient=orient,
        strongholds=strongholds,
        affordable=("1.1", "1.5", "r1") if viewer is not None else (),
    )
