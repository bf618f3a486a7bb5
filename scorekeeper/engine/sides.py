"""Sides (partnerships): who plays with whom in a game scored by sides, and what each side enters per hand.

A game whose entry fields say ``scored = "sides"`` is scored by side: every hand entry carries ``sides``, one
object per side holding the per-side entry fields, and every member of a side shows the side's total.
This module owns the shapes shared by every such game, whatever the game:

- ``Side(name, members)``, the match's sides in the seat order of their first member;
- ``default_sides(players, partnerships)``: without ``teams``, four players of a partnership game play
  seats 1 + 3 against 2 + 4 ("Ann & Cat" against "Ben & Dan"); any other table plays one side per player,
  named by the player;
- ``parse_teams(value, players)``: the match document's ``teams``, checked (docs/match-format.md), and
  ``match_sides(variant, rules, teams, players, scored_by_sides)``: the sides a match is bound to;
- ``read_sides(hand, raw, units, fields)``: a hand's ``sides`` read against the game's per-side entry fields,
  each value a whole number within its bounds, points typed or counted by value class (``SideEntry``).

What a side scores is the game's; how sides are ranked and shown is ``match.py``'s.

>>> default_sides(["Ann", "Ben", "Cat", "Dan"], partnerships=True)
(Side(name='Ann & Cat', members=('Ann', 'Cat')), Side(name='Ben & Dan', members=('Ben', 'Dan')))
>>> [s.name for s in default_sides(["Ann", "Ben", "Cat"], partnerships=True)]
['Ann', 'Ben', 'Cat']
>>> [s.members for s in parse_teams({"EW": ["Ben", "Dan"], "NS": ["Cat", "Ann"]}, ["Ann", "Ben", "Cat", "Dan"])]
[('Ann', 'Cat'), ('Ben', 'Dan')]
>>> parse_teams({"NS": ["Ann", "Cat"], "ns": ["Ben", "Dan"]}, ["Ann", "Ben", "Cat", "Dan"])
Traceback (most recent call last):
...
scorekeeper.engine.hands.InvalidMatchError: two sides are called ns
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import limits
from .hands import Hand, InvalidMatchError
from .i18n import _
from .entry_fields import EntryField


@dataclass(frozen=True)
class Side:
    """One side of a match: its name and its members, in seat order."""

    name: str
    members: tuple[str, ...]


@dataclass
class SideEntry:
    """What one side entered for a hand: each per-side field's whole-number value (points counted by
    value class already multiplied out; fields left out hold 0), and the counts by class as entered."""

    side: str
    values: dict[str, int]
    counted: dict[str, dict[str, int]] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.values.get(name, 0)


def default_sides(players: Sequence[str], partnerships: bool | tuple[int, ...]) -> tuple[Side, ...]:
    """The sides when the document gives no ``teams`` (docs/match-format.md, "teams"). ``partnerships``
    is True for a game whose four players play partners opposite, or the table sizes that do (Burraco:
    ``(4, 6)``, six players as seats 1 + 4, 2 + 5, 3 + 6).

    >>> [s.name for s in default_sides(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"], partnerships=(4, 6))]
    ['Ann & Dan', 'Ben & Eve', 'Cat & Fay']
    """
    sizes = (4,) if partnerships is True else tuple(partnerships or ())
    if len(players) in sizes:
        half = len(players) // 2
        # the names are keys of the document's hands, the same in every language
        return tuple(Side(f"{players[i]} & {players[i + half]}", (players[i], players[i + half]))
                     for i in range(half))
    return tuple(Side(p, (p,)) for p in players)


def opposite_sides(n_players: int) -> tuple[int, ...]:
    """The side (1, 2, …) of each seat, in seat order, when partners sit opposite at a table of
    ``n_players``: each seat with the one across the table (seat i with seat i + n/2: 2 v 2, 2 v 2 v 2 with
    six as in docs/rules/hand_and_foot.md's HF-7, four sides of two with eight); an odd table has no seat
    across, so its players take turns between two sides. What a new match proposes; the document's
    default sides are ``default_sides``.

    >>> opposite_sides(4), opposite_sides(6), opposite_sides(5), opposite_sides(3)
    ((1, 2, 1, 2), (1, 2, 3, 1, 2, 3), (1, 2, 1, 2, 1), (1, 2, 3))
    """
    if n_players < 4:
        return tuple(range(1, n_players + 1))  # two or three: each for himself, until a player is moved
    if n_players % 2 == 0:
        half = n_players // 2
        return tuple(i % half + 1 for i in range(n_players))
    return tuple(i % 2 + 1 for i in range(n_players))


def _bad(message: str) -> InvalidMatchError:
    return InvalidMatchError(message, field="teams")


def parse_teams(value: Any, players: Sequence[str]) -> tuple[Side, ...]:
    """The document's ``teams``, checked: an object of at least two sides, each name 1–20 characters, not
    blank, unique whatever the case; each a non-empty list of players; every player in exactly one side.
    The sides come back in the seat order of their first member, their members in seat order."""
    if not isinstance(value, Mapping):
        raise _bad(_("teams must be an object: side name → list of players"))
    if len(value) < 2:
        raise _bad(_("teams needs at least 2 sides"))
    seen: set[str] = set()
    side_of: dict[str, str] = {}
    sides: list[Side] = []
    seat = {p: i for i, p in enumerate(players)}
    for name, members in value.items():
        if not isinstance(name, str) or not name.strip():
            raise _bad(_("a side needs a name"))
        if len(name) > limits.SIDE_NAME:
            raise _bad(_("a side's name has at most {limit} characters: {name}", limit=limits.SIDE_NAME, name=name))
        if name.casefold() in seen:
            raise _bad(_("two sides are called {name}", name=name))
        seen.add(name.casefold())
        if not isinstance(members, list) or not members:
            raise _bad(_("side {name} needs a list of its players", name=name))
        for member in members:
            if not isinstance(member, str) or member not in seat:
                raise _bad(_("side {name}: {member!r} is not a player in this match", name=name, member=member))
            if member in side_of:
                raise InvalidMatchError(_("{member} is in two sides ({first} and {second})", member=member,
                                          first=side_of[member], second=name), field="teams", player=member)
            side_of[member] = name
        sides.append(Side(name, tuple(sorted(members, key=seat.__getitem__))))
    for p in players:
        if p not in side_of:
            raise InvalidMatchError(_("{player} is in no side", player=p), field="teams", player=p)
    return tuple(sorted(sides, key=lambda s: seat[s.members[0]]))


def match_sides(variant: Any, rules: Any, teams: Any, players: Sequence[str], scored_by_sides: bool) -> tuple[Side, ...]:
    """A match's sides, as ``Variant.for_match`` binds them: the document's ``teams`` where the game
    (``variant``, under ``rules``) takes them, else its default sides (docs/match-format.md, "teams");
    none in a game scored by player."""
    if teams is not None:
        if not variant.teams_allowed(len(players), rules):
            raise _bad(_("{game} with {count} players has no teams", game=variant.name, count=len(players)))
        sides = parse_teams(teams, players)
        wrong = variant.check_teams(sides, rules)
        if wrong:
            raise _bad(wrong)
        return sides
    if not scored_by_sides:
        return ()
    return default_sides(players, variant.partnerships)


def _whole(value: Any) -> bool:
    return type(value) is int


def read_sides(hand: Hand, raw: Any, units: Sequence[str], fields: Sequence[EntryField], *,
               unit_fields: Mapping[str, Sequence[EntryField]] | None = None) -> dict[str, SideEntry]:
    """Read a hand's ``sides``: exactly one object per unit (the match's sides, or a hand's own units),
    each holding only the per-side fields (``unit_fields`` may give a unit other fields), each a whole
    number ≥ 0 within its bounds and a multiple of its ``multiple_of``; a ``points`` field with classes
    may instead be ``{class: count}``; a ``flag`` is true or false, and left out it is the box not ticked
    (``not ticked``: Burraco's "pozzetto not taken" stores ``pozzetto_taken: false``, left out true).
    The first problem refuses the hand, naming the side and field."""
    if not isinstance(raw, Mapping):
        raise hand.error(_("sides must be an object: side → what it scored"), field="sides")
    for name in units:
        if name not in raw:
            raise hand.error(_("{side} is missing from this hand", side=name), side=name, field="sides")
    for name in raw:
        if name not in units:
            raise hand.error(_("{name!r} is not a side in this hand (the sides: {sides})", name=name,
                               sides=", ".join(units)), side=None, field="sides")
    read: dict[str, SideEntry] = {}
    for name in units:
        entry = raw[name]
        own = list((unit_fields or {}).get(name, fields))
        if not isinstance(entry, Mapping):
            raise hand.error(_("{side}: give what the side scored", side=name), side=name, field="sides")
        known = {f.name: f for f in own}
        for key in entry:
            if key not in known:
                raise hand.error(_("{side}: unknown field {name!r}", side=name, name=key), side=name, field="sides")
        got = SideEntry(name, {})
        for f in own:
            value = entry.get(f.name)
            if f.kind == "flag":
                if value is None:
                    value = not f.ticked if isinstance(f.ticked, bool) else None
                elif not isinstance(value, bool):
                    raise hand.error(_("{side}, {label}: true or false, not {value!r}", side=name, label=f.label,
                                       value=value), side=name, field=f.name)
                got.values[f.name] = value
                continue
            if value is None:
                if f.required:
                    raise hand.error(_("{side}: {label} is missing", side=name, label=f.label), side=name,
                                     field=f.name)
                got.values[f.name] = 0
                continue
            if isinstance(value, Mapping) and f.classes:
                counts: dict[str, int] = {}
                classes = {c.name: c for c in f.classes}
                for cls, n in value.items():
                    if cls not in classes:
                        raise hand.error(_("{side}, {label}: unknown value class {name!r}", side=name,
                                           label=f.label, name=cls), side=name, field=f.name)
                    if not _whole(n) or n < 0:
                        raise hand.error(_("{side}, {label}: {cls} must be a whole number of cards ≥ 0", side=name,
                                           label=f.label, cls=classes[cls].label), side=name, field=f.name)
                    if n > classes[cls].maximum:
                        raise hand.error(_("{side}, {label}: {cls}, {count} is more than the deck holds (at most "
                                           "{limit})", side=name, label=f.label, count=n, cls=classes[cls].label,
                                           limit=classes[cls].maximum), side=name, field=f.name)
                    counts[cls] = n
                got.counted[f.name] = counts
                got.values[f.name] = f.counted_value(counts)
                continue
            if not _whole(value) or value < 0:
                raise hand.error(_("{side}, {label}: a whole number ≥ 0, not {value!r}", side=name, label=f.label,
                                   value=value), side=name, field=f.name)
            if f.multiple_of and value % f.multiple_of:
                raise hand.error(_("{side}, {label}: {value} is not a multiple of {multiple_of}", side=name,
                                   label=f.label, value=value, multiple_of=f.multiple_of), side=name, field=f.name)
            if f.maximum is not None and value > f.maximum:
                raise hand.error(_("{side}, {label}: {value:,} is more than one hand can hold (at most {limit:,})",
                                   side=name, label=f.label, value=value, limit=f.maximum), side=name, field=f.name)
            got.values[f.name] = value
        read[name] = got
    return read


__all__ = ["opposite_sides", "Side", "SideEntry", "default_sides", "parse_teams", "read_sides"]
