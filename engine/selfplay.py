"""Random self-play: ``python -m engine.selfplay --ruleset base --players 2 --games 200 --seed 1 [--json]``.

Plays games with uniformly random legal actions (every pending decision included),
checks the ruleset's invariants after every action and prints a summary.  The exit
status is non-zero on any invariant failure or stuck game.  Works for every
registered ruleset.  The move picker uses its own seeded generator, never the
global ``random`` module.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from engine import GameConfig, new_game
from engine.errors import InvariantViolation
from engine.rng import Rng

MAX_ACTIONS = 5000  # a game still running after this many actions counts as stuck


@dataclass
class Summary:
    ruleset: str
    players: int
    games: int = 0
    turns: int = 0
    actions: int = 0
    stuck: int = 0
    failures: list[str] = field(default_factory=list)
    winners: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        secs = max(self.seconds, 1e-9)
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "games": self.games,
            "turns": self.turns,
            "actions": self.actions,
            "mean_turns_per_game": round(self.turns / self.games, 2) if self.games else 0.0,
            "games_per_s": round(self.games / secs, 1),
            "turns_per_s": round(self.turns / secs, 1),
            "actions_per_s": round(self.actions / secs, 1),
            "seconds": round(self.seconds, 3),
            "stuck": self.stuck,
            "invariant_failures": len(self.failures),
            "winners": dict(sorted(self.winners.items())),
        }


def play(ruleset: str, players: int, games: int, seed: int, *, check: bool = True) -> Summary:
    """Play ``games`` random games; game ``i`` uses seed ``seed + i``."""
    summary = Summary(ruleset, players)
    picker = Rng(seed ^ 0x5EED)
    new_game(GameConfig(ruleset, players, seed))  # load the ruleset's modules before the clock starts
    start = time.perf_counter()
    for i in range(games):
        state = new_game(GameConfig(ruleset, players, seed + i))
        legal = state.legal_actions
        apply = state.apply_in_place
        invariants = state.check_invariants
        actions = 0
        try:
            while not state.is_over:
                acts = legal()
                if not acts or actions >= MAX_ACTIONS:
                    summary.stuck += 1
                    break
                action = acts[picker.below(len(acts))] if len(acts) > 1 else acts[0]
                seat = state.to_act
                assert seat is not None
                apply(seat, action)
                actions += 1
                if check:
                    invariants()
        except InvariantViolation as exc:
            summary.failures.append(f"game seed {seed + i}, action {actions}: {exc}")
        summary.games += 1
        summary.actions += actions
        summary.turns += state.turn
        if state.is_over:
            label = "tie:" + ",".join(str(w) for w in state.winners()) if len(state.winners()) > 1 \
                else f"seat {state.winners()[0]}"
            summary.winners[label] += 1
    summary.seconds = time.perf_counter() - start
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.selfplay", description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks (pure speed)")
    args = parser.parse_args(argv)
    summary = play(args.ruleset, args.players, args.games, args.seed, check=not args.no_check)
    data = summary.as_dict()
    if args.json:
        print(json.dumps(data))
    else:
        print(f"ruleset {data['ruleset']}, {data['players']} players")
        print(f"games {data['games']}, turns {data['turns']} (mean {data['mean_turns_per_game']} per game), "
              f"actions {data['actions']}")
        print(f"{data['games_per_s']} games/s, {data['turns_per_s']} turns/s, {data['actions_per_s']} actions/s")
        print(f"winners {data['winners']}")
        print(f"stuck games {data['stuck']}, invariant failures {data['invariant_failures']}")
    for failure in summary.failures[:10]:
        print("INVARIANT FAILURE:", failure, file=sys.stderr)
    return 1 if summary.failures or summary.stuck else 0


if __name__ == "__main__":
    raise SystemExit(main())
