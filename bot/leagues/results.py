"""From a finished or settled game to a league result, and ratings as a projection of results (pure).

Placement rules (a ruling of this project, see ``docs/leagues.md``):

* a game that ends normally counts with the places the service gave the seats still
  playing; a shared victory is a tie (equal places);
* members who resigned or were removed for timeouts rank last, tied among themselves;
* a game settled before its end (a round deadline, or an organizer) ranks the members
  still playing by their current score (equal scores tie), then those who left;
* aborted games do not count; games with computer players are never rated.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.leagues.rating import DEFAULT_POLICY, Rating, RatingPolicy, rate, soft_reset
from bot.service import GameInfo


def has_computer_players(game: GameInfo) -> bool:
    """Whether a computer player sat at ``game`` (such games are never rated).  A removed player's seat
    finished by a computer (timeout policy ``ai``) is not a computer seat: that game counts, the removed
    player last."""
    return game.has_bots


def final_places(game: GameInfo) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(members in seat order, places)`` of a game that ended (see the module docstring)."""
    seated = sorted((p for p in game.players if p.seat is not None), key=lambda p: p.seat or 0)
    playing = [p for p in seated if p.status == "active"]
    last = len(playing) + 1
    places = tuple(
        (p.place if p.place is not None else last) if p.status == "active" else last for p in seated
    )
    return tuple(p.user_id for p in seated), places


def settled_places(game: GameInfo, scores: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(members in seat order, places)`` of a game settled now, from the seats' current ``scores``."""
    seated = sorted((p for p in game.players if p.seat is not None), key=lambda p: p.seat or 0)
    playing = [p for p in seated if p.status == "active"]
    last = len(playing) + 1
    places: list[int] = []
    for p in seated:
        if p.status != "active":
            places.append(last)
            continue
        mine = scores[p.seat or 0]
        places.append(1 + sum(1 for o in playing if scores[o.seat or 0] > mine))
    return tuple(p.user_id for p in seated), tuple(places)


def ordered_places(members: Sequence[int], order: Sequence[int]) -> tuple[int, ...]:
    """Places of ``members`` when an organizer gives the finishing ``order`` (absent members tie last)."""
    last = len(order) + 1
    return tuple(order.index(m) + 1 if m in order else last for m in members)


@dataclass(frozen=True, slots=True)
class Counted:
    """What the rating projection needs of one counted result."""

    result_id: int
    season: int
    members: tuple[int, ...]
    places: tuple[int, ...]
    at: datetime


def rate_result(ratings: Mapping[int, Rating], result: Counted, policy: RatingPolicy = DEFAULT_POLICY) -> dict[
        int, Rating]:
    """The members' ratings after ``result`` (members without a rating start fresh)."""
    before = [ratings.get(m, Rating()) for m in result.members]
    after = rate(before, result.places, result.at, policy)
    return dict(zip(result.members, after, strict=True))


def project(
    results: Iterable[Counted],
    resets: Mapping[int, float],
    policy: RatingPolicy = DEFAULT_POLICY,
) -> tuple[dict[int, Rating], list[tuple[int, int, Rating]]]:
    """Ratings from scratch: every counted result in order, with each closed season's soft reset.

    ``resets``: season -> kept share of the closed seasons (applied after that season's last
    result, before the next season's first).  Returns the ratings and the history
    ``(user, result id, rating after)``.
    """
    ratings: dict[int, Rating] = {}
    history: list[tuple[int, int, Rating]] = []
    season = 1
    ordered = sorted(results, key=lambda r: r.result_id)

    def close_seasons(until: int) -> None:
        nonlocal season, ratings
        while season < until:
            if season in resets:
                ratings = {u: soft_reset(r, resets[season]) for u, r in ratings.items()}
            season += 1

    for res in ordered:
        close_seasons(res.season)
        new = rate_result(ratings, res, policy)
        ratings.update(new)
        history.extend((u, res.result_id, r) for u, r in new.items())
    close_seasons(max(resets, default=0) + 1)
    return ratings, history
