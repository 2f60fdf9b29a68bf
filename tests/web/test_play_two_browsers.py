"""Two signed-in players in two real browsers at one two-player game (issue 44): each signs in through the fake
Discord's OAuth2 as a different user and plays their own table.

Each player's page shows their own hidden cards and nothing of the other's: both hold blind reserves (Splendor's
reserved cards from a deck, Spectacle's hand), and every card hidden from a seat is dealt again at random; what
that seat's browser gets (the table as the page shows it, the table's HTML, the drawn PNG, a blind reserve's
preview and its image, the live stream's first event) stays byte for byte the same.  Dealt again with the seat's
own blind cards too, it changes (the check can fail).  Then one player moves by clicks and the other's page
follows by itself (server-sent events).  axe finds no serious or critical violation on the signed-in table at 360
and 1280 px, and the page does not scroll sideways; the tables are saved at both widths."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Coroutine, Iterator
from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

import pytest
from aiohttp import web
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import engine
from bot.service import GameService
from bot.store import SqliteStore
from bot.web import Site, WebConfig
from bot.web.auth import SignInConfig, extension
from bot.web.play import TABLES_KEY, make_playing_app
from engine.rng import Rng
from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.fakediscord.oauth import CLIENT_SECRET
from tests.hidden import blind_reserves, hidden_from, leaks_in_text
from tests.web.browser import WIDTHS, Browser, blocking, chromium, summary
from tests.web.test_play_browser import play_one, state

WAIT_S = 30  # generous: the page follows within a second on loopback, this only bounds a broken test
T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Served:
    url: str
    fake: FakeDiscord
    service: GameService
    app: web.Application
    loop: asyncio.AbstractEventLoop

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """``coro`` on the site's own event loop (the service and the store belong to it)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(60)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Served]:
    """The fake Discord and the site with web play on (the sign-in and the playing routes, as ``python -m bot web``
    serves them with ``SPLENDOR_WEB_PLAY``), on 127.0.0.1, run by one event loop in a thread."""
    database = tmp_path_factory.mktemp("two-browsers") / "web.sqlite3"
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="two-browsers-under-test", daemon=True)
    thread.start()
    opened = AsyncExitStack()  # closed in the reverse order: the site, the computers, the store, the fake

    async def start() -> Served:
        fake = await opened.enter_async_context(FakeDiscord())
        store = await SqliteStore.open(database)
        opened.push_async_callback(store.close)
        service = GameService(store, lambda: datetime.now(UTC))
        opened.callback(service.close_computers)
        config = SignInConfig(application_id=fake.application_id, client_secret=CLIENT_SECRET,
                              discord_url=fake.base_url)
        app = make_playing_app(Site(store), WebConfig(rate=0, page_ttl=0, play=True, extensions=(extension(config),)),
                               service=service)
        runner = web.AppRunner(app)
        await runner.setup()
        opened.push_async_callback(runner.cleanup)
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        url = f"http://127.0.0.1:{runner.addresses[0][1]}"
        fake.oauth.register_redirect(url + "/signin/callback")  # the Developer Portal's step
        return Served(url, fake, service, app, loop)

    try:
        yield asyncio.run_coroutine_threadsafe(start(), loop).result(60)
    finally:
        asyncio.run_coroutine_threadsafe(opened.aclose(), loop).result(60)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)
        loop.close()


@pytest.fixture(scope="module")
def second(browser: Browser, shots: Path) -> Iterator[Browser]:
    """Another Chromium (its own profile and cookies): the second player's."""
    with chromium(shots) as b:
        yield b
        browser.axe_results.update(b.axe_results)  # one axe report for both browsers' pages


# ---------------------------------------------------------------------------------------------- the game
async def blind_game(service: GameService, a: FakeUser, b: FakeUser, channel: int, ruleset: str) -> int:
    """A started game of ``a`` and ``b`` where each seat holds cards hidden from the other (blind reserves: a
    deck's card, Spectacle's hand), made through the service as a slash command makes it."""
    for user in (a, b):
        await service.set_name(user.id, user.username.title())
    game = await service.create_game(channel_id=channel, creator_id=a.id, players=2, ruleset=ruleset,
                                     turn_timer=None, seed=11)
    await service.join(game.game_id, b.id)
    await service.start(game.game_id, a.id)
    for n in range(4):
        state_ = await service.state(game.game_id)
        info = await service.game(game.game_id)
        assert state_ is not None and state_.to_act is not None
        to_act = next(p.user_id for p in info.players if p.seat == state_.to_act)
        await service.play(game.game_id, to_act, blind_code(state_), expected_board=info.board,
                           request_id=f"blind-{ruleset}-{n}")
    return game.game_id


def blind_code(state_: engine.GameState) -> str:
    """A blind reserve (from a deck) if the seat to act may make one, else its first legal move."""
    codes = [str(a) for a in engine.legal_actions(state_)]
    return next((c for c in codes if c.startswith("reserve d")), codes[0])


# ---------------------------------------------------------------------------------------------- the browsers
def sign_in(browser: Browser, served: Served, user: FakeUser, game_id: int) -> None:
    """``user`` signs in with Discord in ``browser`` (the fake approves as them) and lands on their table."""
    served.fake.oauth.approve_as(user)
    browser.reset_width()
    browser.open(served.url + "/signin?" + urlencode({"next": f"/play/{game_id}"}))
    table_ready(browser)
    assert browser.driver.current_url == f"{served.url}/play/{game_id}"
    names = {c["name"] for c in browser.driver.get_cookies()}
    assert "splendor_session" in names, names


def table_ready(browser: Browser) -> None:
    WebDriverWait(browser.driver, WAIT_S).until(lambda d: d.execute_script(
        "const i = document.getElementById('table-image');"
        "return document.readyState === 'complete' && i !== null && i.complete && i.naturalWidth > 0"))


def board_of(browser: Browser) -> int:
    return int(browser.driver.execute_script(
        "const t = document.getElementById('table'); return t ? parseInt(t.dataset.board, 10) : -1"))


#: What the seat's browser receives, fetched by the page itself (its cookie): the table's HTML, its PNG, the
#: preview of ``code`` (a blind reserve: the mover must not see the card it would draw) and its PNG, and the live
#: stream's first event.
FETCH_JS = """
const [game, board, code, done] = arguments;
const b64 = (buffer) => {
  const bytes = new Uint8Array(buffer);
  let s = '';
  for (let i = 0; i < bytes.length; i += 1) { s += String.fromCharCode(bytes[i]); }
  return btoa(s);
};
(async () => {
  const out = {};
  out.table = await (await fetch(`/play/${game}/table`)).text();
  out.png = b64(await (await fetch(`/play/${game}/${board}.png`)).arrayBuffer());
  if (code) {
    const answer = await fetch(`/play/${game}/preview?board=${board}&code=${encodeURIComponent(code)}`);
    out.preview = await answer.text();
    out.previewPng = b64(await (await fetch(JSON.parse(out.preview).image)).arrayBuffer());
  }
  const stream = await fetch(`/play/${game}/events`);
  const reader = stream.body.getReader();
  let text = '';
  while (!text.includes('\\n\\n')) {
    const part = await reader.read();
    if (part.done) { break; }
    text += new TextDecoder().decode(part.value);
  }
  await reader.cancel();
  out.events = text;
  return out;
})().then(done, (e) => done({error: String(e)}));
"""


def seen_by(browser: Browser, served: Served, game_id: int, code: str | None) -> dict[str, str]:
    """Everything the seat's browser is shown of the game now: the page as drawn (reloaded) and what it fetches."""
    browser.open(f"{served.url}/play/{game_id}")
    table_ready(browser)
    shown: dict[str, str] = dict(browser.driver.execute_async_script(FETCH_JS, game_id, board_of(browser), code))
    assert "error" not in shown, shown
    shown["page"] = str(browser.driver.execute_script("return document.getElementById('play').outerHTML"))
    assert shown["events"].startswith("retry:"), shown["events"]
    return shown


async def dealt_again(served: Served, game_id: int, seat: int | None, seed: int) -> None:
    """Deal again, in the service's game, every card hidden from ``seat`` (``None``: every hidden card, the seat's
    own blind ones too); the drawn tables are forgotten so that the pages draw what the state now holds."""
    kept = served.service._games[game_id]
    assert kept.state is not None
    other = kept.state.copy()
    other.redeal(seat, Rng(seed))  # type: ignore[arg-type]  # None: a spectator's hidden cards, the seats' too
    served.service._games[game_id] = replace(kept, state=other)
    served.app[TABLES_KEY].__init__()  # type: ignore[misc]


async def put_back(served: Served, game_id: int, kept: Any) -> None:
    served.service._games[game_id] = kept
    served.app[TABLES_KEY].__init__()  # type: ignore[misc]


# ---------------------------------------------------------------------------------------------- the test
@pytest.mark.parametrize("ruleset", ["base", "spectacle"])
def test_two_signed_in_players_see_only_their_own_hidden_cards_and_follow_each_other(
        browser: Browser, second: Browser, served: Served, ruleset: str) -> None:
    alice, bob = served.fake.user("alice"), served.fake.user("bob")
    game_id = served.run(blind_game(served.service, alice, bob, 100 if ruleset == "base" else 200, ruleset))
    players = {alice: browser, bob: second}
    try:
        for user, b in players.items():
            sign_in(b, served, user, game_id)
            b.console()  # each page from an empty log
        for user, b in players.items():
            only_their_own_hidden_cards(b, served, game_id, user)
        one_moves_the_other_follows(served, game_id, players)
        for user, b in players.items():
            check_table(b, served, game_id, f"play-signed-in-{ruleset}-{user.username}")
    finally:
        for b in players.values():
            b.open("about:blank")  # the live streams close with the pages: the site stops without waiting


def only_their_own_hidden_cards(b: Browser, served: Served, game_id: int, user: FakeUser) -> None:
    """What ``user``'s browser is shown stays the same when every card hidden from their seat is dealt again
    (twice), and changes when their own blind cards are dealt again too."""
    kept = served.service._games[game_id]
    truth = kept.state
    assert truth is not None
    seat = served.run(served.service.game(game_id)).seat_of(user.id)
    assert seat is not None
    assert blind_reserves(truth, seat), f"seat {seat} holds a blind card of its own"
    hidden = hidden_from(truth, seat)
    assert set(blind_reserves(truth, 1 - seat)) <= hidden  # the other's blind cards are among those dealt again
    may_reserve = any(str(a).startswith("reserve d") for a in engine.legal_actions(truth))
    code = blind_code(truth) if truth.to_act == seat and may_reserve else None
    shown = seen_by(b, served, game_id, code)
    for name, text in shown.items():
        if name not in ("png", "previewPng"):
            assert not leaks_in_text(text, hidden), (seat, name, leaks_in_text(text, hidden))
    try:
        for n, (redealt, same) in enumerate(((seat, True), (seat, True), (None, False))):
            served.run(dealt_again(served, game_id, redealt, 101 + n))
            again = seen_by(b, served, game_id, code)
            changed = sorted(k for k in shown if again.get(k) != shown[k])
            if same:
                assert changed == [], (seat, "changed without its own cards", changed)
            else:
                assert changed, (seat, "its own blind cards dealt again, yet nothing changed")
    finally:
        served.run(put_back(served, game_id, kept))


def one_moves_the_other_follows(served: Served, game_id: int, players: dict[FakeUser, Browser]) -> None:
    """The player to act moves by clicks; the other's page shows the new board by itself (the live stream)."""
    info = served.run(served.service.game(game_id))
    mover_id = info.to_act_user
    mover = next(b for u, b in players.items() if u.id == mover_id)
    watcher = next(b for u, b in players.items() if u.id != mover_id)
    for b in (mover, watcher):
        b.open(f"{served.url}/play/{game_id}")
        table_ready(b)
    before = board_of(watcher)
    assert board_of(mover) == before == info.board and state(mover) == "move"
    play_one(mover)
    started = time.monotonic()
    WebDriverWait(watcher.driver, WAIT_S, poll_frequency=0.02).until(lambda d: board_of(watcher) > before)
    log.info("the other player's page showed the move %.0f ms after the mover's did",
             (time.monotonic() - started) * 1000)
    after = served.run(served.service.game(game_id))
    assert after.version == info.version + 1 and board_of(watcher) == after.board

    async def logged() -> list[Any]:
        async with served.service.store.reading() as tx:
            return list(await tx.actions(game_id))

    last = served.run(logged())[-1]
    assert last.user_id == mover_id and (last.request_id or "").startswith(f"web-{mover_id}-")
    table_ready(watcher)
    assert watcher.driver.find_element(By.ID, "play-line").text == "Your turn."


def check_table(b: Browser, served: Served, game_id: int, name: str) -> None:
    """The signed-in table: axe at 360 and 1280 px (no serious or critical violation), no sideways scrolling,
    saved at both widths, no console error (no refused script, style or write)."""
    b.open(f"{served.url}/play/{game_id}")
    table_ready(b)
    try:
        for width in WIDTHS:
            b.width(width)
            table_ready(b)
            results = b.axe(f"{name}-{width}")
            assert results["passes"], "axe ran no rule"
            assert blocking(results) == [], summary(results)
            assert b.overflow() == 0, f"the table scrolls sideways at {width} px"
            b.screenshot(name, width)
    finally:
        b.reset_width()
    errors = b.console_errors()
    assert errors == [], errors
