"""Spectacle actions: small frozen values with a typeable text code.

``str(action)`` is the canonical code (stored in the log, carried by buttons) and
``parse_action(str(action)) == action``.  Parsing is forgiving: case, accents, extra
spaces and commas are ignored, verbs have short forms and Spanish/Portuguese
synonyms, suits may be written as letters or words in English, Spanish or
Portuguese (``7h``, ``7 hearts``, ``7 de corazones``, ``7 copas``).

Main actions (P-4)::

    take 3          take the top chip of stack 3                      (t, coger, pegar)
    take 1 3        take the tops of stacks 1 and 3 (same value)     ("take 13" also reads)
    reserve 7h      reserve the 7 of hearts from the grid            (res, reservar, r)
    reserve b2      reserve the card at grid position b2
    reserve deck    reserve the top card of the draw deck, blind     (reserve top, res mazo)
    buy 7h          buy 7h (grid or own hand); then choose the chips (pending ``pay``) if
                    several payments are possible, then where they go (pending ``place``)
    buy 7h 5 2      typed shortcut: buy 7h paying a 5-chip and a 2-chip (= ``buy 7h`` + ``pay 5 2``)
    buy 7h 5>1 2>3  ... and put the 5 under stack 1, then the 2 under stack 3 (+ ``put`` decisions)
    buy a1 / buy r2 the card at grid position a1 / in hand slot r2
    set 7c 7d 7h    claim a set (P-8)                                 (claim, serie)
    run 4h 5h 6h    claim a run (P-8)                                 (claim, escalera)

``legal_actions`` lists ``buy X`` once per buyable card (menus offer one entry per
card); the explicit-payment forms above are accepted typed shortcuts, never listed,
and leave exactly the state that ``buy X`` followed by its decisions leaves.

Pending decisions::

    pay 5 2                 which chips pay for the card being bought (P-5) (pagar)
    put 5 2 / put auto      where a paid chip goes (P-5)             (place, poner)
    return 10 1 / return auto  return a chip above 5 to stack 1 (P-6) (ret, devolver)
    noble jh                which qualifying noble (P-7)
    discard 4h 9h           which bonus cards pay for the noble (P-7) (disc, descartar)
    kill 7h                 Jack: destroy an opponent's bonus card   (destroy, jack)
    free 7h                 Queen: take a grid card free             (queen)
    swap 3d 7h              King: give your 3d, take their 7h        (king)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from engine.core import ActionBase, split_code
from engine.errors import InvalidAction
from engine.spectacle.cards import (
    CARD_CODE,
    CARD_SUIT,
    CARD_VALUE,
    CHIP_INDEX,
    GRID_CODE,
    NOBLE_CODE,
    fold,
    read_card,
    read_grid,
    read_noble,
)

EXAMPLE = "take 1 3"  # what an empty move suggests (Ruleset.example)
GRID_REF = 40  # 40..48: a grid position
HAND_REF = 50  # 50..52: a hand slot r1..r3
DECK_REF = 60  # the top of the draw deck


def ref_code(ref: int) -> str:
    if ref < GRID_REF:
        return CARD_CODE[ref]
    if ref < HAND_REF:
        return GRID_CODE[ref - GRID_REF]
    if ref < DECK_REF:
        return f"r{ref - HAND_REF + 1}"
    return "deck"


@dataclass(frozen=True, slots=True)
class Take(ActionBase):
    """P-4.1 / P-4.2: take the top chip of one stack, or of two stacks (same value)."""

    verb: ClassVar[str] = "take"
    family: ClassVar[str] = "take"
    stacks: tuple[int, ...]  # 0-based stack slots, 1 or 2, ascending

    def __str__(self) -> str:
        return "take " + " ".join(str(s + 1) for s in self.stacks)


@dataclass(frozen=True, slots=True)
class Reserve(ActionBase):
    """P-4.3: reserve a grid card (by card or position) or the top of the deck (blind)."""

    verb: ClassVar[str] = "reserve"
    family: ClassVar[str] = "reserve"
    ref: int  # card id, GRID_REF + position, or DECK_REF

    def __str__(self) -> str:
        return "reserve " + ref_code(self.ref)


@dataclass(frozen=True, slots=True)
class Buy(ActionBase):
    """P-4.4 / P-5: buy a grid or hand card.

    ``pay`` are chip values, highest first (None: the default payment); ``place`` are
    0-based stack slots, one per paid chip in the order of ``pay`` (None: decide after).
    """

    verb: ClassVar[str] = "buy"
    family: ClassVar[str] = "buy"
    ref: int  # card id, GRID_REF + position or HAND_REF + slot
    pay: tuple[int, ...] | None = None
    place: tuple[int, ...] | None = None

    @property
    def head(self) -> Buy:
        return self if self.pay is None and self.place is None else Buy(self.ref)

    def __str__(self) -> str:
        parts = ["buy", ref_code(self.ref)]
        if self.pay is not None:
            if self.place is not None:
                parts.extend(f"{v}>{s + 1}" for v, s in zip(self.pay, self.place, strict=True))
            else:
                parts.extend(str(v) for v in self.pay)
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Pay(ActionBase):
    """P-5 pending: the chips (values, highest first) that pay for the card being bought."""

    verb: ClassVar[str] = "pay"
    chips: tuple[int, ...]

    def __str__(self) -> str:
        return "pay " + " ".join(str(v) for v in self.chips)


@dataclass(frozen=True, slots=True)
class Claim(ActionBase):
    """P-4.5 / P-8: claim a set (same value) or a run (same suit, consecutive)."""

    verb: ClassVar[str] = "claim"
    family: ClassVar[str] = "claim"
    cards: tuple[int, ...]  # sorted card ids

    @property
    def kind(self) -> str:
        return "set" if len({CARD_VALUE[c] for c in self.cards}) == 1 and len(self.cards) > 1 else "run"

    def __str__(self) -> str:
        return self.kind + " " + " ".join(CARD_CODE[c] for c in self.cards)


@dataclass(frozen=True, slots=True)
class Place(ActionBase):
    """P-5 pending: put one paid chip (value) under a stack (0-based); chip 0 = all by default."""

    verb: ClassVar[str] = "put"
    chip: int  # chip value 1/2/5/10, or 0 for "auto"
    stack: int = -1

    def __str__(self) -> str:
        return "put auto" if self.chip == 0 else f"put {self.chip} {self.stack + 1}"


@dataclass(frozen=True, slots=True)
class Return(ActionBase):
    """P-6 pending: return one chip (value) under a stack (0-based); chip 0 = down to 5 by default."""

    verb: ClassVar[str] = "return"
    chip: int
    stack: int = -1

    def __str__(self) -> str:
        return "return auto" if self.chip == 0 else f"return {self.chip} {self.stack + 1}"


@dataclass(frozen=True, slots=True)
class ChooseNoble(ActionBase):
    """P-7 pending: which of several qualifying nobles."""

    verb: ClassVar[str] = "noble"
    noble: int

    def __str__(self) -> str:
        return "noble " + NOBLE_CODE[self.noble]


@dataclass(frozen=True, slots=True)
class Discard(ActionBase):
    """P-7 pending: the bonus cards discarded for the noble (sorted card ids)."""

    verb: ClassVar[str] = "discard"
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(CARD_CODE[c] for c in self.cards)


@dataclass(frozen=True, slots=True)
class Destroy(ActionBase):
    """P-7 Jack: destroy one opponent's bonus card."""

    verb: ClassVar[str] = "kill"
    card: int

    def __str__(self) -> str:
        return "kill " + CARD_CODE[self.card]


@dataclass(frozen=True, slots=True)
class FreeCard(ActionBase):
    """P-7 Queen: acquire one grid card free (by card or grid position)."""

    verb: ClassVar[str] = "free"
    ref: int

    def __str__(self) -> str:
        return "free " + ref_code(self.ref)


@dataclass(frozen=True, slots=True)
class Swap(ActionBase):
    """P-7 King: swap one of your bonus cards (mine) with one of an opponent's (theirs)."""

    verb: ClassVar[str] = "swap"
    mine: int
    theirs: int

    def __str__(self) -> str:
        return f"swap {CARD_CODE[self.mine]} {CARD_CODE[self.theirs]}"


Action = Take | Reserve | Buy | Pay | Claim | Place | Return | ChooseNoble | Discard | Destroy | FreeCard | Swap

ACTION_TYPES = (Take, Reserve, Buy, Pay, Claim, Place, Return, ChooseNoble, Discard, Destroy, FreeCard, Swap)


def own(action: object) -> Action:
    """``action`` as one of this ruleset's actions (another ruleset's action is unreadable here)."""
    if isinstance(action, ACTION_TYPES):
        return action
    raise InvalidAction(f"{action} is not an action of this game.", key="err.foreign_action",
                        params={"text": str(action)})

_VERBS: dict[str, str] = {}
for _canon, _aliases in (
    ("take", ("take", "t", "tk", "chip", "chips", "coger", "tomar", "pegar", "toma")),
    ("reserve", ("reserve", "res", "r", "reservar", "rsv")),
    ("buy", ("buy", "b", "purchase", "comprar", "compra")),
    ("pay", ("pay", "pagar", "paga", "pague")),
    ("claim", ("claim", "deal", "reclamar", "negocio")),
    ("set", ("set", "serie", "series")),
    ("run", ("run", "escalera", "sequencia", "straight")),
    ("put", ("put", "place", "p", "poner", "colocar", "pon")),
    ("return", ("return", "ret", "give", "devolver", "devolve", "devuelve")),
    ("noble", ("noble", "n", "nobre")),
    ("discard", ("discard", "disc", "d", "descartar", "descarta")),
    ("kill", ("kill", "destroy", "jack", "destruir", "destroi", "jota")),
    ("free", ("free", "queen", "gratis", "caballo", "dama")),
    ("swap", ("swap", "king", "intercambiar", "trocar", "rey", "rei")),
):
    for _a in _aliases:
        _VERBS[_a] = _canon

_ARROW_RE = re.compile(r"\s*([>@:])\s*")
_DECK_WORDS = frozenset({"deck", "top", "blind", "mazo", "baralho", "monte", "pile"})
_AUTO_WORDS = frozenset({"auto", "default", "a", "*"})


def _bad(text: str, hint: str) -> InvalidAction:
    text = text if len(text) <= 40 else text[:39] + "…"  # a 6,000-character option is not echoed back whole
    hint = hint if len(hint) <= 160 else hint[:159] + "…"
    return InvalidAction(f"I cannot read `{text}`: {hint}", key="err.syntax", params={"text": text, "hint": hint})


def _cards(words: list[str], i: int, text: str) -> list[int]:
    out: list[int] = []
    while i < len(words):
        found = read_card(words, i)
        if found is None:
            raise _bad(text, f"`{words[i]}` is not a card (write cards like `7h`, `10s`, `ah`).")
        out.append(found[0])
        i = found[1]
    return out


def _ref(words: list[str], i: int, text: str, *, hand: bool, deck: bool) -> tuple[int, int]:
    if i >= len(words):
        raise _bad(text, "say which card (`7h`, or a grid position like `a1`).")
    w = words[i]
    pos = read_grid(w)
    if pos is not None:
        return GRID_REF + pos, i + 1
    if hand and len(w) == 2 and w[0] == "r" and w[1] in "123":
        return HAND_REF + int(w[1]) - 1, i + 1
    if deck and w in _DECK_WORDS:
        return DECK_REF, i + 1
    found = read_card(words, i)
    if found is None:
        raise _bad(text, f"`{w}` is not a card or a position.")
    return found


def _small(word: str) -> int | None:
    """A number of at most two ASCII digits, else None (``"²".isdigit()`` is true, ``int("²")`` fails,
    and a 5,000-digit number is a typo that Python refuses to read)."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 2 else None


def _chip(word: str, text: str) -> int:
    if _small(word) not in CHIP_INDEX:
        raise _bad(text, f"`{word}` is not a chip value (1, 2, 5 or 10).")
    return int(word)


def _stack(word: str, text: str) -> int:
    n = _small(word)
    if n is None or not 1 <= n <= 6:
        raise _bad(text, f"`{word}` is not a stack (1 to 6).")
    return n - 1


def _chip_stack(words: list[str], text: str) -> tuple[int, int]:
    """``5 2`` / ``5>2`` / ``auto`` for put and return."""
    rest = [w for part in words for w in part.replace(">", " ").replace("@", " ").replace(":", " ").split()]
    if (len(rest) == 1 and rest[0] in _AUTO_WORDS) or not rest:
        return 0, -1
    if len(rest) != 2:
        raise _bad(text, "write the chip value and the stack, for example `5 2`, or `auto`.")
    return _chip(rest[0], text), _stack(rest[1], text)


def _pay(words: list[str], text: str) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    if not words:
        return None, None
    pay: list[int] = []
    place: list[int] = []
    for w in words:
        for sep in (">", "@", ":"):
            if sep in w:
                a, _, b = w.partition(sep)
                pay.append(_chip(a, text))
                place.append(_stack(b, text))
                break
        else:
            pay.append(_chip(w, text))
    if place and len(place) != len(pay):
        raise _bad(text, "give a stack for every chip (`5>1 2>3`) or for none (`5 2`).")
    if not place:
        return tuple(sorted(pay, reverse=True)), None
    order = sorted(range(len(pay)), key=lambda k: -pay[k])  # stable: keeps the order within one value
    return tuple(pay[k] for k in order), tuple(place[k] for k in order)


def parse_action(text: str) -> Action:
    """Read a typed or stored code; raises :class:`InvalidAction` on bad syntax."""
    words = split_code(_ARROW_RE.sub(r"\1", fold(text)), EXAMPLE)
    verb = _VERBS.get(words[0])
    if verb is None:
        # a bare card means "buy" would be too magic; say what the verbs are
        raise _bad(text, "start with take, reserve, buy, pay, set, run, put, return, noble, discard, kill, free "
                         "or swap.")
    args = words[1:]
    if verb == "take":
        digits = [d for w in args for d in (list(w) if w.isdigit() else [w])]
        if not 1 <= len(digits) <= 2:
            raise _bad(text, "take one stack (`take 2`) or two stacks (`take 1 3`).")
        stacks = tuple(sorted(_stack(d, text) for d in digits))
        return Take(stacks)
    if verb == "reserve":
        ref, i = _ref(words, 1, text, hand=False, deck=True)
        if i != len(words):
            raise _bad(text, "reserve one card: `reserve 7h`, `reserve a1` or `reserve deck`.")
        return Reserve(ref)
    if verb == "buy":
        ref, i = _ref(words, 1, text, hand=True, deck=False)
        pay, place = _pay(words[i:], text)
        return Buy(ref, pay, place)
    if verb == "pay":
        if not args:
            raise _bad(text, "list the chips you pay, for example `pay 5 2`.")
        return Pay(tuple(sorted((_chip(w, text) for w in args), reverse=True)))
    if verb in ("claim", "set", "run"):
        # ``claim set 7c 7d 7h`` as the rules reference writes it: the kind after ``claim`` is read as a word
        first = 2 if verb == "claim" and len(words) > 1 and _VERBS.get(words[1]) in ("set", "run") else 1
        cards = _cards(words, first, text)
        if len(cards) < 3:
            raise _bad(text, "a set or run has at least 3 cards: `set 7c 7d 7h`, `run 4h 5h 6h`.")
        return Claim(tuple(sorted(set(cards), key=lambda c: (CARD_SUIT[c], CARD_VALUE[c]))))
    if verb in ("put", "return"):
        chip, stack = _chip_stack(args, text)
        return Place(chip, stack) if verb == "put" else Return(chip, stack)
    if verb == "noble":
        found = read_noble(words, 1) if args else None
        if found is None or found[1] != len(words):
            raise _bad(text, "name one noble, for example `noble jh`.")
        return ChooseNoble(found[0])
    if verb == "discard":
        cards = _cards(words, 1, text)
        if not cards:
            raise _bad(text, "list the cards to discard, for example `discard 4h 9h`.")
        return Discard(tuple(sorted(set(cards))))
    if verb == "kill":
        cards = _cards(words, 1, text)
        if len(cards) != 1:
            raise _bad(text, "name one card to destroy, for example `kill 7h`.")
        return Destroy(cards[0])
    if verb == "free":
        ref, i = _ref(words, 1, text, hand=False, deck=False)
        if i != len(words):
            raise _bad(text, "name one grid card, for example `free 7h` or `free a1`.")
        return FreeCard(ref)
    # swap
    cards = _cards(words, 1, text)
    if len(cards) != 2:
        raise _bad(text, "name your card then theirs, for example `swap 3d 7h`.")
    return Swap(cards[0], cards[1])
