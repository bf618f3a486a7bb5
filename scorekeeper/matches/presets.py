"""A table's named house rules (presets): saved from a new match's house rules, checked by the engine
exactly like a match's rules, offered first when that game is chosen, renamed and deleted from the
table page, and carried in the table's JSON export.

A preset is a snapshot of overrides: a match started from it copies them into its own ``rules``, so
changing or deleting the preset never changes a match.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from flask import abort
from flask_babel import gettext as _

from ..engine.errors import Refusal
from ..engine.i18n import message_of
from ..engine.variants import find_variant
from ..i18n import speak
from ..extensions import db
from ..models import HouseRules, Table
from . import words

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
        raise PresetRefused(_("Keep the name under %(count)s letters.", count=NAME_MAX))
    return text


def check(variant_key: Any, rules: Any) -> None:
    """Refuse rules the engine refuses for this game (the same check as a new match's rules)."""
    try:
        variant = find_variant(str(variant_key))
    except Refusal:
        raise PresetRefused(_("There is no game called %(name)s.", name=repr(variant_key))) from None
    if not isinstance(rules, dict):
        raise PresetRefused(_("House rules are a set of switches and values."))
    try:
        variant.rules(**rules)
    except Refusal as exc:
        raise PresetRefused(_("%(game)s does not take these rules: %(reason)s", game=speak(variant.name),
                                reason=speak(message_of(exc)))) from None


def save(table: Table, variant_key: str, name: Any, rules: dict[str, Any], *, commit: bool = True) -> HouseRules:
    """Save ``rules`` under ``name`` (a preset of the same name is replaced: the newest wins).

    ``commit=False`` leaves the commit to the caller (an import writes everything in one transaction)."""
    name = clean_name(name)
    check(variant_key, rules)
    existing = next((p for p in table.house_rules if p.name_key == name.casefold()), None)
    if existing is None:
        if len(table.house_rules) >= PER_TABLE_MAX:
            raise PresetRefused(_("A table keeps at most %(count)s sets of house rules: delete one first.",
                                   count=PER_TABLE_MAX))
        existing = HouseRules(table_id=table.id, name=name, name_key=name.casefold())
        db.session.add(existing)
        table.house_rules.append(existing)
    existing.name, existing.variant, existing.rules = name, variant_key, dict(rules)
    if commit:
        db.session.commit()
    return existing


def rename(table: Table, preset: HouseRules, name: Any) -> None:
    name = clean_name(name)
    if any(p.name_key == name.casefold() and p.id != preset.id for p in table.house_rules):
        raise PresetRefused(_("This table already has house rules called %(name)s.", name=name))
    preset.name, preset.name_key = name, name.casefold()
    db.session.commit()


def delete(preset: HouseRules) -> None:
    db.session.delete(preset)
    db.session.commit()


def preset_or_404(table: Table, preset_id: int | None) -> HouseRules:
    preset = db.session.scalar(sa.select(HouseRules).where(HouseRules.id == preset_id,
                                                           HouseRules.table_id == table.id))
    if preset is None:
        abort(404)
    return preset


def for_game(table: Table, variant_key: str) -> list[HouseRules]:
    return [p for p in table.house_rules if p.variant == variant_key]


def describe(variant_key: str, rules: dict[str, Any]) -> str:
    """What the rules change from the standard ones, in words ("Opening at least: 40, Match to: 500")."""
    try:
        variant = find_variant(variant_key)
    except Refusal:
        return ""
    changed = words.changes(variant.switches(), rules)
    return ", ".join(changed) if changed else "the standard rules"


def to_document(preset: HouseRules) -> dict[str, Any]:
    return {"name": preset.name, "variant": preset.variant, "rules": dict(preset.rules or {})}


__all__ = ["NAME_MAX", "PresetRefused", "check", "clean_name", "delete", "describe", "for_game",
           "preset_or_404", "rename", "save", "to_document"]
