"""The bot's pure helpers: labels, turn lines (redaction), refusals, catalogues, settings, translator, entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from discord import app_commands

import engine
from bot.config import Settings
from bot.i18n import catalog
from bot.service import NotYourTurn
from bot.text import action_label, card_code_text, error_text, gems_text, turn_line
from bot.translator import SplendorTranslator
from engine import GameConfig

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "locales"


def _base(seed: int = 7) -> object:
    return engine.new_game(GameConfig("base", players=2, seed=seed))


def test_every_bot_key_exists_in_all_three_languages() -> None:
    entries = [json.loads((LOCALES / f"bot.{lang}.json").read_text("utf-8")) for lang in ("en", "es", "pt")]
    keys = [set(e) for e in entries]
    assert keys[0] == keys[1] == keys[2]
    assert len(keys[0]) > 200
    plural = [{k for k, v in e.items() if isinstance(v, dict)} for e in entries]  # {"one": ..., "other": ...}
    assert plural[0] == plural[1] == plural[2] and plural[0]


def test_localized_command_names_are_valid_discord_names() -> None:
    import re

    pattern = re.compile(r"^[-_\w]{1,32}$")
    for lang in ("en", "es", "pt"):
        for key, value in catalog(lang).items():
            if key.startswith("bot.cmd.") and (key.endswith(".name") or (key.count(".") == 3 and
                                               key.split(".")[2] == "opt" and not key.endswith(".desc"))):
                assert pattern.match(value) and value == value.lower(), (lang, key, value)


async def test_translator_uses_the_catalogue_keys() -> None:
    translator = SplendorTranslator()
    take = app_commands.locale_str("take", key="take.name")
    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    assert await translator.translate(take, discord.Locale.spain_spanish, ctx) == "tomar"
    assert await translator.translate(take, discord.Locale.latin_american_spanish, ctx) == "tomar"
    assert await translator.translate(take, discord.Locale.brazil_portuguese, ctx) == "pegar"
    assert await translator.translate(take, discord.Locale.american_english, ctx) is None
    assert await translator.translate(app_commands.locale_str("x"), discord.Locale.spain_spanish, ctx) is None


def test_action_labels_for_splendor() -> None:
    state = _base()
    view = engine.view_for(state, 0)
    assert action_label(view, "take wug", "en") == "Take white, blue, green"  # a code still reads (transition)
    assert action_label(view, engine.parse_action(state, "take rr"), "es") == "Tomar 2 rojos"
    card = view.rows[0].slots[2].card
    label = action_label(view, engine.parse_action(state, "reserve 1.3"), "en")
    assert label.startswith("Reserve 1.3 — ") and f"{card.points} pt" in label and "cost" in label
    assert "level 1" in label and card.id not in label
    assert action_label(view, engine.parse_action(state, "buy 1.3"), "en") == label.replace("Reserve", "Buy", 1)
    assert "coste" in action_label(view, engine.parse_action(state, "reserve 1.3"), "es-ES")
    assert "custo" in action_label(view, engine.parse_action(state, "reserve 1.3"), "pt-BR")
    assert action_label(view, engine.parse_action(state, "reserve d2"), "en") == \
        "Reserve blind: top of the level 2 deck (d2)"
    for action in engine.legal_actions(state):
        assert 0 < len(action_label(view, action, "pt")) <= 100


def test_action_labels_for_spectacle() -> None:
    state = engine.new_game(GameConfig("spectacle", players=3, seed=3))
    view = engine.view_for(state, 0)
    assert action_label(view, engine.parse_action(state, "res 10s"), "en") == "Reserve 10♠ — price 10"
    assert action_label(view, engine.parse_action(state, "res deck"), "es").startswith("Reservar a ciegas")
    assert action_label(view, engine.parse_action(state, "take 1 3"), "en").startswith("Take chips ")
    assert action_label(view, "take 1 3", "en").endswith("from stacks 1 and 3")
    assert action_label(view, "take 1", "es").startswith("Tomar la ficha ")
    assert card_code_text("ah") == "A♥" and card_code_text("jh") == "J♥"


def test_families_and_heads_come_from_the_engine() -> None:
    base, spectacle = engine.find_ruleset("base"), engine.find_ruleset("spectacle")
    families = {code: base.parse_action(code).family for code in ("take wug", "reserve d2", "buy r1", "return gg")}
    assert families == {"take wug": "take", "reserve d2": "reserve", "buy r1": "buy", "return gg": "choose"}
    assert spectacle.parse_action("res 7h").family == "reserve"
    assert spectacle.parse_action("set 7c 7d 7h").family == "claim"
    assert str(base.parse_action("buy 1.4 pay rro").head) == "buy 1.4"
    assert str(spectacle.parse_action("buy 7h 5 2").head) == "buy 7h"
    assert str(base.parse_action("take wug").head) == "take wug"
    assert gems_text("wwu", "en") == "2 white, 1 blue"


def test_turn_line_hides_a_blind_reserve_from_everyone_else() -> None:
    state = _base()
    tr = engine.apply(state, 0, engine.parse_action(state, "reserve d2"))
    reserve = next(e for e in tr.events if e.kind == "reserve")
    card = str(reserve.params["card"])
    names = ["Ana", "Beto"]

    def line(viewer: int | None, lang: str) -> str:
        return turn_line(engine.view_for(tr.state, viewer), tr.events, names, lang)

    public = line(None, "en")
    assert public == "Ana reserved a level-2 card from the deck, taking gold" and card not in public
    mine = line(0, "en")
    assert mine != public and mine.startswith("Ana reserved a ") and "level-2" not in mine
    assert line(1, "es") == "Ana reservó una carta de nivel 2 del mazo, tomando oro"
    assert line(None, "pt").startswith("Ana reservou uma carta de nível 2")


def test_error_text_translates_engine_and_service_refusals() -> None:
    state = _base()
    with pytest.raises(engine.IllegalAction) as illegal:
        engine.apply(state, 0, engine.parse_action(state, "take wwu"))
    rule = illegal.value.rule  # a refusal of the rules cites the rule
    assert error_text(illegal.value, "en") == f"Take three different colours, or two of the same colour. ({rule})"
    assert error_text(illegal.value, "es-ES") == f"Toma tres colores distintos o dos del mismo color. ({rule})"
    assert error_text(illegal.value, "pt-BR") == f"Pegue três cores diferentes ou duas da mesma cor. ({rule})"
    odd = engine.IllegalAction("B-0", "Some new rule.", key="err.brand_new")
    assert error_text(odd, "en") == "Some new rule. (B-0)"
    assert error_text(odd, "es") == "No permitido: Some new rule. (B-0)"
    assert error_text(NotYourTurn(to_act=5), "es").startswith("No es tu turno")


def test_settings_from_code_and_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    settings = Settings(discord_token="sekrit", database_path=tmp_path / "db.sqlite3")
    assert settings.discord_token.get_secret_value() == "sekrit" and "sekrit" not in repr(settings)
    assert settings.token_problem() is not None  # not a token's shape
    monkeypatch.setenv("SPLENDOR_DEV_GUILD_ID", "")
    monkeypatch.setenv("SPLENDOR_LOG_LEVEL", "debug")
    (tmp_path / ".env").write_text("SPLENDOR_DISCORD_TOKEN=MTIzNDU2Nzg5MDEy.GabcDE.abcdefghijklmnopqrstuvwxyz\n")
    loaded = Settings()
    assert loaded.token_problem() is None and loaded.dev_guild_id is None and loaded.log_level == "DEBUG"


@pytest.mark.parametrize(("token", "needle"), [("", "is not set"), ("not-a-token", "does not look like")])
def test_missing_or_invalid_token_is_one_sentence(tmp_path: Path, token: str, needle: str) -> None:
    env = {"SPLENDOR_DISCORD_TOKEN": token, "PATH": "/usr/bin:/bin", "PYTHONPATH": str(LOCALES.parents[1])}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 2
    assert needle in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_helpers_answer_odd_input_in_words_rather_than_failing() -> None:
    """The fallbacks of the text helpers: no gems, a code that is not a card, an unreadable action, no decision,
    an error the bot did not expect, a table with no hand text."""
    from bot.text import decision_text, hand_lines, ordered_options

    assert gems_text("", "en") == "nothing" and gems_text("xz", "es") == "nada"  # letters that are no colour
    assert gems_text("wwu", "en") == "2 white, 1 blue" and gems_text("wug", "en") == "white, blue, green"
    assert card_code_text("x") == "x" and card_code_text("7q") == "7q"
    state = _base()
    view = engine.view_for(state, 0)
    assert action_label(view, "juggle 3 balls", "en") == "juggle 3 balls"  # shown as typed
    assert ordered_options(view, ["juggle", "take wug"]) == ["juggle", "take wug"]  # unreadable: engine's order
    assert ordered_options(view, ["reserve 1.3", "take wug"]) == ["reserve 1.3", "take wug"]  # not all tokens
    assert view.pending is None and decision_text(view, "en") == ""
    assert error_text(ValueError("disk full"), "en") == "disk full"
    assert error_text(ValueError("disk full"), "es") == "No permitido: disk full"
    with pytest.raises(TypeError, match="no hand text for str"):
        hand_lines("not a table", 0, "en")  # type: ignore[arg-type]


def test_hand_lines_name_the_score_tokens_and_each_reserved_card() -> None:
    from bot.text import hand_lines

    state = engine.apply(_base(), 0, engine.parse_action(_base(), "reserve 1.3")).state
    assert hand_lines(engine.view_for(state, 0), 0, "en") == (
        "Your hand — 0 points, tokens: 1o. Reserved cards:",
        ["r1 — a red card (level 1, 0 pts, cost 2 white 1 blue 1 green 1 black)"])
    assert hand_lines(engine.view_for(state, 1), 1, "en") == ("Your hand — 0 points, tokens: —. Reserved cards:", [])
    show = engine.new_game(GameConfig("spectacle", players=3, seed=3))
    show = engine.apply(show, 0, engine.parse_action(show, "res 10s")).state
    assert hand_lines(engine.view_for(show, 0), 0, "es") == ("Tu mano — -1 PV, fichas: 5. Cartas en la mano:",
                                                             ["r1 — 10♠ — precio 10"])
