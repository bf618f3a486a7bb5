"""The names every template may use beyond Jinja's own: the filters that write numbers, money, a
game's name, a player's name, an end and the engine's words in the page's language, and the globals
every page reads (``htmx_version``, ``rendered_at``)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Mapping

from flask import Flask

from ..engine.errors import Refusal
from . import i18n
from .assets import HTMX_VERSION
from .hand_form import end_words
from .i18n import money
from .util import minus_signs, signed


def variant_name(key: str) -> str:
    from ..engine.variants import find_variant

    try:
        return i18n.speak(find_variant(key).name)
    except Refusal:
        return key


def player_name(player_id: int, players: Mapping[int, Any]) -> str:
    player = players.get(player_id)
    return player.name if player is not None else "?"


def speak(text: Any, currency: str | None = None) -> str:
    # the engine's words in the page's language (its amounts in the table's ``currency``), with the
    # true minus sign
    return minus_signs(i18n.speak(text, currency))


def template_globals() -> dict[str, Any]:
    # rendered_at: when the server drew the page (a page kept for offline use says how old it is)
    return {"htmx_version": HTMX_VERSION,
            "rendered_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}


def init_app(app: Flask) -> None:
    app.context_processor(template_globals)
    for name, function in {"variant_name": variant_name, "player_name": player_name, "signed": signed,
                           "num": i18n.whole, "money": money, "minus": minus_signs, "end_words": end_words,
                           "speak": speak}.items():
        app.add_template_filter(function, name)
