"""Splendor actions: small frozen values with a text code that round-trips.

Codes (what a player types; the same string is stored in the log and carried by
buttons).  Colours are letters ``w u g r k`` (white, blue, green, red, black) and
``o`` for gold (oro / ouro); colour words in English, Spanish and Portuguese work too.

==========================  =====================================================
``take wug``                three different gems (B-4.1; two or one under B-5)
``take rr``                 two gems of one colour (B-4.2; ``take2 r`` also reads)
``reserve 2.3``             the face-up card in slot 3 of level 2 (slots 5-6: Orient)
``reserve d2`` / ``o2``     the top card of the level-2 deck / Orient deck (blind)
``buy 1.4`` / ``buy r1``    a face-up card / your first reserved card
``buy 1.4 pay rro``         ... paying exactly these tokens (``gc1``: discard a gold card)
``pay rro``                 answer a payment decision
``return gg``               tokens returned above 10 (B-6)
``noble 2``                 the noble in table position 2 (a visit or an Orient reservation)
``joker r``                 the colour a joker card takes (O-2)
``free 1.3``                the card taken for free (O-2)
``discard 1-05 2-11``       the cards discarded for a discard-cost card (O-2)
``hold 2.3``                place a stronghold from your supply (S-3)
``move 1.2 2.3``            move one of your strongholds (S-3)
``remove 2.3``              remove the lone opponent stronghold on a card (S-3)
``conquer`` / ``skip``      use or decline Conquest (S-6), ``conquer pay rr`` to pay exactly
``pass``                    only when nothing else is legal (B-14)
==========================  =====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, TypeAlias

from engine.core import ActionBase, split_code
from engine.errors import InvalidAction

LETTERS: Final = "wugrko"
EXAMPLE = "take wug"  # what an empty move suggests (Ruleset.example)
GOLD: Final = 5
# Payment: tokens w u g r k gold, then the number of Orient gold cards discarded.
Payment: TypeAlias = tuple[int, int, int, int, int, int, int]

_WORDS: dict[str, int] = {}
for _i, _names in enumerate(
    (
        "white blanco blanca branco branca diamond diamante diamonds diamantes",
        "blue azul sapphire zafiro safira",
        "green verde emerald esmeralda",
        "red rojo roja vermelho vermelha ruby rubí rubi",
        "black negro negra preto preta onyx ónice ónix onix ônix",
        "gold oro ouro dorado dourado joker comodín comodin coringa yellow amarillo amarelo",
    )
):
    for _w in _names.split():
        _WORDS[_w] = _i
_LETTER_ALIASES = {"a": 1, "v": 2, "n": 4, "p": 4, "*": GOLD, "y": GOLD}
for _i, _c in enumerate(LETTERS):
    _LETTER_ALIASES[_c] = _i

_VERBS: dict[str, str] = {}
for _verb, _names in {
    "take": "take tomar coger toma pegar pega pego take3 t",
    "take2": "take2 tomar2 pegar2",
    "reserve": "reserve reservar reserva res",
    "buy": "buy comprar compra b",
    "pay": "pay pagar paga",
    "return": "return devolver devuelve devolve discardtokens",
    "noble": "noble nobre",
    "joker": "joker comodín comodin coringa color cor",
    "free": "free gratis grátis libre",
    "discard": "discard descartar descarta",
    "hold": "hold place colocar fortaleza stronghold",
    "move": "move mover",
    "remove": "remove quitar retirar remover",
    "conquer": "conquer conquistar conquest",
    "skip": "skip no decline saltar pular",
    "pass": "pass pasar passar paso passo",
}.items():
    for _w in _names.split():
        _VERBS[_w] = _verb


def _bad(text: str, hint: str) -> InvalidAction:
    shown = text if len(text) <= SHOWN_MAX else text[: SHOWN_MAX - 1] + "…"
    return InvalidAction(f"I can't read {shown!r}: {hint}", key="err.syntax", params={"text": shown, "hint": hint})


#: The longest number a code holds (levels, slots, positions, counts): a longer one is a typo, and
#: reading it would cost time (or raise Python's digit limit) for nothing.
NUMBER_DIGITS = 2
#: The longest part of a typed text echoed back in a refusal.
SHOWN_MAX = 40


def _is_num(word: str) -> bool:
    """Only ASCII digits (``"²".isdigit()`` is true but ``int("²")`` fails)."""
    return word.isascii() and word.isdigit()


def _num(word: str, text: str) -> int:
    if not _is_num(word):
        raise _bad(text, f"{word[:SHOWN_MAX]!r} is not a number.")
    if len(word.lstrip("0")) > NUMBER_DIGITS:
        raise _bad(text, f"{word[:SHOWN_MAX]!r} is too large a number here.")
    return int(word)


def parse_colors(words: list[str], *, allow_gold: bool = False) -> list[int]:
    """``["wug"]``, ``["white", "blue"]``, ``["2r"]``, ``["2", "red"]`` -> colour indexes."""
    out: list[int] = []
    repeat = 1
    for word in words:
        if _is_num(word):
            repeat = _num(word, word)
            continue
        w = word
        if w[0] in "0123456789":
            digits = len(w) - len(w.lstrip("0123456789"))
            repeat, w = _num(w[:digits], word), w[digits:]
        color = _WORDS.get(w)
        if color is None and w.endswith("s"):
            color = _WORDS.get(w[:-1]) if w[:-1] in _WORDS else _WORDS.get(w[:-2])
        if color is not None:
            out.extend([color] * repeat)
        else:
            for ch in w:
                if ch == "b":
                    raise _bad(word, "'b' could be blue, black or blanco; use w u g r k (or o for gold).")
                c = _LETTER_ALIASES.get(ch)
                if c is None:
                    raise _bad(word, "colours are w (white), u (blue), g (green), r (red), k (black), o (gold).")
                out.extend([c] * repeat)
        repeat = 1
    if not allow_gold and GOLD in out:
        raise _bad(" ".join(words), "gold can't be taken; it comes with a reserve.")
    return out


def tokens_code(counts: tuple[int, ...] | list[int]) -> str:
    return "".join(LETTERS[i] * n for i, n in enumerate(counts[:6]))


PAYMENT_CODES: dict[Payment, str] = {}


def payment_code(payment: Payment) -> str:
    """A payment's code (cached: every purchase's event names its payment)."""
    code = PAYMENT_CODES.get(payment)
    if code is None:
        code = tokens_code(payment)
        if payment[6]:
            code = f"{code} gc{payment[6]}" if code else f"gc{payment[6]}"
        code = code or "-"
        if len(PAYMENT_CODES) > 20000:  # bounded: a long-running bot must not leak
            PAYMENT_CODES.clear()
        PAYMENT_CODES[payment] = code
    return code


def parse_payment(words: list[str]) -> Payment:
    counts = [0] * 7
    rest: list[str] = []
    for word in words:
        if word.startswith("gc") and _is_num(word[2:]):
            counts[6] += _num(word[2:], word)
        elif word in ("-", "nothing", "nada"):
            continue
        else:
            rest.append(word)
    for c in parse_colors(rest, allow_gold=True):
        counts[c] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6])


def parse_slot(words: list[str], text: str) -> tuple[int, int]:
    """``2.3`` / ``2-3`` / ``2 3`` -> (level, slot); ``r1`` -> (0, 1)."""
    joined = "".join(words).replace("-", ".").replace(":", ".")
    if joined.startswith("r") and _is_num(joined[1:]):
        return 0, _num(joined[1:], text)
    for prefix in ("reserved", "reservada", "reserva", "hand", "mano", "mão", "mao"):
        if joined.startswith(prefix) and _is_num(joined[len(prefix):]):
            return 0, _num(joined[len(prefix):], text)
    if len(words) == 2 and _is_num(words[0]) and _is_num(words[1]):
        return _num(words[0], text), _num(words[1], text)
    parts = joined.split(".")
    if len(parts) == 2 and _is_num(parts[0]) and _is_num(parts[1]):
        return _num(parts[0], text), _num(parts[1], text)
    raise _bad(text, "name a card by level and slot, like 2.3, or a reserved card, like r1.")


def slot_code(level: int, slot: int) -> str:
    return f"r{slot}" if level == 0 else f"{level}.{slot}"


@dataclass(frozen=True, slots=True)
class Take(ActionBase):
    verb: ClassVar[str] = "take"
    family: ClassVar[str] = "take"
    colors: tuple[int, ...]

    def __str__(self) -> str:
        return "take " + "".join(LETTERS[c] for c in self.colors)


@dataclass(frozen=True, slots=True)
class Reserve(ActionBase):
    """``slot`` 1-6: face-up card; 0: base deck; -1: Orient deck."""

    verb: ClassVar[str] = "reserve"
    family: ClassVar[str] = "reserve"
    level: int
    slot: int

    def __str__(self) -> str:
        if self.slot == 0:
            return f"reserve d{self.level}"
        if self.slot == -1:
            return f"reserve o{self.level}"
        return f"reserve {self.level}.{self.slot}"


@dataclass(frozen=True, slots=True)
class Buy(ActionBase):
    """``level`` 0 means a reserved card (``slot`` 1-3)."""

    verb: ClassVar[str] = "buy"
    family: ClassVar[str] = "buy"
    level: int
    slot: int
    payment: Payment | None = None

    @property
    def head(self) -> Buy:
        return self if self.payment is None else Buy(self.level, self.slot)

    def __str__(self) -> str:
        base = f"buy {slot_code(self.level, self.slot)}"
        return base if self.payment is None else f"{base} pay {payment_code(self.payment)}"


@dataclass(frozen=True, slots=True)
class Pay(ActionBase):
    verb: ClassVar[str] = "pay"
    payment: Payment

    def __str__(self) -> str:
        return f"pay {payment_code(self.payment)}"


@dataclass(frozen=True, slots=True)
class Return(ActionBase):
    verb: ClassVar[str] = "return"
    tokens: tuple[int, int, int, int, int, int]

    def __str__(self) -> str:
        return f"return {tokens_code(self.tokens)}"


@dataclass(frozen=True, slots=True)
class ChooseNoble(ActionBase):
    verb: ClassVar[str] = "noble"
    position: int  # 1-based table position

    def __str__(self) -> str:
        return f"noble {self.position}"


@dataclass(frozen=True, slots=True)
class JokerColor(ActionBase):
    verb: ClassVar[str] = "joker"
    color: int

    def __str__(self) -> str:
        return f"joker {LETTERS[self.color]}"


@dataclass(frozen=True, slots=True)
class FreeCard(ActionBase):
    verb: ClassVar[str] = "free"
    level: int
    slot: int

    def __str__(self) -> str:
        return f"free {self.level}.{self.slot}"


@dataclass(frozen=True, slots=True)
class Discard(ActionBase):
    verb: ClassVar[str] = "discard"
    cards: tuple[str, ...]  # card ids, sorted

    def __str__(self) -> str:
        return "discard " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Stronghold(ActionBase):
    """Place (``src`` None), move (``src`` a slot code) or ``remove`` an opponent's (S-3)."""

    verb: ClassVar[str] = "stronghold"
    dst: str
    src: str | None = None
    remove: bool = False

    def __str__(self) -> str:
        if self.remove:
            return f"remove {self.dst}"
        if self.src is not None:
            return f"move {self.src} {self.dst}"
        return f"hold {self.dst}"


@dataclass(frozen=True, slots=True)
class Conquer(ActionBase):
    verb: ClassVar[str] = "conquer"
    accept: bool
    payment: Payment | None = None

    def __str__(self) -> str:
        if not self.accept:
            return "skip"
        return "conquer" if self.payment is None else f"conquer pay {payment_code(self.payment)}"


@dataclass(frozen=True, slots=True)
class Pass(ActionBase):
    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


Action: TypeAlias = (
    Take | Reserve | Buy | Pay | Return | ChooseNoble | JokerColor | FreeCard | Discard | Stronghold | Conquer | Pass
)

ACTION_TYPES = (Take, Reserve, Buy, Pay, Return, ChooseNoble, JokerColor, FreeCard, Discard, Stronghold, Conquer, Pass)


def own(action: object) -> Action:
    """``action`` as one of this ruleset's actions (another ruleset's action is unreadable here)."""
    if isinstance(action, ACTION_TYPES):
        return action
    raise InvalidAction(f"{action} is not an action of this game.", key="err.foreign_action",
                        params={"text": str(action)})


def _split_pay(words: list[str]) -> tuple[list[str], Payment | None]:
    for marker in ("pay", "pagar", "paga", "with", "con", "com"):
        if marker in words:
            i = words.index(marker)
            return words[:i], parse_payment(words[i + 1 :])
    return words, None


def _slot_word(word: str, text: str) -> str:
    level, slot = parse_slot([word], text)
    if level == 0:
        raise _bad(text, "strongholds go on face-up cards, like 2.3.")
    return f"{level}.{slot}"


def parse(text: str) -> Action:
    words = split_code(text, EXAMPLE)
    verb = _VERBS.get(words[0])
    args = words[1:]
    if verb is None:
        raise _bad(text, "start with take, reserve, buy, pay, return, noble, joker, free, discard, "
                         "hold, move, remove, conquer, skip or pass.")
    if verb == "pass" and not args:
        return Pass()
    if verb == "skip" and not args:
        return Conquer(False)
    if verb in ("take", "take2"):
        colors = parse_colors(args)
        if verb == "take2" and len(colors) == 1:
            colors = colors * 2
        # up to one of each colour is read (``take wugr`` is refused by the rules, citing B-4, as every other
        # take is); more is not a take anyone means
        if not 1 <= len(colors) <= 5:
            raise _bad(text, "take three different colours (take wug) or two of one colour (take rr).")
        return Take(tuple(sorted(colors)))
    if verb == "reserve":
        joined = "".join(args)
        for prefix, slot in (("deck", 0), ("mazo", 0), ("baralho", 0), ("pila", 0), ("monte", 0), ("d", 0),
                             ("orient", -1), ("oriente", -1), ("o", -1)):
            if joined.startswith(prefix) and _is_num(joined[len(prefix):]):
                return Reserve(_num(joined[len(prefix):], text), slot)
        level, slot = parse_slot(args, text)
        if level == 0:
            raise _bad(text, "you can reserve a face-up card (2.3) or a deck (d2, o2 for Orient).")
        return Reserve(level, slot)
    if verb == "buy":
        target, payment = _split_pay(args)
        level, slot = parse_slot(target, text)
        return Buy(level, slot, payment)
    if verb == "pay":
        return Pay(parse_payment(args))
    if verb == "return":
        counts = [0] * 6
        for c in parse_colors(args, allow_gold=True):
            counts[c] += 1
        return Return((counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]))
    if verb == "noble" and len(args) == 1 and _is_num(args[0]):
        return ChooseNoble(_num(args[0], text))
    if verb == "joker":
        colors = parse_colors(args)
        if len(colors) == 1:
            return JokerColor(colors[0])
        raise _bad(text, "name one colour, like joker r.")
    if verb == "free":
        level, slot = parse_slot(args, text)
        return FreeCard(level, slot)
    if verb == "discard" and args:
        return Discard(tuple(sorted(a.upper() for a in args)))
    if verb == "hold" and len(args) >= 1:
        if len(args) == 2 or ">" in args[0]:
            src, dst = args if len(args) == 2 else args[0].split(">", 1)
            return Stronghold(_slot_word(dst, text), _slot_word(src, text))
        return Stronghold(_slot_word(args[0], text))
    if verb == "move" and len(args) == 2:
        return Stronghold(_slot_word(args[1], text), _slot_word(args[0], text))
    if verb == "remove" and len(args) == 1:
        return Stronghold(_slot_word(args[0], text), remove=True)
    if verb == "conquer":
        _, payment = _split_pay(args)
        return Conquer(True, payment)
    raise _bad(text, f"'{words[0]}' needs different arguments.")
