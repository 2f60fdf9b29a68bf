"""A Spanish or Portuguese message names commands as a member of that language can type them.

Discord shows each member the command names of their own language (``bot.cmd.*.name``: ``/liga unirse``,
``/splendor mano``): a reply in Spanish that says ``/league join`` names a command that member's Discord does not
list.  Every ``/command`` (and the word after a group's name) in the es and pt catalogues must be one of that
language's command or option names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bot.i18n import Entry, catalog

#: The commands that are groups: the word after one of these is a subcommand.
GROUPS = ("splendor", "league", "player", "server")
MENTION = re.compile(r"(?<![\w/<])/([a-z_]+)(?: ([a-z_]+))?")


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for inner in value.values():
            yield from _texts(inner)
    else:
        yield str(value)


def mentions_not_typable(catalogue: Mapping[str, Entry]) -> list[str]:
    """Each ``/command`` in ``catalogue`` (one language's) that is not a command or option name of that language."""
    names = {str(v) for k, v in catalogue.items()
             if k.startswith("bot.cmd.") and (k.endswith(".name") or (".opt." in k and not k.endswith(".desc")))}
    groups = {str(catalogue[f"bot.cmd.{group}.name"]) for group in GROUPS}
    wrong = []
    for key, value in catalogue.items():
        if key.startswith("bot.cmd."):
            continue
        for text in _texts(value):
            for m in MENTION.finditer(text):
                command, word = m.groups()
                if command not in names or (word is not None and command in groups and word not in names):
                    wrong.append(f"{key}: {m.group(0)}")
    return wrong


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_messages_name_the_commands_of_their_language(lang: str) -> None:
    assert mentions_not_typable(catalog(lang)) == []


def test_the_check_catches_an_english_command_in_a_spanish_message() -> None:
    extra = {"test.mention": "Únete con /league join.", "test.sub": "Cancélalo en /splendor hand."}
    assert mentions_not_typable({**catalog("es"), **extra}) == ["test.mention: /league join",
                                                               "test.sub: /splendor hand"]
