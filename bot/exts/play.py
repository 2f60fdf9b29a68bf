"""The turn actions as top-level commands: ``/take``, ``/reserve``, ``/buy``, ``/claim`` (Spectacle) and ``/choose``.

Autocomplete offers only legal choices of the user (when it is their turn), with readable labels in their language.
A choice's value carries the board it was offered on (``1.1 #7``: Discord shows the choice's name and sends its
value), so a command prepared on an older board (before a move or a take-back) is refused as out of date, as an
old button is; a value typed by hand acts on the current board.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

import engine
from bot import choices
from bot.errors import user_lang
from bot.exts._common import bot_of, game_here
from bot.i18n import t
from bot.text import action_label, ordered_options
from bot.translator import L
from bot.ui import composer
from engine import Action, GameState, TableView

Choices = list[app_commands.Choice[str]]
# A typed move (Discord's client stops longer input; autocomplete values are at most 100 characters too).
Typed = app_commands.Range[str, 1, 100]


#: A board number: ASCII digits, few enough that int() never refuses them (a hostile client can send 6,000)
_MARK = re.compile(r"\s+#([0-9]{1,12})$", re.ASCII)


def marked(value: str, board_id: int) -> str:
    """``value`` with the board it is offered on (unmarked if that would not fit Discord's 100 characters)."""
    out = f"{value} #{board_id}"
    return out if len(out) <= 100 else value[:100]


def unmarked(value: str) -> tuple[str, int | None]:
    """A command's value without its board mark, and the board (``None``: typed by hand, the current board)."""
    found = _MARK.search(value)
    return (value, None) if found is None else (value[:found.start()], int(found[1]))


async def _turn(interaction: discord.Interaction[Any]) -> tuple[GameState, int, str, int] | None:
    """The game's state, the user's seat and language and the board, or None when they cannot act here now."""
    bot = bot_of(interaction)
    if interaction.channel_id is None:
        return None
    await bot.remember(interaction)
    game = await bot.service.game_for_channel(interaction.channel_id)
    if game is None or game.status != "active" or game.to_act_user != interaction.user.id:
        return None
    state = await bot.service.state(game.game_id)
    seat = game.seat_of(interaction.user.id)
    if state is None or seat is None:
        return None
    return state, seat, user_lang(interaction), game.board


async def _legal(interaction: discord.Interaction[Any]) -> tuple[TableView, list[Action], str, int] | None:
    """The user's view, their legal codes, language and the board, or None when they cannot act here now."""
    found = await _turn(interaction)
    if found is None:
        return None
    state, seat, lang, board_id = found
    return engine.view_for(state, seat), engine.legal_actions(state), lang, board_id


def _matches(current: str, label: str, value: str) -> bool:
    needle = current.strip().lower()
    return not needle or needle in label.lower() or needle in value.lower()


def _notice(lang: str) -> Choices:
    return [app_commands.Choice(name=t("bot.auto.not_your_turn", lang), value="-")]


async def _family(interaction: discord.Interaction[Any], current: str, verb: str, *, strip: bool) -> Choices:
    found = await _legal(interaction)
    if found is None:
        return _notice(user_lang(interaction))
    view, actions, lang, board_id = found
    out: Choices = []
    for head in choices.heads([a for a in actions if a.family == verb]):
        value = head.split(" ", 1)[1] if strip and " " in head else head
        label = action_label(view, head, lang)
        if _matches(current, label, value):
            out.append(app_commands.Choice(name=label, value=marked(value, board_id)))
    return out[:25]


def _code(verb: str, value: str, ruleset: str) -> str:
    """A command's argument as an action code: as typed when the engine reads it as an action of the command's
    family (the user typed the verb too), else with the verb in front (``/buy 1.4`` -> ``buy 1.4``)."""
    value = value.strip()
    try:
        if engine.find_ruleset(ruleset).parse_action(value).family == verb:
            return value
    except engine.EngineError:
        pass
    return f"{verb} {value}"


async def _act(interaction: discord.Interaction[Any], verb: str, value: str, suffix: str = "") -> None:
    game = await game_here(interaction)
    value, board_id = unmarked(value)
    code = " ".join(x for x in (_code(verb, value, game.ruleset), unmarked(suffix)[0].strip()) if x)
    await composer.play(bot_of(interaction), interaction, game.game_id, board_id, code, edit=False)


# ------------------------------------------------------------------ commands
@app_commands.command(name=L("take", "take.name"), description=L("Take gems (Splendor) or chips (Spectacle)",
                                                                 "take.desc"))
@app_commands.rename(gems=L("gems", "opt.gems"))
@app_commands.describe(gems=L("e.g. wug, rr — or stacks: 1 3", "opt.gems.desc"))
@app_commands.guild_only()
async def take(interaction: discord.Interaction[Any], gems: Typed) -> None:
    await _act(interaction, "take", gems)


@take.autocomplete("gems")
async def _take_auto(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _family(interaction, current, "take", strip=True)


@app_commands.command(name=L("reserve", "reserve.name"), description=L("Reserve a face-up card or a deck's top card",
                                                                       "reserve.desc"))
@app_commands.rename(card=L("card", "opt.card"))
@app_commands.describe(card=L("e.g. 2.3 or d2 (Spectacle: 7h, deck)", "opt.card.desc"))
@app_commands.guild_only()
async def reserve(interaction: discord.Interaction[Any], card: Typed) -> None:
    await _act(interaction, "reserve", card)


@reserve.autocomplete("card")
async def _reserve_auto(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _family(interaction, current, "reserve", strip=True)


@app_commands.command(name=L("buy", "buy.name"), description=L("Buy a face-up card or one of your reserved cards",
                                                               "buy.desc"))
@app_commands.rename(card=L("card", "opt.card"), payment=L("payment", "opt.payment"))
@app_commands.describe(card=L("e.g. 1.4 or r1 (Spectacle: 7h)", "opt.card.desc_buy"),
                       payment=L("Optional: exactly which tokens or chips to pay", "opt.payment.desc"))
@app_commands.guild_only()
async def buy(interaction: discord.Interaction[Any], card: Typed, payment: Typed | None = None) -> None:
    await _act(interaction, "buy", card, payment if payment and payment != "-" else "")


@buy.autocomplete("card")
async def _buy_card_auto(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _family(interaction, current, "buy", strip=True)


@buy.autocomplete("payment")
async def _buy_payment_auto(interaction: discord.Interaction[Any], current: str) -> Choices:
    found = await _turn(interaction)
    if found is None:
        return _notice(user_lang(interaction))
    state, seat, lang, _ = found
    card = unmarked(str(getattr(interaction.namespace, "card", "") or "").strip())[0]
    out: Choices = []
    for rest, label in payments(state, seat, _code("buy", card, state.rules.name), lang):
        if _matches(current, label, rest):
            out.append(app_commands.Choice(name=label, value=rest[:100]))
    return out[:25]


def payments(state: GameState, seat: int, head: str, lang: str) -> list[tuple[str, str]]:
    """What may follow ``head`` (``buy 7h``) in a typed ``/buy`` as its payment (``5 2``, ``pay rro``), with a label:
    the engine never lists payments as moves; buying asks them as a decision, whose options (as the buyer sees
    them) are offered here in the form the ruleset reads after the card."""
    try:
        action = engine.parse_action(state, head)
        after = engine.apply(state, seat, action).state
    except engine.EngineError:
        return []
    view = engine.view_for(after, seat)
    pending = view.pending
    if action.family != "buy" or pending is None or pending.seat != seat or pending.kind != "pay":
        return []
    out: list[tuple[str, str]] = []
    for option in ordered_options(view, pending.options):
        for rest in (option, option.split(" ", 1)[-1]):  # ``pay rro`` (Orient) or ``5 2`` (Spectacle)
            try:
                typed = engine.parse_action(state, f"{head} {rest}")
            except engine.EngineError:
                continue
            if str(typed.head) == str(action) and str(typed) != str(action):
                out.append((rest, action_label(view, option, lang)))
                break
    return out


@app_commands.command(name=L("claim", "claim.name"), description=L("Spectacle: claim a set or a run", "claim.desc"))
@app_commands.rename(cards=L("cards", "opt.cards"))
@app_commands.describe(cards=L("e.g. set 7c 7d 7h or run 4h 5h 6h", "opt.cards.desc"))
@app_commands.guild_only()
async def claim(interaction: discord.Interaction[Any], cards: Typed) -> None:
    await _act(interaction, "claim", cards)  # the engine tells a set from a run


@claim.autocomplete("cards")
async def _claim_auto(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _family(interaction, current, "claim", strip=False)


@app_commands.command(name=L("choose", "choose.name"), description=L("Answer a pending decision", "choose.desc"))
@app_commands.rename(option=L("option", "opt.option"))
@app_commands.describe(option=L("Tokens to return, a noble, a colour, a card…", "opt.option.desc"))
@app_commands.guild_only()
async def choose(interaction: discord.Interaction[Any], option: Typed) -> None:
    game = await game_here(interaction)
    code, board_id = unmarked(option.strip())
    await composer.play(bot_of(interaction), interaction, game.game_id, board_id, code, edit=False)


@choose.autocomplete("option")
async def _choose_auto(interaction: discord.Interaction[Any], current: str) -> Choices:
    found = await _legal(interaction)
    if found is None:
        return _notice(user_lang(interaction))
    view, _, lang, board_id = found
    out: Choices = []
    if view.pending is None:
        return [app_commands.Choice(name=t("bot.auto.no_decision", lang), value="-")]
    for code in ordered_options(view, view.pending.options):
        label = action_label(view, code, lang)
        if _matches(current, label, code):
            out.append(app_commands.Choice(name=label, value=marked(code, board_id)))
    return out[:25]


def add_to(tree: app_commands.CommandTree[discord.Client]) -> None:
    commands: list[app_commands.Command[Any, Any, Any]] = [take, reserve, buy, claim, choose]
    for command in commands:
        tree.add_command(command)


__all__ = ["add_to"]
