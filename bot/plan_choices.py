"""The plans a player makes for their next turn, in words and choices (issue 33 §1), from the author's own view
(:func:`engine.view_for` of their seat; the moves they could make if their turn began now, :func:`engine.turn_for`):
what ``/splendor plan`` offers and lists (:mod:`bot.ui.plans`) and what the web table offers (:mod:`bot.web.play`).
No Discord here; everything is private to the author."""

from __future__ import annotations

from collections.abc import Sequence

import engine
from bot.i18n import t
from bot.store import PlanRow
from bot.text import LABEL_MAX, action_label, card_text, ordered_options
from engine import Action, GameState, TableView

#: The card an ``if_card`` choice names is shown with its place, e.g. "2.3: green card…".
_CARD_LABEL = "{place}: {card}"


def card_label(view: TableView, card_id: str, lang: str) -> str:
    """A face-up card by its id as ``view`` shows it (its place and what it is); the id when it is gone."""
    for f in view.face_up():
        if f.card_id == card_id:
            return _CARD_LABEL.format(place=f.place, card=card_text(f.card, lang, full=True))[:LABEL_MAX]
    return card_id


def plan_line(view: TableView, plan: PlanRow, n: int, lang: str) -> str:
    move = action_label(view, plan.code, lang)
    if plan.cond is None:
        return t("plans.list.line", lang, n=n, move=move)
    return t("plans.list.line_if", lang, n=n, move=move, card=card_label(view, plan.cond, lang))


def plans_text(view: TableView, plans: Sequence[PlanRow], lang: str) -> str:
    """The author's plans in the order they are tried (or that they have none)."""
    if not plans:
        return t("plans.list.none", lang)
    lines = [t("plans.list.header", lang, count=len(plans))]
    lines += [plan_line(view, p, i + 1, lang) for i, p in enumerate(plans)]
    return "\n".join(lines)


def _ends_turn(turn: GameState, seat: int, action: Action) -> bool:
    try:
        after = engine.apply(turn, seat, action).state
    except engine.EngineError:
        return False
    return not (after.to_act == seat and after.pending_kind is not None)


def _payments(turn: GameState, seat: int, head: Action, lang: str) -> list[tuple[str, str]]:
    """Full codes of ``head`` (a buy) with each payment its buyer may choose, labelled (a plan must say how it
    pays: it cannot answer the payment decision later)."""
    try:
        after = engine.apply(turn, seat, head).state
    except engine.EngineError:
        return []
    view = engine.view_for(after, seat)
    pending = view.pending
    if pending is None or pending.seat != seat:
        return []
    out: list[tuple[str, str]] = []
    for option in ordered_options(view, pending.options):
        for rest in (option, option.split(" ", 1)[-1]):
            try:
                typed = engine.parse_action(turn, f"{head} {rest}")
            except engine.EngineError:
                continue
            if str(typed.head) == str(head) and str(typed) != str(head) and _ends_turn(turn, seat, typed):
                out.append((str(typed), f"{action_label(engine.view_for(turn, seat), head, lang)} — "
                                        f"{action_label(view, option, lang)}"))
                break
    return out


def move_choices(state: GameState, seat: int, lang: str, current: str = "", limit: int = 25
                 ) -> list[tuple[str, str]]:
    """``(label, code)`` of the moves ``seat`` could plan now (each ending its turn by itself), filtered by what
    was typed; at most ``limit``, taken in turn from each kind of move (takes, reserves, buys...) so that a first
    look shows every kind."""
    turn = engine.turn_for(state, seat)
    if turn is None:
        return []
    view = engine.view_for(state, seat)
    needle = current.strip().lower()
    by_family: dict[str, list[tuple[str, str]]] = {}
    for action in engine.legal_actions(turn):
        if action.family == "choose":
            continue
        if _ends_turn(turn, seat, action):
            found = [(action_label(view, action, lang), str(action))]
        elif action.family == "buy":
            found = [(label, code) for code, label in _payments(turn, seat, action, lang)]
        else:
            continue
        for label, code in found:
            if not needle or needle in label.lower() or needle in code.lower():
                by_family.setdefault(action.family, []).append((label[:LABEL_MAX], code[:100]))
    out: list[tuple[str, str]] = []
    queues = list(by_family.values())
    while len(out) < limit and any(queues):
        for queue in queues:
            if queue and len(out) < limit:
                out.append(queue.pop(0))
    return out


def card_choices(view: TableView, lang: str, current: str = "", limit: int = 25) -> list[tuple[str, str]]:
    """``(label, card id)`` of the cards face up on the table, filtered by what was typed; at most ``limit``."""
    needle = current.strip().lower()
    out: list[tuple[str, str]] = []
    for f in view.face_up():
        label = _CARD_LABEL.format(place=f.place, card=card_text(f.card, lang, full=True))[:LABEL_MAX]
        if not needle or needle in label.lower() or needle in f.card_id.lower():
            out.append((label, f.card_id[:100]))
    return out[:limit]


__all__ = ["card_choices", "card_label", "move_choices", "plan_line", "plans_text"]
