"""A compact text board for an 80-column console, built from one seat's :class:`engine.TableView`.

``text_board(view, names, lang)`` returns lines of at most :data:`WIDTH` characters: whose turn it
is, the bank or chip stacks, the face-up cards with their costs and points, the nobles, and every
player's tokens or chips, bonuses and reserved cards, as ``view.viewer`` may know them (another
player's blind reserve stays a card back).  Codes printed are the codes a player types (``2.3``,
``r1``, ``a1``, stack ``3``); colours are the letters of the action codes, with a legend.

What it draws depends on the view's type (a Splendor or a Spectacle table), never on a ruleset's
name: Orient and Strongholds show up through the view's own fields (Orient slots and decks,
effects, strongholds on cards).  Words come from ``bot/locales/local.<lang>.json`` (``local.board.*``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from bot.i18n import lang_of, t
from bot.text import SUIT_SYMBOLS, card_code_text, decision_text
from engine import TableView
from engine.spectacle import view as spectacle
from engine.splendor import view as splendor

WIDTH = 80
INDENT = "      "
NAME_WIDTH = 12
#: Discord's limit on an attachment's description: the alt text a screen reader reads for an image.
ALT_MAX = 1024
_SEAT_LINE = re.compile(r"^[>* ] \d+ ")


def text_board(view: TableView, names: Sequence[str], lang: str, *, paired: bool = True) -> list[str]:
    """The board as ``view.viewer`` sees it, in ``lang``: lines of at most :data:`WIDTH` characters, the face-up
    cards two to a line where they fit (``paired``; else one a line, as a screen reader reads them)."""
    lang = lang_of(lang)
    if isinstance(view, splendor.TableView):
        lines = _splendor(view, names, lang, paired)
    elif isinstance(view, spectacle.TableView):
        lines = _spectacle(view, names, lang)
    else:
        raise TypeError(f"no text board for {type(view).__name__}")
    return [_clip(line) for line in lines]


def alt_text(view: TableView, names: Sequence[str], lang: str, *, title: str = "", limit: int = ALT_MAX) -> str:
    """The table image's description for a screen reader, in ``lang``: ``title``, whose turn it is, each player's
    score and what they hold, then the table; the text board's facts, from the view the caller gives (the public
    one for a public post: never a hidden card).  At most ``limit`` characters, cut after a whole line."""
    lines = text_board(view, names, lang, paired=False)  # squeezed below: two cards a line would run together
    seats = next((i for i, line in enumerate(lines) if _SEAT_LINE.match(line)), len(lines))
    ordered = [title, lines[0].strip("= "), *lines[seats:], *lines[1:seats]]
    return fit_lines([" ".join(line.split()) for line in ordered if line.strip()], limit)


def fit_lines(lines: Sequence[str], limit: int = ALT_MAX) -> str:
    """``lines`` joined by newlines, the last ones left out (with an ellipsis) past ``limit`` characters."""
    text = ""
    for line in lines:
        candidate = f"{text}\n{line}" if text else line
        if len(candidate) > limit - 2:
            return (f"{text}\n…" if text else line[: limit - 1] + "…")[:limit]
        text = candidate
    return text


def pending_text(view: TableView, names: Sequence[str], lang: str) -> str | None:
    """``"Bob: return 2 tokens (you may keep 10)"``: who must decide what (``bot.text.decision_text``)."""
    if view.pending is None:
        return None
    name = _name(names, view.pending.seat, lang)
    what = decision_text(view, lang)
    return f"{name}: {what}" if what else t("local.board.deciding", lang, name=name)


# ------------------------------------------------------------------ shared
def _clip(line: str, width: int = WIDTH) -> str:
    line = line.rstrip()
    return line if len(line) <= width else line[: width - 1] + "…"


def _name(names: Sequence[str], seat: int, lang: str) -> str:
    name = names[seat].strip() if 0 <= seat < len(names) and names[seat].strip() else ""
    name = name or t("local.player_n", lang, n=seat + 1)
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def _header(view: TableView, names: Sequence[str], lang: str, goal: str) -> str:
    if view.is_over:
        state = t("local.board.over", lang)
    elif view.pending is not None:
        state = pending_text(view, names, lang) or ""
    elif view.to_act is not None:
        state = t("local.board.to_play", lang, name=_name(names, view.to_act, lang))
    else:
        state = ""
    bits = [t("local.board.turn", lang, n=view.turn + 1), state, goal]
    if view.final_round and not view.is_over:
        bits.append(t("local.board.final_round", lang))
    head = "== " + " · ".join(b for b in bits if b) + " "
    return head + "=" * max(0, WIDTH - len(head))


def _wrap(first: str, items: Iterable[str], sep: str = " · ") -> list[str]:
    """``first`` followed by ``items`` joined by ``sep``, continued on indented lines within WIDTH."""
    lines: list[str] = []
    line = first
    empty = True
    for item in items:
        candidate = line + ("" if empty else sep) + item
        if len(candidate) > WIDTH and not empty:
            lines.append(line)
            line = INDENT + item
        else:
            line = candidate
        empty = False
    lines.append(line)
    return lines


def _columns(cells: Sequence[str], paired: bool, indent: str = "  ") -> list[str]:
    """Cells two per line when ``paired`` and they fit in half the width, else one per line."""
    half = (WIDTH - len(indent)) // 2
    if paired and all(len(c) < half for c in cells):
        return [indent + "".join(c.ljust(half) for c in cells[i : i + 2]) for i in range(0, len(cells), 2)]
    return [indent + c for c in cells]


def _affordable_legend(view: TableView, names: Sequence[str], lang: str) -> list[str]:
    if not view.affordable or view.viewer is None:
        return []
    return [t("local.board.affordable", lang, name=_name(names, view.viewer, lang))]


def _player_head(view: TableView, seat: int, names: Sequence[str], lang: str) -> str:
    mark = ">" if seat == view.to_act else "*" if seat in view.winners else " "
    return f"{mark} {seat + 1} {_name(names, seat, lang):<{NAME_WIDTH}} "


# ------------------------------------------------------------------ Splendor (base, Orient, Strongholds)
def _counts(counts: Sequence[int], letters: Sequence[str]) -> str:
    return " ".join(f"{letter}{n}" for letter, n in zip(letters, counts, strict=False) if n) or "—"


def _bonus_word(card: splendor.CardView, lang: str) -> str:
    if card.bonus in splendor.COLORS or card.bonus == splendor.GOLD:
        return t(f"bot.color.{card.bonus}", lang)
    return t(f"bot.bonus.{card.bonus}", lang) if card.bonus else ""


def _card(card: splendor.CardView, lang: str, *, columns: bool = True) -> str:
    """``black    4pt   w3 u3 g5 r3`` (+ its Orient effect); without ``columns``, ``black 4pt w3 u3 g5 r3``."""
    points = t("local.board.points", lang, count=card.points) if card.points else ""
    if columns:
        text = f"{_bonus_word(card, lang):<8} {points:<5} {_counts(card.cost, splendor.COLORS)}"
    else:
        text = " ".join(b for b in (_bonus_word(card, lang), points, _counts(card.cost, splendor.COLORS)) if b)
    if card.effect and card.effect not in ("joker", "double_gold"):  # the bonus word already says those
        text += f" ({t(f'render.effect.{card.effect}', lang)})"
    return text


def _code(code: str, view: TableView) -> str:
    """A slot or reserved-card code, with ``+`` when the viewer can buy that card now."""
    return code + "+" if code in view.affordable else code


def _slot(slot: splendor.SlotView, view: splendor.TableView, lang: str) -> str:
    body = _card(slot.card, lang) if slot.card is not None else t("local.board.empty", lang)
    if slot.strongholds:
        body += " " + t("local.board.strongholds_on", lang, seats=",".join(str(s + 1) for s in slot.strongholds))
    return f"{_code(slot.code, view):<5}{body}"


def _splendor(view: splendor.TableView, names: Sequence[str], lang: str, paired: bool) -> list[str]:
    lines = [_header(view, names, lang, t("local.board.target", lang, count=view.target))]
    legend = ", ".join(f"{c} {t(f'bot.color.{c}', lang)}" for c in splendor.TOKEN_LETTERS)
    lines.append(f"{t('local.board.bank', lang)}: {_counts(view.bank, splendor.TOKEN_LETTERS)}  ({legend})")
    nobles = [f"{n.code}: {t('local.board.points', lang, count=n.points)} {_counts(n.requirement, splendor.COLORS)}"
              + (f" ({_name(names, n.reserved_by, lang)})" if n.reserved_by is not None else "")
              for n in view.nobles]
    lines += _wrap(f"{t('local.board.nobles', lang)}: ", nobles or ["—"])
    for row in reversed(view.rows):
        decks = t("local.board.deck", lang, count=row.deck)
        if row.orient_deck is not None:
            decks += ", " + t("local.board.orient_deck", lang, count=row.orient_deck)
        lines.append(f"{t('local.board.level', lang, n=row.level)} ({decks})")
        lines += _columns([_slot(s, view, lang) for s in row.slots], paired)
    for p in view.seats:
        lines += _splendor_seat(view, p, names, lang)
    if view.strongholds:
        lines.append(t("local.board.strongholds_legend", lang))
    return lines + _affordable_legend(view, names, lang)


def _splendor_seat(view: splendor.TableView, p: splendor.PlayerView, names: Sequence[str], lang: str) -> list[str]:
    head = _player_head(view, p.seat, names, lang)
    parts = [
        t("local.board.points", lang, count=p.points),
        f"{t('local.board.tokens', lang)} {_counts(p.tokens, splendor.TOKEN_LETTERS)} ({p.token_total})",
        f"{t('local.board.bonuses', lang)} {_counts(p.bonuses, splendor.COLORS)}",
    ]
    lines = _wrap(head, parts, sep="  ")
    extra: list[str] = []
    for r in p.reserved:
        if r.card is not None:
            code = _code(r.code, view) if p.seat == view.viewer else r.code  # "r1" is the viewer's own r1
            extra.append(f"{code} {_card(r.card, lang, columns=False)}")
        else:
            extra.append(f"{r.code} {t('local.board.hidden_level', lang, n=r.level)}")
    if p.nobles:
        extra.append(t("local.board.nobles_won", lang, count=len(p.nobles)))
    if p.reserved_nobles:
        extra.append(t("local.board.nobles_reserved", lang, codes=",".join(n.code for n in p.reserved_nobles)))
    if p.strongholds_left is not None:
        extra.append(t("local.board.strongholds_left", lang, count=p.strongholds_left))
    if extra:
        lines += _wrap(INDENT + t("local.board.reserved", lang) + ": " if p.reserved else INDENT, extra)
    return lines


# ------------------------------------------------------------------ Spectacle
def _spectacle(view: spectacle.TableView, names: Sequence[str], lang: str) -> list[str]:
    lines = [_header(view, names, lang, t("local.board.target_vp", lang, count=view.target))]
    lines.append(f"{t('local.board.grid', lang)} ({t('local.board.deck', lang, count=view.deck)})")
    lines.append("     " + "".join(f"{n:<8}" for n in "123"))
    for r, letter in enumerate("abc"):
        cells = [s.card for s in view.grid[r * 3 : r * 3 + 3]]
        shown = "".join(f"{_spectacle_card(c, view) if c else '—':<8}" for c in cells)
        lines.append(f"  {letter}  {shown}")
    stacks = [f"{s.code}: {' '.join(str(v) for v in s.chips) or '—'}" for s in view.stacks]
    lines += _wrap(f"{t('local.board.stacks', lang)}: ", stacks)
    nobles = [f"{card_code_text(n.code)} {n.threshold} ({t(f'render.spectacle.power.{n.power}', lang)})"
              for n in view.nobles]
    lines += _wrap(f"{t('local.board.nobles', lang)}: ", nobles or ["—"])
    for p in view.seats:
        lines += _spectacle_seat(view, p, names, lang)
    return lines + _affordable_legend(view, names, lang)


def _spectacle_card(card: spectacle.CardView, view: spectacle.TableView) -> str:
    """``7♥``, with ``+`` when the viewer can buy it now."""
    return card_code_text(card.code) + ("+" if card.code in view.affordable else "")


def _spectacle_seat(view: spectacle.TableView, p: spectacle.SeatView, names: Sequence[str], lang: str) -> list[str]:
    head = _player_head(view, p.seat, names, lang)
    chips = " ".join(str(c) for c in p.chips) or "—"
    suits = []
    for suit, cards, total in zip(spectacle.SUITS, p.tableau, p.suit_totals, strict=True):
        if cards:
            values = " ".join(card_code_text(c.code)[:-1] for c in cards)
            suits.append(f"{SUIT_SYMBOLS[suit]} {values} ({total})")
    parts = [
        t("local.board.vp", lang, count=p.vp),
        f"{t('local.board.chips', lang)} {chips} ({p.chip_total})",
        f"{t('local.board.bonuses', lang)} {' · '.join(suits) or '—'}",
    ]
    lines = _wrap(head, parts, sep="  ")
    extra = []
    for h in p.hand:
        if h.card is None:
            shown = t("local.board.hidden", lang)
        else:
            shown = _spectacle_card(h.card, view) if p.seat == view.viewer else card_code_text(h.card.code)
        extra.append(f"{h.code} {shown}")
    for claim in p.claims:
        extra.append(t(f"local.board.claim_{claim.kind}", lang, cards=" ".join(card_code_text(c.code)
                                                                             for c in claim.cards)))
    if p.nobles:
        extra.append(f"{t('local.board.nobles', lang)} {' '.join(card_code_text(n.code) for n in p.nobles)}")
    if extra:
        lines += _wrap(INDENT + (t("local.board.reserved", lang) + ": " if p.hand else ""), extra)
    return lines


__all__ = ["WIDTH", "pending_text", "text_board"]
