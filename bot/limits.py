"""Discord's limits on what a bot sends, and the last guard that keeps every message within them.

Discord refuses (HTTP 400) a message whose content is over 2,000 characters, an embed or a component over its
published limits; the user then sees "The application did not respond".  Commands cut what they echo
(:func:`clip`) and their free-text options declare ``max_length``; :func:`install` adds one last guard on the
way out: every message body the client sends (channel posts and edits, interaction responses, followups and
their edits, autocomplete choices) is cut to the limits before it is serialized, and the cut is logged.

discord.py has no hook for this, so :func:`install` wraps the two places every request passes through: the
client's ``HTTPClient.request`` and the webhook adapter of interaction responses and followups (a context
variable of discord.py, set for the tasks the client starts from then on).
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import aiohttp
import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.i18n import clip

log = logging.getLogger(__name__)

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_FIELDS_MAX = 25
EMBED_TEXT = {"title": 256, "description": 4096}
FIELD_NAME_MAX, FIELD_VALUE_MAX = 256, 1024
FOOTER_MAX, AUTHOR_MAX = 2048, 256
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
OPTION_TEXT_MAX = 100  # select option label, value, description; autocomplete choice name and value
PLACEHOLDER_MAX = 150
CHOICES_MAX = 25

#: (method, route template) of the requests whose JSON body is a message.
MESSAGE_ROUTES = frozenset({
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
})
CALLBACK_ROUTE = ("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
AUTOCOMPLETE_RESULT = 8


class _Cutter:
    """Cuts the fields of one body in place and remembers what it cut (for the log)."""

    def __init__(self) -> None:
        self.cut: list[str] = []

    def text(self, holder: dict[str, Any], key: str, limit: int, where: str) -> int:
        value = holder.get(key)
        if not isinstance(value, str):
            return 0
        if len(value) > limit:
            holder[key] = clip(value, limit)
            self.cut.append(f"{where}{key}>{limit}")
        return len(holder[key])

    def items(self, holder: dict[str, Any], key: str, limit: int, where: str) -> list[Any]:
        value = holder.get(key)
        if not isinstance(value, list):
            return []
        if len(value) > limit:
            holder[key] = value[:limit]
            self.cut.append(f"{where}{key}>{limit} items")
        return list(holder[key])


def _fit_embeds(cut: _Cutter, embeds: list[Any]) -> None:
    total = 0
    texts: list[tuple[dict[str, Any], str]] = []  # every text, in the order they give way to the total limit
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        where = f"embeds[{i}]."
        mine: list[tuple[dict[str, Any], str]] = []
        for key, limit in EMBED_TEXT.items():
            total += cut.text(embed, key, limit, where)
            mine.append((embed, key))
        for key, sub, limit in (("footer", "text", FOOTER_MAX), ("author", "name", AUTHOR_MAX)):
            if isinstance(embed.get(key), dict):
                total += cut.text(embed[key], sub, limit, f"{where}{key}.")
                mine.append((embed[key], sub))
        for field in cut.items(embed, "fields", EMBED_FIELDS_MAX, where):
            if isinstance(field, dict):
                total += cut.text(field, "name", FIELD_NAME_MAX, f"{where}fields.")
                total += cut.text(field, "value", FIELD_VALUE_MAX, f"{where}fields.")
                mine += [(field, "name"), (field, "value")]
        texts += mine  # reversed below: a later embed gives way first; within one, its last field first
    excess = total - EMBED_TOTAL_MAX
    if excess > 0:
        cut.cut.append(f"embeds>{EMBED_TOTAL_MAX} in all")
        for holder, key in reversed(texts):
            text = holder.get(key)
            if excess <= 0:
                break
            if isinstance(text, str) and len(text) > 1:
                holder[key] = clip(text, max(1, len(text) - excess))
                excess -= len(text) - len(holder[key])


def _walk(components: Iterable[Any]) -> Iterable[dict[str, Any]]:
    for component in components:
        if isinstance(component, dict):
            yield component
            yield from _walk(component.get("components") or [])


def _fit_components(cut: _Cutter, components: list[Any]) -> None:
    for comp in _walk(components):
        kind = comp.get("type")
        if kind == 2:
            cut.text(comp, "label", BUTTON_LABEL_MAX, "button.")
        elif kind in (3, 5, 6, 7, 8):
            cut.text(comp, "placeholder", PLACEHOLDER_MAX, "select.")
            for option in cut.items(comp, "options", SELECT_OPTIONS_MAX, "select."):
                if isinstance(option, dict):
                    for key in ("label", "value", "description"):
                        cut.text(option, key, OPTION_TEXT_MAX, "select.option.")
            for key in ("min_values", "max_values"):
                if isinstance(comp.get(key), int) and comp[key] > len(comp.get("options") or []) > 0:
                    comp[key] = len(comp["options"])


def fit_message(data: dict[str, Any]) -> list[str]:
    """Cut a message body (content, embeds, components) to Discord's limits in place; what was cut."""
    cut = _Cutter()
    cut.text(data, "content", CONTENT_MAX, "")
    _fit_embeds(cut, cut.items(data, "embeds", EMBEDS_MAX, ""))
    _fit_components(cut, data.get("components") or [])
    return cut.cut


def fit_choices(data: dict[str, Any]) -> list[str]:
    """Autocomplete choices: at most 25, names and string values of at most 100 characters."""
    cut = _Cutter()
    for choice in cut.items(data, "choices", CHOICES_MAX, ""):
        if isinstance(choice, dict):
            cut.text(choice, "name", OPTION_TEXT_MAX, "choice.")
            cut.text(choice, "value", OPTION_TEXT_MAX, "choice.")
    return cut.cut


def fit_request(method: str, path: str, body: Any) -> list[str]:
    """Cut the JSON body of a request to ``path`` (a route template) in place, when it carries a message."""
    if not isinstance(body, dict):
        return []
    if (method, path) in MESSAGE_ROUTES:
        return fit_message(body)
    if (method, path) == CALLBACK_ROUTE and isinstance(body.get("data"), dict):
        if body.get("type") == AUTOCOMPLETE_RESULT:
            return fit_choices(body["data"])
        return fit_message(body["data"])
    return []


def _fit_form(method: str, path: str, form: Sequence[dict[str, Any]] | None) -> list[str]:
    """The ``payload_json`` part of a multipart body (a message with files)."""
    cut: list[str] = []
    for part in form or ():
        if part.get("name") == "payload_json" and isinstance(part.get("value"), str):
            body = json.loads(part["value"])
            cut = fit_request(method, path, body)
            if cut:
                part["value"] = json.dumps(body, separators=(",", ":"), ensure_ascii=True)
    return cut


def _report(route: Route, cut: list[str]) -> None:
    if cut:
        counted = Counter(cut)
        log.warning("cut a message to Discord's limits (%s %s): %s", route.method, route.path,
                    ", ".join(f"{what} ×{n}" if n > 1 else what for what, n in counted.items()))


class GuardedHTTPClient(HTTPClient):
    """The client's REST requests, with message bodies cut to Discord's limits (see the module docstring)."""

    async def request(self, route: Route, *, files: Sequence[discord.File] | None = None,
                      form: Iterable[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        if form is not None:
            form = list(form)
            _report(route, _fit_form(route.method, route.path, form))
        _report(route, fit_request(route.method, route.path, kwargs.get("json")))
        return await super().request(route, files=files, form=form, **kwargs)


class GuardedWebhookAdapter(AsyncWebhookAdapter):
    """Interaction responses and followups, with message bodies cut to Discord's limits."""

    async def request(self, route: Route, session: aiohttp.ClientSession, *, payload: dict[str, Any] | None = None,
                      multipart: list[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        _report(route, fit_request(route.method, route.path, payload))
        _report(route, _fit_form(route.method, route.path, multipart))
        return await super().request(route, session, payload=payload, multipart=multipart, **kwargs)


def install(client: discord.Client) -> None:
    """Guard every message ``client`` sends from now on (call it from ``setup_hook``: the tasks the client
    starts afterwards inherit the webhook adapter)."""
    client.http.__class__ = GuardedHTTPClient  # discord.py builds its HTTPClient itself; same state, guarded
    async_context.set(GuardedWebhookAdapter())  # type: ignore[no-untyped-call]  # discord.py's untyped __init__


__all__ = ["GuardedHTTPClient", "GuardedWebhookAdapter", "fit_choices", "fit_message",
           "fit_request", "install"]
