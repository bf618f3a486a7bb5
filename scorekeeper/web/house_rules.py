"""House rules said on a page: each switch's label, its value and its default, its one-line help, and a
set of rules described by what it changes from the standard ones.

The engine owns the switches and their words (``engine.switch_words``, ``Switch.label_words`` and
``Switch.value_words``); this module only says them in the page's language.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from flask_babel import gettext as _

from ..engine.errors import Refusal
from ..engine.variants import find_variant
from .i18n import speak, whole


def label(switch: Any) -> str:
    return speak(switch.label_words())


def value_words(switch: Any, value: Any) -> str:
    """A switch's value as a player says it ("yes", "no limit", "the stake"), the engine's words in the
    page's language; a number the locale's way (1,000 / 1.000, with the true minus sign)."""
    said = switch.value_words(value)
    return whole(said) if isinstance(said, int) and not isinstance(said, bool) else speak(said)


def help_text(switch: Any) -> str:
    """The engine's one line of help for the switch."""
    return speak(switch.help or "")


def default_words(switch: Any) -> str:
    return _("Standard: %(value)s.", value=value_words(switch, switch.default))


def changes(switches: Iterable[Any], overrides: Mapping[str, Any]) -> list[str]:
    """What a set of house rules changes from the standard ones, one short phrase each
    ("opening at least 40", "match to 500"), in the form's order."""
    out = []
    for s in switches:
        if s.name in overrides and not s.is_default(overrides[s.name]):
            out.append(f"{label(s)}: {value_words(s, overrides[s.name])}")
    return out


def house_rules_words(match: Any) -> list[str]:
    """What a match's rules change from the standard ones, one phrase each ("Opening at least: 40")."""
    try:
        switches = find_variant(match.variant).switches(len(match.seats))
    except Refusal:
        return []
    return changes(switches, match.rules or {})


def describe(variant_key: str, rules: dict[str, Any]) -> str:
    """What a set of house rules changes from the standard ones, in words ("Opening at least: 40, Match
    to: 500")."""
    try:
        variant = find_variant(variant_key)
    except Refusal:
        return ""
    changed = changes(variant.switches(), rules)
    return ", ".join(changed) if changed else _("the standard rules")


__all__ = ["changes", "default_words", "describe", "help_text", "house_rules_words", "label", "value_words"]
