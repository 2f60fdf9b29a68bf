"""Cards, nobles and chips of Spectacle as small ints, their text codes and word parsing.

* A development card is ``suit * 10 + (value - 1)`` (0..39), suits in the order
  :data:`SUITS` (clubs, diamonds, hearts, spades), values 1 (ace) .. 10 (P-1).
* A noble is ``suit * 3 + rank`` (0..11), ranks Jack, Queen, King (P-1, P-7).
* A chip is its index in :data:`CHIP_VALUES` (0..3 for 1, 2, 5, 10).
* Grid positions are 0..8 (``a1 a2 a3 b1 .. c3``), stacks 0..5 (``1``..``6``).
"""

from __future__ import annotations

import re
import unicodedata

from engine.spectacle.view import (
    CHIP_VALUES,
    NOBLE_POWERS,
    NOBLE_RANKS,
    NOBLE_THRESHOLDS,
    SUITS,
    CardView,
    NobleView,
)

N_CARDS = 40
N_NOBLES = 12
GRID_SIZE = 9

CARD_VALUE: tuple[int, ...] = tuple(c % 10 + 1 for c in range(N_CARDS))
CARD_SUIT: tuple[int, ...] = tuple(c // 10 for c in range(N_CARDS))
_VALUE_CODES = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10")
CARD_CODE: tuple[str, ...] = tuple(_VALUE_CODES[c % 10] + SUITS[c // 10] for c in range(N_CARDS))
CARD_VIEW: tuple[CardView, ...] = tuple(
    CardView(CARD_CODE[c], CARD_VALUE[c], SUITS[CARD_SUIT[c]]) for c in range(N_CARDS)
)

NOBLE_SUIT: tuple[int, ...] = tuple(n // 3 for n in range(N_NOBLES))
NOBLE_RANK: tuple[int, ...] = tuple(n % 3 for n in range(N_NOBLES))
NOBLE_THRESHOLD: tuple[int, ...] = tuple(NOBLE_THRESHOLDS[n % 3] for n in range(N_NOBLES))
NOBLE_CODE: tuple[str, ...] = tuple(NOBLE_RANKS[n % 3] + SUITS[n // 3] for n in range(N_NOBLES))
NOBLE_VIEW: tuple[NobleView, ...] = tuple(
    NobleView(NOBLE_CODE[n], NOBLE_RANKS[n % 3], SUITS[n // 3], NOBLE_THRESHOLD[n], NOBLE_POWERS[n % 3])
    for n in range(N_NOBLES)
)

GRID_CODE: tuple[str, ...] = tuple(f"{r}{c}" for r in "abc" for c in "123")
CHIP_INDEX: dict[int, int] = {v: i for i, v in enumerate(CHIP_VALUES)}

# Per-suit bonus masks: bit (value - 1).  Popcount and value sum of every 10-bit mask.
MASK_COUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(1024))
MASK_SUM: tuple[int, ...] = tuple(sum(v + 1 for v in range(10) if m >> v & 1) for m in range(1024))


def mask_cards(suit: int, mask: int) -> list[int]:
    """The cards of ``suit`` in a bonus mask, lowest value first."""
    base = suit * 10
    return [base + v for v in range(10) if mask >> v & 1]


# --- words ------------------------------------------------------------------------------

SUIT_WORDS: dict[str, int] = {}
for _i, _words in enumerate(
    (
        ("c", "clubs", "club", "treboles", "trebol", "paus", "pau", "♣", "♧"),
        ("d", "diamonds", "diamond", "diamantes", "diamante", "ouros", "ouro", "oros", "♦", "♢"),
        ("h", "hearts", "heart", "corazones", "corazon", "copas", "copa", "♥", "♡"),
        ("s", "spades", "spade", "picas", "pica", "espadas", "espada", "♠", "♤"),
    )
):
    for _w in _words:
        SUIT_WORDS[_w] = _i

VALUE_WORDS: dict[str, int] = {"a": 1, "ace": 1, "as": 1, "t": 10}
for _v in range(1, 11):
    VALUE_WORDS[str(_v)] = _v

RANK_WORDS: dict[str, int] = {
    "j": 0, "jack": 0, "jota": 0, "sota": 0, "valete": 0, "valet": 0,
    "q": 1, "queen": 1, "caballo": 1, "reina": 1, "dama": 1, "rainha": 1,
    "k": 2, "king": 2, "rey": 2, "rei": 2,
}  # fmt: skip

_LINK_WORDS = frozenset({"of", "de", "do", "da", "dos", "das", "del"})
_PREFIXES = ("10", "ace", "a", "t", "1", "2", "3", "4", "5", "6", "7", "8", "9")
_RANK_PREFIXES = ("jack", "jota", "queen", "caballo", "king", "rey", "j", "q", "k")
_GRID_RE = re.compile(r"^([abc])([123])$")


def fold(text: str) -> str:
    """Lower case without accents (``tréboles`` -> ``treboles``)."""
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def _suit_after(words: list[str], i: int) -> tuple[int, int] | None:
    """A suit written from ``words[i]`` on (``hearts``, ``de picas``): (suit, next index)."""
    if i < len(words) and words[i] in _LINK_WORDS:
        i += 1
    if i < len(words) and words[i] in SUIT_WORDS:
        return SUIT_WORDS[words[i]], i + 1
    return None


def read_card(words: list[str], i: int) -> tuple[int, int] | None:
    """Read a development card at ``words[i]``: (card, next index), or None."""
    w = words[i]
    if w in VALUE_WORDS:
        after = _suit_after(words, i + 1)
        if after is not None:
            return (after[0] * 10 + VALUE_WORDS[w] - 1), after[1]
    for prefix in _PREFIXES:
        if w.startswith(prefix):
            rest = w[len(prefix) :]
            if rest in SUIT_WORDS:
                return SUIT_WORDS[rest] * 10 + VALUE_WORDS[prefix] - 1, i + 1
    return None


def read_noble(words: list[str], i: int) -> tuple[int, int] | None:
    """Read a noble (``jh``, ``queen of spades``, ``rey de picas``): (noble, next index), or None."""
    w = words[i]
    if w in RANK_WORDS:
        after = _suit_after(words, i + 1)
        if after is not None:
            return after[0] * 3 + RANK_WORDS[w], after[1]
    for prefix in _RANK_PREFIXES:
        if w.startswith(prefix):
            rest = w[len(prefix) :]
            if rest in SUIT_WORDS:
                return SUIT_WORDS[rest] * 3 + RANK_WORDS[prefix], i + 1
    return None


def read_grid(word: str) -> int | None:
    m = _GRID_RE.match(word)
    if m is None:
        return None
    return "abc".index(m.group(1)) * 3 + int(m.group(2)) - 1


def card_from_code(code: str) -> int:
    """A card from its code (strict enough for setups): ``7h``, ``10s``, ``ts``."""
    found = read_card(fold(code).split(), 0)
    if found is None or found[1] != len(code.split()):
        raise ValueError(f"not a card code: {code!r}")
    return found[0]


def noble_from_code(code: str) -> int:
    found = read_noble(fold(code).split(), 0)
    if found is None or found[1] != len(code.split()):
        raise ValueError(f"not a noble code: {code!r}")
    return found[0]
