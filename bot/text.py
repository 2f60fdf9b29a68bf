"""Readable, localized text for actions, events, turns and refusals (no discord imports: the console reuses it).

This is THE place where the engine's language-free :class:`engine.Description` values become
words: menus and autocomplete (:func:`action_label`), the thread post and the log
(:func:`turn_line`), the image footers (:func:`event_lines`) and the console all call it.

* :func:`action_label` turns an action (or, during the transition, a code) into a label for
  autocomplete and menus, e.g. ``"1.3 — 2 pts red, cost 1 white 4 blue 2 green"``.
* :func:`event_text` / :func:`turn_line` / :func:`event_lines` describe events, redacted for the viewer.
* :func:`error_text` translates an engine or service refusal (English reason as fallback).

The posts built from these words each have one home: the board post in :mod:`bot.board_text`, time banks
and timers in :mod:`bot.bank_text`, computer players and hints in :mod:`bot.computer_text`, reviews in
:mod:`bot.review_text`.

One sentence per description verb: ``bot.label.<verb>`` for actions, ``bot.ev.<verb>`` for events.
Nothing here reads action codes or event params: every fact comes from a description, whose
fields are rendered by their type (a Splendor or Spectacle card view, a noble, a hidden card,
gems or chips).

Every function takes ``lang`` (``en``/``es``/``pt`` or a Discord locale) and reads the
catalogues ``bot/locales/bot.<lang>.json`` through :func:`bot.i18n.t`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.i18n import clip, has, lang_of, t
from engine import (
    Action,
    Chips,
    Description,
    EngineError,
    Event,
    GameState,
    Gems,
    HiddenCard,
    IllegalAction,
    TableView,
    find_ruleset,
    log_for,
)
from engine.spectacle.view import CardView as SpectacleCard
from engine.spectacle.view import NobleView as SpectacleNoble
from engine.spectacle.view import TableView as SpectacleTable
from engine.splendor.view import CardView as SplendorCard
from engine.splendor.view import NobleView as SplendorNoble
from engine.splendor.view import TableView as SplendorTable

SPLENDOR_COLORS = "wugrko"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
VALUE_NAMES = {"a": "A", "j": "J", "q": "Q", "k": "K"}
LABEL_MAX = 100  # Discord: choice names and select labels


def _clip(text: str, limit: int = LABEL_MAX) -> str:
    return clip(text, limit)


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
    """A Splendor ``CardView`` as players see it, the same in menus and in the log (readable once its slot
    is refilled): ``"a red card (level 2, 2 pts, cost 1 white 4 blue)"``."""
    return t("bot.card_seen", lang, name=t(f"bot.cardname.{card.bonus}", lang), level=card.level,
             count=card.points, cost=cost_text(card.cost, lang))


def ruleset_label(ruleset: str, lang: str) -> str:
    """A ruleset as players read it (``"Splendor + Orient"``), never its internal name."""
    return t(f"bot.ruleset.{ruleset.replace('+', '_')}", lang)


def card_code_text(code: str) -> str:
    """A Spectacle card code ``"7h"`` → ``"7♥"``; ``"jh"`` → ``"J♥"``."""
    code = code.lower()
    if len(code) < 2 or code[-1] not in SUIT_SYMBOLS:
        return code
    value = code[:-1]
    return VALUE_NAMES.get(value, value) + SUIT_SYMBOLS[code[-1]]


# ------------------------------------------------------------------ description fields
def tokens_text(tokens: Gems | Chips | None, lang: str) -> str:
    """Gems as ``"2 white, 1 blue"`` (plus gold cards given up), chips as ``"5 + 2"``."""
    if isinstance(tokens, Chips):
        return " + ".join(str(v) for v in tokens.values) if tokens.values else t("bot.nothing", lang)
    if isinstance(tokens, Gems):
        bits = [gems_text(tokens.letters, lang)] if tokens.letters else []
        if tokens.gold_cards:
            bits.append(t("bot.gold_cards", lang, count=tokens.gold_cards))
        return ", ".join(bits) if bits else t("bot.nothing", lang)
    return t("bot.nothing", lang)


def card_text(card: object, lang: str, *, full: bool = False) -> str:
    """One card or noble of a description: short for sentences, ``full`` (with its cost) for menus."""
    if isinstance(card, SpectacleCard):
        shown = card_code_text(card.code)
        return t("bot.spec_card", lang, card=shown, value=card.value) if full else shown
    if isinstance(card, SpectacleNoble):
        return card_code_text(card.code)
    if isinstance(card, SplendorCard):
        return splendor_card_text(card, lang)
    if isinstance(card, SplendorNoble):  # named by its table number only in menus (the number changes)
        key = "bot.noble" if full else "bot.noble_seen"
        return t(key, lang, count=card.points, need=cost_text(card.requirement, lang))
    if isinstance(card, HiddenCard) and card.level is not None:
        return t("bot.hidden_level", lang, level=card.level)
    return t("bot.hidden", lang)


def _token_count(tokens: Gems | Chips | None) -> int:
    if isinstance(tokens, Chips):
        return len(tokens.values)
    return len(tokens.letters) + tokens.gold_cards if isinstance(tokens, Gems) else 0


def _params(d: Description, names: Sequence[str], lang: str, *, full: bool) -> dict[str, Any]:
    cards = [card_text(c, lang) for c in d.cards]  # as players see them, never by an internal id
    card = cards[0] if cards else t("bot.hidden", lang)
    shown = card_text(d.cards[0], lang, full=full) if d.cards else ""  # menus show the cost
    place = d.places[0] if d.places else ""
    return {
        "from": t(f"bot.from.{d.origin}", lang) if d.origin else "",
        "who": player_name(names, d.seat, lang),
        "card": card,
        "cards": ", ".join(cards) if len(cards) > 1 and any(" " in c for c in cards) else " ".join(cards),
        "rest": " ".join(cards[1:]),
        "last": cards[-1] if cards else card,
        "what": f"{place} — {shown}" if place and shown else shown or place,
        "place": place,
        "src": place,
        "dst": d.places[-1] if d.places else "",
        "places": join_words(d.places, lang),
        "gems": tokens_text(d.tokens, lang),
        "other": player_name(names, d.seats[0] if d.seats else None, lang),
        "winners": ", ".join(player_name(names, s, lang) for s in d.seats) or t("bot.nobody", lang),
        "count": d.amount if d.amount is not None else len(d.cards) or _token_count(d.tokens),
        "level": d.amount if d.amount is not None else "",
        "color": color_name(d.color, lang) if d.color else "",
    }


def join_words(words: Sequence[str], lang: str) -> str:
    """``["1", "3"]`` → ``"1 and 3"`` (``"1, 2 and 3"``) in ``lang``."""
    if len(words) < 2:
        return "".join(words)
    return t("bot.and", lang, a=", ".join(words[:-1]), b=words[-1])


_ICON = "\x00"  # stands for the gems while a footer decides whether to draw them as icons


def description_text(d: Description, names: Sequence[str], lang: str, *, label: bool = False,
                     icons: bool = False) -> tuple[str, str] | None:
    """(sentence, gem letters drawn after it) for a description; ``None`` when it has no sentence.

    ``label``: the menu form (``bot.label.<verb>``), else the event sentence (``bot.ev.<verb>``).
    ``icons``: when the sentence ends with the gems, leave them out of the text and return their
    letters so an image can draw them; otherwise the letters are ``""``.
    """
    lang = lang_of(lang)
    key = f"bot.{'label' if label else 'ev'}.{d.verb}"
    if not has(key):
        return None
    params = _params(d, names, lang, full=label)
    if icons and isinstance(d.tokens, Gems) and d.tokens.letters and not d.tokens.gold_cards:
        text = t(key, lang, **{**params, "gems": _ICON})
        if text.endswith(_ICON) and text.count(_ICON) == 1:
            return text.removesuffix(_ICON).rstrip(), d.tokens.letters
    return t(key, lang, **params), ""


# ------------------------------------------------------------------ action labels
def action_label(view: TableView, action: Action | str, lang: str) -> str:
    """A readable label (≤100 characters) for ``action`` seen from ``view``.

    ``action`` may still be a code string while callers move over: it is parsed by the view's
    ruleset (an unreadable code is shown as typed).
    """
    lang = lang_of(lang)
    try:
        act = find_ruleset(view.ruleset).parse_action(action) if isinstance(action, str) else action
        found = description_text(view.describe(act), (), lang, label=True)
    except Exception:
        found = None
    return _clip(found[0] if found else str(action))


def _gem_order(d: Description) -> tuple[int, ...] | None:
    if isinstance(d.tokens, Gems):
        return (*(SPLENDOR_COLORS.index(c) for c in d.tokens.letters if c in SPLENDOR_COLORS), 99, d.tokens.gold_cards)
    return None


def ordered_options(view: TableView, codes: Sequence[str]) -> list[str]:
    """A decision's options in a fixed order: tokens to give back or pay sorted by colour (white, blue, green,
    red, black, gold), so the same choices always read the same way; anything else in the engine's order."""
    try:
        rules = find_ruleset(view.ruleset)
        keys = [_gem_order(view.describe(rules.parse_action(c))) for c in codes]
    except Exception:
        return list(codes)
    if any(k is None for k in keys):
        return list(codes)
    return [c for _, c in sorted(zip(keys, codes, strict=True), key=lambda kc: kc[0] or ())]


def decision_text(view: TableView, lang: str) -> str:
    """What the pending decision asks, in words (``"return 2 tokens (you may keep 10)"``); ``""`` when none.

    Keys ``bot.decide.<game>.<kind>``, then ``bot.decide.<kind>``, then ``bot.decide.other``: never the
    engine's name of the decision.
    """
    pending = view.pending
    if pending is None:
        return ""
    lang = lang_of(lang)
    params = dict(pending.params)
    count = params.get("count", params.get("excess"))
    game = find_ruleset(view.ruleset).game
    for key in (f"bot.decide.{game}.{pending.kind}", f"bot.decide.{pending.kind}", "bot.decide.other"):
        if has(key):
            return t(key, lang, count=count if isinstance(count, int) else 0)
    return ""


def hand_lines(view: TableView, seat: int, lang: str) -> tuple[str, list[str]]:
    """The private hand of ``seat`` as text: a header (score and what they hold) and one line per reserved card."""
    lang = lang_of(lang)
    if isinstance(view, SpectacleTable):
        me = view.seats[seat]
        cards = [_clip(f"{h.code} — {card_text(h.card if h.card else HiddenCard(), lang, full=True)}")
                 for h in me.hand]
        header = t("bot.hand.spectacle", lang, count=me.vp, chips=" ".join(str(c) for c in me.chips) or "—")
        return header, cards
    if isinstance(view, SplendorTable):
        mine = view.seats[seat]
        cards = [_clip(f"{r.code} — {card_text(r.card if r.card else HiddenCard(r.level), lang, full=True)}")
                 for r in mine.reserved]
        tokens = " ".join(f"{n}{c}" for n, c in zip(mine.tokens, SPLENDOR_COLORS, strict=True) if n) or "—"
        return t("bot.hand.splendor", lang, count=mine.points, tokens=tokens), cards
    raise TypeError(f"no hand text for {type(view).__name__}")


# ------------------------------------------------------------------ events
def player_name(names: Sequence[str], seat: int | None, lang: str) -> str:
    if seat is None:
        return t("bot.nobody", lang)
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return t("bot.player_n", lang, n=seat + 1)


def event_text(view: TableView, event: Event, names: Sequence[str], lang: str) -> str | None:
    """One event, redacted for ``view``'s viewer, as a clause; ``None`` when it has no sentence."""
    found = description_text(view.describe_event(event), names, lang)
    return found[0] if found else None


def event_lines(view: TableView, events: Iterable[Event], names: Sequence[str], lang: str, *,
                icons: bool = False) -> list[tuple[str, str]]:
    """The sentences of one turn's events, redacted for ``view``'s viewer, without repeats.

    Minor events (a refill, a chip put back) are left out unless nothing else happened.  With
    ``icons`` a sentence ending with gems returns them as letters to draw (see :func:`description_text`).
    """
    descriptions = [view.describe_event(e) for e in events]
    if any(not d.minor for d in descriptions):
        descriptions = [d for d in descriptions if not d.minor]
    lines: list[tuple[str, str]] = []
    for d in descriptions:
        found = description_text(d, names, lang, icons=icons)
        if found and found not in lines:
            lines.append(found)
    return lines


def turn_line(view: TableView, events: Iterable[Event], names: Sequence[str], lang: str) -> str:
    """The events of one turn as one line, each redacted for ``view``'s viewer."""
    return "; ".join(text for text, _ in event_lines(view, events, names, lang))


def log_lines(state: GameState, seat: int | None, names: Sequence[str], lang: str, *,
              last: int | None = None) -> list[str]:
    """The game's log as ``seat`` may read it (``last``: only the last events), one sentence per event, cards
    described as players see them: what ``/log`` and the console's ``log`` show, readable forever."""
    view = state.view_for(seat)
    return [line for e in log_for(state, seat, last=last) if (line := turn_line(view, [e], names, lang))]


# ------------------------------------------------------------------ refusals
def error_text(error: BaseException, lang: str) -> str:
    """The player-facing sentence for an engine or service refusal, in ``lang``."""
    from bot.service.errors import ServiceError  # here: importing bot.service costs a render process 0.1 s

    lang = lang_of(lang)
    if isinstance(error, ServiceError):  # the service's refusals carry their own catalogue keys
        return error.message(lang)
    if not isinstance(error, EngineError):
        return str(error) if lang == "en" else t("bot.engine.fallback", lang, reason=str(error))
    return _with_rule(_engine_text(error, lang), error)


def _with_rule(text: str, error: EngineError) -> str:
    """A refusal of the rules cites the rule it applies (``"… (B-5)"``), as docs/rules.md numbers them."""
    rule = getattr(error, "rule", "") if isinstance(error, IllegalAction) else ""
    return f"{text} ({rule})" if rule and f"({rule})" not in text else text


def _engine_text(error: EngineError, lang: str) -> str:
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
    "card_text",
    "decision_text",
    "description_text",
    "error_text",
    "event_lines",
    "event_text",
    "gems_text",
    "hand_lines",
    "join_words",
    "ordered_options",
    "player_name",
    "splendor_card_text",
    "tokens_text",
    "turn_line",
]
