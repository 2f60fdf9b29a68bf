"""League points and standings (pure, no I/O).

Points by placement, configurable per league, with defaults for 2, 3 and 4 seats
(:data:`DEFAULT_POINTS`).  Players who tie share the points of the places they cover
(a tie for 1st at a 4-player table: ``(5 + 3) / 2 = 4`` each), so a table always hands
out the same total.  Tables of another size than the league's (a smaller ladder table,
a 3-player table in a rounds league) use that size's defaults.

Standings order: points, then opponents' points (per game, the average season points of
that game's opponents, summed: a Buchholz score for multiplayer tables), then average
placement (lower is better), then head-to-head among the tied members (games won against
each other minus games lost), then rating, then user id (deterministic).  Provisional
members (rating not settled yet) are listed after the others: they are kept off the top.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

DEFAULT_POINTS: dict[int, tuple[float, ...]] = {
    2: (3.0, 0.0),
    3: (4.0, 2.0, 0.0),
    4: (5.0, 3.0, 1.0, 0.0),
}


def points_table(size: int, custom: Mapping[int, Sequence[float]] | None = None) -> tuple[float, ...]:
    """The points for places 1..size at a table of ``size`` players."""
    if custom and size in custom and len(custom[size]) == size:
        return tuple(float(p) for p in custom[size])
    if size in DEFAULT_POINTS:
        return DEFAULT_POINTS[size]
    raise ValueError(f"no points table for {size} players")


def placement_points(ranks: Sequence[int], custom: Mapping[int, Sequence[float]] | None = None) -> list[float]:
    """Points per player for ``ranks`` (1 is best; equal ranks share the places they cover)."""
    table = points_table(len(ranks), custom)
    order = sorted(ranks)
    out: list[float] = []
    for r in ranks:
        first = order.index(r)
        tied = order.count(r)
        out.append(sum(table[first:first + tied]) / tied)
    return out


@dataclass(frozen=True, slots=True)
class GameResult:
    """One counted game: the members and their places (1 best, equal = tie)."""

    game_id: int
    members: tuple[int, ...]
    ranks: tuple[int, ...]

    def rank_of(self, user_id: int) -> int:
        return self.ranks[self.members.index(user_id)]


@dataclass(slots=True)
class Line:
    """One member's line in the standings."""

    user_id: int
    points: float = 0.0
    games: int = 0
    wins: int = 0
    placements: int = 0  # sum of places
    opponents_points: float = 0.0
    head_to_head: int = 0
    rating: int = 0
    provisional: bool = True
    rank: int = 0
    played: list[int] = field(default_factory=list, repr=False)  # indexes of the member's results

    @property
    def average_place(self) -> float:
        return self.placements / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Tally:
    """What a season's counted results give each player, before ratings and order (:func:`tally`): the costly part
    of the standings (every result is read), so a caller may keep it until the results change."""

    results: tuple[GameResult, ...]
    lines: Mapping[int, Line]  # by user: points, games, wins, placements, opponents' points, results played


def tally(results: Iterable[GameResult], custom_points: Mapping[int, Sequence[float]] | None = None) -> Tally:
    """Each player's points, games, wins, placements and opponents' points over counted ``results``."""
    results = tuple(results)
    lines: dict[int, Line] = {}
    tables: dict[tuple[int, ...], list[float]] = {}  # points by places pattern (few patterns, many games)
    for i, res in enumerate(results):
        pts = tables.get(res.ranks)
        if pts is None:
            pts = tables[res.ranks] = placement_points(res.ranks, custom_points)
        for uid, r, p in zip(res.members, res.ranks, pts, strict=True):
            line = lines.get(uid)
            if line is None:
                line = lines[uid] = Line(uid)
            line.points += p
            line.games += 1
            line.placements += r
            if r == 1:
                line.wins += 1
            line.played.append(i)
    for res in results:  # opponents' points: the average of the other players' season points, per game
        others = len(res.members) - 1
        if others <= 0:
            continue
        total = sum(lines[m].points for m in res.members)
        for m in res.members:
            line = lines[m]
            line.opponents_points += (total - line.points) / others
    return Tally(results, lines)


def standings(
    members: Iterable[int],
    results: Iterable[GameResult] | Tally,
    *,
    rating: Callable[[int], tuple[int, bool]] | None = None,
    custom_points: Mapping[int, Sequence[float]] | None = None,
    include_all: bool = False,
) -> list[Line]:
    """The ordered standings of ``members`` from counted ``results`` (or their :func:`tally`; see the module
    docstring).

    ``rating(user_id) -> (display rating, provisional)``; without it nobody is provisional.
    Players of ``results`` who are not in ``members`` (they left) count for their opponents'
    points but are not listed, unless ``include_all``.  A tally is not changed (its lines are copied).
    """
    counted = results if isinstance(results, Tally) else tally(results, custom_points)
    members_list = list(members)
    lines: dict[int, Line] = {
        uid: Line(uid, ln.points, ln.games, ln.wins, ln.placements, ln.opponents_points, played=ln.played)
        for uid, ln in counted.lines.items()}
    for uid in members_list:
        if uid not in lines:
            lines[uid] = Line(uid)
    games = counted.results
    for line in lines.values():
        if rating is not None:
            line.rating, line.provisional = rating(line.user_id)
        else:
            line.provisional = False

    def main_key(line: Line) -> tuple[bool, float, float, float]:
        return (line.provisional, -line.points, -line.opponents_points, line.average_place if line.games else 99.0)

    listed = set(lines) if include_all else set(members_list)
    ordered = sorted((ln for ln in lines.values() if ln.user_id in listed), key=lambda ln: (main_key(ln), ln.user_id))
    out: list[Line] = []
    i = 0
    while i < len(ordered):  # head-to-head inside each group tied on the main key
        j = i
        while j < len(ordered) and main_key(ordered[j]) == main_key(ordered[i]):
            j += 1
        group = ordered[i:j]
        if len(group) > 1:
            ids = {ln.user_id for ln in group}
            for ln in group:
                score = 0
                for k in ln.played:
                    res = games[k]
                    mine = res.rank_of(ln.user_id)
                    for other, r in zip(res.members, res.ranks, strict=True):
                        if other != ln.user_id and other in ids:
                            score += (mine < r) - (r < mine)
                ln.head_to_head = score
            group.sort(key=lambda ln: (-ln.head_to_head, -ln.rating, ln.user_id))
        out.extend(group)
        i = j
    for n, line in enumerate(out, 1):
        line.rank = n
    return out


def rank_role_members(lines: Sequence[Line], bands: Mapping[int, int]) -> dict[int, set[int]]:
    """Who should hold each rank role: ``bands`` maps a role id to "the top N"; provisional members hold none.

    A member gets only the role of the narrowest band they are in (the top 3's role, not also the top 10's).
    """
    out: dict[int, set[int]] = {role: set() for role in bands}
    for line in lines:
        if line.provisional or line.games == 0:
            continue
        fitting = [(top, role) for role, top in bands.items() if line.rank <= top]
        if fitting:
            out[min(fitting)[1]].add(line.user_id)
    return out
