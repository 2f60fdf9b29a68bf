"""How good a position looks for each seat: the static evaluations the computer players search with.

``values(state)`` gives one number in ``[0, 1]`` per seat, a rough chance of winning: 1 or 0 (shared
wins split) once the game is over, else a logistic of how far the seat's heuristic worth leads its
best opponent.  ``margin(state, seat)`` is that lead itself, unflattened (``hard``'s look-ahead averages
it), and ``near_end(state)`` tells when a search may play the game out.  Each game family has its own
worth (``_WORTH``, keyed by the state's class): these read the engine's internal states, which is why
they live inside ``engine/``; nothing here sees more than the state it is given, and the computer
players only ever give it determinized states (:class:`engine.core.PublicInfo`).

Splendor worth (B-11, B-12, O-*, S-*): points, bonuses, progress towards the nobles still in play,
tokens, and how close the seat is to buying its best target card (visible or reserved).  Spectacle
worth (P-7 .. P-9): victory points, progress of each suit towards the nobles on the table, claimable
sets and runs (P-8) and chips.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from engine.core import GameState
from engine.spectacle.cards import CARD_SUIT, CARD_VALUE, MASK_COUNT, MASK_SUM, NOBLE_SUIT, NOBLE_THRESHOLD
from engine.spectacle.state import SpectacleState
from engine.splendor.state import EMPTY, Player, SplendorState
from engine.splendor.tables import BCOUNT, COST, NOBLES, POINTS

SCALE = 0.9  # logistic slope: a lead of one point of worth ~ 71% to win


#: The weights of the Splendor worth (:func:`splendor_worths`), in this order: how much more a point counts as
#: the end nears (``late``), a bonus in the tableau, a bonus on a target card, an Orient gold card, a coloured
#: token (ten at most), a gold token, noble progress, the exponent of a noble's completed fraction, the best
#: target, a reserved card (a cost), the second-best target, how much less a bonus counts as the end nears,
#: and a hand of ten tokens (a cost: the next take must give some back, B-7).
Weights = tuple[float, float, float, float, float, float, float, float, float, float, float, float, float]

#: ``easy``'s weights: set by hand (stop 20).
PLAIN: Weights = (1.0, 0.32, 0.32, 0.35, 0.07, 0.12, 0.45, 2.0, 0.3, 0.15, 0.0, 0.0, 0.0)
#: ``medium``'s weights: PLAIN tuned by greedy self-play (``docs/computer-players.md``).
TUNED: Weights = (1.0, 0.419, 0.32, 0.35, 0.061, 0.104, 0.319, 1.888, 0.3, 0.195, 0.018, 0.0, 0.0)
#: ``hard``'s look-ahead: fitted to who wins (:mod:`engine.ai.fitting`, ``--fit-look 4000 --seed 500000``), where
#: TUNED is tuned to make a one-ply player win.  A look-ahead's leaves are positions, and their worth should
#: tell who is ahead: early a bonus is worth more than three points, and less as the end nears (its fade);
#: a full hand of tokens costs (the next take must give some back, B-7).
LOOK: Weights = (1.7326, 3.6923, 0.32, 0.35, 0.3878, 0.1771, 2.8131, 1.888, 1.0679, 0.0655, 0.9054, 1.0336, 0.62)

WIN_MARGIN = 30.0  # a finished game in :func:`margin`: more than any lead a game in progress shows


def values(state: GameState, weights: Weights = TUNED) -> list[float]:
    """Per seat, a number in [0, 1]: the result once the game is over, else an estimate."""
    if state.is_over:
        won = state.winners()
        n = len(state.scores())
        return [1.0 / len(won) if i in won else 0.0 for i in range(n)]
    return _chances(worths(state, weights))


#: Per card on the table: what buying it is worth (the same for every seat) and its cost, the most worth first.
Table = list[tuple[float, int, int, int, int, int]]
#: Positions whose worths a one-ply search has found (:func:`values_beside`): the position it searches from, then the
#: last one weighed.
Known = list[tuple[SplendorState, list[float], Table | None, int]]  # and its most points


def known_from(state: GameState, weights: Weights) -> Known:
    """What :func:`values_beside` starts from when a one-ply search weighs the actions of ``state``."""
    if isinstance(state, SplendorState) and not state.is_over:
        worth, table = _splendor_worths(state, weights, None)
        return [(state, worth, table, max([p.points for p in state.players]))]
    return []


def values_beside(state: GameState, weights: Weights, known: Known) -> list[float]:
    """:func:`values` of ``state``, a position one seat's turn away from the positions ``known`` (with their worths
    by ``weights``, from :func:`known_from`): a Splendor seat whose position and table are as in one of them keeps
    its worth there instead of being weighed again (the same numbers, cheaper: a one-ply search weighs every legal
    action so, and the placements of a stronghold mostly end in the same worths).  ``state`` then joins ``known``
    as the last position weighed."""
    if state.is_over:
        return values(state, weights)
    if isinstance(state, SplendorState) and known:
        worth, table = _splendor_worths(state, weights, known)
        entry = (state, worth, table, max([p.points for p in state.players]))
        if len(known) > 1:
            known[1] = entry
        else:
            known.append(entry)
        return _chances(worth)
    return _chances(worths(state, weights))


def _chances(worth: list[float]) -> list[float]:
    if len(worth) == 2:
        d = worth[0] - worth[1]
        a = _sigmoid(SCALE * d)
        return [a, 1.0 - a]
    # against the best opponent: the leader for everyone else, the runner-up for the leader
    top = max(worth)
    leader = worth.index(top)
    second = max(w for i, w in enumerate(worth) if i != leader)
    return [_sigmoid(SCALE * (w - (second if i == leader else top))) for i, w in enumerate(worth)]


def margin(state: GameState, seat: int, weights: Weights = LOOK) -> float:
    """How far ``seat``'s worth leads its best opponent's (about one unit per point; negative behind), or
    ``WIN_MARGIN`` for a won game (a little more the sooner it ends), minus that for a lost one (a little more the
    sooner) and 0 for a shared win.  Unlike :func:`values`
    it does not flatten big leads and deficits, so averaged over determinizations it still tells a move that
    gains a point from one that does not when the game looks decided."""
    if state.is_over:
        won = state.winners()
        sooner = 1.0 / (1 + state.turn)  # a win sooner (a loss later) is better: a won game is closed out
        if seat not in won:
            return -WIN_MARGIN - sooner
        return WIN_MARGIN + sooner if len(won) == 1 else 0.0
    worth = worths(state, weights)
    return worth[seat] - max(w for i, w in enumerate(worth) if i != seat)


def near_end(state: GameState) -> bool:
    """Whether the end is near enough for a search to play the game out (a Splendor player has two thirds of
    the target: 10 of 15 points).  Spectacle and unknown rulesets: never (not measured there)."""
    if isinstance(state, SplendorState):
        return 3 * max(p.points for p in state.players) >= 2 * state.target
    return False


def worths(state: GameState, weights: Weights = TUNED) -> list[float]:
    """Per seat, the heuristic worth of its position (about one unit per point or VP)."""
    fn = _WORTH.get(type(state))
    if fn is None:
        return [float(x) for x in state.scores()]  # an unknown ruleset: its scores
    return fn(state, weights)


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


# -- Splendor ---------------------------------------------------------------------------------------
def splendor_worths(s: SplendorState, weights: Weights = TUNED) -> list[float]:
    """Per seat, its worth in ``s``."""
    return _splendor_worths(s, weights, None)[0]


def _splendor_worths(s: SplendorState, weights: Weights, known: Known | None) -> tuple[list[float], Table | None]:
    """:func:`splendor_worths`, and the table it weighed the seats' targets on (``None``: every seat kept).  A seat
    whose points, bonuses, tokens, gold cards, reserves and reserved nobles are as in one of the positions ``known``
    (worths by the same ``weights``), on the same table (cards, nobles) at the same phase, keeps its worth there (it
    would come out the same)."""
    w_late, w_bonus, w_cbonus, w_goldcard, w_token, w_gold, w_noble, n_exp, w_target, w_reserved, w_second, \
        w_bphase, w_full = weights
    out = []
    top = max([p.points for p in s.players])
    phase = top / s.target
    kept: list[tuple[list[Player], list[float], Table | None]] = []
    if known:
        rows, noble_at = s.rows, s.noble_at
        kept = [(k.players, w, cards) for k, w, cards, most in known
                if most == top and k.rows == rows and k.noble_at == noble_at]
    late = 1.0 + w_late * phase  # points matter more as the end nears
    per_bonus = w_bonus * (1.0 - w_bphase * phase)
    table: Table | None = None
    noble_at = s.noble_at
    on_table: list[tuple[int, int, int, int, int, int, int]] | None = None
    for i, p in enumerate(s.players):
        same = False
        for players, was, _ in kept:
            q = players[i]
            if (p.points == q.points and p.tokens == q.tokens and p.bonus == q.bonus and p.goldcards == q.goldcards
                    and p.reserved == q.reserved and p.rnobles == q.rnobles):
                out.append(was[i])
                same = True
                break
        if same:
            continue
        if table is None or on_table is None:
            for _, _, cards in kept:
                if cards is not None:
                    table = cards  # the same cards at the same phase: the same values
                    break
            if table is None:
                table = [(POINTS[c] * late + w_cbonus * BCOUNT[c], *COST[c])
                         for row in s.rows for c in row if c != EMPTY]
                table.sort(reverse=True)
            on_table = [NOBLE_AIM[n] for pos, n in enumerate(s.nobles) if noble_at[pos] == EMPTY]
        b = p.bonus
        t = p.tokens
        b0, b1, b2, b3, b4 = b[0], b[1], b[2], b[3], b[4]
        worth = p.points * late + per_bonus * (b0 + b1 + b2 + b3 + b4) + w_goldcard * p.goldcards
        colored = t[0] + t[1] + t[2] + t[3] + t[4]
        worth += w_token * (colored if colored < 10 else 10) + w_gold * t[5]
        if colored + t[5] >= 10:
            worth -= w_full
        # nobles still in play (on the table, or reserved by this seat: O-*)
        prog = 0.0
        aims = on_table
        if p.rnobles:
            aims = on_table + [NOBLE_AIM[s.nobles[pos]] for pos in p.rnobles if noble_at[pos] != EMPTY]
        for r0, r1, r2, r3, r4, total, pts in aims:
            have = ((r0 if r0 < b0 else b0) + (r1 if r1 < b1 else b1) + (r2 if r2 < b2 else b2)
                    + (r3 if r3 < b3 else b3) + (r4 if r4 < b4 else b4))
            frac = have / total
            v = pts * (frac * frac if n_exp == 2.0 else frac ** n_exp)
            if v > prog:
                prog = v
        worth += w_noble * prog
        # the best target: points (and a bonus) over what is still missing to buy it
        gold = t[5] + 2 * p.goldcards
        h0, h1, h2, h3, h4 = b0 + t[0], b1 + t[1], b2 + t[2], b3 + t[3], b4 + t[4]
        best = second = 0.0
        for value, c0, c1, c2, c3, c4 in table:
            if value <= second:
                break  # a gain is at most its card's worth (or below 0): no card from here on is among the best two
            short = ((c0 - h0 if c0 > h0 else 0) + (c1 - h1 if c1 > h1 else 0) + (c2 - h2 if c2 > h2 else 0)
                     + (c3 - h3 if c3 > h3 else 0) + (c4 - h4 if c4 > h4 else 0)) - gold
            gain = value / (1.0 + short) if short > 0 else value
            if gain > best:
                best, second = gain, best
            elif gain > second:
                second = gain
        for c in p.reserved:
            c0, c1, c2, c3, c4 = COST[c]
            short = ((c0 - h0 if c0 > h0 else 0) + (c1 - h1 if c1 > h1 else 0) + (c2 - h2 if c2 > h2 else 0)
                     + (c3 - h3 if c3 > h3 else 0) + (c4 - h4 if c4 > h4 else 0)) - gold
            value = POINTS[c] * late + w_cbonus * BCOUNT[c]
            gain = value / (1.0 + short) if short > 0 else value
            if gain > best:
                best, second = gain, best
            elif gain > second:
                second = gain
        worth += w_target * best + w_second * second - w_reserved * len(p.reserved)
        out.append(worth)
    return out, table


#: Per noble: its requirement, the requirement's total and its points, unpacked in one go.
NOBLE_AIM = tuple((*n.requirement, sum(n.requirement), n.points) for n in NOBLES)


# -- Spectacle --------------------------------------------------------------------------------------
_RUN_BONUS: list[float] = []
for _m in range(1024):
    _longest = _cur = 0
    for _v in range(10):
        _cur = _cur + 1 if _m >> _v & 1 else 0
        _longest = max(_longest, _cur)
    _RUN_BONUS.append(0.35 if _longest >= 3 else 0.1 if _longest == 2 else 0.0)


def spectacle_worths(s: SpectacleState, weights: Weights = TUNED) -> list[float]:
    out = []
    noble_suits = [(NOBLE_SUIT[x], NOBLE_THRESHOLD[x]) for x in s.nobles]
    for i in range(s.n):
        tab = s.tab[i]
        worth = float(s.score(i))
        for suit, threshold in noble_suits:
            frac = min(1.0, MASK_SUM[tab[suit]] / threshold)
            worth += 1.0 * frac * frac
        worth += sum(_RUN_BONUS[m] for m in tab)
        for v in range(10):
            suits = (tab[0] >> v & 1) + (tab[1] >> v & 1) + (tab[2] >> v & 1) + (tab[3] >> v & 1)
            if suits >= 3:
                worth += 0.35
            elif suits == 2:
                worth += 0.1
        worth += 0.1 * sum(MASK_COUNT[m] for m in tab)
        worth += 0.025 * min(12, sum(n * v for n, v in zip(s.chips[i], (1, 2, 5, 10), strict=True)))
        # a card in hand costs 1 VP (P-9) but is a purchase in waiting
        worth += 0.5 * sum(1 for c in s.hand[i] if CARD_VALUE[c] <= 3 or CARD_SUIT[c] in _suits(noble_suits))
        out.append(worth)
    return out


def _suits(noble_suits: list[tuple[int, int]]) -> set[int]:
    return {suit for suit, _ in noble_suits}


_WORTH: dict[type, Callable[[GameState, Weights], list[float]]] = {
    SplendorState: splendor_worths,  # type: ignore[dict-item]
    SpectacleState: spectacle_worths,  # type: ignore[dict-item]
}
