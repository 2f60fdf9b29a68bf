"""Readable, localized text for actions, turns and refusals (no discord imports: the console reuses it).

* :func:`action_label` turns a legal action code into a label for autocomplete and menus,
  e.g. ``"1.3 — 2 pts red, cost 1 white 4 blue 2 green"``.
* :func:`turn_line` describes the events of one turn in one line, redacted for the viewer.
* :func:`error_text` translates an engine or service refusal (English reason as fallback).

Every function takes ``lang`` (``en``/``es``/``pt`` or a Discord locale) and reads the
catalogues ``bot/locales/bot.<lang>.json`` through :func:`bot.i18n.t`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.i18n import has, lang_of, t
from bot.service.errors import ServiceError
from engine import EngineError, Event, TableView
from engine.spectacle.view import TableView as SpectacleTable
from engine.splendor.view import CardView as SplendorCard
from engine.splendor.view import TableView as SplendorTable

SPLENDOR_COLORS = "wugrko"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
VALUE_NAMES = {"a": "A", "j": "J", "q": "Q", "k": "K"}
LABEL_MAX = 100  # Discord: choice names and select labels


def _clip(text: str, limit: int = LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def color_name(letter: str, lang: str) -> str:
    return t(f"bot.color.{letter}", lang)


def gems_text(letters: str, lang: str) -> str:
    """``"wwu"`` → ``"2 white, 1 blue"``; ``"wug"`` → ``"white, blue, green"``."""
    counts: dict[str, int] = {}
    for ch in letters:
        if ch in SPLENDOR_COLORS:
            counts[ch] = counts.get(ch, 0) + 1
    if not counts:
        return t("bot.nothing", lang)
    if all(n == 1 for n in counts.values()):
        return ", ".join(color_name(c, lang) for c in counts)
    return ", ".join(t(f"bot.gems.{c}", lang, count=n) for c, n in counts.items())


def cost_text(cost: Sequence[int], lang: str) -> str:
    parts = [t(f"bot.gems.{SPLENDOR_COLORS[i]}", lang, count=n) for i, n in enumerate(cost) if n]
    return " ".join(parts) if parts else t("bot.free_cost", lang)


def splendor_card_text(card: Any, lang: str) -> str:
    """A Splendor ``CardView``: ``"2 pts red, cost 1 white 4 blue"``."""
    bonus = card.bonus
    if bonus in ("gold", "joker"):
        color = t(f"bot.bonus.{bonus}", lang)
    elif bonus:
        color = color_name(bonus, lang)
    else:
        color = ""
    return t("bot.card", lang, count=card.points, color=color, cost=cost_text(card.cost, lang))


def card_code_text(code: str) -> str:
    """A Spectacle card code ``"7h"`` → ``"7♥"``; ``"jh"`` → ``"J♥"``."""
    code = code.lower()
    if len(code) < 2 or code[-1] not in SUIT_SYMBOLS:
        return code
    value = code[:-1]
    return VALUE_NAMES.get(value, value) + SUIT_SYMBOLS[code[-1]]


# ------------------------------------------------------------------ action labels
def _splendor_card_at(view: SplendorTable, ref: str) -> SplendorCard | None:
    ref = ref.lower()
    if ref.startswith("r") and view.viewer is not None:
        for r in view.seats[view.viewer].reserved:
            if r.code == ref:
                return r.card
        return None
    for row in view.rows:
        for slot in row.slots:
            if slot.code == ref:
                return slot.card
    return None


def _splendor_label(view: SplendorTable, code: str, lang: str) -> str:
    parts = code.split()
    verb, args = parts[0], parts[1:]
    if verb == "take" and args:
        return t("bot.label.take", lang, gems=gems_text(args[0], lang))
    if verb in ("reserve", "buy", "free") and args:
        ref = args[0]
        if ref[0] in "do" and ref[1:].isdigit():
            key = "bot.label.deck" if ref[0] == "d" else "bot.label.orient_deck"
            return t(key, lang, code=ref, level=ref[1:])
        card = _splendor_card_at(view, ref)
        text = f"{ref} — {splendor_card_text(card, lang)}" if card is not None else ref
        if "pay" in args:
            text += " · " + t("bot.label.pay", lang, gems=_payment_text(args[args.index("pay") + 1 :], lang))
        return text
    if verb == "pay":
        return t("bot.label.pay", lang, gems=_payment_text(args, lang))
    if verb == "return" and args:
        return t("bot.label.return", lang, gems=gems_text(args[0], lang))
    if verb == "noble" and args:
        noble = next((n for n in view.nobles if n.code == args[0]), None)
        if noble is not None:
            return t("bot.label.noble", lang, code=args[0], count=noble.points,
                     need=cost_text(noble.requirement, lang))
        return t("bot.label.noble_short", lang, code=args[0])
    if verb == "joker" and args:
        return t("bot.label.joker", lang, color=color_name(args[0], lang))
    if verb == "hold" and args:
        return t("bot.label.hold", lang, slot=args[0])
    if verb == "move" and len(args) == 2:
        return t("bot.label.move", lang, src=args[0], dst=args[1])
    if verb == "remove" and args:
        return t("bot.label.remove", lang, slot=args[0])
    if verb == "conquer":
        return t("bot.label.conquer", lang)
    if verb == "skip":
        return t("bot.label.skip", lang)
    if verb == "pass":
        return t("bot.label.pass", lang)
    if verb == "discard":
        return t("bot.label.discard", lang, cards=" ".join(args))
    return code


def _payment_text(args: Sequence[str], lang: str) -> str:
    letters = "".join(args)
    gold = letters.count("o")
    base = gems_text(letters.replace("o", ""), lang) if letters.replace("o", "") else ""
    bits = [b for b in (base, t("bot.gems.o", lang, count=gold) if gold else "") if b]
    return ", ".join(bits) if bits else t("bot.nothing", lang)


def _spectacle_label(view: SpectacleTable, code: str, lang: str) -> str:
    parts = code.split()
    verb, args = {"reserve": "res", "return": "ret", "discard": "disc"}.get(parts[0], parts[0]), parts[1:]  # label keys
    if verb == "take":
        stacks = [int(a) for a in args if a.isdigit()]
        chips = []
        for n in stacks:
            if 0 < n <= len(view.stacks) and view.stacks[n - 1].chips:
                chips.append(str(view.stacks[n - 1].chips[0]))
        return t("bot.label.stacks", lang, stacks=" + ".join(map(str, stacks)), chips=" + ".join(chips))
    if verb in ("res", "reserve") and args:
        if args[0] == "deck":
            return t("bot.label.spec_deck", lang)
        return t("bot.label.spec_card", lang, card=card_code_text(args[0]), value=_spec_value(args[0]))
    if verb == "buy" and args:
        text = t("bot.label.spec_buy", lang, card=card_code_text(args[0]), value=_spec_value(args[0]))
        if len(args) > 1:
            text += " · " + t("bot.label.spec_pay", lang, chips=" ".join(args[1:]))
        return text
    if verb == "pay":
        return t("bot.label.spec_pay", lang, chips=" + ".join(args))
    if verb in ("set", "run"):
        return t(f"bot.label.claim_{verb}", lang, cards=" ".join(card_code_text(a) for a in args))
    if verb in ("put", "ret"):
        if args and args[0] == "auto":
            return t(f"bot.label.{verb}_auto", lang)
        if len(args) >= 2:
            return t(f"bot.label.{verb}", lang, chip=args[0], stack=args[1])
    if verb == "noble" and args:
        return t("bot.label.spec_noble", lang, noble=card_code_text(args[0]))
    if verb == "disc":
        return t("bot.label.discard", lang, cards=" ".join(card_code_text(a) for a in args))
    if verb == "kill" and args:
        return t("bot.label.kill", lang, card=card_code_text(args[0]))
    if verb == "free" and args:
        return t("bot.label.queen", lang, card=card_code_text(args[0]))
    if verb == "swap" and len(args) == 2:
        return t("bot.label.swap", lang, give=card_code_text(args[0]), take=card_code_text(args[1]))
    return code


def _spec_value(code: str) -> str:
    value = code.lower()[:-1]
    return {"a": "1"}.get(value, value)


def action_label(view: TableView, code: str, lang: str) -> str:
    """A readable label (≤100 characters) for a legal action ``code`` seen from ``view``."""
    lang = lang_of(lang)
    try:
        if isinstance(view, SpectacleTable):
            return _clip(_spectacle_label(view, code, lang))
        if isinstance(view, SplendorTable):
            return _clip(_splendor_label(view, code, lang))
    except (AttributeError, IndexError, ValueError, TypeError):
        pass
    return _clip(code)


def hand_lines(view: TableView, seat: int, lang: str) -> tuple[str, list[str]]:
    """The private hand of ``seat`` as text: a header (score and what they hold) and one line per reserved card."""
    lang = lang_of(lang)
    if isinstance(view, SpectacleTable):
        me = view.seats[seat]
        cards = [h.code + " " + (_spectacle_label(view, f"res {h.card.code}", lang) if h.card else "?")
                 for h in me.hand]
        header = t("bot.hand.spectacle", lang, count=me.vp, chips=" ".join(str(c) for c in me.chips) or "—")
        return header, cards
    if isinstance(view, SplendorTable):
        mine = view.seats[seat]
        cards = [_clip(_splendor_label(view, f"buy {r.code}", lang)) for r in mine.reserved]
        tokens = " ".join(f"{n}{c}" for n, c in zip(mine.tokens, SPLENDOR_COLORS, strict=True) if n) or "—"
        return t("bot.hand.splendor", lang, count=mine.points, tokens=tokens), cards
    raise TypeError(f"no hand text for {type(view).__name__}")


# ------------------------------------------------------------------ turn lines
def player_name(names: Sequence[str], seat: int | None, lang: str) -> str:
    if seat is None:
        return t("bot.nobody", lang)
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return t("bot.player_n", lang, n=seat + 1)


_SILENT = frozenset({"refill", "place"})


def event_text(event: Event, names: Sequence[str], lang: str) -> str | None:
    """One event (already redacted for the viewer) as a clause; ``None`` for bookkeeping events."""
    kind = event.kind
    p = dict(event.params)
    who = player_name(names, event.seat, lang)
    if kind in _SILENT:
        return None
    if kind == "take":
        if "tokens" in p:
            return t("bot.ev.take", lang, who=who, gems=gems_text(str(p["tokens"]), lang))
        chips = ", ".join(str(c) for c in p.get("chips", []))
        return t("bot.ev.take_chips", lang, who=who, chips=chips,
                 stacks=", ".join(str(s) for s in p.get("stacks", [])))
    if kind == "reserve":
        blind = p.get("blind") or p.get("from") == "deck"
        card = p.get("card")
        if blind and card is None:
            level = p.get("level")
            if level is None:
                return t("bot.ev.reserve_blind_deck", lang, who=who)
            hidden = t("bot.ev.reserve_blind", lang, who=who, level=level)
            return hidden + t("bot.ev.with_gold", lang) if p.get("gold") else hidden
        shown = card_code_text(str(card)) if p.get("from") is not None else str(card)
        key = "bot.ev.reserve_own_blind" if blind else "bot.ev.reserve"
        text = t(key, lang, who=who, card=shown, source=p.get("source", p.get("from", "")))
        if p.get("gold"):
            text += t("bot.ev.with_gold", lang)
        return text
    if kind in ("buy", "conquer", "free"):
        card = str(p.get("card", ""))
        shown = card_code_text(card) if "price" in p else card
        key = {"buy": "bot.ev.buy", "conquer": "bot.ev.conquer", "free": "bot.ev.free"}[kind]
        return t(key, lang, who=who, card=shown, source=p.get("source", p.get("from", "")))
    if kind == "return":
        if "tokens" in p:
            return t("bot.ev.return", lang, who=who, gems=gems_text(str(p["tokens"]), lang))
        return t("bot.ev.return_chip", lang, who=who, chip=p.get("chip"), stack=p.get("stack"))
    if kind == "noble":
        noble = str(p.get("noble", ""))
        return t("bot.ev.noble", lang, who=who, noble=card_code_text(noble) if noble[:1] in "jqk" else noble)
    if kind == "reserve_noble":
        return t("bot.ev.reserve_noble", lang, who=who, noble=p.get("noble"))
    if kind == "joker":
        return t("bot.ev.joker", lang, who=who, card=p.get("card"), color=color_name(str(p.get("color")), lang))
    if kind == "stronghold":
        op = str(p.get("op", "place"))
        return t(f"bot.ev.stronghold_{op}", lang, who=who, src=p.get("src"), dst=p.get("dst"))
    if kind == "recover":
        return t("bot.ev.recover", lang, who=who, slot=p.get("slot"), count=p.get("count"))
    if kind == "conquest_declined":
        return t("bot.ev.conquest_declined", lang, who=who)
    if kind == "pass":
        return t("bot.ev.pass", lang, who=who)
    if kind == "claim":
        cards = " ".join(card_code_text(str(c)) for c in p.get("cards", []))
        return t(f"bot.ev.claim_{p.get('kind', 'set')}", lang, who=who, cards=cards)
    if kind == "discard":
        cards = " ".join(card_code_text(str(c)) for c in p.get("cards", []))
        return t("bot.ev.discard", lang, who=who, cards=cards)
    if kind == "power":
        power = str(p.get("power", "none"))
        owner = p.get("owner")
        return t(f"bot.ev.power_{power}", lang, who=who, card=card_code_text(str(p.get("card", ""))),
                 other=player_name(names, owner if isinstance(owner, int) else None, lang),
                 take=card_code_text(str(p.get("take", p.get("card", "")))))
    if kind in ("final_round", "end_triggered"):
        return t("bot.ev.final_round", lang)
    if kind == "game_over":
        winners = [player_name(names, w, lang) for w in p.get("winners", [])]
        return t("bot.ev.game_over", lang, winners=", ".join(winners) or t("bot.nobody", lang))
    key = f"bot.ev.{kind}"
    return t(key, lang, who=who) if has(key) else None


def turn_line(events: Iterable[Event], names: Sequence[str], viewer: int | None, lang: str) -> str:
    """The events of one turn as one line, each redacted for ``viewer`` (``None``: spectator)."""
    lang = lang_of(lang)
    clauses = []
    for event in events:
        text = event_text(event.redacted_for(viewer), names, lang)
        if text and text not in clauses:
            clauses.append(text)
    return "; ".join(clauses)


# ------------------------------------------------------------------ refusals
def error_text(error: BaseException, lang: str) -> str:
    """The player-facing sentence for an engine or service refusal, in ``lang``."""
    lang = lang_of(lang)
    if isinstance(error, ServiceError):  # the service's refusals carry their own catalogue keys
        return error.message(lang)
    if not isinstance(error, EngineError):
        return str(error) if lang == "en" else t("bot.engine.fallback", lang, reason=str(error))
    key, params, reason = error.key, dict(error.params), error.reason or str(error)
    params.setdefault("count", params.get("room"))  # the plural of err.no_room's "{room} chips"
    if key:
        bot_key = "bot.engine." + key.removeprefix("err.")
        if has(bot_key, lang):
            return t(bot_key, lang, **params)
        if has(bot_key, "en") and lang == "en":
            return t(bot_key, lang, **params)
    if lang != "en":
        return t("bot.engine.fallback", lang, reason=reason)
    return reason


__all__ = [
    "action_label",
    "card_code_text",
    "error_text",
    "event_text",
    "gems_text",
    "hand_lines",
    "player_name",
    "splendor_card_text",
    "turn_line",
]
