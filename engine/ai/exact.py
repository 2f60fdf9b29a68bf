"""Exact results at the end of a game: who wins when the rest of the current round cannot change it.

Both families end a game at the end of a round (Splendor B-12, Spectacle P-9: seat ``n - 1`` closes a round)
once the end is triggered.  So a full state whose result is *forced within the current round* has an exact
result, which the review should give instead of the model's estimate (issue 41):

* a seat has reached the target and no seat still to play this round can catch up;
* a seat wins on its next move of this round whatever the seats before it do.

:func:`forced_result` decides this by a short exact search over the rest of the round, on one full state (a
determinization): for each seat ``w``, the moves of ``w`` are "or" nodes and everyone else's "and" nodes, and
a line wins for ``w`` when the game is over at the round's end with ``w`` its only winner.  A seat that wins
so gets 1, the others 0.  Every decision of a turn (chip returns, payments, nobles...) is a node of its own, so
nothing is answered by default.  The search is bounded: ``budget`` states at most (``None`` when it runs out,
as when nothing is forced), and it only starts when the round's end can end the game (:func:`may_end`), so a
review pays for it in the last rounds only.  The seat's own moves are tried best-scoring first (and the move that
last won at a sibling before them); the others' in the order of the legal actions, one at a time, since the
first usually refutes a position that is not forced.
"""

from __future__ import annotations

from engine.core import Action, GameState
from engine.spectacle.state import SpectacleState
from engine.spectacle.view import TARGET_VP
from engine.splendor.actions import GOLD
from engine.splendor.state import EMPTY, SplendorState
from engine.splendor.tables import CARDS, MAX_RESERVED, NOBLES, meets, shortfall

#: States the exact search may visit for one position before it gives up (the review's budget).
BUDGET = 20_000
#: The most a Splendor seat's score can grow in one turn (a 5-point card and a 3-point noble, with room for
#: Orient's extra card or noble), and a Spectacle seat's (a claim, a noble, a reserved card bought).
SPLENDOR_REACH = 9
SPECTACLE_REACH = 3
NOBLE_POINTS = max(n.points for n in NOBLES)  # the most a noble is worth


class _Spent(Exception):
    """The search visited its budget of states."""


def may_end(state: GameState) -> bool:
    """Whether the end of the current round can end the game: the end is triggered already, or a seat is
    within one turn's reach of triggering it (a cheap, generous bound: only it lets the search start)."""
    if state.is_over:
        return True
    if isinstance(state, SplendorState):
        return state.final_round or max(p.points for p in state.players) + SPLENDOR_REACH >= state.target
    if isinstance(state, SpectacleState):
        return (state.end_reason is not None or max(state.scores()) + SPECTACLE_REACH >= TARGET_VP
                or len(state.deck) <= 3 * state.n)
    return False


#: The most a Splendor seat's pending decisions can still add to its score within its turn: a whole turn's reach
#: (a Strongholds conquest takes a card, then a noble may visit).
SPLENDOR_DECISION_REACH = SPLENDOR_REACH


def hopeless(state: GameState, w: int) -> bool:
    """Whether ``w``, having just acted in ``state``, can no longer win within the round.  In Splendor a seat's
    score changes only in its own turn and the winner has reached the target (B-12), so a seat whose turn ends
    below the target, or below a seat that played before it this round (a round starts with seat 0: that seat's
    points stay as they are until the round ends, B-13), or whose remaining decisions of this turn cannot bring
    it there, cannot win this round.  Spectacle: never (the deck running out ends the game whatever the scores,
    P-9)."""
    if not isinstance(state, SplendorState) or state.over:
        return False
    points = state.players[w].points
    if state.to_act == w and state.pending is not None:
        points += SPLENDOR_DECISION_REACH
    return points < state.target or any(state.players[j].points > points for j in range(w))


def may_win(state: GameState, w: int) -> bool:
    """Whether ``w`` may still win within the current round.  In Splendor a seat that has played its turn of
    this round below the target cannot (the seat that triggers the end then has more points, B-12); in
    Spectacle it may (the deck running out ends the game whatever the scores, P-9)."""
    if isinstance(state, SplendorState) and not state.final_round and state.to_act is not None:
        return w >= state.to_act or state.players[w].points >= state.target
    return True


def turn_reach(state: SplendorState, seat: int) -> int | None:
    """The most ``seat``'s score can grow in its turn of the current round, whatever the seats before it do, or
    ``None`` where no cheap bound is known (Orient's free cards and Strongholds' conquests: the search decides).

    Base Splendor (B-8, B-9, B-11): a turn acquires at most one card, which ``seat`` pays for with the bonuses
    and tokens it holds now (no one else's move changes them), from its own reserve or from the table; each turn
    before its own takes at most one card of the table or of a deck's top and reveals at most one, so only the
    table and the top ``k`` cards of each deck can be there for it, ``k`` the turns to be played before its own.
    At most one noble visits, one whose requirement the seat's bonuses and that card's meet.  A seat in the middle
    of its turn (a decision pending, a purchase perhaps not paid yet): a whole turn's generic reach."""
    if state.rules.orient or state.rules.strongholds or state.to_act is None:
        return None
    if state.to_act == seat and state.pending is not None:
        return SPLENDOR_REACH
    before = (seat - state.to_act) % state.n  # turns played before ``seat``'s (the current one included)
    p = state.players[seat]
    gold = p.tokens[GOLD]
    nobles = [NOBLES[k] for pos, k in enumerate(state.nobles) if state.noble_at[pos] == EMPTY]
    best = max((n.points for n in nobles if meets(p.bonus, n)), default=0)  # a noble without a purchase
    for cards in (p.reserved, *state.rows, *(d[len(d) - before:] for d in state.decks if before)):
        for c in cards:
            if c == EMPTY or CARDS[c].points + NOBLE_POINTS <= best or shortfall(p, CARDS[c]) > gold:
                continue
            card = CARDS[c]
            bonus = p.bonus[:]
            bonus[card.bonus] += 1
            best = max(best, card.points + max((n.points for n in nobles if meets(bonus, n)), default=0))
    return best


def sure_gain(state: SplendorState, seat: int, before: int) -> int:
    """The points ``seat`` can be sure to score in its turn of this round, ``before`` turns of other seats away
    (base Splendor): a card it can pay for now (no one else's move changes its bonuses and tokens), from its
    reserve, which no one else can take, or from the table, where each turn before its own takes at most one card
    (B-7, B-8), so the ``before + 1``-th best of them is still there (or better, refilled).  A table card that
    none of the seats to play before it can take (it can neither pay for it with what it holds now nor reserve,
    holding three reserved cards already) is as sure as a reserved one."""
    p = state.players[seat]
    gold = p.tokens[GOLD]
    takers = [state.players[(seat - k) % state.n] for k in range(1, before + 1)]
    sure = max((CARDS[c].points for c in p.reserved if shortfall(p, CARDS[c]) <= gold), default=0)
    table: list[int] = []
    for row in state.rows:
        for c in row:
            if c == EMPTY or shortfall(p, CARDS[c]) > gold:
                continue
            if any(len(q.reserved) < MAX_RESERVED or shortfall(q, CARDS[c]) <= q.tokens[GOLD] for q in takers):
                table.append(CARDS[c].points)
            else:
                sure = max(sure, CARDS[c].points)
    table.sort(reverse=True)
    return max(sure, table[before] if before < len(table) else 0)


def forced_result(state: GameState, budget: int = BUDGET, *, gate: bool = True,
                  bound: bool = True) -> list[float] | None:
    """The exact result per seat (1 for the seat that wins whatever the others do, 0 for the others) when the
    game's result is forced within the current round; ``None`` when it is not, or the search ran past
    ``budget`` states.  A finished game: its result.  ``state`` is not changed.  ``gate=False`` searches even
    where :func:`may_end` says the round's end cannot end the game, and ``bound=False`` without the proof by
    :func:`turn_reach` (the audit's referee checks both so)."""
    if state.is_over:
        won = state.winners()
        return [1.0 / len(won) if i in won else 0.0 for i in range(len(state.scores()))]
    if gate and not may_end(state):
        return None
    n = len(state.scores())
    scores = state.scores()
    search = _Search(state, budget, bound)
    # The seat to act first: its win is one move of its own and the replies to it, and a search that finds none
    # is short when its moves cannot reach the leader (hopeless), where another seat's win needs every move of the
    # seat to act refuted; then the highest scores.
    try:
        for w in sorted((w for w in range(n) if may_win(state, w)), key=lambda i: (i != state.to_act, -scores[i])):
            search.killers.clear()
            search.refuters.clear()
            if search.wins(state, w):
                return [1.0 if i == w else 0.0 for i in range(n)]
    except _Spent:
        return None
    return None


def winning_line(state: GameState, budget: int = BUDGET) -> list[Action] | None:
    """A turn (its main action and decisions) with which the seat to act wins whatever the others do before the
    round ends; ``None`` when there is none or the search ran past ``budget`` states."""
    seat = state.to_act
    if state.is_over or seat is None or state.pending_kind is not None or not may_end(state):
        return None
    search = _Search(state, budget, True)
    try:
        return search.own_turn(state, seat, state.turn)
    except _Spent:
        return None


class _Search:
    """The rest of the current round searched for one seat ``w`` at a time: ``w``'s nodes "or", the others'
    "and".  ``killers``: the action that last won at a node of ``w`` of each kind (a main action, a decision),
    tried first at its siblings (the other seats' moves rarely change ``w``'s winning move).  ``bound``: whether
    :meth:`secured` may end a line early."""

    def __init__(self, state: GameState, budget: int, bound: bool) -> None:
        n = len(state.scores())
        self.end_turn = (state.turn // n + 1) * n  # the first turn of the next round
        self.left = budget
        self.killers: dict[str | None, Action] = {}
        self.refuters: dict[tuple[int, str | None], Action] = {}
        self.bound = bound and isinstance(state, SplendorState)
        self.base = isinstance(state, SplendorState) and not (state.rules.orient or state.rules.strongholds)

    def secured(self, state: GameState, w: int) -> bool:
        """Whether ``w`` wins whatever anyone does (B-12, B-13): the end is triggered, or ``w`` triggers it in its
        turn still to come with a card it is sure to be able to buy (:func:`sure_gain`, base Splendor), and
        every other seat ends the round below ``w``'s points.  A seat that has played its turn of this round
        does so with its points (or as many, with more cards than ``w`` once ``w`` has played too: the
        tie-break); one still to play, with at most :func:`turn_reach` more in base Splendor, a whole turn's
        :data:`SPLENDOR_REACH` with Orient or Strongholds.  Base Splendor's scores never fall; Orient's may (a
        discard cost, O-2), but only in the seat's own turn, so there ``w``'s turn must be over, and another
        seat's falling score only helps ``w``."""
        if not self.bound or not isinstance(state, SplendorState) or state.to_act is None:
            return False
        to_act, points = state.to_act, state.players[w].points
        if not self.base and w >= to_act:
            return False  # its turn is still to come, or goes on, and may lower its score
        if w > to_act or (w == to_act and state.pending is None):  # its turn is still to come
            if state.passes + w - to_act >= state.n:
                return False  # everyone passing in a row could end the game before it (B-14)
            points += sure_gain(state, w, w - to_act)
        if not state.final_round and points < state.target:
            return False
        for j, p in enumerate(state.players):
            if j == w or p.points + SPLENDOR_REACH < points:
                continue
            if j < to_act:  # it has played its turn of this round
                if p.points > points or (p.points == points and not (
                        w < to_act and len(state.players[w].cards) < len(p.cards))):
                    return False  # ahead, or tied and not behind on the cards of the tie-break (B-13)
            else:
                reach = turn_reach(state, j) if self.base else SPLENDOR_REACH
                if reach is None or p.points + reach >= points:
                    return False
        return True

    def child(self, state: GameState, seat: int, a: Action) -> GameState:
        self.left -= 1
        if self.left < 0:
            raise _Spent
        out = state.copy()
        out.apply_in_place(seat, a)
        return out

    def children(self, state: GameState, seat: int) -> list[tuple[Action, GameState]]:
        """Every legal action of ``seat`` and the state after it, the best for ``seat``'s score first."""
        out = [(a, self.child(state, seat, a)) for a in state.legal_actions()]
        out.sort(key=lambda ac: -ac[1].scores()[seat])
        return out

    def own_turn(self, state: GameState, seat: int, turn: int) -> list[Action] | None:
        for a, child in self.children(state, seat):
            if hopeless(child, seat):
                continue  # not searched further: it cannot win the round
            if not child.is_over and child.to_act == seat and child.turn == turn:  # a decision of the same turn
                rest = self.own_turn(child, seat, turn)
                if rest is not None:
                    return [a, *rest]
            elif self.wins(child, seat):
                return [a]
        return None

    def wins(self, state: GameState, w: int) -> bool:
        """Whether ``w`` wins ``state`` whatever the others do before the round ends."""
        if state.is_over:
            return state.winners() == (w,)
        if state.turn >= self.end_turn:
            return False  # the round ended and the game goes on: nothing is decided within it
        if self.secured(state, w):
            return True  # no seat still to play can catch up, whatever it does: no need to try its moves
        seat = state.to_act
        assert seat is not None
        kind = state.pending_kind
        if seat != w:  # the move that last refuted ``w`` at this seat's node first, then the legal actions in order
            acts = state.legal_actions()
            refuter = self.refuters.get((seat, kind))
            if refuter is not None and refuter in acts:
                acts = [refuter, *(a for a in acts if a != refuter)]
            for a in acts:
                if not self.wins(self.child(state, seat, a), w):
                    self.refuters[(seat, kind)] = a
                    return False
            return True
        killer = self.killers.get(kind)
        if killer is not None and killer in state.legal_actions() and self.wins(self.child(state, seat, killer), w):
            return True
        for a, c in self.children(state, seat):
            if hopeless(c, w):
                continue  # not searched further: it cannot win the round
            if a != killer and self.wins(c, w):
                self.killers[kind] = a
                return True
        return False
