"""Game reviews through the real bot (issue 32): the graph after the recap, ``/player review``, accuracy in
``/player stats``, and no review of a running game."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import GameService, ServiceSettings
from bot.store import SqliteStore
from bot.ui.review import GRAPH_FILE
from tests.e2e.bot_helpers import join_and_start, make_bot, new_game, play_to_the_end, reply_of
from tests.e2e.conftest import ClientRunner
from tests.e2e.fakediscord import FakeDiscord, FakeMessage

pytestmark = pytest.mark.e2e

REVIEW_WAIT = 180.0  # a review is made at the lowest CPU priority: on a busy machine it may take a while


def _graph(m: FakeMessage) -> bool:
    return any(a.filename == GRAPH_FILE for a in m.attachments)


async def test_a_finished_game_gets_its_graph_and_review_and_accuracy(fake_discord: FakeDiscord,
                                                                      start_client: ClientRunner,
                                                                      tmp_path: Path) -> None:
    fake = fake_discord
    bot = await start_client(make_bot(fake, tmp_path / "games.sqlite3"))
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    general = fake.channel("general")
    handle = await fake.slash(alice, general, "splendor new", {"ruleset": "base", "players": 2, "turn_timer": "none",
                                                               "ranked": True, "target": 8})
    await handle.wait_followups(1)
    thread = await fake.wait_until(lambda: fake.threads_of(general) and fake.threads_of(general)[-1])
    lobby = await fake.wait_for_message(thread, lambda m: any("join" in c for c in m.custom_ids()))
    await join_and_start(fake, thread, lobby, alice, [bob])

    # a running game (another thread) is never reviewed: refused privately
    other, other_lobby, _ = await new_game(fake, carol, "base", 2)
    await join_and_start(fake, other, other_lobby, carol, [fake.user("owner")])
    refused = await reply_of(await fake.slash(carol, other, "player review", {}))
    assert refused.ephemeral and "finished games only" in refused.content and not refused.attachments

    game = await play_to_the_end(fake, bot, thread, {alice.id: alice, bob.id: bob})
    assert game.status == "over" and game.ranked
    recap = await fake.wait_for_message(thread, lambda m: any(a.filename == "recap.png" for a in m.attachments))
    graph = await fake.wait_for_message(thread, _graph, timeout=REVIEW_WAIT)
    assert graph.id > recap.id and not graph.ephemeral  # after the recap, in the thread, for everyone
    assert graph.attachment(GRAPH_FILE).data.startswith(b"\x89PNG")
    assert "Win chances over the game" in graph.content and "/player review" in graph.content
    assert "Alice" in graph.content and "%" in graph.content and len(graph.content) <= 2000
    assert graph.nonce == f"splendor-v{game.game_id}"
    alt = graph.attachment(GRAPH_FILE).description  # what a screen reader says of the graph
    assert alt is not None and len(alt) <= 1024 and alt.startswith("Graph of each player's chance to win")
    assert sum(line.startswith(("Alice: ", "Bob: ")) and "% at the start" in line for line in alt.splitlines()) == 2
    (tmp_path / "graph.png").write_bytes(graph.attachment(GRAPH_FILE).data)
    (tmp_path / "graph.txt").write_text(graph.content)

    # /player review: privately, in the asker's language (a player in Spanish, a spectator in English)
    mine = await reply_of(await fake.slash(bob, thread, "player review", {}, locale="es-ES"))
    assert mine.ephemeral and mine.visible_to == bob.id
    assert mine.content.startswith(f"Análisis de la partida {game.game_id}")
    assert len(mine.embeds) == 2 and all("precisión" in e["title"] for e in mine.embeds)
    assert "Alice" in mine.embeds[0]["title"] + mine.embeds[1]["title"]
    assert any("turno" in e.get("description", "") for e in mine.embeds)
    assert mine.attachment(GRAPH_FILE).data.startswith(b"\x89PNG")
    assert (mine.attachment(GRAPH_FILE).description or "").startswith("Gráfico de la probabilidad de ganar")
    seen = await reply_of(await fake.slash(carol, thread, "player review", {}))
    assert seen.ephemeral and seen.content.startswith(f"Review of game {game.game_id}")
    assert all("accuracy" in e["title"] for e in seen.embeds)
    (tmp_path / "review.txt").write_text("\n\n".join(
        [seen.content, *(f"{e['title']}\n{e.get('description', '')}" for e in seen.embeds)]))
    assert len([m for m in fake.messages_in(thread) if _graph(m)]) == 1  # the replies posted nothing publicly

    # /player stats: the average accuracy over the rated games reviewed (one here), in the asker's language
    stats = await reply_of(await fake.slash(alice, general, "player stats", {}))
    assert "on average over 1 reviewed rated game." in stats.content
    stats_pt = await reply_of(await fake.slash(carol, general, "player stats", {"member": bob}, locale="pt-BR"))
    assert "em 1 partida ranqueada analisada" in stats_pt.content
    none = await reply_of(await fake.slash(carol, general, "player stats", {}))
    assert "no rated game of theirs has been reviewed yet" in none.content


async def test_graphs_not_posted_before_a_restart_are_posted_after_it(fake_discord: FakeDiscord,
                                                                      start_client: ClientRunner,
                                                                      tmp_path: Path) -> None:
    """Two games finish while no bot runs: one's review was made but its graph never posted, the other's review was
    never even queued.  At the next start both are reviewed (once) and both graphs posted, in the games' threads."""
    fake = fake_discord
    db = tmp_path / "games.sqlite3"
    bot = await start_client(make_bot(fake, db))
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "owner"))
    games = []
    for creator, other in ((alice, bob), (carol, dave)):
        thread, lobby, _ = await new_game(fake, creator, "base", 2)
        await join_and_start(fake, thread, lobby, creator, [other])
        games.append((thread, other))
    await start_client.stop(bot)
    store = await SqliteStore.open(db)
    try:  # the bot is down: the games end (a tool, another process), and the first one's review is made
        settings = ServiceSettings(computer_workers=0, review_in_process=True)
        service = GameService(store, lambda: datetime.now(UTC), settings)
        ids = []
        for thread, other in games:
            info = await service.game_for_channel(thread.id)
            assert info is not None
            await service.resign(info.game_id, other.id)
            ids.append(info.game_id)
        assert await service.make_review(ids[0])
        async with store.reading() as tx:
            first, second = await tx.review(ids[0]), await tx.review(ids[1])
        assert first is not None and first.graph == "due" and second is None
    finally:
        await store.close()
    bot = await start_client(make_bot(fake, db))
    for (thread, _), game_id in zip(games, ids, strict=True):
        graph = await fake.wait_for_message(thread, _graph, timeout=REVIEW_WAIT)
        assert graph.nonce == f"splendor-v{game_id}"

    async def marked() -> bool:  # the post comes first, then its mark
        async with bot.service.store.reading() as tx:
            rows = [await tx.review(g) for g in ids]
        return all(r is not None and r.graph == "posted" and r.status == "done" and r.attempts == 1 for r in rows)

    deadline = asyncio.get_running_loop().time() + 30
    while not await marked():
        assert asyncio.get_running_loop().time() < deadline, "the graphs were posted but never marked"
        await asyncio.sleep(0.05)
    assert [len([m for m in fake.messages_in(t) if _graph(m)]) for t, _ in games] == [1, 1]
