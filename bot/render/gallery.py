"""The gallery: every ruleset, 2 and 4 players, early / middle / final, plus hands.

Positions come from seeded random play with the engine (``engine.new_game`` ...
``engine.view_for``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import engine
from bot.render import render_hand, render_recap, render_table, samples
from bot.render.recap import history_views
from engine import GameState, TableView

RULESETS: tuple[str, ...] = ("base", "orient", "strongholds", "orient+strongholds", "spectacle")
STAGES: tuple[str, ...] = ("early", "middle", "final")
NAMES = samples.NAMES


@dataclass(frozen=True)
class Position:
    ruleset: str
    players: int
    stage: str
    table: TableView  # a spectator's view
    seat_view: TableView  # the view of the seat whose hand is drawn


def play_positions(ruleset: str, players: int, seed: int = 1,
                   max_actions: int = 2000) -> dict[str, tuple[TableView, TableView]]:
    """Seeded random play: (spectator view, seat-0 view) at the early, middle and final positions."""
    rng = random.Random(seed)
    state = engine.new_game(engine.GameConfig(ruleset, players=players, seed=seed))
    seen: list[GameState] = [state]
    for _ in range(max_actions):
        seat = state.to_act
        if seat is None:
            break
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state))).state
        seen.append(state)
    picks = {"early": seen[min(len(seen) - 1, 2 * players + 1)], "middle": seen[len(seen) // 2], "final": seen[-1]}
    return {stage: (engine.view_for(st, None), engine.view_for(st, 0)) for stage, st in picks.items()}


def positions(rulesets: tuple[str, ...] = RULESETS) -> Iterator[Position]:
    for ruleset in rulesets:
        for players in (2, 4):
            played = play_positions(ruleset, players)
            for stage in STAGES:
                table, seat_view = played[stage]
                yield Position(ruleset, players, stage, table, seat_view)


def play_game(ruleset: str, players: int, seed: int = 1,
              max_actions: int = 2000) -> tuple[engine.GameConfig, list[tuple[int, engine.Action]]]:
    """Seeded random play to the end: the game's setup and its action log."""
    rng = random.Random(seed)
    config = engine.GameConfig(ruleset, players=players, seed=seed)
    state = engine.new_game(config)
    log: list[tuple[int, engine.Action]] = []
    for _ in range(max_actions):
        seat = state.to_act
        if seat is None:
            break
        action = rng.choice(engine.legal_actions(state))
        log.append((seat, action))
        state = engine.apply(state, seat, action).state
    return config, log


def write_gallery(outdir: Path, langs: tuple[str, ...] = ("en",)) -> list[tuple[Path, int]]:
    """Write the gallery PNGs (tables, hands, one end-of-game recap per ruleset); returns (path, bytes) for each."""
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[tuple[Path, int]] = []
    for ruleset in RULESETS:
        history = history_views(*play_game(ruleset, 3))
        for lang in langs:
            suffix = "" if lang == "en" else f"_{lang}"
            path = outdir / f"{ruleset.replace('+', '-')}_3p_recap{suffix}.png"
            data = render_recap(history, names=NAMES[:3], lang=lang)
            path.write_bytes(data)
            written.append((path, len(data)))
    for pos in positions():
        stem = f"{pos.ruleset.replace('+', '-')}_{pos.players}p_{pos.stage}"
        for lang in langs:
            suffix = "" if lang == "en" else f"_{lang}"
            for kind, data in (
                ("table", render_table(pos.table, names=NAMES, lang=lang)),
                ("hand", render_hand(pos.seat_view, names=NAMES, lang=lang)),
            ):
                path = outdir / f"{stem}_{kind}{suffix}.png"
                path.write_bytes(data)
                written.append((path, len(data)))
    return written
