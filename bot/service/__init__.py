"""The game service: the Discord-independent core between the commands and the engine.

Nothing here imports discord.  The bot builds one service at start-up::

    store = await SqliteStore.open(settings.database_path)      # WAL, migrations applied
    service = GameService(store, clock=lambda: datetime.now(UTC), settings=ServiceSettings(...))
    asyncio.create_task(service.run_background(deliver, on_outcome=refresh_board))

Model
-----
* One game per channel/thread.  A game is its setup (ruleset, player count, seed,
  options) plus an append-only action log; the snapshot in ``games`` is a cache that
  :meth:`GameService.verify` checks against a replay of the log.
* Actions of one game apply strictly in order (one asyncio lock per game); different
  games run in parallel.  Each state change is one SQLite transaction (log rows, game
  row guarded by its version, seats, clock, outbox), so a crash loses nothing that was
  acknowledged and leaves nothing half-applied.
* Every ``play`` and ``take_back`` names the board it was decided on (``expected_board``:
  :attr:`GameInfo.board`, which never repeats, not even after a take-back) or the version
  (``expected_version``, the log's length, for programs that take nothing back): another one is
  refused (:class:`StaleBoard`); a request id already applied returns the earlier outcome with
  ``duplicate=True`` (a retried interaction has its effect once).
* Seats are engine seats (turn order, seat 0 starts), drawn at start from the game's
  seed with :class:`engine.rng.Rng`.

API (all ``async``; refusals are :class:`ServiceError` subclasses or engine errors)
----------------------------------------------------------------------------------
Lifecycle
    ``create_game(*, channel_id, creator_id, guild_id=None, ruleset="base", players=4, options=None,
    turn_timer="24h", ranked=False, timeout_policy="skip", max_expiries=None, seed=None,
    request_id=None) -> GameInfo`` open a lobby (creator seated; one live game per channel)
    ``join(game_id, user_id) -> GameInfo`` take a seat (idempotent; ``LobbyFull``, ``AlreadyStarted``)
    ``leave(game_id, user_id) -> GameInfo`` leave a lobby (an empty lobby closes)
    ``start(game_id, user_id, *, is_manager=False) -> Outcome`` creator/manager; seat order from the seed
    ``abort(game_id, user_id, *, is_manager=False) -> GameInfo`` creator/manager; no result
    ``resign(game_id, user_id) -> Outcome`` a loss; the seat then plays minimal moves; last one left wins
    ``play(game_id, user_id, code, *, expected_board | expected_version, request_id) -> Outcome`` one action
    ``take_back(game_id, user_id, *, expected_board | expected_version) -> Outcome`` undo a misclick (B-16)
    ``rematch_open(game_id, user_id) -> GameInfo | None`` may they ask (``NotOver``, ``NotSeated``), and the
    rematch already open; ``rematch(game_id, user_id, *, channel_id) -> (GameInfo, opened)`` a lobby with the same
    players and settings, seats rotated, open to them only (``NotOpenToYou``), ``ready`` once all have joined
Lookups
    ``game(game_id) -> GameInfo``; ``state(game_id) -> engine state | None``;
    ``game_for_channel(channel_id) -> GameInfo | None``; ``games_for_user(user_id, *, live_only=True)``;
    ``actions(game_id) -> list[ActionRow]``; ``verify(game_id) -> bool``
Users
    ``user_settings(user_id) -> UserSettings``; ``set_language(user_id, "en"|"es"|"pt"|None)``;
    ``set_notify(user_id, "mention"|"dm"|"none")``; ``set_quiet_hours(user_id, start, end, tz)``;
    ``start_vacation(user_id, days)``; ``end_vacation(user_id)``;
    ``block(user_id, other)`` / ``unblock`` / ``blocked(user_id)`` (kept apart in the ladder queue and lobbies);
    ``reliability(user_ids) -> {id: Reliability}`` games finished, turns timed out, games abandoned (90 days)
Servers
    ``server_defaults(guild_id) -> GuildDefaults``; ``set_server_defaults(defaults)`` (``/splendor new``'s defaults)
Computer players (:mod:`bot.service.computer`; ids in :mod:`bot.service.bots`)
    ``add_bot(game_id, user_id, level, *, is_manager=False) -> GameInfo`` seat a computer in a lobby
    (``random``/``easy``/``medium``/``hard``; host only; ``NoComputersHere`` in a ranked game; ``LobbyFull``);
    ``remove_bot(game_id, user_id)``; ``computer_turn(game_id) -> Outcome | None`` one computer move if due;
    ``play_computers(game_id) -> list[Outcome]`` every computer move until a person is to act;
    ``run_computers(on_outcome, stop=...)`` the scheduler ``run_background`` starts;
    ``hint(game_id, user_id) -> Hint`` a suggested move (unranked only; logged), ``hints(game_id)``;
    ``GameInfo.has_bots`` marks games with computer seats (never rated)
Clocks
    ``run_due_timers() -> list[Outcome]`` vacations ending, reminders, expiries (skip with
    ``engine.default_action``, or a medium computer with
    ``timeout_policy="ai"``, or, after ``max_expiries``, remove the player: a loss);
    ``run_background(deliver, *, on_outcome=None, interval=30, stop=None)``: each round
    (``background_round``) drains every due clock and delivery page by page, then prunes
    the outbox (rows handled more than ``outbox_retention`` ago)
Notifications (outbox, persisted)
    ``take_deliveries() -> list[Delivery]`` one per user (a digest when several wait;
    rate-limited by ``notify_min_interval``; quiet hours and vacations defer);
    ``mark_delivered(delivery)`` after sending; ``board`` rows (user 0) are not notifications
    but computer moves' boards still to post (``post_pending_boards``, run by ``run_computers``)
Admin
    ``backup(dest) -> Path`` consistent copy of the live database

Memory: at most ``settings.cache_size`` games stay loaded (least recently used dropped);
a miss reads the game in one read transaction and rebuilds it (snapshot plus at most
``snapshot_every`` actions) after releasing the store.

Notification kinds (i18n key ``service.notify.<kind>``): ``game_started``, ``your_turn``,
``reminder``, ``skipped``, ``removed``, ``game_over``, ``aborted``; a digest uses
``service.notify.digest``.
"""

from __future__ import annotations

from bot.service.errors import (
    AlreadyOnVacation,
    AlreadySeated,
    AlreadyStarted,
    BadOption,
    CannotBlock,
    ChannelBusy,
    ComputerThinking,
    DuplicateRequest,
    GameFinished,
    GameNotFound,
    HintsOff,
    LobbyFull,
    NoComputerSeated,
    NoComputersHere,
    NoGameHere,
    NotActive,
    NotAllowed,
    NotBlocked,
    NotOpenToYou,
    NotOver,
    NotSeated,
    NotStarted,
    NotYourTurn,
    ServiceError,
    StaleBoard,
    TooFewPlayers,
    TooManyBlocks,
    UndoNothing,
    UndoRevealed,
    VacationRefused,
)
from bot.service.service import GameService
from bot.service.types import (
    TIMER_PRESETS,
    Applied,
    Delivery,
    GameInfo,
    Hint,
    Notification,
    Outcome,
    PlayerInfo,
    SendFailure,
    ServiceSettings,
    TurnClock,
    UserSettings,
    parse_clock,
    parse_turn_timer,
)

__all__ = [
    "TIMER_PRESETS",
    "AlreadyOnVacation",
    "AlreadySeated",
    "AlreadyStarted",
    "Applied",
    "BadOption",
    "CannotBlock",
    "ChannelBusy",
    "ComputerThinking",
    "Delivery",
    "DuplicateRequest",
    "GameFinished",
    "GameInfo",
    "GameNotFound",
    "GameService",
    "Hint",
    "HintsOff",
    "LobbyFull",
    "NoComputerSeated",
    "NoComputersHere",
    "NoGameHere",
    "NotActive",
    "NotAllowed",
    "NotBlocked",
    "NotOpenToYou",
    "NotOver",
    "NotSeated",
    "NotStarted",
    "NotYourTurn",
    "Notification",
    "Outcome",
    "PlayerInfo",
    "SendFailure",
    "ServiceError",
    "ServiceSettings",
    "StaleBoard",
    "TooFewPlayers",
    "TooManyBlocks",
    "TurnClock",
    "UndoNothing",
    "UndoRevealed",
    "UserSettings",
    "VacationRefused",
    "parse_clock",
    "parse_turn_timer",
]
