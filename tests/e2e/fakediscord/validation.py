"""Discord's form-body rules that the fake enforces (400, code 50035 "Invalid Form Body")."""

from __future__ import annotations

import re
from typing import Any

from .models import FLAG_COMPONENTS_V2, JSON, walk_components

# Locales Discord accepts in name_localizations / description_localizations.
DISCORD_LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)

_CHAT_INPUT_NAME = re.compile(r"[-_'\w]{1,32}")


class ApiError(Exception):
    """An error response: HTTP status plus Discord's JSON error code/message/errors."""

    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        super().__init__(f"{status} {code} {message} {errors or ''}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def to_payload(self) -> JSON:
        payload: JSON = {"code": self.code, "message": self.message}
        if self.errors:
            payload["errors"] = self.errors
        return payload


class FormErrors:
    """Collects nested ``errors`` the way Discord reports them: {"0": {"name": {"_errors": [...]}}}."""

    def __init__(self) -> None:
        self.tree: JSON = {}

    def add(self, path: list[str | int], code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def raise_if_any(self) -> None:
        if self.tree:
            raise ApiError(400, 50035, "Invalid Form Body", self.tree)


def is_valid_chat_input_name(name: Any) -> bool:
    """Lowercase, 1-32 characters, letters/digits/-/_/' only (no spaces)."""
    return isinstance(name, str) and bool(_CHAT_INPUT_NAME.fullmatch(name)) and name == name.lower()


def _check_localizations(
    errors: FormErrors, path: list[str | int], key: str, value: Any, *, name_rule: bool, max_len: int
) -> None:
    if value is None:
        return
    if not isinstance(value, dict):
        errors.add([*path, key], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    for locale, text in value.items():
        if locale not in DISCORD_LOCALES:
            errors.add([*path, key, locale], "LOCALE_INVALID", f"Invalid locale {locale!r}")
        elif name_rule and not is_valid_chat_input_name(text):
            errors.add([*path, key, locale], "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {text!r}")
        elif not name_rule and not (isinstance(text, str) and 1 <= len(text) <= max_len):
            errors.add([*path, key, locale], "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {max_len} in length.")


def _check_named(errors: FormErrors, path: list[str | int], item: JSON, *, chat_input: bool) -> None:
    name = item.get("name")
    if chat_input:
        if not is_valid_chat_input_name(name):
            errors.add([*path, "name"], "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")
        desc = item.get("description")
        if not (isinstance(desc, str) and 1 <= len(desc) <= 100):
            errors.add([*path, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
    elif not (isinstance(name, str) and 1 <= len(name) <= 32):
        errors.add([*path, "name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
    _check_localizations(
        errors, path, "name_localizations", item.get("name_localizations"), name_rule=chat_input, max_len=32
    )
    _check_localizations(
        errors, path, "description_localizations", item.get("description_localizations"), name_rule=False, max_len=100
    )


def _check_options(errors: FormErrors, path: list[str | int], options: list[JSON]) -> None:
    if len(options) > 25:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    seen: set[str] = set()
    for i, option in enumerate(options):
        opath: list[str | int] = [*path, i]
        _check_named(errors, opath, option, chat_input=True)
        if option.get("name") in seen:
            errors.add(
                [*opath, "name"], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option name already exists"
            )
        seen.add(str(option.get("name")))
        for key, low in (("min_length", 0), ("max_length", 1)):
            limit = option.get(key)
            if limit is not None and not (isinstance(limit, int) and low <= limit <= 6000):
                errors.add([*opath, key], "NUMBER_TYPE_MAX", f"Must be between {low} and 6000.")
        choices = option.get("choices") or []
        if len(choices) > 25:
            errors.add([*opath, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, choice in enumerate(choices):
            cname = choice.get("name")
            if not (isinstance(cname, str) and 1 <= len(cname) <= 100):
                errors.add(
                    [*opath, "choices", j, "name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
                )
            _check_localizations(
                errors,
                [*opath, "choices", j],
                "name_localizations",
                choice.get("name_localizations"),
                name_rule=False,
                max_len=100,
            )
        if option.get("type") in (1, 2):
            _check_options(errors, [*opath, "options"], option.get("options") or [])


class ClientRefusal(ValueError):
    """What Discord's client would not let a user send (a test asked for it); nothing was dispatched."""


def check_option_value(definition: JSON, value: Any) -> None:
    """The checks the Discord client makes on a typed option before sending the command."""
    name = definition.get("name")
    choices = definition.get("choices") or []
    if choices and value not in [c.get("value") for c in choices]:  # a choice list is a menu: nothing else is typed
        raise ClientRefusal(f"option {name!r}: {value!r} is not one of its {len(choices)} choices")
    if isinstance(value, str) and int(definition.get("type", 3)) == 3:
        low, high = definition.get("min_length"), definition.get("max_length")
        if (low is not None and len(value) < int(low)) or (high is not None and len(value) > int(high)):
            raise ClientRefusal(f"option {name!r}: {len(value)} characters, allowed {low or 0}-{high}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        low, high = definition.get("min_value"), definition.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ClientRefusal(f"option {name!r}: {value} is outside {low}-{high}")


#: Discord's limit on a command's combined size (:func:`command_size`): 4,000 until February 2024, 8,000 since
#: (discord-api-docs #6668).  Many libraries still hold commands to 4,000; the bot's own test does too.
COMMAND_SIZE_MAX = 8000


def _longest(item: JSON, key: str) -> int:
    """The longest of a field's default text and its localizations (what Discord counts of a localized field)."""
    texts = [str(item.get(key) or ""), *(str(v) for v in (item.get(f"{key}_localizations") or {}).values())]
    return max(len(x) for x in texts)


def command_size(item: JSON) -> int:
    """A command's size as Discord counts it: name, description and value of the command, its options (subcommands
    and groups included) and their choices, each field at its longest localization."""
    size = _longest(item, "name") + _longest(item, "description")
    if "value" in item:
        size += len(str(item["value"]))
    return size + sum(command_size(o) for o in item.get("options") or []) + sum(
        command_size(c) for c in item.get("choices") or [])


def validate_commands(commands: Any) -> None:
    """The checks of PUT /applications/{app}/commands: names, descriptions, localizations, duplicates."""
    if not isinstance(commands, list):
        raise ApiError(400, 50035, "Invalid Form Body", {"_errors": [{"code": "LIST_TYPE_CONVERT", "message": "list"}]})
    errors = FormErrors()
    if len(commands) > 100:
        errors.add([], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        ctype = int(command.get("type", 1))
        _check_named(errors, [i], command, chat_input=ctype == 1)
        key = (ctype, str(command.get("name")))
        if key in seen:
            errors.add(
                [i, "name"],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {key[1]}",
            )
        seen.add(key)
        if ctype == 1:
            _check_options(errors, [i, "options"], command.get("options") or [])
            if command_size(command) > COMMAND_SIZE_MAX:
                errors.add([i], "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_SIZE_MAX})")
    errors.raise_if_any()


def validate_message(data: JSON, *, has_files: bool, allow_empty: bool = False) -> None:
    """Message body rules: not empty, content <= 2000, embeds and components within Discord's limits, a valid
    ``allowed_mentions``."""
    errors = FormErrors()
    content = data.get("content")
    embeds = data.get("embeds") or []
    components = data.get("components") or []
    flags = int(data.get("flags") or 0)
    if content is not None and len(str(content)) > 2000:
        errors.add(["content"], "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
    if len(embeds) > 10:
        errors.add(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    if flags & FLAG_COMPONENTS_V2 and (content or embeds):
        errors.add(
            ["content"], "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", "Cannot use content/embeds with V2"
        )
    validate_embeds(errors, embeds)
    validate_components(errors, components, v2=bool(flags & FLAG_COMPONENTS_V2))
    validate_allowed_mentions(errors, data.get("allowed_mentions"))
    errors.raise_if_any()
    has_body = content or embeds or components or has_files or data.get("attachments")
    if not allow_empty and not has_body and not data.get("sticker_ids") and not data.get("poll"):
        raise ApiError(400, 50006, "Cannot send an empty message")


def validate_components(errors: FormErrors, components: list[JSON], *, v2: bool) -> None:
    if not v2 and len(components) > 5:
        errors.add(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, row in enumerate(components):
        if not v2 and row.get("type") != 1:
            errors.add(["components", i, "type"], "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "Top level must be action rows")
        children = row.get("components") or []
        if row.get("type") == 1:
            if len(children) > 5:
                errors.add(["components", i, "components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
            if any(c.get("type") in (3, 5, 6, 7, 8) for c in children) and len(children) > 1:
                errors.add(["components", i], "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select must be alone in its row")
    seen: set[str] = set()
    for comp in walk_components(components):
        custom_id = comp.get("custom_id")
        ctype = comp.get("type")
        if ctype == 2 and comp.get("style") != 5 and comp.get("style") != 6 and custom_id is None:
            errors.add(["components"], "COMPONENT_CUSTOM_ID_REQUIRED", "Buttons need a custom_id")
        if custom_id is not None:
            if not (1 <= len(custom_id) <= 100):
                errors.add(["components", "custom_id"], "BASE_TYPE_BAD_LENGTH", f"custom_id too long: {custom_id!r}")
            if custom_id in seen:
                errors.add(["components", "custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", f"Duplicate {custom_id!r}")
            seen.add(custom_id)
        label = comp.get("label")
        if ctype == 2 and label is not None and len(label) > 80:
            errors.add(["components", "label"], "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
        if ctype in (3, 5, 6, 7, 8):
            placeholder = comp.get("placeholder")
            if placeholder is not None and len(placeholder) > 150:
                errors.add(["components", "placeholder"], "BASE_TYPE_MAX_LENGTH", "Must be 150 or fewer in length.")
            for key in ("min_values", "max_values"):
                value = comp.get(key)
                if value is not None and not 0 <= int(value) <= 25:
                    errors.add(["components", key], "NUMBER_TYPE_MAX", "int value should be <= 25.")
        if ctype == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                errors.add(["components", "options"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
            for j, option in enumerate(options):
                for key, low in (("label", 1), ("value", 1), ("description", 0)):
                    text = option.get(key)
                    if (text is not None or low) and not (isinstance(text, str) and low <= len(text) <= 100):
                        errors.add(
                            ["components", "options", j, key],
                            "BASE_TYPE_BAD_LENGTH",
                            f"Must be between {low} and 100 in length.",
                        )


# Embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}
EMBED_FIELDS_MAX = 25
EMBED_TOTAL_MAX = 6000


def _embed_text(errors: FormErrors, path: list[str | int], value: Any, limit: int) -> int:
    if value is None:
        return 0
    text = str(value)
    if len(text) > limit:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
    return len(text)


def validate_embeds(errors: FormErrors, embeds: list[JSON]) -> None:
    """Per-field limits of every embed and 6,000 characters over all embeds of the message."""
    total = 0
    for i, embed in enumerate(embeds):
        path: list[str | int] = ["embeds", i]
        for key, limit in EMBED_TEXT_LIMITS.items():
            total += _embed_text(errors, [*path, key], embed.get(key), limit)
        total += _embed_text(errors, [*path, "footer", "text"], (embed.get("footer") or {}).get("text"), 2048)
        total += _embed_text(errors, [*path, "author", "name"], (embed.get("author") or {}).get("name"), 256)
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            errors.add([*path, "fields"], "BASE_TYPE_MAX_LENGTH", f"Must be {EMBED_FIELDS_MAX} or fewer in length.")
        for j, fld in enumerate(fields):
            total += _embed_text(errors, [*path, "fields", j, "name"], fld.get("name"), 256)
            total += _embed_text(errors, [*path, "fields", j, "value"], fld.get("value"), 1024)
    if total > EMBED_TOTAL_MAX:
        errors.add(["embeds"], "MESSAGE_EMBEDS_TOO_LONG", f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}")


ALLOWED_MENTION_TYPES = ("everyone", "roles", "users")


def validate_allowed_mentions(errors: FormErrors, allowed: Any) -> None:
    """``parse`` takes only everyone/roles/users; a type in ``parse`` and its id list are mutually exclusive."""
    if allowed is None:
        return
    if not isinstance(allowed, dict):
        errors.add(["allowed_mentions"], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    parse = allowed.get("parse") or []
    for i, kind in enumerate(parse):
        if kind not in ALLOWED_MENTION_TYPES:
            errors.add(["allowed_mentions", "parse", i], "ENUM_TYPE_COERCE", f"Value {kind!r} is not a valid enum")
    for kind in ("users", "roles"):
        ids = allowed.get(kind) or []
        if ids and kind in parse:
            errors.add(
                ["allowed_mentions"],
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.',
            )
        if len(ids) > 100:
            errors.add(["allowed_mentions", kind], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
