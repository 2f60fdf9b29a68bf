"""A finished game's review in Discord (issue 32): the win-chance graph in its thread, and ``/player review``.

* The graph is posted in the game's thread, in the game's language, once the review is made (a few seconds after
  the recap: the review runs in the computer players' workers at low priority).  The service keeps it due until
  it is posted (:meth:`bot.service.reviews.ReviewMixin.run_reviews`), so a restart in between posts it then; it
  carries a nonce, so posted twice (stopped after the post, before it was marked) Discord keeps one message.
* ``/player review`` answers with each player's accuracy and three biggest swings with the better move
  (:func:`bot.review_text.review_blocks`), one embed per player in their seat colour, and the graph.
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import t
from bot.limits import EMBED_TEXT
from bot.render.theme import SEATS
from bot.render.winchart import win_chart_png
from bot.review_text import graph_text, review_blocks, waiting_text
from bot.service.reviews import ReviewAnswer, in_daemon_thread
from bot.textboard import fit_lines
from bot.ui.board import game_lang, image, names_for
from bot.ui.context import BotContext
from bot.ui.threads import ThreadUnavailable, thread_send

log = logging.getLogger(__name__)

GRAPH_FILE = "win-chances.png"


def graph_nonce(game_id: int) -> str:
    """The nonce the graph of ``game_id`` is posted with (within Discord's 25 characters)."""
    return f"splendor-v{game_id}"


def graph_alt(answer: ReviewAnswer, names: list[str], lang: str) -> str:
    """The graph's alt text: each player's chance to win at the start, at the end, at its highest and lowest (and
    when), then the accuracies the post gives."""
    review = answer.review
    assert review is not None
    lines = [t("review.graph.alt", lang, count=len(review.moves))]
    for s in range(review.players):
        series = [(0, review.moves[0].before[s])] if review.moves else []
        series += [(m.turn + 1, m.after[s]) for m in review.moves]
        if not series:
            continue
        high, low = max(series, key=lambda p: p[1]), min(series, key=lambda p: p[1])
        lines.append(t("review.graph.alt_player", lang, name=names[s], start=round(series[0][1] * 100),
                       end=round(series[-1][1] * 100), high=round(high[1] * 100), high_turn=high[0],
                       low=round(low[1] * 100), low_turn=low[0]))
    return fit_lines([*lines, graph_text(review, names, lang)])


async def post_review_graph(bot: BotContext, game_id: int) -> bool:
    """Post the graph of ``game_id``'s review in its thread: True once posted (or when the thread is gone, so it is
    not tried again), False when it should be tried again later."""
    answer = await bot.service.game_review(game_id)
    if answer.review is None:
        return False
    game = answer.game
    lang = game_lang(bot, game)
    names = names_for(bot, game, lang)
    data = await in_daemon_thread(win_chart_png, answer.review, names, lang)
    try:
        await thread_send(bot, game.channel_id, graph_text(answer.review, names, lang),
                          file=image(data, GRAPH_FILE, graph_alt(answer, names, lang)),
                          allowed_mentions=discord.AllowedMentions.none(), nonce=graph_nonce(game_id))
    except ThreadUnavailable as exc:
        log.info("game %s: the review graph is not posted (%s)", game_id, exc)
    return True


def review_embeds(bot: BotContext, answer: ReviewAnswer, lang: str, reader: int | None) -> list[discord.Embed]:
    """One embed per player: their accuracy and verdicts as its title, their biggest swings as its text, the moves
    named as ``reader`` (their seat, ``None``: a spectator) saw them."""
    review = answer.review
    assert review is not None
    names = names_for(bot, answer.game, lang)
    blocks = review_blocks(answer.config, answer.history, review, names, lang, reader=reader)
    embeds = []
    for seat, (head, lines) in enumerate(blocks):
        r, g, b = SEATS[seat % len(SEATS)]
        text = "\n".join(f"• {line}" for line in lines)
        embeds.append(discord.Embed(title=head[:EMBED_TEXT["title"]], description=text[:EMBED_TEXT["description"]],
                                    colour=discord.Colour.from_rgb(r, g, b)))
    return embeds


async def review_reply(bot: BotContext, answer: ReviewAnswer, lang: str, reader: int | None
                       ) -> tuple[str, list[discord.Embed], list[discord.File]]:
    """What ``/player review`` answers to ``reader`` (their seat, ``None``: a spectator): the review (text, embeds
    and graph), or when it will be ready."""
    if answer.review is None:
        return waiting_text(answer.wait_s, lang), [], []
    names = names_for(bot, answer.game, lang)
    data = await in_daemon_thread(win_chart_png, answer.review, names, lang)
    return (t("review.reply", lang, game_id=answer.game.game_id), review_embeds(bot, answer, lang, reader),
            [image(data, GRAPH_FILE, graph_alt(answer, names, lang))])


__all__ = ["GRAPH_FILE", "graph_nonce", "post_review_graph", "review_embeds", "review_reply"]
