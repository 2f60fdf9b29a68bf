"""An audit of the review's verdicts against a much deeper referee (``python -m engine.selfplay --review-audit``).

The review (:mod:`engine.ai.reviewing`) judges a move with the model's win probabilities after one move, averaged
over eight determinizations.  The audit reviews finished games and judges again, much more deeply:

* **Verdicts.** Every mistake and blunder (the verdicts a player reads first) is replayed by the referee: from
  the mover's view, :data:`PLAYOUTS` determinizations, and on each the move played and the review's better
  move (each with its decisions, as the review played them) are played out to the end of the game with the same
  seating and seeds (paired play-outs).  Every seat of a play-out plays a one-ply level drawn in the shares of
  the position games (:data:`engine.ai.winprob_fit.ROLLOUT_LEVELS`: easy, tuned and look, hard's own
  evaluation), without random moves.  The referee's drop is the mover's win rate after the better move minus
  after the move played; a verdict is ``confirmed`` when that drop reaches the verdict's threshold (0.10 for a
  mistake, 0.15 for a blunder), and ``better`` when it is above zero.
* **Forced positions.** In the last two rounds of every game, each judged move's position before and after it
  is searched exactly (:func:`engine.ai.exact.forced_result`, without the review's bound that lets it start,
  without the proof by :func:`engine.ai.exact.turn_reach`, and with :data:`REFEREE_BUDGET` states) on
  :data:`DEALS` fresh determinizations of the mover's view and on the review's own eight; a position forced
  the same way on all of them is a forced position, and ``decided_exact`` is the share of those the review
  scored exactly (every seat's probability 0 or 1, the forced result).  (A position is forced only if every
  deal of the mover's view forces it: a review deal on which a hidden card lets another seat win shows it is
  not, which four fresh deals alone can miss.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import find_ruleset, replay
from engine.ai.exact import forced_result
from engine.ai.reviewing import THRESHOLDS, GameReview, MoveReview, _play, better_line, deals, judge_seed
from engine.ai.winprob import SAMPLES, public_info
from engine.ai.winprob_fit import ROLLOUT_LEVELS, _play_out, _player
from engine.core import Action, GameState, PublicInfo
from engine.rng import Rng

PLAYOUTS = 512  # paired play-outs per verdict (each plays the move played and the better move): a standard error
# of about 0.025 on the drop, where 48 left 0.09, as much as the threshold it is compared with
DEALS = 4  # determinizations a forced position must be forced on
REFEREE_BUDGET = 100_000  # states of the referee's exact search per determinization


@dataclass(frozen=True, slots=True)
class Judged:
    """One verdict and the referee's word on it."""

    game: int
    index: int
    verdict: str
    drop: float  # the review's
    referee_drop: float  # the referee's: its win rate after the better move minus after the move played
    confirmed: bool
    better: bool


def referee_drop(public: PublicInfo, played: Sequence[Action], best: Sequence[Action], rng: Rng,
                 playouts: int = PLAYOUTS) -> float:
    """The mover's win rate after ``best`` minus after ``played``, over ``playouts`` paired play-outs."""
    seat = public.seat
    players = {name: _player(name) for name in set(ROLLOUT_LEVELS)}
    total = 0.0
    for _ in range(playouts):
        dealt = public.determinize(rng)
        dealt.set_quiet()
        n = len(dealt.scores())
        seating = [players[ROLLOUT_LEVELS[rng.below(len(ROLLOUT_LEVELS))]] for _ in range(n)]
        salt = rng.below(1 << 30)
        results = []
        for line in (best, played):
            s = dealt.copy()
            _play(s, seat, list(line))
            out = _play_out(s, seating, Rng(salt), salt, 0) or [1.0 / n] * n
            results.append(out[seat])
        total += results[0] - results[1]
    return total / playouts


def forced_at(public: PublicInfo, line: Sequence[Action] | None, rng: Rng,
              judged: int | None = None) -> list[float] | None:
    """The forced result of the mover's position (after ``line``, if given) on :data:`DEALS` fresh
    determinizations and, with ``judged`` (the seed the review judged the move with), on the review's own
    determinizations too: the same exact result on all of them, else ``None``.  A position is forced only if
    every deal of the mover's view forces it; a review deal on which it is not (a hidden card lets another seat
    catch up) proves it is not, so those deals are searched again here, by the referee's own search."""
    positions: list[GameState] = []
    for _ in range(DEALS):
        s = public.determinize(rng)
        s.set_quiet()
        if line is not None:
            _play(s, public.seat, list(line))
        positions.append(s)
    if judged is not None:
        positions += [states[-1] for states in deals(public, judged, SAMPLES, [] if line is None else [list(line)])]
    found: list[float] | None = None
    for s in positions:
        exact = forced_result(s, REFEREE_BUDGET, gate=False, bound=False)
        if exact is None or (found is not None and exact != found):
            return None
        found = exact
    return found


@dataclass
class GameAudit:
    judged: int  # moves with a choice
    verdicts: list[Judged]
    forced: int  # forced positions (before or after a judged move)
    exact: int  # of those, scored exactly by the review
    referee_cpu_s: float


def audit_game(g: int, end: GameState, result: GameReview, seed: int, clock: Callable[[], float],
               playouts: int = PLAYOUTS, review_seed: int | None = None) -> GameAudit:
    """The referee's word on the review ``result`` of the finished game ``end`` (see the module); ``clock``: the
    CPU clock the referee's cost is read from (the self-play command's: the engine reads none); ``review_seed``:
    the seed the review was made with (its deals are searched again for forced positions)."""
    config = end.config
    parse = find_ruleset(config.ruleset).parse_action
    n = len(end.scores())
    last_rounds = (end.turn // n - 1) * n  # the first turn of the last two rounds
    moves = {m.index: m for m in result.moves}
    start = clock()
    verdicts: list[Judged] = []
    forced = exact = 0
    rng = Rng(seed * 7_919 + g)

    def visit(k: int, seat: int, _action: Action, state: GameState) -> None:
        nonlocal forced, exact
        m: MoveReview | None = moves.get(k)
        if m is None or m.best is None:
            return
        public = public_info(state, seat)
        played = [parse(c) for c in m.played]
        if m.verdict in ("mistake", "blunder"):
            threshold = dict(THRESHOLDS)[m.verdict]
            better = better_line(public, judge_seed(review_seed, k), parse(m.best)) if review_seed is not None \
                else [parse(m.best)]  # with the decisions the review played it with
            drop = referee_drop(public, played, better, Rng(rng.below(1 << 30)), playouts)
            verdicts.append(Judged(g, k, m.verdict, m.drop, round(drop, 4), drop >= threshold - 1e-9, drop > 0.0))
        if state.turn >= last_rounds:
            for line, told in ((None, m.before), (played, m.after)):
                truth = forced_at(public, line, Rng(rng.below(1 << 30)),
                                  None if review_seed is None else judge_seed(review_seed, k))
                if truth is not None:
                    forced += 1
                    exact += list(told) == truth

    replay(config, [(seat, parse(code)) for seat, code in end.history()], before=visit)
    judged = sum(m.best is not None for m in result.moves)
    return GameAudit(judged, verdicts, forced, exact, clock() - start)
