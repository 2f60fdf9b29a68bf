"""Setting up a Splendor game (B-2, O-1, S-1), from the seed or an explicit ``config.setup``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import GameConfig
from engine.errors import BadSetup
from engine.rng import Rng
from engine.splendor.state import EMPTY, Player, SplendorState
from engine.splendor.tables import BASE_SLOTS, CAT, GOLD_TOKENS, NOBLES, STRONGHOLDS, TOKENS_BY_PLAYERS

if TYPE_CHECKING:
    from engine.splendor.rules import SplendorRules


def new_game(rules: SplendorRules, config: GameConfig) -> SplendorState:
    if not rules.min_players <= config.players <= rules.max_players:
        raise BadSetup(f"{rules.name} is played by 2 to 4 players, not {config.players}.",
                       key="err.player_count", params={"min": 2, "max": 4, "players": config.players})
    s = SplendorState(config, rules)
    target = s.target
    if not 1 <= target <= 99:
        raise BadSetup("The target score must be between 1 and 99.", key="err.bad_target")
    rng = Rng(config.seed)
    deck_rng, orient_rng, noble_rng = rng.fork(1), rng.fork(2), rng.fork(3)
    setup = config.setup or {}
    per = TOKENS_BY_PLAYERS[config.players]
    s.bank = [per, per, per, per, per, GOLD_TOKENS]
    s.decks = [deal_deck(list(CAT.base_by_level[lv]), deck_rng, setup.get("decks"), lv + 1) for lv in range(3)]
    if s.rules.orient:
        s.odecks = [deal_deck(list(CAT.orient_by_level[lv]), orient_rng, setup.get("orient_decks"), lv + 1)
                    for lv in range(3)]
    s.rows = [[EMPTY] * s.rules.slots for _ in range(3)]
    s.hown = [[EMPTY] * s.rules.slots for _ in range(3)]
    s.hcnt = [[0] * s.rules.slots for _ in range(3)]
    for lv in range(3):
        for sl in range(s.rules.slots):
            deck = s.decks[lv] if sl < BASE_SLOTS else s.odecks[lv]
            if deck:
                s.rows[lv][sl] = deck.pop()
    nobles = list(range(len(NOBLES)))
    if setup.get("nobles") is not None:
        try:
            chosen = [CAT.noble_by_id[str(x).lower()] for x in setup["nobles"]]
        except KeyError as exc:
            raise BadSetup(f"Unknown noble {exc.args[0]!r} in the setup.", key="err.bad_setup") from None
        if len(set(chosen)) != len(chosen):
            raise BadSetup("A noble is listed twice in the setup.", key="err.bad_setup")
        s.nobles = chosen
    else:
        noble_rng.shuffle(nobles)
        s.nobles = nobles[: config.players + 1]
    s.noble_at = [EMPTY] * len(s.nobles)
    s.players = [Player(STRONGHOLDS if s.rules.strongholds else 0) for _ in range(config.players)]
    return s


def deal_deck(cards: list[int], rng: Rng, given: Mapping[str, Any] | None, level: int) -> list[int]:
    rng.shuffle(cards)
    if given is not None and given.get(str(level)) is not None:
        top: list[int] = []
        for cid in given[str(level)]:
            idx = CAT.by_id.get(str(cid).lower())
            if idx is None or idx not in cards or idx in top:
                raise BadSetup(f"Card {cid!r} can't be in the level-{level} deck of this setup.",
                               key="err.bad_setup")
            top.append(idx)
        rest = [c for c in cards if c not in top]
        cards = top + rest
    cards.reverse()  # top of the deck is the end of the list
    return cards
