"""The computer players' move pickers, over what one seat may know (:class:`engine.core.PublicInfo`).

Every picker receives the seat's ``PublicInfo``, a seeded :class:`engine.rng.Rng`, a ``stop`` callable
(true once the time is up; the pickers never read a clock) and an iteration cap.  They only ever look at
determinized states (``public.determinize(rng)``: the unseen cards dealt at random), so what they choose
depends on the seat's knowledge and the seed, never on the hidden cards.

* :func:`pick_random` -- a uniformly random legal action.
* :func:`pick_greedy` -- one ply: the action whose result looks best to :mod:`engine.ai.heuristics`
  (buys the most valuable card it can, heads for nobles, takes tokens toward its cheapest target).
* :func:`pick_lookahead` -- ``hard`` at two players (:func:`engine.ai.winprob.pick_hard`): three plies over
  determinizations.
  Each of the best one-ply candidates meets each of the opponent's best replies (by the opponent's own
  one-ply value), and the seat answers with its best one-ply move (near the end, every seat then plays
  greedily to the end of the game); a line is worth the seat's lead in worth, a candidate its worst
  reply, averaged over determinizations.  It does not assume the opponent plays like ``easy``, which the
  greedy rollouts below do.
* :func:`bandit` -- the root search of ``medium`` (:func:`pick_search`), and of ``hard`` at three and four
  players: the best one-ply actions are bandit arms (UCB1, the one-ply value as a prior); an iteration
  deals a determinization, plays an arm and lets a simulation score what follows:

  - :func:`pick_rollout` -- every seat plays greedily for two rounds, then the heuristic scores the
    position against the best opponent (two players);
  - :func:`pick_rollout1` -- the same for one round (three and four players);
  - :func:`engine.ai.winprob.pick_winprob` -- ``hard`` at three and four players (kept beside the model, which
    plays its calibration games with ``hard``): one round, the position then scored by the seat's win
    probability, which weighs every opponent, where the heuristic
    weighs only the best one.  With 50 iterations against three ``easy`` it won 12 of 16 games where
    ``pick_rollout1`` won 3 of the same 16 (``docs/computer-players.md`` has the 200-game runs);
  - :func:`pick_playout` -- the game is played to its end with a fast buy-first policy
    (:func:`fast_playout`) and the win or loss is scored (``hard`` until the benchmark below);

  Benchmark (iteration caps, same seeds): against ``easy`` at two players, rollouts won 5 of 5 where
  play-outs won 2 of 5; at four players (one against three ``easy``) play-outs won 0 of 8, two-round
  rollouts 0 of 4, one-round rollouts 2 of 5.

  ``docs/computer-players.md`` has the benchmark that chose between them: against ``uct@500`` (plain
  UCT, below) the look-ahead won more often than the rollouts, on the same seeds.
* :func:`pick_ismcts` -- information-set Monte Carlo tree search (single observer): every iteration deals
  a new determinization and walks one tree whose edges are actions (an edge is scored over the iterations
  where it was legal: availability counts); a node's actions are ordered by the one-ply evaluation and
  widened progressively; leaves are scored by the heuristic (no random play-outs).
* :func:`pick_uct` -- a plain UCT with uniformly random play-outs to the end of the game, over one
  determinization per iteration: the public-agent baseline of the strength benchmark.
* :func:`pick_simple_greedy` -- a one-ply scorer of points, bonuses and tokens only: the public
  "greedy scorer" baseline of the strength benchmark.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from engine.ai.heuristics import (
    LOOK,
    PLAIN,
    TUNED,
    Weights,
    known_from,
    margin,
    near_end,
    values,
    values_beside,
    worths,
)
from engine.core import Action, GameState, PublicInfo
from engine.rng import Rng
from engine.splendor.state import SplendorState

Stop = Callable[[], bool]
Picker = Callable[[PublicInfo, Rng, Stop, int], Action]

MAX_PLAYOUT = 600  # actions; a random play-out still running is scored by the heuristic


def _state(public: PublicInfo, rng: Rng) -> GameState:
    state = public.determinize(rng)
    state.set_quiet()
    return state


def pick_random(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    acts = public.canonical().legal_actions()
    return acts[rng.below(len(acts))]


def one_ply(state: GameState, acts: Sequence[Action], seat: int, weights: Weights = TUNED) -> list[float]:
    """For each action, how good the position after it looks to ``seat`` (estimated chance to win)."""
    out = []
    known = known_from(state, weights)  # a seat left as it was keeps its worth (heuristics.values_beside)
    for a in acts:
        after = state.copy()
        after.apply_in_place(seat, a)
        finish_turn(after, seat)
        out.append(values_beside(after, weights, known)[seat])
    return out


def best_by_one_ply(state: GameState, acts: Sequence[Action], seat: int, count: int,
                    weights: Weights = TUNED) -> tuple[list[Action], list[float]]:
    """``seat``'s best ``count`` actions by one-ply value, best first (ties: in the order given), and
    their values."""
    prior = one_ply(state, acts, seat, weights)
    order = sorted(range(len(acts)), key=lambda k: -prior[k])[:count]
    return [acts[k] for k in order], [prior[k] for k in order]


def finish_turn(state: GameState, seat: int) -> None:
    """Answer ``seat``'s remaining decisions of this turn with the default (a chip return, a payment...),
    so that a main action is judged on where the turn ends, not on a half-made move."""
    for _ in range(12):
        if state.is_over or state.to_act != seat or state.pending_kind is None:
            return
        state.apply_in_place(seat, state.default_action())


def pick_greedy(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    state = _state(public, rng)
    seat = public.seat
    acts = list(state.legal_actions())
    if len(acts) == 1:
        return acts[0]
    scores = one_ply(state, acts, seat, PLAIN)
    best = max(scores)
    return acts[scores.index(best)]


def pick_simple_greedy(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    state = _state(public, rng)
    seat = public.seat
    acts = list(state.legal_actions())
    best_score, best = -math.inf, acts[0]
    for a in acts:
        after = state.copy()
        after.apply_in_place(seat, a)
        score = after.scores()[seat] + 0.01 * rng.below(100)  # ties broken at random
        if score > best_score:
            best_score, best = score, a
    return best


class Node:
    """An edge of the search tree (the action that leads here) and the node it leads to."""

    __slots__ = ("avail", "children", "n", "prior", "w")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.n = 0  # visits
        self.w = 0.0  # total reward, for the seat that chose the action leading here
        self.avail = 0  # iterations in which the action was legal (ISMCTS)
        self.prior: dict[Action, float] | None = None  # one-ply value of each action seen here


EXPLORE = 0.35
WIDEN = 1.6  # a node considers its best ceil(WIDEN * sqrt(visits + 1)) actions by prior


def tree_search(public: PublicInfo, rng: Rng, stop: Stop, iterations: int,
                iterate: Callable[[Node, GameState, Rng], None]) -> Action:
    """Grow one tree over determinizations (one per iteration, ``iterate`` walks it) and play the root's
    most visited legal action (ties: the best mean)."""
    root = Node()
    first = _state(public, rng)
    acts = list(first.legal_actions())
    if len(acts) == 1:
        return acts[0]
    done = 0
    while done < iterations and (done == 0 or not stop()):
        iterate(root, first if done == 0 else _state(public, rng), rng)
        done += 1
    legal = set(acts)
    return max((a for a in root.children if a in legal),
               key=lambda a: (root.children[a].n, root.children[a].w / max(1, root.children[a].n)))


def pick_ismcts(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    return tree_search(public, rng, stop, iterations, iterate)


def iterate(root: Node, state: GameState, rng: Rng) -> None:
    node = root
    path: list[tuple[Node, int]] = []
    while not state.is_over:
        actor = state.to_act
        assert actor is not None
        acts = state.legal_actions()
        if len(acts) == 1:
            state.apply_in_place(actor, acts[0])
            continue
        if node.prior is None:
            node.prior = dict(zip(acts, one_ply(state, acts, actor), strict=True))
        prior = node.prior
        for a in acts:
            if a not in prior:
                after = state.copy()
                after.apply_in_place(actor, a)
                prior[a] = values(after)[actor]
        ranked = sorted(acts, key=prior.__getitem__, reverse=True)
        width = math.ceil(WIDEN * math.sqrt(node.n + 1))
        considered = ranked[:width]
        children = node.children
        chosen: Action | None = None
        for a in considered:
            if a not in children:
                chosen = a
                break
        if chosen is not None:
            child = Node()
            children[chosen] = child
            child.avail = 1
            for a in considered:
                if a is not chosen and a in children:
                    children[a].avail += 1
            state.apply_in_place(actor, chosen)
            path.append((child, actor))
            node.n += 1
            break
        best_score = -math.inf
        best_child: Node | None = None
        for a in considered:
            c = children[a]
            c.avail += 1
            score = c.w / c.n + EXPLORE * math.sqrt(math.log(c.avail) / c.n)
            if score > best_score:
                best_score, best_child, chosen = score, c, a
        assert best_child is not None and chosen is not None
        node.n += 1
        state.apply_in_place(actor, chosen)
        path.append((best_child, actor))
        node = best_child
    if path:
        # the other seats answer greedily until the root seat is to choose a main action again, so that every
        # leaf is judged at the same point of the round: a position right after one's own move flatters the mover
        greedy_playout(state, path[0][1], rounds=1, limit=8)
    result = values(state)
    for child, actor in path:
        child.n += 1
        child.w += result[actor]


CANDIDATES = 8  # root actions a bandit search weighs: the best by one-ply value
PRIOR_VISITS = 3  # simulations the one-ply value of a candidate is worth

#: A simulation: plays on from a determinized state where ``seat`` has just played its candidate, and
#: returns how good the outcome is for ``seat`` (in [0, 1]).
Simulate = Callable[[GameState, int, Rng], float]


def bandit(public: PublicInfo, rng: Rng, stop: Stop, iterations: int, simulate: Simulate, *,
           candidates: int = CANDIDATES, prior_visits: int = PRIOR_VISITS, explore: float = 0.5) -> Action:
    """Monte Carlo over determinizations, the root's best actions as bandit arms (UCB1).

    The best ``candidates`` actions by one-ply value are the arms, each starting as if it had been
    simulated ``prior_visits`` times with its one-ply value as result (the prior decides while simulations
    are few).  An iteration deals a determinization, plays the arm with the highest upper bound, finishes
    the seat's turn, and lets ``simulate`` score what follows.  The arm with the best mean is played.
    """
    seat = public.seat
    first = _state(public, rng)
    acts = list(first.legal_actions())
    if len(acts) == 1:
        return acts[0]
    arms, prior = best_by_one_ply(first, acts, seat, candidates)
    n = [float(prior_visits)] * len(arms)
    w = [prior_visits * p for p in prior]
    done = 0
    while done < iterations and (done == 0 or not stop()):
        state = first.copy() if done == 0 else _state(public, rng)
        total = done + prior_visits * len(arms)
        if total == 0 or min(n) == 0:
            k = n.index(min(n))  # without a prior, every arm is tried once first
        else:
            log_total = math.log(total)
            k = max(range(len(arms)), key=lambda j: w[j] / n[j] + explore * math.sqrt(log_total / n[j]))
        arm = arms[k]
        if arm in state.legal_actions():
            state.apply_in_place(seat, arm)
            finish_turn(state, seat)
            w[k] += simulate(state, seat, rng)
        n[k] += 1
        done += 1
    best = max(range(len(arms)), key=lambda j: (w[j] / n[j] if n[j] else -1.0, n[j], -j))
    return arms[best]


def pick_rollout(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    """The bandit search with greedy rollouts (a policy improvement of ``easy``): after the candidate,
    every seat plays greedily for a round and a bit (until the seat is to choose a main action for the
    second time), and the position is scored by the heuristic (against the best opponent)."""
    return bandit(public, rng, stop, iterations, simulate_rollout, prior_visits=0, explore=EXPLORE)


def simulate_rollout(state: GameState, seat: int, rng: Rng) -> float:
    greedy_playout(state, seat, rounds=2)
    return values(state)[seat]


def pick_rollout1(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    """The greedy-rollout search one round deep (the other seats answer, then the heuristic scores), the
    one-ply value counting as one simulation: at three or four players a round costs twice as much."""
    return bandit(public, rng, stop, iterations, simulate_rollout1, prior_visits=1, explore=EXPLORE)


def simulate_rollout1(state: GameState, seat: int, rng: Rng) -> float:
    greedy_playout(state, seat, rounds=1)
    return values(state)[seat]


def pick_playout(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    """The bandit search where an iteration plays the game to its end with a fast policy
    (:func:`fast_playout`) and scores the result, a win or a loss, instead of a heuristic guess."""
    return bandit(public, rng, stop, iterations, simulate_playout)


def simulate_playout(state: GameState, seat: int, rng: Rng) -> float:
    fast_playout(state, rng)
    return _outcome(state)[seat]


PREFERRED = ("buy", "claim")  # families a fast play-out plays first when it can (B-4, P-4)


def fast_playout(state: GameState, rng: Rng, limit: int = MAX_PLAYOUT) -> None:
    """Play to the end: mostly a purchase (or a claim) when one is legal, else a random action."""
    for _ in range(limit):
        if state.is_over:
            return
        actor = state.to_act
        assert actor is not None
        acts = state.legal_actions()
        pick = acts[0]
        if len(acts) > 1:
            good = [a for a in acts if a.family in PREFERRED]
            pool = good if good and rng.below(10) < 9 else acts
            pick = pool[rng.below(len(pool))]
        state.apply_in_place(actor, pick)


def greedy_playout(state: GameState, seat: int, rounds: int, limit: int = 24, weights: Weights = TUNED,
                   seats: Sequence[Weights] | None = None) -> int:
    """Every seat plays greedily (one ply, with ``weights``, or its own of ``seats``) until ``seat`` is to choose
    its main action for the ``rounds``-th time, or the game ends (at most ``limit`` actions).  Returns how many
    positions it weighed (one per legal action of each choice it made: its cost).

    The players are deterministic, so a play-out that comes back to a position it has met when ``seat`` was to
    choose its main action (:func:`position_key`: the turn counter aside) goes round that loop until it stops;
    from there it replays the loop's actions instead of weighing every legal action again, and ends where it would
    have ended (late in Orient and Strongholds games, the greedy players can trade the last tokens back and forth
    until the limit)."""
    seen = 0
    work = 0
    met: dict[object, int] = {}  # position key -> the action of this play-out it was met before
    played: list[Action] = []
    loop_start = -1  # where the loop starts in ``played``, once found
    for done in range(limit):
        if state.is_over:
            return work
        actor = state.to_act
        assert actor is not None
        if loop_start >= 0:
            if actor == seat and state.pending_kind is None:
                seen += 1
                if seen >= rounds:
                    return work
            state.apply_in_place(actor, played[loop_start + (done - loop_start) % (len(played) - loop_start)])
            continue
        if actor == seat and state.pending_kind is None:
            seen += 1
            if seen >= rounds:
                return work
            # (a position met at the last of the seat's turns could not be met again: not recorded)
            key = position_key(state) if met or seen + 1 < rounds else None
            if key is not None:
                if key in met:
                    loop_start = met[key]
                    state.apply_in_place(actor, played[loop_start])
                    continue
                met[key] = done
        acts = state.legal_actions()
        if len(acts) == 1:
            pick = acts[0]
        else:
            scores = one_ply(state, acts, actor, weights if seats is None else seats[actor])
            pick = acts[scores.index(max(scores))]
            work += len(acts)
        played.append(pick)
        state.apply_in_place(actor, pick)
    return work


def position_key(state: GameState) -> object | None:
    """A hashable value equal for two positions that play on alike (the turn counter aside), or ``None`` where the
    ruleset has none (Spectacle: its play-outs end on their own, the deck running out)."""
    if isinstance(state, SplendorState):
        return state.position_key()
    return None


def pick_uct(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    """Plain UCT (UCB1, c = 0.7), one determinization per iteration, uniformly random play-outs."""
    return tree_search(public, rng, stop, iterations, uct_iterate)


def uct_iterate(root: Node, state: GameState, rng: Rng) -> None:
    node = root
    path: list[tuple[Node, int]] = []
    while not state.is_over:
        actor = state.to_act
        assert actor is not None
        legal = state.legal_actions()
        untried = [a for a in legal if a not in node.children]
        for a in legal:
            if a in node.children:
                node.children[a].avail += 1
        if untried:
            a = untried[rng.below(len(untried))]
            child = Node()
            child.avail = 1
            node.children[a] = child
            state.apply_in_place(actor, a)
            path.append((child, actor))
            break
        best: tuple[float, Action] | None = None
        for a in legal:
            c = node.children[a]
            score = c.w / c.n + 0.7 * math.sqrt(math.log(c.avail) / c.n)
            if best is None or score > best[0]:
                best = (score, a)
        assert best is not None
        node = node.children[best[1]]
        state.apply_in_place(actor, best[1])
        path.append((node, actor))
    steps = 0
    while not state.is_over and steps < MAX_PLAYOUT:
        actor = state.to_act
        assert actor is not None
        legal = state.legal_actions()
        state.apply_in_place(actor, legal[rng.below(len(legal))])
        steps += 1
    result = _outcome(state)
    for child, actor in path:
        child.n += 1
        child.w += result[actor]


def _outcome(state: GameState) -> list[float]:
    """1 for a win (shared wins split), 0 for a loss; an unfinished play-out goes to the best worth."""
    if state.is_over:
        return values(state)
    worth = worths(state)
    top = max(worth)
    won = [i for i, w in enumerate(worth) if w == top]
    return [1.0 / len(won) if i in won else 0.0 for i in range(len(worth))]


def pick_search(public: PublicInfo, rng: Rng, stop: Stop, iterations: int) -> Action:
    """``medium``: the bandit search with greedy rollouts, two rounds deep at two players
    (:func:`pick_rollout`), one round at three or four players, where a round costs twice as much and a
    longer look ahead did worse against ``easy`` (:func:`pick_rollout1`)."""
    picker = pick_rollout if len(public.canonical().scores()) == 2 else pick_rollout1
    return picker(public, rng, stop, iterations)


REPLIES = 6  # the opponent's replies a look-ahead weighs: the best by its own one-ply value
END_ROUNDS, END_LIMIT = 20, 80  # near the end, a line is played out greedily: to the end, at most 80 actions


def pick_lookahead(public: PublicInfo, rng: Rng, stop: Stop, iterations: int, budget: int | None = None) -> Action:
    """Three plies over determinizations, for two players: each of the best ``CANDIDATES`` actions is
    answered by each of the opponent's best ``REPLIES`` replies (by the opponent's one-ply value), each
    followed by the seat's best one-ply move; near the end (:func:`heuristics.near_end`) every seat then
    plays greedily to the end of the game.  A line is worth the seat's lead in worth where it stops
    (:func:`heuristics.margin`); a candidate is worth its worst reply (the opponent is not assumed to play
    greedily), averaged over determinizations.  Positions are weighed with ``LOOK``.  An iteration is one
    candidate on one determinization; at least one determinization runs in full.

    ``budget``: how many positions (one per legal action a one-ply choice weighed: :func:`weighed_reply`) may be
    weighed before no further determinization is dealt, as ``stop`` would stop it, but counted, not timed (the
    review's bound: late in a long Orient or Strongholds game every line is played out to the end)."""
    seat = public.seat
    first = _state(public, rng)
    acts = list(first.legal_actions())
    if len(acts) == 1:
        return acts[0]
    to_end = near_end(first)
    won = outright_win(first, seat, acts) if to_end else None
    if won is not None:
        return won
    arms, _ = best_by_one_ply(first, acts, seat, CANDIDATES, LOOK)
    total = [0.0] * len(arms)
    seen = [0] * len(arms)
    done = 0
    work = len(acts)
    state = first
    while True:
        legal = state.legal_actions()
        for k, arm in enumerate(arms):
            if arm not in legal:
                continue
            after = state.copy()
            after.apply_in_place(seat, arm)
            finish_turn(after, seat)
            value, cost = weighed_reply(after, seat, to_end)
            total[k] += value
            work += cost
            seen[k] += 1
            done += 1
        if done >= iterations or stop() or (budget is not None and work >= budget):
            break
        state = _state(public, rng)
    best = max(range(len(arms)), key=lambda j: (total[j] / seen[j] if seen[j] else -math.inf, -j))
    return arms[best]


def outright_win(state: GameState, seat: int, acts: Sequence[Action]) -> Action | None:
    """The first of ``acts`` after which (its turn finished by default) the game is over with ``seat`` its only
    winner, if any: the best move there is, whatever the deal, since scores and cards owned are public.  A search
    plays it first: in a game won anyway every one-ply value is 1, so it need not be among its candidates."""
    for a in acts:
        after = state.copy()
        after.apply_in_place(seat, a)
        finish_turn(after, seat)
        if after.is_over and after.winners() == (seat,):
            return a
    return None


def reply_value(after: GameState, seat: int, to_end: bool = False) -> float:
    """``seat``'s lead (:func:`heuristics.margin`) after the opponent's reply worst for ``seat`` among its
    best ``REPLIES`` and ``seat``'s best one-ply answer, the game then played out greedily if ``to_end``."""
    return weighed_reply(after, seat, to_end)[0]


def weighed_reply(after: GameState, seat: int, to_end: bool = False) -> tuple[float, int]:
    """:func:`reply_value`, and the positions it weighed one ply (its cost, for :func:`pick_lookahead`'s budget)."""
    if after.is_over or after.to_act == seat:
        return margin(after, seat), 0
    opp = after.to_act
    assert opp is not None
    acts = after.legal_actions()
    work = len(acts) if len(acts) > 1 else 0
    replies = [acts[0]] if len(acts) == 1 else best_by_one_ply(after, acts, opp, REPLIES, LOOK)[0]
    worst = math.inf
    for r in replies:
        s2 = after.copy()
        s2.apply_in_place(opp, r)
        finish_turn(s2, opp)
        if not s2.is_over and s2.to_act == seat:
            mine = s2.legal_actions()
            work += len(mine)
            s2.apply_in_place(seat, best_by_one_ply(s2, mine, seat, 1, LOOK)[0][0])
            if to_end:
                work += greedy_playout(s2, seat, END_ROUNDS, END_LIMIT, LOOK)
            else:
                finish_turn(s2, seat)
        v = margin(s2, seat)
        if v < worst:
            worst = v
    return worst, work
