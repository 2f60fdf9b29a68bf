"""What the buttons and menus do (``bot.ui.handlers`` dispatches here): the lobby buttons, the ephemeral turn composer
(legal choices → preview → Confirm), the decision menu and "My hand".  Handlers are thin: they read the game from the
service, call it, and post the result.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord

import engine
from bot import choices
from bot.bank_text import timer_label
from bot.computer_text import mention
from bot.errors import answer, user_lang
from bot.i18n import t
from bot.limits import CONTENT_MAX
from bot.service import AlreadySeated, AlreadyStarted, GameFinished, GameInfo, NotActive, NotSeated, NotStarted, Outcome
from bot.service.bots import is_bot
from bot.service.errors import not_your_turn
from bot.store import Reliability
from bot.text import action_label, hand_lines, player_name
from bot.ui import board, plans
from bot.ui.buttons import GameButton, GameSelect
from bot.ui.context import BotContext
from engine import GameState, TableView

log = logging.getLogger(__name__)

COMPOSER_VERBS = ("take", "reserve", "buy", "claim")


def lobby_text(bot: BotContext, game: GameInfo, lang: str, records: Mapping[int, Reliability] | None = None) -> str:
    """The lobby post; ``records``: the players' reliability (:func:`lobby_content` reads it)."""
    players = ", ".join(mention(p.user_id, lang) for p in game.players) or "—"
    timer = timer_label(game, lang)
    key = {"lobby": "bot.lobby.open" if game.rematch_of is None else "bot.lobby.open_rematch",
           "active": "bot.lobby.started", "aborted": "bot.lobby.aborted"}.get(game.status, "bot.lobby.over")
    text = t(key, lang, game_id=game.game_id, ruleset=board.ruleset_label(game.ruleset, lang),
             joined=len(game.players), max=game.max_players, players=players, timer=timer,
             ranked=t("bot.yes" if game.ranked else "bot.no", lang))
    people = [u for u in game.user_ids if not is_bot(u)]
    if records and people and game.status == "lobby":
        text += "\n" + t("bot.lobby.records", lang, records="; ".join(
            f"{mention(u, lang)} {records[u].finished} · {records[u].timed_out} · {records[u].abandoned}"
            for u in people if u in records))
    if game.rematch_of is None or game.status != "lobby":
        return text
    order = ", ".join(f"{i + 1}. {mention(u, lang)}" for i, u in enumerate(game.invited))
    waiting = ", ".join(mention(u, lang) for u in game.waiting_for)
    line = (t("bot.lobby.rematch", lang, old=game.rematch_of, order=order, waiting=waiting) if waiting
            else t("bot.lobby.rematch_ready", lang, old=game.rematch_of))
    return f"{text}\n{line}"


async def lobby_content(bot: BotContext, game: GameInfo, lang: str) -> str:
    """The lobby post with its players' reliability over the last 90 days (issue 33)."""
    if game.status != "lobby":
        return lobby_text(bot, game, lang)
    return lobby_text(bot, game, lang, await bot.service.reliability(game.user_ids))


async def start_if_ready(bot: BotContext, game: GameInfo) -> Outcome | None:
    """A rematch lobby every invited player has accepted starts at once (as its host); ``None`` if it is not ready,
    or another click started it first."""
    if not game.ready:
        return None
    try:
        return await bot.service.start(game.game_id, game.creator_id)
    except AlreadyStarted:
        return None


def lobby_view(game: GameInfo, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if game.status != "lobby":
        return view
    view.add_item(GameButton(game.game_id, 0, "join", label=t("bot.button.join", lang),
                             style=discord.ButtonStyle.success))
    view.add_item(GameButton(game.game_id, 0, "leave", label=t("bot.button.leave", lang),
                             style=discord.ButtonStyle.secondary))
    view.add_item(GameButton(game.game_id, 0, "start", label=t("bot.button.start", lang),
                             style=discord.ButtonStyle.primary))
    return view


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_threads or perms.manage_guild or perms.administrator)


async def send_current_board(
    bot: BotContext, interaction: discord.Interaction[Any], game_id: int, lang: str, note: str
) -> None:
    """Ephemeral: ``note`` (e.g. "this board is out of date") and the current board with working buttons."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    game = await bot.service.game(game_id)
    state = await bot.service.state(game_id)
    if state is None:
        await interaction.followup.send(note, ephemeral=True)
        return
    seat = game.seat_of(interaction.user.id)
    names = board.names_for(bot, game, lang)
    seen = engine.view_for(state, seat)  # only this user sees the post (and its alt text): their own view
    data = await board.png(seen, names, lang)
    status = board.status_line(bot, game, state, names, lang)
    await interaction.followup.send(
        "\n".join(x for x in (note, status) if x),
        file=board.image(data, "table.png", board.table_alt(seen, names, lang)),
        view=board.turn_buttons(game, state, lang), ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def _seated_turn(bot: BotContext, interaction: discord.Interaction[Any], game_id: int,
                       board_id: int) -> tuple[GameInfo, GameState, int] | None:
    """The game, its state and the user's seat, if the user may act on board ``board_id`` now (else answered)."""
    lang = user_lang(interaction)
    game = await bot.service.game(game_id)
    interaction.extras["game_id"] = game_id
    if game.status == "lobby":
        raise NotStarted(game_id=game_id)
    if game.status != "active":
        raise GameFinished(game_id=game_id)
    seat = game.seat_of(interaction.user.id)
    interaction.extras["seat"] = seat
    if seat is None:
        raise NotSeated(game_id=game_id)
    status = next(p.status for p in game.players if p.user_id == interaction.user.id)
    if status != "active":  # resigned or removed: say so, not "it is not your turn"
        raise NotActive(game_id=game_id, status=status)
    if board_id != game.board:  # a board before a move or a take-back
        await send_current_board(bot, interaction, game_id, lang, t("service.err.stale_board", lang))
        return None
    if game.to_act_user != interaction.user.id:
        raise not_your_turn(game.to_act_user)
    state = await bot.service.state(game_id)
    if state is None:
        raise NotStarted(game_id=game_id)
    return game, state, seat


# ------------------------------------------------------------------ composer
async def open_composer(bot: BotContext, interaction: discord.Interaction[Any], game_id: int, board_id: int,
                        verb: str) -> None:
    """Take / Reserve / Buy / Claim: an ephemeral menu of the legal choices of that kind."""
    found = await _seated_turn(bot, interaction, game_id, board_id)
    if found is None:
        return
    game, state, seat = found
    lang = user_lang(interaction)
    actions = choices.family_actions(state, verb)
    if not actions:
        await answer(interaction, t(f"bot.composer.none_{verb}", lang))
        return
    view_ = engine.view_for(state, seat)
    options = [discord.SelectOption(label=action_label(view_, h, lang), value=h)
               for h in choices.heads(actions)[: board.SELECT_MAX]]
    menu = discord.ui.View(timeout=None)
    menu.add_item(GameSelect(game.game_id, game.board, verb, options, placeholder=t(f"bot.composer.{verb}", lang)))
    await interaction.response.send_message(t(f"bot.composer.{verb}", lang), view=menu, ephemeral=True)


async def picked(bot: BotContext, interaction: discord.Interaction[Any], game_id: int, board_id: int, verb: str,
                 value: str) -> None:
    """A choice in a composer menu: more detail (payment) if the choice has variants, else the preview."""
    if verb == "choose":
        await play(bot, interaction, game_id, board_id, value, edit=False)
        return
    found = await _seated_turn(bot, interaction, game_id, board_id)
    if found is None:
        return
    game, state, seat = found
    lang = user_lang(interaction)
    actions = engine.legal_actions(state)
    legal = [str(a) for a in actions]
    variants = choices.variants(actions, value) if verb != "full" else [value]
    if verb != "full" and len(variants) > 1:
        view_ = engine.view_for(state, seat)
        options = [discord.SelectOption(label=action_label(view_, c, lang), value=c)
                   for c in variants[: board.SELECT_MAX]]
        menu = discord.ui.View(timeout=None)
        menu.add_item(GameSelect(game.game_id, game.board, "full", options,
                                 placeholder=t("bot.composer.variant", lang)))
        await interaction.response.edit_message(content=t("bot.composer.variant", lang), view=menu)
        return
    if not variants or variants[0] not in legal:
        await answer(interaction, t("bot.composer.gone", lang))
        return
    await preview(bot, interaction, game, state, seat, variants[0], lang)


async def preview(bot: BotContext, interaction: discord.Interaction[Any], game: GameInfo, state: GameState,
                  seat: int, code: str, lang: str) -> None:
    """Edit the composer into a preview (image of the table after the move, hidden cards kept hidden) + Confirm."""
    await interaction.response.defer()
    interaction.extras["action"] = code
    names = board.names_for(bot, game, lang)
    shown = choices.preview(state, seat, code, names, lang)
    after, label = shown.after, shown.label
    data = await board.png(after, names, lang)
    confirm = discord.ui.View(timeout=None)
    confirm.add_item(GameButton(game.game_id, game.board, "do", arg=code, label=t("bot.button.confirm", lang),
                                style=discord.ButtonStyle.success))
    confirm.add_item(GameButton(game.game_id, game.board, "cancel", label=t("bot.button.cancel", lang),
                                style=discord.ButtonStyle.secondary))
    await interaction.edit_original_response(
        content=t("bot.composer.preview", lang, label=label, line=shown.line)[:2000],
        attachments=[board.image(data, "preview.png", board.table_alt(after, names, lang, label))], view=confirm,
    )


async def cancel(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.edit_message(content=t("bot.composer.cancelled", user_lang(interaction)),
                                            attachments=[], view=None)


# ------------------------------------------------------------------ playing
async def play(bot: BotContext, interaction: discord.Interaction[Any], game_id: int, board_id: int | None, code: str,
               *, edit: bool) -> None:
    """Apply ``code`` on board ``board_id`` (``None``: the current board) and post the new board in the thread.

    ``edit``: the interaction is the ephemeral composer, which becomes "done"; otherwise an ephemeral reply.
    """
    lang = user_lang(interaction)
    interaction.extras.update(game_id=game_id, action=code)
    if not interaction.response.is_done():
        if edit:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    if board_id is None:
        board_id = (await bot.service.game(game_id)).board
    before = await bot.service.state(game_id)
    outcome = await bot.service.play(game_id, interaction.user.id, code, expected_board=board_id,
                                     request_id=f"i{interaction.id}")
    seat = outcome.game.seat_of(interaction.user.id)
    interaction.extras["seat"] = seat
    label = action_label(engine.view_for(before, seat), code, lang) if before is not None else code
    await board.publish(bot, outcome)
    done = t("bot.played", lang, label=label)
    menu = undo_view(outcome, interaction.user.id, lang)
    if menu is not None:
        done = f"{done}\n{t('bot.undo.note', lang)}"
    if edit:
        await interaction.edit_original_response(content=done, attachments=[], view=menu)
    elif menu is not None:
        await interaction.followup.send(done, ephemeral=True, view=menu)
    else:
        await interaction.followup.send(done, ephemeral=True)


def undo_view(outcome: Outcome, user_id: int, lang: str) -> discord.ui.View | None:
    """An "Undo" button for the move just played, when it could be taken back (ruling B-16): the game goes on,
    the move is the log's last and the mover's own, and it revealed nothing (the engine says)."""
    game, state = outcome.game, outcome.state
    if game.status != "active" or state is None or not outcome.applied or outcome.duplicate:
        return None
    last = outcome.applied[-1]
    if len(outcome.applied) != 1 or last.user_id != user_id or last.source != "player":
        return None
    if engine.reveals(state, outcome.events):  # what the service's take_back would refuse, without a replay
        return None
    menu = discord.ui.View(timeout=None)
    menu.add_item(GameButton(game.game_id, game.board, "undo", label=t("bot.button.undo", lang),
                             style=discord.ButtonStyle.secondary))
    return menu


async def undo(bot: BotContext, interaction: discord.Interaction[Any], game_id: int, board_id: int | None, *,
               edit: bool) -> None:
    """Take back the user's last move, seen on board ``board_id`` (``None``: the current board), and tell the thread.

    ``edit``: the interaction is the "Played" message's Undo button, which becomes the answer.
    """
    lang = user_lang(interaction)
    interaction.extras.update(game_id=game_id, action="undo")
    if not interaction.response.is_done():
        if edit:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    if board_id is None:
        board_id = (await bot.service.game(game_id)).board
    outcome = await bot.service.take_back(game_id, interaction.user.id, expected_board=board_id)
    assert outcome.state is not None
    game = outcome.game
    seat = game.seat_of(interaction.user.id)
    interaction.extras["seat"] = seat
    code = outcome.applied[0].code
    names = board.names_for(bot, game)
    public = board.game_lang(bot, game)
    view = engine.view_for(outcome.state, seat)
    note = t("bot.undo.done", public, who=player_name(names, seat, public),
             label=action_label(view, code, public))
    await board.publish(bot, outcome, note=note)
    mine = t("bot.undo.done", lang, who=player_name(names, seat, lang), label=action_label(view, code, lang))
    if edit:
        await interaction.edit_original_response(content=mine, attachments=[], view=None)
    else:
        await interaction.followup.send(mine, ephemeral=True)


# ------------------------------------------------------------------ hand, lobby
async def show_hand(bot: BotContext, interaction: discord.Interaction[Any], game_id: int) -> None:
    lang = user_lang(interaction)
    game = await bot.service.game(game_id)
    interaction.extras["game_id"] = game_id
    seat = game.seat_of(interaction.user.id)
    if seat is None:
        raise NotSeated(game_id=game_id)
    state = await bot.service.state(game_id)
    if state is None:
        raise NotStarted(game_id=game_id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    view_ = engine.view_for(state, seat)
    names = board.names_for(bot, game, lang)
    data = await board.png(view_, names, lang, hand=True)
    hand = board.image(data, "hand.png", board.table_alt(view_, names, lang))  # only this player sees it
    mine = await bot.service.plans(game_id, interaction.user.id) if game.status == "active" else []
    text, buttons = hand_text(view_, seat, lang), plans.plans_view(game_id, game.board, mine, lang)
    if mine:  # the player's plans for their next turn, each with a Cancel button (only they see them)
        listed = plans.plans_text(view_, mine, lang)
        text = f"{text[:CONTENT_MAX - len(listed) - 2]}\n\n{listed}"
    if mine:
        await interaction.followup.send(text, file=hand, ephemeral=True, view=buttons)
    else:
        await interaction.followup.send(text, file=hand, ephemeral=True)


def hand_text(view: TableView, seat: int, lang: str) -> str:
    header, cards = hand_lines(view, seat, lang)
    body = "\n".join(f"• {c}" for c in cards) if cards else t("bot.hand.empty", lang)
    return f"{header}\n{body}"[:2000]


async def lobby_action(bot: BotContext, interaction: discord.Interaction[Any], game_id: int, verb: str) -> None:
    """Join / Leave / Start under the lobby post (public, in the game's language); refusals are private."""
    interaction.extras["game_id"] = game_id
    user = interaction.user.id
    lang = board.game_lang(bot, await bot.service.game(game_id))
    if verb == "join":
        if user in (await bot.service.game(game_id)).user_ids:
            raise AlreadySeated(game_id=game_id)
        game = await bot.service.join(game_id, user)
        outcome = await start_if_ready(bot, game)
        shown = game if outcome is None else outcome.game
        await interaction.response.edit_message(content=await lobby_content(bot, shown, lang),
                                                view=lobby_view(shown, lang))
        await _add_to_thread(interaction)
        if outcome is not None:
            await board.publish(bot, outcome)
    elif verb == "leave":
        game = await bot.service.leave(game_id, user)
        await interaction.response.edit_message(content=await lobby_content(bot, game, lang),
                                                view=lobby_view(game, lang))
    else:  # checked before anything is shown: a refusal must stay private
        outcome = await bot.service.start(game_id, user, is_manager=is_manager(interaction))
        await interaction.response.edit_message(content=lobby_text(bot, outcome.game, lang), view=None)
        await board.publish(bot, outcome)


async def _add_to_thread(interaction: discord.Interaction[Any]) -> None:
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and isinstance(interaction.user, discord.Member | discord.User):
        try:
            await channel.add_user(interaction.user)
        except discord.HTTPException:
            log.info("could not add %s to thread %s", interaction.user.id, channel.id)


__all__ = [
    "lobby_content",
    "lobby_text",
    "lobby_view",
    "open_composer",
    "picked",
    "play",
    "send_current_board",
    "show_hand",
    "start_if_ready",
    "undo",
    "undo_view",
]
