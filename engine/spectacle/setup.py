"""Setting up a Spectacle game (P-2), from the seed or an explicit ``config.setup``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import GameConfig
from engine.errors import BadSetup
from engine.rng import Rng
from engine.spectacle.cards import (
    CHIP_INDEX,
    GRID_SIZE,
    N_CARDS,
    card_from_code,
    noble_from_code,
)
from engine.spectacle.state import (
    SpectacleState,
)
from engine.spectacle.tables import CAP

if TYPE_CHECKING:
    from engine.spectacle.rules import SpectacleRules


def new_game(rules: SpectacleRules, config: GameConfig) -> SpectacleState:
    n = config.players
    if not rules.min_players <= n <= rules.max_players:
        raise BadSetup(
            f"Spectacle is played by 2 to 4 players, not {n}.",
            key="err.player_count",
            params={"players": n, "min": 2, "max": 4},
        )
    s = SpectacleState.__new__(SpectacleState)
    s.config = config
    s.rules = rules
    s.n = n
    setup = config.setup
    rng = Rng(config.seed)
    noble_rng = rng.fork(1)
    card_rng = rng.fork(2)
    try:
        if setup is not None and "deck" in setup:
            order = [card_from_code(str(c)) for c in setup["deck"]]
        else:
            order = list(range(N_CARDS))
            card_rng.shuffle(order)
        if setup is not None and "nobles" in setup:
            nobles = [noble_from_code(str(x)) for x in setup["nobles"]]
        else:
            pool = list(range(12))
            noble_rng.shuffle(pool)
            nobles = pool[: n + 1]  # P-2: 3 nobles, one more per extra player
        if setup is not None and "stacks" in setup:
            stacks = [[CHIP_INDEX[int(v)] for v in st] for st in setup["stacks"]]
        else:
            stacks = [[0, 1, 2, 3] for _ in range(n + 2)]  # P-2 / P-3: top to bottom 1, 2, 5, 10
        if setup is not None and "chips" in setup:
            held = [[CHIP_INDEX[int(v)] for v in seat] for seat in setup["chips"]]
        else:
            held = [[2] for _ in range(n)]  # Ruling (P-2): one extra 5-chip each
    except (ValueError, KeyError, TypeError) as exc:
        raise BadSetup(f"Bad Spectacle setup: {exc}", key="err.bad_setup") from exc
    if len(set(order)) != len(order) or len(set(nobles)) != len(nobles):
        raise BadSetup("A card or noble appears twice in the setup.", key="err.bad_setup")
    if len(stacks) != n + 2 or any(len(st) > CAP for st in stacks) or len(held) != n:
        raise BadSetup("Bad stacks or chips in the setup (P-2, P-3).", key="err.bad_setup")
    listed = set(order)
    s.box = [c for c in range(N_CARDS) if c not in listed]
    s.grid = [-1] * GRID_SIZE
    for pos, card in enumerate(order[:GRID_SIZE]):
        s.grid[pos] = card
    s.deck = order[GRID_SIZE:][::-1]  # top card last
    s.stacks = stacks
    s.nobles = nobles
    s.discard = []
    s.chips = [[seat.count(k) for k in range(4)] for seat in held]
    s.hand = [[] for _ in range(n)]
    s.hand_blind = [[] for _ in range(n)]
    s.tab = [[0, 0, 0, 0] for _ in range(n)]
    s.claims = [[] for _ in range(n)]
    s.won = [[] for _ in range(n)]
    s.current = 0
    s.turn = 0
    s.pending = None
    s.steps = []
    s.over = False
    s.transit = [0, 0, 0, 0]
    s.end_reason = None
    s.chip_totals = tuple(sum(st.count(k) for st in stacks) + sum(c[k] for c in s.chips) for k in range(4))
    s._actions = []
    s._events = []
    s._last_events = ()
    return s
