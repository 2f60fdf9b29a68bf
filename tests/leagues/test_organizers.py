"""Who organizes a league: its creator, members with Manage Server (or administrators), its organizer role."""

from __future__ import annotations

from datetime import UTC, datetime

from discord import Permissions

from bot.exts.leagues import organizes
from bot.store.leagues import LeagueRow


def _league(role: int | None = None) -> LeagueRow:
    return LeagueRow(1, "L", 10, 2, None, role, "base", 4, None, "ladder", None, None, {}, datetime.now(UTC), 1, 1)


def test_creator_manage_server_and_role_organize() -> None:
    none = Permissions.none()
    assert organizes(10, [], none, _league())
    assert not organizes(11, [], none, _league())
    assert organizes(11, [], Permissions(manage_guild=True), _league())
    assert organizes(11, [], Permissions(administrator=True), _league())
    assert not organizes(11, [], Permissions(manage_threads=True), _league())
    assert organizes(11, [77], none, _league(role=77))
    assert not organizes(11, [78], none, _league(role=77))
