"""A game's score sheet, as the game declares it: who is scored, and what is typed for each hand, field by
field, with its kind, its words and its bounds.

``Variant.sheet(rules, n_players)`` answers with a ``Sheet``; the hand form, its live preview and its
checks are built from it, so a page knows what to ask without knowing the game. A field's ``name`` is
its key in the hand entry (``by``, ``end``, ``upcard``, ``melds``) or, for a field typed per player, its
key in that player's ``held`` (``points``, ``cards``, ``opened``); docs/match-format.md gives each.

>>> from scorekeeper.engine.variants import find_variant
>>> gin = find_variant("gin")
>>> sheet = gin.sheet(gin.rules(2), 2)
>>> sheet.scored, [f.name for f in sheet.per_hand], [f.name for f in sheet.per_player]
('players', ['by', 'end', 'melds'], ['points', 'cards'])
>>> sheet.field("points").maximum, sheet.field("cards").maximum
(110, 11)
>>> [f.name for f in find_variant("free").sheet().per_hand]
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: what a field holds, and so how a form asks for it:
#: ``player`` one of the players in (a tap), ``end`` one of the game's ends (a tap), ``card`` one card
#: (Oklahoma's upcard: rank, then suit), ``melds`` melds typed or tapped, ``points`` a whole number,
#: ``cards`` a player's cards (the card picker), ``flag`` a box that is ticked or not
FieldKind = Literal["player", "end", "card", "melds", "points", "cards", "flag"]


@dataclass(frozen=True)
class EntryField:
    """One thing typed for a hand.

    ``per`` says whether it is typed once for the hand or once for each player in. ``required`` fields
    must be given; ``minimum`` and ``maximum`` bound a number (``points``) or a count of cards
    (``cards``); ``label`` and ``help`` are the engine's words for it. A ``flag`` stores ``ticked`` in
    its field when its box is ticked and nothing otherwise (Ramino's "never opened" stores
    ``opened: false``).
    """

    name: str
    kind: FieldKind
    label: str
    per: Literal["hand", "player"] = "hand"
    required: bool = False
    minimum: int | None = None
    maximum: int | None = None
    help: str | None = None
    ticked: object = True


@dataclass(frozen=True)
class EntryKind:
    """An entry a game has besides hands, void hands and rebuys (Hollywood's notice to stop): its
    ``key`` (the entry's ``kind``), the button's words, the words in a sentence ("the notice to stop
    after hand 4") and one sentence saying what it does. The match offers it only when the game allows
    it (``next_entry_context``'s ``entry_kinds``)."""

    key: str
    label: str
    word: str
    help: str


@dataclass(frozen=True)
class Sheet:
    """Who is scored (``"players"``; a game of partnerships will say ``"sides"``) and the fields of a
    hand entry, in the order a form asks them.

    ``games`` is how many games the sheet keeps side by side (1 for most; a game of several, such as
    Hollywood's three, has its standings' ``games``), and ``entries`` the other entries it may offer."""

    fields: tuple[EntryField, ...]
    scored: Literal["players", "sides"] = "players"
    games: int = 1
    entries: tuple[EntryKind, ...] = ()

    @property
    def per_hand(self) -> list[EntryField]:
        return [f for f in self.fields if f.per == "hand"]

    @property
    def per_player(self) -> list[EntryField]:
        return [f for f in self.fields if f.per == "player"]

    def field(self, name: str) -> EntryField | None:
        """The field called ``name``, or None when this sheet has none."""
        return next((f for f in self.fields if f.name == name), None)

    def has(self, name: str) -> bool:
        return self.field(name) is not None


__all__ = ["EntryField", "EntryKind", "FieldKind", "Sheet"]
