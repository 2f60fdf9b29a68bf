"""The review of a game: every move's win probabilities, the move ``hard`` prefers, and how much was lost.

:func:`review` replays a game from its setup and action log.  A *move* is one seat's turn: its main action
and the decisions that follow it (chip returns, a noble, a payment...) until another seat is to act or the
game ends.  Every move is judged from the mover's view only (:func:`engine.ai.winprob.public_info`), so a
review never uses a card the mover could not see:

* ``before``: each seat's win probability (:func:`engine.ai.winprob.win_probabilities`) when the move starts;
* ``after``: the same, averaged over the same determinizations, once the move played is made on each (a
  decision the determinization does not allow, which a hidden card could cause, is answered by default);
* ``best``: the main action ``hard`` chooses from the mover's view (:func:`engine.ai.choose`, ``iterations``
  per move, no clock), and ``best_after``: the probabilities after it, its decisions answered by default;
* ``drop``: how much of the mover's chance the move played gave away against ``hard``'s move,
  ``max(0, best_after[mover] - after[mover])``, and the move's ``verdict`` by that drop (:data:`THRESHOLDS`:
  Lichess's 0.1 / 0.2 / 0.3 of winning chances on its -1..1 scale, which is 0.05 / 0.10 / 0.15 of a
  probability);
* ``accuracy``: Lichess's per-move accuracy of the drop in percentage points,
  ``103.1668 * exp(-0.04354 * 100 * drop) - 3.1669`` clipped to 0..100 (100 for no drop, about 80 for 5
  points, 62 for 10, 34 for 25); a player's accuracy is the mean over their moves that had a choice.

Exact where the game allows (:mod:`engine.ai.exact`): on a determinization whose result is forced within the
current round (a seat has reached the target and no seat still to play can catch up, or a seat wins on its next
move whatever the others do) the probabilities are exactly that result, 1 for the winner and 0 for the others,
from a short exact search over the rest of the round (the first determinization decides whether the others are
searched too).  Near the end the better move comes from that search too: when the mover has a move that wins
whatever the others do, it is ``best``.  So the game-winning move is never a mistake.

A move with a single legal action is not judged (no ``best``, no verdict).  Everything depends only on the
setup, the log and ``seed``: no clock, so a review can be stored and replayed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from engine import GameConfig, find_ruleset, new_game, replay
from engine.ai.exact import forced_result, winning_line
from engine.ai.heuristics import LOOK, PLAIN, TUNED, Weights
from engine.ai.search import finish_turn, greedy_playout
from engine.ai.winprob import SAMPLES, Evidence, Form, form_for, pick_hard, probabilities, public_info, with_form
from engine.core import Action, GameState, PublicInfo
from engine.rng import Rng

Verdict = Literal["inaccuracy", "mistake", "blunder"]
#: The smallest drop of the mover's win probability of each verdict, worst first.
THRESHOLDS: tuple[tuple[Verdict, float], ...] = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
MISTAKE = dict(THRESHOLDS)["mistake"]
ITERATIONS = 16  # hard's iterations per move: two determinizations of its eight candidates (the cost: docs)
#: Positions hard's look-ahead may weigh (engine.ai.search.pick_lookahead's budget) before it deals no further
#: determinization: late in a long Orient or Strongholds game, where every line is played out to the end, the
#: first of them can weigh ten thousand, where a typical move weighs about a thousand.
SEARCH_BUDGET = 5000
#: Paired play-outs to the game's end whose lower bound a verdict's drop must reach (the lower counts): the first
#: stage for any verdict, and all of the next stage's when the ones so far leave a mistake or worse (a verdict a
#: player reads first) without evidence as strong as the last stage asks for.
CHECKS = (8, 32, 96)
#: Standard errors below the mean the lower bound of each stage of :data:`CHECKS` is taken at: the later stages,
#: which decide the mistakes and blunders, ask for more (one-sided 84 %, 93 %, then 98 %): the referee of the audit
#: found near-threshold verdicts of one standard error right about three times in four, and a verdict that 32
#: pairs put 0.28 ahead at 1.5 standard errors was worth nothing on 512 (docs/computer-players.md).
MARGINS = (1.0, 1.5, 2.0)
PLAYOUT_TURNS = 200  # a play-out's bound in the mover's turns, and in actions
PLAYOUT_ACTIONS = 3000
#: The one-ply players of a verdict's play-outs, drawn per seat and deal: the mix of the position games the model
#: is fitted on (easy, tuned and look in engine.ai.winprob_fit.ROLLOUT_LEVELS' shares).  Every seat ``TUNED``, the
#: play-outs judged early-game moves by how mirror games of one player go, and a deeper referee of mixed players
#: refused half of those verdicts (docs/computer-players.md).
PLAYOUT_MIX: tuple[Weights, ...] = (PLAIN, PLAIN, PLAIN, TUNED, TUNED, LOOK, LOOK, LOOK)
EXACT_BUDGET = 20_000  # states the search for a move that wins whatever the others do may visit (engine.ai.exact)


@dataclass(frozen=True, slots=True)
class MoveReview:
    index: int  # the move's first action in the log
    turn: int  # main turns played before it
    seat: int
    played: tuple[str, ...]  # the move's action codes: its main action, then its decisions
    choices: int  # legal main actions
    before: tuple[float, ...]  # per seat, from the mover's view
    after: tuple[float, ...]
    best: str | None  # hard's main action (None: one legal action)
    best_after: tuple[float, ...]
    drop: float
    verdict: Verdict | None
    accuracy: float | None  # 0..100; None when there was no choice


@dataclass(frozen=True, slots=True)
class GameReview:
    ruleset: str
    players: int
    moves: tuple[MoveReview, ...]
    accuracy: tuple[float | None, ...]  # per seat: the mean of its judged moves' accuracy
    counts: tuple[tuple[int, int, int], ...]  # per seat: inaccuracies, mistakes, blunders
    result: tuple[float, ...]  # per seat: 1 won, 0 lost, a shared win split (the last position's before)


def verdict(drop: float) -> Verdict | None:
    for name, threshold in THRESHOLDS:
        if drop >= threshold - 1e-12:
            return name
    return None


def move_accuracy(drop: float) -> float:
    """Lichess's accuracy of a move from its drop in win percentage."""
    value = 103.1668 * math.exp(-0.04354 * 100.0 * max(0.0, drop)) - 3.1669
    return max(0.0, min(100.0, value))


def _play(state: GameState, seat: int, actions: list[Action]) -> None:
    """``actions`` on ``state`` for ``seat``; one the state does not allow, and the rest of the turn, by default."""
    for a in actions:
        if state.is_over or state.to_act != seat:
            return
        if a not in state.legal_actions():
            break
        state.apply_in_place(seat, a)
    finish_turn(state, seat)


def _judge(public: PublicInfo, seed: int, samples: int, lines: list[list[Action]]) -> list[list[float]]:
    """Per seat, the probabilities now (first) and after each of ``lines``, over the same determinizations."""
    n = len(public.canonical().scores())
    sums = [[0.0] * n for _ in range(len(lines) + 1)]
    exact = [True] * (len(lines) + 1)  # still worth an exact search (forced on every determinization so far)
    for k, states in enumerate(deals(public, seed, samples, lines)):
        outs = []
        for j, s in enumerate(states):
            forced = forced_result(s) if exact[j] else None
            if forced is None and k == 0:
                exact[j] = False  # not forced on the first determinization: not on all of them, the model throughout
            outs.append(forced if forced is not None else probabilities(s))
        for acc, p in zip(sums, outs, strict=True):
            for i in range(n):
                acc[i] += p[i]
    return [[v / samples for v in acc] for acc in sums]


def better_line(public: PublicInfo, move_seed: int, best: Action) -> list[Action]:
    """The better move a verdict compares with, its decisions included: near the end, a turn that wins whatever
    the others do on the first of the move's determinizations (:func:`engine.ai.exact.winning_line`), else
    ``hard``'s main action ``best`` (its decisions then answered by default)."""
    first = public.determinize(Rng(move_seed))  # _judge's first determinization
    first.set_quiet()
    winning = winning_line(first, EXACT_BUDGET)
    return [best] if winning is None else winning


def judge_seed(seed: int, index: int) -> int:
    """The seed the move starting at action ``index`` is judged with, in a review made with ``seed``."""
    return seed * 1_000_003 + index


def deals(public: PublicInfo, seed: int, samples: int,
          lines: list[list[Action]]) -> Iterator[list[GameState]]:
    """The ``samples`` determinizations of ``public`` a move is judged on (:func:`_judge`), each as the position
    itself and then after each of ``lines`` (the audit searches the same deals again)."""
    rng = Rng(seed)
    for _ in range(samples):
        dealt = public.determinize(rng)
        dealt.set_quiet()
        states = [dealt]
        for line in lines:
            s = dealt.copy()
            _play(s, public.seat, line)
            states.append(s)
        yield states


def review(config: GameConfig, history: list[tuple[int, str]], *, seed: int = 0, iterations: int = ITERATIONS,
           samples: int = SAMPLES, progress: Callable[[int, int], None] | None = None,
           start: int = 0, form: Form | Literal[False] | None = None) -> GameReview:
    """The review of the game ``config`` + ``history`` (its ``(seat, code)`` log), finished or not; the moves
    that begin before action ``start`` are replayed, not judged (tests and audits of a game's end).

    ``form``: how the seats' play so far moves their chances (:func:`engine.ai.winprob.with_form`); ``None``: the
    stored one of the game (:func:`engine.ai.winprob.form_for`), ``False``: none (chances between seats of average
    strength, as the fits of the form read them).

    ``progress(done, total)``: called after each move is judged, with the actions of the log judged so far."""
    parse = find_ruleset(config.ruleset).parse_action
    log: list[tuple[int, Action]] = [(seat, parse(code)) for seat, code in history]
    ends = _moves(config, log)
    moves: list[MoveReview] = []
    evidence = Evidence.empty(config.players)
    shift = form_for(new_game(config)) if form is None else form or None

    def judge(k: int, seat: int, _action: Action, state: GameState) -> None:
        if k not in ends:  # a decision of the move judged at its start
            return
        line = [a for _, a in log[k:ends[k]]]
        if state.pending_kind is None and not state.is_over and k >= start:
            acts = state.legal_actions()
            public = public_info(state, seat)
            move_seed = judge_seed(seed, k)
            if len(acts) > 1:
                mover = state.view_for(seat).public
                assert mover is not None
                # engine.ai.choose, without a clock: bounded by the positions it weighs instead
                best = pick_hard(mover, Rng(move_seed), _never, iterations, SEARCH_BUDGET)
                better = better_line(public, move_seed, best)
                best = better[0]
                before, after, best_after = _judge(public, move_seed, samples, [line, better])
                # the form so far (this move counts from the next move on)
                before, after, best_after = (with_form(ps, evidence, shift) for ps in (before, after, best_after))
                evidence.add(seat, best == line[0])
                drop = round(max(0.0, best_after[seat] - after[seat]), 4) if best != line[0] else 0.0
                if verdict(drop) is not None:  # a verdict must survive play-outs to the game's end
                    drop = checked_drop(public, move_seed ^ 0x5EED, line, better, drop)
                moves.append(MoveReview(k, state.turn, seat, tuple(str(a) for a in line), len(acts), _r(before),
                                        _r(after), str(best), _r(best_after), drop, verdict(drop),
                                        round(move_accuracy(drop), 2)))
            else:
                before, after = (with_form(ps, evidence, shift) for ps in _judge(public, move_seed, samples, [line]))
                moves.append(MoveReview(k, state.turn, seat, tuple(str(a) for a in line), 1, _r(before), _r(after),
                                        None, _r(after), 0.0, None, None))
        if progress is not None:
            progress(ends[k], len(log))

    state = replay(config, log, before=judge)
    n = len(state.scores())
    accuracy: list[float | None] = []
    counts: list[tuple[int, int, int]] = []
    for seat in range(n):
        mine = [m for m in moves if m.seat == seat]
        judged = [m.accuracy for m in mine if m.accuracy is not None]
        accuracy.append(round(sum(judged) / len(judged), 2) if judged else None)
        counts.append((sum(m.verdict == "inaccuracy" for m in mine), sum(m.verdict == "mistake" for m in mine),
                       sum(m.verdict == "blunder" for m in mine)))
    final = probabilities(state) if state.is_over else list(moves[-1].after) if moves else [1.0 / n] * n
    return GameReview(state.config.ruleset, n, tuple(moves), tuple(accuracy), tuple(counts), _r(final))


def _moves(config: GameConfig, log: list[tuple[int, Action]]) -> dict[int, int]:
    """Where each move of ``log`` starts and ends (``start: end``, the end excluded): a move is a main action
    and the decisions its seat makes next in the same turn (a decision pending for that seat)."""
    starts: list[int] = []

    def mark(index: int, seat: int, _action: Action, state: GameState) -> None:
        if not (index and log[index - 1][0] == seat and not state.is_over and state.pending_kind is not None
                and state.to_act == seat):
            starts.append(index)

    replay(config, log, before=mark)
    return dict(zip(starts, [*starts[1:], len(log)][:len(starts)], strict=True))  # an empty log has no move


def checked_drop(public: PublicInfo, seed: int, line: list[Action], better: list[Action], drop: float) -> float:
    """The model's ``drop`` as the play-outs to the game's end confirm it (:data:`CHECKS`): the lower of it and
    the play-outs' lower bound (:data:`MARGINS`); a mistake or worse after a stage is played out again, on more
    deals (the earlier stages' among them), and the lower bound of all of them counts too, unless the play-outs of
    two stages or more already bound it as the last stage would (their lower bound at the last margin reaches it)."""
    diffs: list[float] = []
    for count, margin in zip(CHECKS, MARGINS, strict=True):
        diffs += _playout_diffs(public, seed, line, better, len(diffs), count)
        drop = round(max(0.0, min(drop, _lower_bound(diffs, margin))), 4)
        if drop < MISTAKE - 1e-12 or (len(diffs) > CHECKS[0] and _lower_bound(diffs, MARGINS[-1]) >= drop):
            break
    return drop


def _playout_diffs(public: PublicInfo, seed: int, line: list[Action], better: list[Action], start: int,
                   count: int) -> list[float]:
    """The mover's result after ``better`` minus after ``line`` on the determinizations ``start`` to ``count`` of
    ``seed``'s, each played to the game's end by every seat greedily, one ply with weights drawn per seat from
    :data:`PLAYOUT_MIX` (paired: both moves on the same deal and seating): 1, 0 or -1 once over, the model's
    difference past the play-out's limit."""
    rng = Rng(seed)
    diffs = []
    for k in range(count):
        dealt = public.determinize(rng)
        seats = [PLAYOUT_MIX[rng.below(len(PLAYOUT_MIX))] for _ in dealt.scores()]
        if k < start:
            continue
        dealt.set_quiet()
        rates = []
        for moves in (better, line):
            s = dealt.copy()
            _play(s, public.seat, moves)
            greedy_playout(s, public.seat, rounds=PLAYOUT_TURNS, limit=PLAYOUT_ACTIONS, seats=seats)
            rates.append(probabilities(s)[public.seat])  # the result once over; the model past the limit
        diffs.append(rates[0] - rates[1])
    return diffs


def _lower_bound(diffs: list[float], margin: float = 1.0) -> float:
    """The mean of ``diffs`` minus ``margin`` standard errors (a verdict needs the evidence of the play-outs, not
    their luck)."""
    count = len(diffs)
    mean = sum(diffs) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1)) if count > 1 else 0.0
    return mean - margin * spread / math.sqrt(count)


def _never() -> bool:
    return False


def _r(ps: list[float]) -> tuple[float, ...]:
    return tuple(round(p, 4) for p in ps)
