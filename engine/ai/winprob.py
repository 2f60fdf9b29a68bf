"""Win probabilities: for a position and a seat, the chance that each seat wins, from that seat's view only.

A *model* (:class:`Model`) is a conditional logit (a softmax over the seats): seat ``i`` wins with probability
``exp(u_i) / sum_j exp(u_j)``, where ``u_i = beta . f_i`` and ``f_i`` are seat ``i``'s terms
(:func:`terms`).  At two players this is a logistic regression of the winner on the difference of the two
seats' terms, the regression :mod:`engine.ai.fitting` fits for ``hard``'s weights.  A finished game is its
result (1 for a win, 0 for a loss, a shared win split).

* **Terms.**  Splendor (:func:`splendor_terms`): the twelve terms of the worth (:func:`engine.ai.terms.features`
  with ``LOOK``'s non-linear parts), points once more as the end nears (squared phase), the seat's tempo (how
  many seats act before it) and, in the last round, whether the seat still plays.  Spectacle
  (:func:`spectacle_terms`): victory points (P-9), the rest of the heuristic worth, both again as the end
  nears, nobles, chips, cards in hand and in the tableau, tempo and the last round.
* **View only** (:func:`win_probabilities`): the model reads a full state, so it is averaged over
  ``samples`` determinizations of the seat's knowledge (:class:`engine.core.PublicInfo`): the cards the seat
  cannot see are dealt at random from a seeded :class:`engine.rng.Rng`, exactly as the computer players deal
  them.  Two games that differ only in cards the seat cannot see give the same probabilities.
* **Fit** (:mod:`engine.ai.winprob_fit`, ``python -m engine.selfplay --fit-winprob``): Newton's method on the
  conditional logit's likelihood, over the positions of games between a mix of levels; the coefficients are
  stored below (:data:`MODELS`).  Calibration (``--calibration``) plays games on other seeds and reports the
  Brier score, the expected calibration error and the Brier score of a logistic on the points alone.
  ``docs/computer-players.md`` has the table and the commands.  The fitting and calibration code lives in
  :mod:`engine.ai.winprob_fit`, which only the benches import: the bot reads this module at run time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.ai.heuristics import LOOK, near_end, spectacle_worths
from engine.ai.search import EXPLORE, Stop, bandit, greedy_playout, outright_win, pick_lookahead
from engine.ai.terms import features
from engine.core import Action, GameState, PublicInfo
from engine.rng import Rng
from engine.spectacle.cards import MASK_COUNT
from engine.spectacle.state import SpectacleState
from engine.splendor.state import SplendorState

SPLENDOR_TERMS = ("points", "points_late", "bonus", "bonus_late", "gold_card", "token", "gold", "noble", "target",
                  "reserved", "second_target", "full_hand", "points_late2", "tempo", "still_plays")
SPECTACLE_TERMS = ("vp", "vp_late", "worth", "worth_late", "nobles", "chips", "hand", "cards", "tempo",
                   "still_plays")
T = TypeVar("T")
SAMPLES = 8  # determinizations a view's probabilities average over


@dataclass(frozen=True, slots=True)
class Model:
    """A fitted conditional logit: ``family`` names its terms (``"splendor"`` or ``"spectacle"``)."""

    family: str
    players: int
    beta: tuple[float, ...]


def _tempo(n: int, to_act: int | None, seat: int) -> float:
    """How many seats act before ``seat`` (0: it is to act), as a share of the table."""
    if to_act is None:
        return 0.0
    return ((seat - to_act) % n) / n


def splendor_terms(s: SplendorState) -> list[list[float]]:
    """Per seat, :data:`SPLENDOR_TERMS`."""
    base = features(s, LOOK)
    n = s.n
    phase = max(p.points for p in s.players) / s.target
    to_act = s.to_act
    out = []
    for i, row in enumerate(base):
        # the last round: the seats after the one to act still play (seat n-1 closes a round)
        still = 1.0 if s.final_round and to_act is not None and i >= to_act else 0.0
        out.append([*row, s.players[i].points * phase * phase, _tempo(n, to_act, i), still])
    return out


def spectacle_terms(s: SpectacleState) -> list[list[float]]:
    """Per seat, :data:`SPECTACLE_TERMS`."""
    worth = spectacle_worths(s)
    n = s.n
    vps = [float(s.score(i)) for i in range(n)]
    phase = max(0.0, max(max(vps) / 5.0, 1.0 - len(s.deck) / 40.0))
    to_act = s.to_act
    final = s.end_reason is not None
    out = []
    for i in range(n):
        rest = worth[i] - vps[i]
        chips = sum(k * v for k, v in zip(s.chips[i], (1, 2, 5, 10), strict=True)) / 10.0
        cards = float(sum(MASK_COUNT[m] for m in s.tab[i]))
        still = 1.0 if final and to_act is not None and i >= to_act else 0.0
        out.append([vps[i], vps[i] * phase, rest, rest * phase, float(len(s.won[i])), chips, float(len(s.hand[i])),
                    cards, _tempo(n, to_act, i), still])
    return out


_TERMS: dict[type, tuple[str, Callable[[GameState], list[list[float]]]]] = {
    SplendorState: ("splendor", splendor_terms),  # type: ignore[dict-item]
    SpectacleState: ("spectacle", spectacle_terms),  # type: ignore[dict-item]
}


def family_of(state: GameState) -> str | None:
    entry = _TERMS.get(type(state))
    return entry[0] if entry else None


def terms(state: GameState) -> list[list[float]]:
    """Per seat, the model's terms (its family's); an unknown ruleset: its scores."""
    entry = _TERMS.get(type(state))
    if entry is None:
        return [[float(x)] for x in state.scores()]
    return entry[1](state)


def softmax(us: Sequence[float]) -> list[float]:
    top = max(us)
    es = [math.exp(u - top) for u in us]
    total = sum(es)
    return [e / total for e in es]


def result(state: GameState) -> list[float]:
    """A finished game's result per seat: 1 won, 0 lost, a shared win split."""
    won = state.winners()
    return [1.0 / len(won) if i in won else 0.0 for i in range(len(state.scores()))]


def probabilities(state: GameState, model: Model | None = None) -> list[float]:
    """The model's probabilities on a full state (the caller makes sure it is one a seat may search:
    :func:`win_probabilities` gives it determinizations only)."""
    if state.is_over:
        return result(state)
    model = model or model_for(state)
    rows = terms(state)
    if model is None or len(model.beta) != len(rows[0]):
        return softmax([0.9 * r[0] for r in rows])  # an unknown ruleset: its scores, one point ~ 71%
    return softmax([sum(b * v for b, v in zip(model.beta, r, strict=True)) for r in rows])


def public_info(state: GameState, seat: int) -> PublicInfo:
    """What ``seat`` may know of ``state`` (any seat, not only the one to act)."""
    return PublicInfo(state.public_copy(seat), seat)


def win_probabilities(public: PublicInfo, seed: int, samples: int = SAMPLES, model: Model | None = None) -> list[float]:
    """Per seat, the chance to win as ``public.seat`` sees the game: the model averaged over ``samples``
    determinizations of that seat's knowledge, dealt from ``Rng(seed)``.  They sum to 1."""
    rng = Rng(seed)
    total: list[float] | None = None
    for _ in range(max(1, samples)):
        p = probabilities(public.determinize(rng), model)
        total = p if total is None else [a + b for a, b in zip(total, p, strict=True)]
    assert total is not None
    k = max(1, samples)
    return [v / k for v in total]


# -- the fitted models -------------------------------------------------------------------------------
#: Fitted by ``python -m engine.selfplay --fit-winprob GAMES --ruleset R --players N --seed S`` (the commands
#: and seeds are in ``docs/computer-players.md``).  Keyed by ruleset and players; :func:`model_for` falls back
#: to the closest fitted model of the same family.
MODELS: dict[tuple[str, int], Model] = {
    # --fit-winprob 800 --ruleset base --players 2 --seed 700000: 23,551 positions, log loss 0.5606
    ("base", 2): Model("splendor", 2, (0.17797, 0.57836, 0.9913, -1.14762, 0.0, 0.1236, 0.11206, 0.66484, 0.20084,
                                       0.05835, 0.15299, -0.2265, 0.02108, 0.20988, 0.0)),
    # --fit-winprob 250 --ruleset base --players 4 --seed 700000: 13,918 positions, log loss 1.2674
    ("base", 4): Model("splendor", 4, (0.02885, 0.42696, 0.46154, -0.55797, 0.0, 0.03939, -0.04041, 0.95181, 0.13895,
                                       0.06072, 0.06034, -0.13266, 0.13887, -0.13422, 0.01063)),
    # --fit-winprob 400 --ruleset orient+strongholds --players 2 --seed 700000: 11,379 positions, log loss 0.5815
    ("orient+strongholds", 2): Model("splendor", 2, (0.28887, -0.00042, 0.80552, -0.80793, 0.58349, 0.11687, 0.3022,
                                                     0.44958, 0.00576, -0.03027, 0.12217, -0.22749, 0.40708, 0.1501,
                                                     0.0)),
    # --fit-winprob 600 --ruleset spectacle --players 2 --seed 700000: 18,531 positions, log loss 0.5735
    ("spectacle", 2): Model("spectacle", 2, (1.2352, 1.10858, 0.64338, -0.86537, -0.54458, 0.35748, 1.82347, 0.39276,
                                             0.37389, 0.0)),
}


def _closest(table: dict[tuple[str, int], T], state: GameState) -> T | None:
    """``table``'s entry for ``state``'s ruleset and player count; else the closest player count of the same ruleset,
    then of any ruleset of the same game (the family of :data:`MODELS`' entry under the same key)."""
    family = family_of(state)
    if family is None:
        return None
    n = len(state.scores())
    exact = table.get((state.config.ruleset, n))
    if exact is not None:
        return exact
    kin = [key for key in table if key in MODELS and MODELS[key].family == family]
    same = [key for key in kin if key[0] == state.config.ruleset] or kin
    if not same:
        return None
    return table[min(same, key=lambda key: (abs(key[1] - n), key[1]))]


def model_for(state: GameState) -> Model | None:
    return _closest(MODELS, state)


# -- the players' form: how both have played so far -----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Form:
    """How much each seat's play so far moves the chances (:func:`with_form`).  The model above is fitted on games
    between a mix of levels, so it speaks of seats of average strength; a review also knows how each seat has
    played.  Per seat, from its judged moves so far (those with a choice between two main actions or more): how
    many were the review's better move.  That count over the seat's judged moves plus ``prior`` (so early in a
    game, with little evidence, every seat counts as equal) is its *form*; its difference ``x`` from the table's
    mean form enters the seat's logit as ``weight * sign(x) * |x| ** power`` (power 2: ``weight * x * |x|``): a
    small difference, which chance alone makes in a few dozen moves, moves the chances little, a large one (a strong
    player against a weak one) much, the more so the higher the power."""

    prior: float
    weight: float
    power: float = 2.0


@dataclass(slots=True)
class Evidence:
    """Per seat, its judged moves so far and how many of them were the review's better move."""

    moves: list[int]
    best: list[int]

    @classmethod
    def empty(cls, n: int) -> Evidence:
        return cls([0] * n, [0] * n)

    def add(self, seat: int, best: bool) -> None:
        self.moves[seat] += 1
        self.best[seat] += int(best)


def form_terms(evidence: Evidence, prior: float) -> list[float]:
    """Per seat, its form (the share of better moves, shrunk by ``prior``) less the table's mean form."""
    forms = [best / (k + prior) for k, best in zip(evidence.moves, evidence.best, strict=True)]
    mean = sum(forms) / len(forms)
    return [f - mean for f in forms]


def with_form(ps: Sequence[float], evidence: Evidence, form: Form | None) -> list[float]:
    """The chances ``ps`` (between seats of average strength) moved by each seat's form so far (:class:`Form`):
    seat ``i``'s logit ``log p_i + weight * sign(x_i) * |x_i| ** power``, a softmax again.  An exact result (a
    chance of 0 or 1) stays as it is."""
    if form is None or any(p <= 0.0 or p >= 1.0 for p in ps):
        return list(ps)
    us = [math.log(p) + math.copysign(form.weight * abs(x) ** form.power, x)
          for p, x in zip(ps, form_terms(evidence, form.prior), strict=True)]
    return softmax(us)


#: Fitted by ``python -m engine.selfplay --fit-form GAMES --ruleset R --players N --seed S`` on reviewed games
#: between unequal levels and the position games' mix (``docs/computer-players.md``).  Keyed like :data:`MODELS`;
#: :func:`form_for` falls back to the closest player count of the same game, and a ruleset without terms has none.
FORMS: dict[tuple[str, int], Form] = {
    # --fit-form on 200 games of hard against easy (120 from seed 700000, 80 from 1300000), 120 of medium against
    # easy and 60 of the mix (seed 700000): worst ECE 0.0282
    ("base", 2): Form(32.0, 1500.0, 3.0),
    # --fit-form 40 --mix-games 24 --ruleset base --players 4 --seed 700000: worst ECE 0.0818 (fitted when the
    # grid had the square alone)
    ("base", 4): Form(32.0, 54.0),
}


def form_for(state: GameState) -> Form | None:
    return _closest(FORMS, state)


# -- hard at three and four players ---------------------------------------------------------------------
def pick_hard(public: PublicInfo, rng: Rng, stop: Stop, iterations: int, budget: int | None = None) -> Action:
    """``hard``: the three-ply look-ahead at two players (:func:`engine.ai.search.pick_lookahead`, ``budget``: its
    bound in positions weighed); at three or four players, where the opponent's reply is not one seat's, the
    one-round rollout search with its leaves scored by the seat's win probability (:func:`pick_winprob`), after a
    move that wins the game outright near the end (:func:`engine.ai.search.outright_win`), which it plays."""
    state = public.canonical()
    if len(state.scores()) == 2:
        return pick_lookahead(public, rng, stop, iterations, budget)
    won = outright_win(state, public.seat, state.legal_actions()) if near_end(state) else None
    return won if won is not None else pick_winprob(public, rng, stop, iterations)


def pick_winprob(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    """The bandit search with one-round greedy rollouts (:func:`engine.ai.search.pick_rollout1`), a leaf scored
    by the searching seat's win probability under the fitted model (:func:`probabilities`, a softmax over every
    seat's terms) instead of its heuristic lead over the best opponent: at three or four players the seat's
    chances depend on every opponent, not on the leader's alone.  The one-ply value is on another scale, so it
    only chooses the arms (no prior visits)."""

    def simulate(state: GameState, seat: int, rng: Rng) -> float:
        greedy_playout(state, seat, rounds=1)
        return probabilities(state)[seat]

    return bandit(public, rng, stop, iterations, simulate, prior_visits=0, explore=EXPLORE)
