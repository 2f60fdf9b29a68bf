"""The gallery: every ruleset, 2 and 4 players, early / middle / final, plus hands.

Positions come from seeded random play with the engine when it is available
(``engine.new_game`` ... ``engine.view_for``), else from the hand-built views of
:mod:`bot.render.samples`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.render import render_hand, render_table, samples

SPLENDOR_RULESETS: tuple[str, ...] = ("base", "orient", "strongholds", "orient+strongholds")
STAGES: tuple[str, ...] = ("early", "middle", "final")
NAMES = samples.NAMES


@dataclass(frozen=True)
class Position:
    ruleset: str
    players: int
    stage: str
    table: Any  # a spectator's view
    seat_view: Any  # the view of the seat whose hand is drawn
    source: str  # "engine" or "sample"


def _engine() -> Any | None:
    try:
        import engine

        engine.find_ruleset("base")
        return engine
    except Exception:
        return None


def play_positions(ruleset: str, players: int, seed: int = 1, max_actions: int = 2000) -> dict[str, tuple[Any, Any]]:
    """Seeded random play: (spectator view, seat-0 view) at the early, middle and final positions."""
    eng = _engine()
    if eng is None:
        raise RuntimeError("the engine is not available")
    rng = random.Random(seed)
    state = eng.new_game(eng.GameConfig(ruleset, players=players, seed=seed))
    seen: list[Any] = [state]
    for _ in range(max_actions):
        if state.is_over:
            break
        seat = state.to_act
        state = eng.apply(state, seat, rng.choice(eng.legal_actions(state))).state
        seen.append(state)
    picks = {"early": seen[min(len(seen) - 1, 2 * players + 1)], "middle": seen[len(seen) // 2], "final": seen[-1]}
    return {stage: (eng.view_for(st, None), eng.view_for(st, 0)) for stage, st in picks.items()}


def positions(rulesets: tuple[str, ...] = (*SPLENDOR_RULESETS, "spectacle")) -> Iterator[Position]:
    eng = _engine()
    for ruleset in rulesets:
        for players in (2, 4):
            played: dict[str, tuple[Any, Any]] | None = None
            if eng is not None:
                try:
                    played = play_positions(ruleset, players)
                except Exception:
                    played = None
            for stage in STAGES:
                if played is not None:
                    table, seat_view = played[stage]
                    yield Position(ruleset, players, stage, table, seat_view, "engine")
                elif ruleset in SPLENDOR_RULESETS:
                    yield Position(
                        ruleset,
                        players,
                        stage,
                        samples.sample_view(ruleset, players, stage),
                        samples.sample_view(ruleset, players, stage, viewer=0),
                        "sample",
                    )
                # Spectacle positions need the engine: there are no hand-built Spectacle views


def write_gallery(outdir: Path, langs: tuple[str, ...] = ("en",)) -> list[tuple[Path, int, str]]:
    """Write the gallery PNGs; returns (path, bytes, source) for each."""
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[tuple[Path, int, str]] = []
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
                written.append((path, len(data), pos.source))
    return written
