"""Helpers of the league tests: a league on a real SQLite file, its games of the base ruleset."""

from __future__ import annotations

from itertools import count

from bot.leagues.service import LeagueService
from bot.service import GameInfo, GameService
from bot.store.leagues import LeagueRow, TableRow

GUILD = 500
CHANNEL = 600
_threads = count(10_000)


def seeds() -> int:
    return 12345


async def new_league(leagues: LeagueService, name: str = "Spring", members: tuple[int, ...] = (1, 2, 3, 4),
                     **kw: object) -> LeagueRow:
    opts: dict[str, object] = {"ruleset": "base", "seats": 2, "turn_timer": "12h", **kw}
    league = await leagues.create(guild_id=GUILD, name=name, creator_id=members[0], channel_id=CHANNEL,
                                  **opts)  # type: ignore[arg-type]
    for m in members:
        await leagues.join(league.league_id, m)
    return league


async def open_tables(leagues: LeagueService, tables: list[TableRow]) -> list[GameInfo]:
    return [await leagues.open_table(t, next(_threads)) for t in tables]


async def play_out(games: GameService, game_id: int, *, steps: int | None = None, pick: int = 0) -> GameInfo:
    """Play the game to its end, or ``steps`` actions: each player's ``pick + 1``-th legal action (the first one,
    a take of three colours, only cycles through the bank: such a game never ends)."""
    done = 0
    while steps is None or done < steps:
        info = await games.game(game_id)
        state = await games.state(game_id)
        if info.status != "active" or state is None or state.to_act is None:
            return info
        actions = list(state.legal_actions())
        action = actions[min(pick + 1, len(actions) - 1)]
        user = info.user_at(state.to_act)
        assert user is not None
        await games.play(game_id, user, str(action), expected_version=info.version,
                         request_id=f"t{game_id}-{info.version}")
        done += 1
    return await games.game(game_id)
