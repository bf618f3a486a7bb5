"""A table's named house rules (presets): saved from a new match's house rules, checked by the engine
exactly like a match's rules, offered first when that game is chosen, renamed and deleted from the
table page, and carried in the table's JSON export.

A preset is a snapshot of overrides: a match started from it copies them into its own ``rules``, so
changing or deleting the preset never changes a match.
"""

from __future__ import annotations

from typing import Any


from ..engine.errors import Refusal
from ..engine.i18n import _, message_of
from ..engine.variants import find_variant
from .store import session
from .models import HouseRules, Table

NAME_MAX = 40
#: presets one table may keep (every input bounded)
PER_TABLE_MAX = 50


class PresetRefused(Refusal):
    """A preset that cannot be saved; the message says why, in the app's words."""


def clean_name(name: Any) -> str:
    text = " ".join(str(name or "").split())
    if not text:
        raise PresetRefused(_("Give these rules a name, like “Our Ramino”."))
    if len(text) > NAME_MAX:
        raise PresetRefused(_("Keep the name under {count} letters.", count=NAME_MAX))
    return text


def check(variant_key: Any, rules: Any) -> None:
    """Refuse rules the engine refuses for this game (the same check as a new match's rules)."""
    try:
        variant = find_variant(str(variant_key))
    except Refusal:
        raise PresetRefused(_("There is no game called {name}.", name=repr(variant_key))) from None
    if not isinstance(rules, dict):
        raise PresetRefused(_("House rules are a set of switches and values."))
    try:
        variant.rules(**rules)
    except Refusal as exc:
        raise PresetRefused(_("{game} does not take these rules: {reason}", game=variant.name,
                                reason=message_of(exc))) from None


def save(table: Table, variant_key: str, name: Any, rules: dict[str, Any], *, commit: bool = True) -> HouseRules:
    """Save ``rules`` under ``name`` (a preset of the same name is replaced: the newest wins).

    ``commit=False`` leaves the commit to the caller (an import writes everything in one transaction)."""
    name = clean_name(name)
    check(variant_key, rules)
    existing = next((p for p in table.house_rules if p.name_key == name.casefold()), None)
    if existing is None:
        if len(table.house_rules) >= PER_TABLE_MAX:
            raise PresetRefused(_("A table keeps at most {count} sets of house rules: delete one first.",
                                   count=PER_TABLE_MAX))
        existing = HouseRules(table_id=table.id, name=name, name_key=name.casefold())
        session().add(existing)
        table.house_rules.append(existing)
    existing.name, existing.variant, existing.rules = name, variant_key, dict(rules)
    if commit:
        session().commit()
    return existing


def rename(table: Table, preset: HouseRules, name: Any) -> None:
    name = clean_name(name)
    if any(p.name_key == name.casefold() and p.id != preset.id for p in table.house_rules):
        raise PresetRefused(_("This table already has house rules called {name}.", name=name))
    preset.name, preset.name_key = name, name.casefold()
    session().commit()


def delete(preset: HouseRules) -> None:
    session().delete(preset)
    session().commit()


def for_game(table: Table, variant_key: str) -> list[HouseRules]:
    return [p for p in table.house_rules if p.variant == variant_key]


def to_document(preset: HouseRules) -> dict[str, Any]:
    return {"name": preset.name, "variant": preset.variant, "rules": dict(preset.rules or {})}


__all__ = ["NAME_MAX", "PresetRefused", "check", "clean_name", "delete", "for_game", "rename", "save",
           "to_document"]
