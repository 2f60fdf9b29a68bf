"""A block made after a game keeps the two apart in its rematch too: whoever blocked or was blocked cannot accept
(join) a rematch the other sits in, and is told only that it is not open to them."""

from __future__ import annotations

import pytest

from bot.service import GameService, NotOpenToYou
from tests.bot.service.test_rematch import _finished


@pytest.mark.parametrize("blocker", [101, 102])
async def test_a_player_blocked_after_the_game_cannot_accept_its_rematch(service: GameService, blocker: int) -> None:
    gid = await _finished(service, (101, 102, 103))
    await service.block(blocker, 102 if blocker == 101 else 101)  # after the game: a block between 101 and 102
    lobby, opened = await service.rematch(gid, 101, channel_id=9100)
    assert opened and lobby.user_ids == (101,) and 102 in lobby.waiting_for
    with pytest.raises(NotOpenToYou):
        await service.join(lobby.game_id, 102)
    after = await service.game(lobby.game_id)
    assert 102 not in after.user_ids and not after.ready
    await service.join(lobby.game_id, 103)  # the third player, blocked by nobody, still accepts
    assert 103 in (await service.game(lobby.game_id)).user_ids


async def test_an_unblocked_player_accepts_the_rematch(service: GameService) -> None:
    gid = await _finished(service, (101, 102))
    await service.block(102, 101)
    await service.unblock(102, 101)
    lobby, _ = await service.rematch(gid, 101, channel_id=9100)
    ready = await service.join(lobby.game_id, 102)
    assert ready.ready and set(ready.user_ids) == {101, 102}
