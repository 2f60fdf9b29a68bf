"""Card and noble catalogues, read once from ``engine/data`` (values never live in code).

Cards get a dense integer index (base cards first, then Orient cards) used inside
the engine, and a stable public id: ``"1-07"`` is the 7th level-1 row of
``splendor_cards.csv``; ``"O2-03"`` the 3rd level-2 row of ``orient_cards.csv``.
"""

from __future__ import annotations

import csv
import pkgutil
from dataclasses import dataclass
from functools import cache
from typing import Final

COLOR_NAMES: tuple[str, ...] = ("white", "blue", "green", "red", "black")
BONUS_GOLD: Final = -1  # Orient gold card: no colour, no bonus
BONUS_JOKER: Final = -2  # Orient joker: takes a colour when acquired


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    level: int
    bonus: int  # 0..4 colour, BONUS_GOLD or BONUS_JOKER
    points: int
    cost: tuple[int, int, int, int, int]
    orient: bool = False
    effect: str | None = None
    discard_color: int | None = None

    @property
    def bonus_count(self) -> int:
        return 2 if self.effect == "double_bonus" else (0 if self.bonus == BONUS_GOLD else 1)


@dataclass(frozen=True, slots=True)
class Noble:
    index: int
    id: str
    points: int
    requirement: tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Catalog:
    cards: tuple[Card, ...]
    nobles: tuple[Noble, ...]
    base_by_level: tuple[tuple[int, ...], ...]  # card indexes per level 1..3
    orient_by_level: tuple[tuple[int, ...], ...]
    by_id: dict[str, int]
    noble_by_id: dict[str, int]


def _rows(name: str) -> list[dict[str, str]]:
    # (pkgutil reads through the package's loader, as importlib.resources would, without importing zipfile and
    # importlib.resources' readers: a fifth of what loading the Splendor rules cost)
    data = pkgutil.get_data("engine", f"data/{name}")
    if data is None:
        raise FileNotFoundError(f"engine/data/{name}")
    return list(csv.DictReader(data.decode("utf-8").splitlines()))


def _bonus(word: str) -> int:
    if word == "gold":
        return BONUS_GOLD
    if word == "joker":
        return BONUS_JOKER
    return COLOR_NAMES.index(word)


@cache
def catalog() -> Catalog:
    cards: list[Card] = []
    base_by_level: list[list[int]] = [[], [], []]
    orient_by_level: list[list[int]] = [[], [], []]
    for orient, name, target in (
        (False, "splendor_cards.csv", base_by_level),
        (True, "orient_cards.csv", orient_by_level),
    ):
        for row in _rows(name):
            level = int(row["level"])
            number = len(target[level - 1]) + 1
            discard = row.get("discard_color") or ""
            card = Card(
                index=len(cards),
                id=f"{'O' if orient else ''}{level}-{number:02d}",
                level=level,
                bonus=_bonus(row["bonus"]),
                points=int(row["points"]),
                cost=(int(row["white"]), int(row["blue"]), int(row["green"]), int(row["red"]), int(row["black"])),
                orient=orient,
                effect=row.get("effect") or None,
                discard_color=COLOR_NAMES.index(discard) if discard else None,
            )
            cards.append(card)
            target[level - 1].append(card.index)
    nobles = tuple(
        Noble(
            index=i,
            id=f"N{i + 1}",
            points=int(row["points"]),
            requirement=(int(row["white"]), int(row["blue"]), int(row["green"]), int(row["red"]), int(row["black"])),
        )
        for i, row in enumerate(_rows("splendor_nobles.csv"))
    )
    return Catalog(
        cards=tuple(cards),
        nobles=nobles,
        base_by_level=tuple(tuple(x) for x in base_by_level),
        orient_by_level=tuple(tuple(x) for x in orient_by_level),
        by_id={c.id.lower(): c.index for c in cards},
        noble_by_id={n.id.lower(): n.index for n in nobles},
    )
