"""Refusals of the league service (each a sentence in ``bot/locales/leagues.*.json``, answered privately)."""

from __future__ import annotations

from bot.service import ServiceError


class LeagueError(ServiceError):
    key = "leagues.err.generic"


class LeagueNotFound(LeagueError):
    key = "leagues.err.not_found"


class NameTaken(LeagueError):
    key = "leagues.err.name_taken"


class NoSuchSeason(LeagueError):
    key = "leagues.err.no_season"


class NotOrganizer(LeagueError):
    key = "leagues.err.not_organizer"


class AlreadyMember(LeagueError):
    key = "leagues.err.already_member"


class NotMember(LeagueError):
    key = "leagues.err.not_member"


class LeagueFull(LeagueError):
    key = "leagues.err.full"


class AlreadyQueued(LeagueError):
    key = "leagues.err.already_queued"


class NotQueued(LeagueError):
    key = "leagues.err.not_queued"


class NotLeagueGame(LeagueError):
    key = "leagues.err.not_league_game"


class AlreadySettled(LeagueError):
    key = "leagues.err.already_settled"


class BadLeagueOption(LeagueError):
    key = "leagues.err.bad_option"


class NoResults(LeagueError):
    key = "leagues.err.no_results"
