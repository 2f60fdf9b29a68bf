"""League ratings: OpenSkill Plackett-Luce, one rating per member per league (pure, no I/O).

A rating is ``(mu, sigma)`` with the games played and the time of the last rated game.
What members see is a conservative number on a friendly scale,
``display = 1000 + 20 * (mu - 3 * sigma)``: a newcomer shows 1000, a strong regular
about 1400-1550.  While ``sigma`` is above :attr:`RatingPolicy.provisional_sigma` the
rating is *provisional* (shown with "?" and kept off the top of the standings).

Inactivity raises sigma and never touches mu: after ``grace_days`` without a rated game,
each further day adds ``decay_per_day**2`` to the variance, capped at the starting sigma.
The decay is applied lazily: when the member's next game is rated (from the game's own
time, so a rebuild from the stored results gives the same numbers) and for display (up
to "now").

OpenSkill pitfalls avoided (see ``shared/notes/leagues.md``): one model built once with
default tau and never given ``limit_sigma`` (it would stick on the model); ``ranks`` only
(lower is better, equal is a tie), never ``scores`` as well.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = 25.0 / 3.0
DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 20.0

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True, slots=True)
class RatingPolicy:
    """Tunables of a league's ratings (stored with the league)."""

    provisional_sigma: float = 7.6  # about five 4-player games
    grace_days: int = 7
    decay_per_day: float = 0.3


DEFAULT_POLICY = RatingPolicy()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    last_played: datetime | None = None

    def decayed(self, now: datetime, policy: RatingPolicy = DEFAULT_POLICY) -> Rating:
        """This rating after inactivity up to ``now`` (sigma only grows, mu is kept)."""
        if self.last_played is None:
            return self
        days = (now - self.last_played).days - policy.grace_days
        if days <= 0 or self.sigma >= SIGMA:
            return self
        sigma = min(SIGMA, math.sqrt(self.sigma**2 + days * policy.decay_per_day**2))
        return replace(self, sigma=sigma)

    def decay_changes_at(self, now: datetime, policy: RatingPolicy = DEFAULT_POLICY) -> datetime | None:
        """When :meth:`decayed` next gives another rating than at ``now`` (``None``: never, it is settled at its
        widest or was never played)."""
        if self.last_played is None or self.decayed(now, policy).sigma >= SIGMA:
            return None
        return self.last_played + timedelta(days=max((now - self.last_played).days, policy.grace_days) + 1)

    @property
    def conservative(self) -> float:
        return self.mu - 3.0 * self.sigma

    @property
    def display(self) -> int:
        return display_value(self.mu, self.sigma)

    def provisional(self, policy: RatingPolicy = DEFAULT_POLICY) -> bool:
        return self.sigma > policy.provisional_sigma


def display_value(mu: float, sigma: float) -> int:
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3.0 * sigma))


def rate(
    players: Sequence[Rating], ranks: Sequence[int], at: datetime, policy: RatingPolicy = DEFAULT_POLICY
) -> list[Rating]:
    """New ratings after one game: ``ranks[i]`` is player i's place (1 is best, equal places tie).

    Each rating is first decayed to ``at`` (inactivity), then updated by Plackett-Luce.
    """
    if len(players) != len(ranks) or len(players) < 2:
        raise ValueError("a rated game needs two or more players, one rank each")
    before = [p.decayed(at, policy) for p in players]
    teams = [[_MODEL.rating(mu=p.mu, sigma=p.sigma)] for p in before]
    out = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [
        Rating(team[0].mu, team[0].sigma, p.games + 1, at)
        for p, team in zip(before, out, strict=True)
    ]


def soft_reset(rating: Rating, keep: float) -> Rating:
    """A new season's start: mu pulled toward the default by ``1 - keep``, sigma widened the same way."""
    keep = min(1.0, max(0.0, keep))
    mu = MU + (rating.mu - MU) * keep
    sigma = min(SIGMA, SIGMA - (SIGMA - rating.sigma) * keep)
    return Rating(mu, sigma, rating.games, rating.last_played)
