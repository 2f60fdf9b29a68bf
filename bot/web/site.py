"""What the pages show, read from the store and the engine (no HTTP here: :mod:`bot.web.app` serves it).

Every game fact comes from the spectator's view (``state.view_for(None)``) at the step shown, and every
sentence of a game's story from :func:`bot.text.turn_line` over events redacted for a spectator (the sentences
``/splendor log`` gives a spectator): nothing a spectator in the thread could not see reaches a page or an image.

:class:`Site` holds the caches: a game's replay (its spectator views step by step, rebuilt when the game moves
on) and the PNG of each step (an LRU in memory; a step's image never changes, so it is sent with an ETag).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Generic, TypeVar

import engine
from bot.computer_text import computer_name
from bot.i18n import t
from bot.leagues.rating import Rating
from bot.leagues.service import LeagueService, rating_of, rating_policy
from bot.leagues.standings import Line
from bot.render import pool as render_pool
from bot.service import GameInfo, GameService
from bot.service.bots import is_bot
from bot.service.users import RELIABILITY_DAYS
from bot.store import Reliability, SeatRow
from bot.store.leagues import LeagueRow
from bot.store.protocol import GameStore
from bot.text import player_name, turn_line
from engine import Action, Event, GameConfig, GameState, TableView

K = TypeVar("K")
V = TypeVar("V")


class Lru(Generic[K, V]):
    """A small least-recently-used map."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)


CHART_LINES = 5  # a league's rating chart: its leaders' lines
CHART_POINTS = 200  # each line's latest ratings


@dataclass(frozen=True, slots=True)
class Standings:
    """A season's standings as a league page shows them (see :meth:`Site.standings`)."""

    key: tuple[object, ...]  # what they were made of
    until: datetime  # when a rating fades further (then they are made again)
    lines: tuple[Line, ...]  # every member, in order
    chart: tuple[tuple[int, tuple[int, ...]], ...]  # the leaders' displayed ratings, game after game


@dataclass(frozen=True, slots=True)
class WebGame:
    """A game as its page needs it, read fresh from the database each time (another process plays it)."""

    game_id: int
    ruleset: str
    status: str
    version: int
    takebacks: int  # moves taken back so far: a step may change while the version stays
    players: tuple[SeatRow, ...]

    @property
    def over(self) -> bool:
        return self.status in ("over", "aborted")


@dataclass(frozen=True, slots=True)
class Replay:
    """A started game step by step, as a spectator sees it: ``views[k]`` after ``k`` moves, ``events[k - 1]`` the
    events of move ``k`` (redacted for a spectator)."""

    game_id: int
    version: tuple[int, int]  # the game's version and take-backs it was built at
    views: tuple[TableView, ...]
    events: tuple[tuple[Event, ...], ...]
    marks: tuple[str, ...]  # per step, a digest of the moves up to it: a step's image is the same while it is

    def etag(self, step: int, lang: str) -> str:
        """Strong, and without the game's id (ids would tell how many games the bot hosted): the mark digests the
        id with the game's setup, its secret seed included, so it cannot be traced back to the id."""
        return f'"{step}-{lang}-{self.marks[step]}"'

    @property
    def steps(self) -> int:
        return len(self.marks) - 1

    def light(self) -> Replay:
        """This replay without its views and events: what a page or an image already built needs (its steps and
        ETags), kept for many more games than whole replays are."""
        return Replay(self.game_id, self.version, (), (), self.marks)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A player's result in a finished game, as lists show it: place, points and (rated league games) the
    displayed rating after it and its change from the member's previous rated game."""

    user_id: int
    seat: int | None
    place: int | None
    score: int | None
    rating: int | None = None
    delta: int | None = None


def rating_step(step: tuple[float, float, float | None, float | None] | None) -> tuple[int | None, int | None]:
    """The displayed rating after a game and its change (from the newcomer's rating for a first game)."""
    if step is None:
        return None, None
    mu, sigma, pmu, psigma = step
    after = Rating(mu, sigma).display
    before = Rating().display if pmu is None or psigma is None else Rating(pmu, psigma).display
    return after, after - before


def spectator_view(state: GameState) -> TableView:
    """What every page and image shows of a state: a spectator's view (no seat's hidden cards)."""
    return state.view_for(None)


def replay_states(config: GameConfig, moves: Sequence[tuple[int, str]]) -> list[GameState]:
    """The states after 0, 1, ... moves (copies: each can be dealt again by a test on its own)."""
    out = [engine.new_game(config)]
    engine.replay(config, moves, after=lambda _i, _seat, _action, state, _events: out.append(state.copy()))
    return out


def build_replay(game_id: int, config: GameConfig, moves: Sequence[tuple[int, str]], takebacks: int = 0) -> Replay:
    views = [spectator_view(engine.new_game(config))]
    events: list[tuple[Event, ...]] = []
    digest = hashlib.sha256(json.dumps([game_id, config.to_json()], sort_keys=True).encode())
    marks = [digest.hexdigest()[:16]]
    for seat, code in moves:
        digest.update(f"|{seat}:{code}".encode())
        marks.append(digest.hexdigest()[:16])

    def step(_index: int, _seat: int, _action: Action, state: GameState, moved: tuple[Event, ...]) -> None:
        events.append(tuple(e.redacted_for(None) for e in moved))
        views.append(spectator_view(state))

    engine.replay(config, moves, after=step)
    return Replay(game_id, (len(moves), takebacks), tuple(views), tuple(events), tuple(marks))


def story(replay: Replay, names: Sequence[str], lang: str) -> list[list[str]]:
    """The sentences of each move (the ``/splendor log`` sentences, described with the latest view as it does)."""
    last = replay.views[-1]
    return [[line for e in step if (line := turn_line(last, [e], names, lang))] for step in replay.events]


def names_by_seat(game: WebGame | GameInfo, seat_names: dict[int, str], lang: str) -> list[str]:
    """Display names by engine seat: as at the time of play; computers by their localized name."""
    names = [""] * len([p for p in game.players if p.seat is not None])
    for p in game.players:
        if p.seat is not None and p.seat < len(names):
            names[p.seat] = computer_name(p.user_id, lang) or seat_names.get(p.user_id, "")
    return [n if visible(n) else player_name([], i, lang) for i, n in enumerate(names)]  # "Player 2"


#: Letters that draw nothing though Unicode calls them letters (Hangul fillers, the blank Braille pattern).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def visible(name: str) -> bool:
    """Whether ``name`` draws anything: not only spaces, format characters (zero-width joiners, bidi controls),
    control characters or blank letters (a link made of those could not be seen or clicked)."""
    return any(not ch.isspace() and ch not in _BLANK_LETTERS and unicodedata.category(ch) not in ("Cf", "Cc", "Zs")
               for ch in name)


def member_name(user_id: int, names: dict[int, str], lang: str) -> str:
    if is_bot(user_id):
        return computer_name(user_id, lang) or str(user_id)
    name = names.get(user_id, "")
    return name if visible(name) else t("web.member_unknown", lang)


def _read_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def _write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` at ``path`` whole or not at all (another web process may read it meanwhile)."""
    temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    temp.write_bytes(data)
    os.replace(temp, path)


def etag_of(*parts: object) -> str:
    return '"' + hashlib.sha256(json.dumps([str(p) for p in parts]).encode()).hexdigest()[:32] + '"'


class Site:
    """The pages' data over one store (a web process's own, or the bot's)."""

    def __init__(self, store: GameStore, *, clock: Callable[[], datetime] | None = None,
                 replays: int = 6, images: int = 128, standings: int = 16, image_dir: Path | None = None) -> None:
        self.store = store
        self.image_dir = image_dir  # step images kept on disk too (they never change): shared by web processes
        if image_dir is not None:
            image_dir.mkdir(parents=True, exist_ok=True)
        self.clock = clock or (lambda: datetime.now(UTC))
        self._replays: Lru[int, Replay] = Lru(replays)
        self._images: Lru[str, bytes] = Lru(images)
        self._leagues = LeagueService(store, GameService(store, self.clock), self.clock)
        self._marks: dict[int, int] = {}
        self._standings: Lru[tuple[int, int], Standings] = Lru(standings)
        self._light: Lru[int, Replay] = Lru(replays * 100)  # replays' steps and marks (see Replay.light)
        self._drawing: dict[str, asyncio.Future[bytes]] = {}  # images being drawn: asked again, awaited, not redrawn

    async def leagues(self, league_id: int) -> LeagueService:
        """The league service, its cache of ``league_id``'s counted places fresh: the bot's process records results
        (its service's cache trusts it is the only one), so the cache is dropped when the results changed."""
        async with self.store.reading(single=True) as tx:
            league = await tx.league(league_id)
        if league is not None:
            self.saw(league_id, league.changes)
        return self._leagues

    def saw(self, league_id: int, changes: int) -> None:
        """``league_id``'s change counter (:attr:`LeagueRow.changes`) as just read: what was counted before it moved
        is dropped."""
        if self._marks.get(league_id) != changes:
            self._leagues._forget_places(league_id)
            self._marks[league_id] = changes

    async def standings(self, league: LeagueRow, season: int) -> Standings:
        """A season's whole standings and its leaders' rating lines, kept while nothing they are made of changes:
        the league's results, members and ratings (its change counter, read with ``league``), its settings, and
        each rating's fading with time (kept until the next day a rating fades further)."""
        self.saw(league.league_id, league.changes)
        key = (league.changes, json.dumps(league.settings, sort_keys=True, default=str))
        now = self.clock()
        kept = self._standings.get((league.league_id, season))
        if kept is not None and kept.key == key and now < kept.until:
            return kept
        _, _, lines = await self._leagues.standing_lines(league.league_id, season=season)
        leaders = [ln.user_id for ln in lines[:CHART_LINES]]
        async with self.store.reading() as tx:
            rows = await tx.league_ratings(league.league_id)
            histories = {u: await tx.league_rating_history(league.league_id, u) for u in leaders}
        policy = rating_policy(league)
        changes = [at for r in rows.values() if (at := rating_of(r).decay_changes_at(now, policy)) is not None]
        built = Standings(key, min(changes, default=datetime.max.replace(tzinfo=UTC)), tuple(lines), tuple(
            (u, tuple(Rating(h.mu, h.sigma).display for h in histories[u][-CHART_POINTS:])) for u in leaders))
        self._standings.put((league.league_id, season), built)
        return built

    async def reliability(self, user_id: int) -> Reliability:
        """What ``/player stats`` shows of a player's reliability over the last ``RELIABILITY_DAYS``, counted over the
        games whose pages are on only (a page tells nothing of a game in a league whose pages are off)."""
        if is_bot(user_id):
            return Reliability()
        async with self.store.reading() as tx:
            return await tx.web_reliability(user_id, self.clock() - timedelta(days=RELIABILITY_DAYS))

    async def game(self, game_id: int) -> WebGame | None:
        async with self.store.reading() as tx:
            bundle = await tx.game_bundle(game_id)  # row, seats and take-back count in one statement where it can
        if bundle is None:
            return None
        row = bundle.row
        return WebGame(game_id, row.ruleset, row.status, row.version, bundle.takebacks, tuple(bundle.seats))

    def light(self, game: WebGame) -> Replay | None:
        """The game's replay at its current version without its views (see :meth:`Replay.light`), if at hand."""
        kept = self._light.get(game.game_id)
        return kept if kept is not None and kept.version == (game.version, game.takebacks) else None

    def has_replay(self, game: WebGame) -> bool:
        """Whether :meth:`replay` has the game's replay at hand (else it replays the game: a cost)."""
        cached = self._replays.get(game.game_id)
        return cached is not None and cached.version == (game.version, game.takebacks)

    async def replay(self, game: WebGame) -> Replay | None:
        """The game's replay at its current version (``None`` in the lobby); replayed in a thread, so that the
        pages of other visitors go on meanwhile."""
        cached = self._replays.get(game.game_id)
        if cached is not None and cached.version == (game.version, game.takebacks):
            return cached
        async with self.store.reading() as tx:
            row = await tx.game(game.game_id)
            log = await tx.actions(game.game_id)
        if row is None or row.config_json is None:
            return None
        built = await asyncio.to_thread(build_replay, game.game_id, GameConfig.from_json(json.loads(row.config_json)),
                                        [(a.seat, a.code) for a in log], game.takebacks)
        self._replays.put(game.game_id, built)
        self._light.put(game.game_id, built.light())
        return built

    def has_png(self, replay: Replay, step: int, lang: str) -> bool:
        """Whether a step's image is at hand (kept, or being drawn for another visitor): asking for it is cheap."""
        key = replay.etag(step, lang)
        return key in self._drawing or self._images.get(key) is not None or (
            (path := self._image_path(key)) is not None and path.exists())

    def _image_path(self, key: str) -> Path | None:
        if self.image_dir is None:
            return None
        return self.image_dir / (hashlib.sha256(key.encode()).hexdigest()[:40] + ".png")

    async def outcomes(self, league_id: int | None, game_ids: Sequence[int]) -> dict[int, list[Outcome]]:
        """Who won each of ``game_ids`` (finished): its seated players by place, then seat, with their points and,
        in a league, their rating changes."""
        if not game_ids:
            return {}
        async with self.store.reading() as tx:
            seats = await tx.seats_of_games(game_ids)
            steps = await tx.league_rating_steps(league_id, game_ids) if league_id is not None else {}
        out: dict[int, list[Outcome]] = {}
        for game_id, rows in seats.items():
            seated = [r for r in rows if r.seat is not None]
            out[game_id] = sorted((Outcome(r.user_id, r.seat, r.place, r.final_score,
                                           *rating_step(steps.get((game_id, r.user_id)))) for r in seated),
                                  key=lambda o: (o.place is None, o.place or 0, o.seat or 0))
        return out

    async def step_png(self, replay: Replay, step: int, lang: str,
                       source: Callable[[], Awaitable[tuple[TableView, Sequence[str]]]]) -> bytes:
        """A step's image, drawn once however many visitors ask for it at the same time; ``source()`` gives the
        step's view and the players' names when it must be drawn."""
        key = replay.etag(step, lang)
        data = self._images.get(key)
        if data is not None:
            return data
        drawing = self._drawing.get(key)
        if drawing is not None:
            return await asyncio.shield(drawing)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        path = self._image_path(key)
        try:
            data = await asyncio.to_thread(_read_or_none, path) if path is not None else None
            if data is None:
                view, names = await source()
                data = await render_pool.render(view, list(names), lang)
                if path is not None:
                    await asyncio.to_thread(_write_atomically, path, data)
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # (retrieved: no "never retrieved" warning when nobody else waited)
            raise
        else:
            self._images.put(key, data)
            future.set_result(data)
        finally:
            del self._drawing[key]
            if not future.done():  # cancelled: the others ask again
                future.cancel()
        return data

    def rating_of(self, mu: float, sigma: float) -> int:
        return Rating(mu, sigma).display


__all__ = ["Lru", "Outcome", "Replay", "Site", "Standings", "WebGame", "build_replay", "etag_of", "member_name",
           "names_by_seat", "rating_of", "rating_step", "replay_states", "story", "visible"]
