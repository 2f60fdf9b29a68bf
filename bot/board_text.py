"""The board post in words: what happened this turn, the moves made for players, whose turn it is and what
they decide, and the post put together with the time banks' line (:mod:`bot.bank_text`).

The one home of the board post's sentences; :mod:`bot.ui.board` posts them with the table image and the
buttons.  The engine's events and actions become words in :mod:`bot.text`.  No discord imports.
"""

from __future__ import annotations

from collections.abc import Sequence

import engine
from bot.bank_text import bank_line
from bot.i18n import t
from bot.service import Applied, GameInfo
from bot.service.bots import is_bot
from bot.text import decision_text, player_name, turn_line
from engine import Event, GameState, TableView


def status_text(game: GameInfo, state: GameState | None, names: Sequence[str], lang: str, *,
                mention: bool = False) -> str:
    """Whose turn it is (a mention with ``mention``, else the name) and what they decide; the winners once the game
    is over; ``""`` when nobody is to move."""
    if game.status == "over":
        winners = [player_name(names, w, lang) for w in state.winners()] if state is not None else []
        return t("bot.board.over", lang, winners=", ".join(winners) or t("bot.nobody", lang))
    if game.status == "aborted":
        return t("bot.board.aborted", lang)
    user = game.to_act_user
    if user is None:
        return ""
    who = f"<@{user}>" if mention else player_name(names, game.to_act_seat, lang)
    view = engine.view_for(state, None) if state is not None else None
    pending = view.pending if view is not None else None
    if view is None or pending is None:
        return t("bot.board.your_turn", lang, who=who)
    # a decision whose options are withheld from the thread is answered through "Decide"
    key = "bot.board.decide_private" if pending.hidden else "bot.board.decide"
    return t(key, lang, who=who, what=decision_text(view, lang))


def turn_text(view: TableView, events: Sequence[Event], names: Sequence[str], lang: str) -> str:
    """What happened, as one line: the whole turn so far when ``events`` continue it (a decision after a
    purchase tells the purchase too), else ``events`` alone (several turns, played automatically)."""
    if not events:
        return ""
    told = tuple(e.redacted_for(view.viewer) for e in events)
    whole = view.last_events
    if len(whole) >= len(told) and whole[len(whole) - len(told):] == told:
        return turn_line(view, whole, names, lang)
    return turn_line(view, events, names, lang)


def automatic_lines(applied: Sequence[Applied], names: Sequence[str], lang: str) -> list[str]:
    """One line per seat whose move was made for them: their turn timer ran out, they no longer play, or a
    computer played for them (an expired turn, a vacation, a removed player's seat); and one per move played from
    the player's plan."""
    lines: list[str] = []
    seen: set[tuple[int, str]] = set()
    keys = {"timeout": "bot.board.timeout", "auto": "bot.board.auto", "ai": "computer.board.played_for"}
    for a in applied:
        if a.planned:  # the player's own move, queued with /splendor plan
            lines.append(t("plans.board.played", lang, who=player_name(names, a.seat, lang)))
            continue
        for_person = a.source != "ai" or (a.user_id is not None and not is_bot(a.user_id))  # a computer's own move
        if a.source in keys and for_person and (a.seat, a.source) not in seen:
            seen.add((a.seat, a.source))
            lines.append(t(keys[a.source], lang, who=player_name(names, a.seat, lang)))
    return lines


def post_text(game: GameInfo, state: GameState, view: TableView, events: Sequence[Event], names: Sequence[str],
              lang: str, *, applied: Sequence[Applied] = (), note: str = "", mention: bool = False) -> str:
    """The words of a board post (at most 2,000 characters, Discord's limit): ``note``, the moves made for
    players, what happened, whose turn it is and the time banks."""
    line = turn_text(view, events, names, lang)
    status = status_text(game, state, names, lang, mention=mention)
    parts = (note, *automatic_lines(applied, names, lang), line, status, bank_line(game, names, lang))
    return "\n".join(x for x in parts if x)[:2000] or t("bot.board.title", lang, game_id=game.game_id)


__all__ = ["automatic_lines", "post_text", "status_text", "turn_text"]
