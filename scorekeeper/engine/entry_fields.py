"""A game's entry fields, as the game declares them: who is scored, and what is typed for each hand, field
by field, with its kind, its words and its bounds.

``Variant.entry_fields(rules, n_players)`` answers with an ``EntryFields``; the hand form, its live preview
and its checks are built from it, so a page knows what to ask without knowing the game. A field's ``name`` is
its key in the hand entry (``by``, ``end``, ``upcard``, ``melds``) or, for a field typed per player, its
key in that player's ``held`` (``points``, ``cards``, ``opened``); docs/match-format.md gives each.

>>> from scorekeeper.engine.variants import find_variant
>>> gin = find_variant("gin")
>>> fields = gin.entry_fields(gin.rules(2), 2)
>>> fields.scored, [f.name for f in fields.per_hand], [f.name for f in fields.per_player]
('players', ['by', 'end', 'melds'], ['points', 'cards'])
>>> fields.field("points").maximum, fields.field("cards").maximum
(100, 11)
>>> [f.name for f in find_variant("free").entry_fields().per_hand]
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: what a field holds, and so how a form asks for it:
#: ``player`` one of the players in (a tap), ``end`` one of the game's ends (a tap), ``card`` one card
#: (Oklahoma's upcard: rank, then suit), ``melds`` melds typed or tapped, ``points`` a whole number,
#: ``cards`` a player's cards (the card picker), ``flag`` a box that is ticked or not, ``count`` how many of
#: something a side or player has (canastas, red threes: a small whole number ≥ 0), ``choice`` one of the
#: field's ``choices`` (a tap, or none), ``rank`` one rank, A to K (a tap: Pool Rummy's wild rank)
#: (``melds`` may be per player too: the groups of cards that player laid, for a game where they score)
FieldKind = Literal["player", "end", "card", "melds", "points", "cards", "flag", "count", "choice", "rank"]



@dataclass(frozen=True)
class ValueClass:
    """One class of cards a ``points`` field may be counted by instead of typed (Canasta's jokers at 50,
    aces and twos at 20, …): the entry then holds ``{name: count}`` and the engine multiplies. ``maximum``
    is how many cards of the class the deck holds, over the whole hand."""

    name: str
    label: str
    value: int
    maximum: int


@dataclass(frozen=True)
class EntryField:
    """One thing typed for a hand.

    ``per`` says whether it is typed once for the hand, once for each player in, or once for each side
    (a game scored by sides: the entry's ``sides[side][name]``). ``required`` fields
    must be given; ``minimum`` and ``maximum`` bound a number (``points``) or a count of cards
    (``cards``); ``label`` and ``help`` are the engine's words for it. A ``flag`` stores ``ticked`` in
    its field when its box is ticked and nothing otherwise (Ramino's "never opened" stores
    ``opened: false``). A ``points`` field with ``classes`` may be typed or counted by value class;
    ``multiple_of`` refuses points no cards can make (Canasta's 5). A ``player`` field with ``nobody`` offers
    that choice too, stored as null. A ``choice`` stores the value of the choice tapped, from ``choices``
    (pairs of value and words). A per-player field marked ``instead`` is typed in place of the player's
    points or cards (Pool Rummy's drop and wrong show): a player is given exactly one of them.
    """

    name: str
    kind: FieldKind
    label: str
    per: Literal["hand", "player", "side"] = "hand"
    required: bool = False
    minimum: int | None = None
    maximum: int | None = None
    help: str | None = None
    ticked: object = True
    choices: tuple[tuple[str, str], ...] = ()
    instead: bool = False
    #: the field this one is given instead of (cards instead of their points): a form sends one of the
    #: two, the one with cards when both are filled
    instead_of: str | None = None
    #: what the one who ended the hand has in this box when it is left blank (the points in hand of
    #: the player who went out: 0), or None: blank is blank
    ender_default: object = None
    classes: tuple[ValueClass, ...] = ()
    multiple_of: int | None = None
    #: a ``player`` field that may name nobody: the words of that choice (stored as null)
    nobody: str | None = None

    def counted_value(self, counts: dict[str, int]) -> int:
        """What counts by value class are worth: ``{"jokers": 1, "aces_twos": 2}`` → 90 in Canasta."""
        worth = {c.name: c.value for c in self.classes}
        return sum(worth[name] * n for name, n in counts.items())


@dataclass(frozen=True)
class EntryKind:
    """An entry a game has besides hands, void hands and rebuys (``Variant.entry_kinds``): Hollywood's
    notice to stop, Free scoring's finish. Its ``key`` (the entry's ``kind``), the button's words
    (``label``), its name in a row and a sentence (``word``: "the notice to stop after hand 4") and the
    sentence the button's question says first (``help``). One that ``ends_match`` ends the match with
    the winners the game's ``table_end`` names, and ``summary`` is what the sheet says of it; any other
    is applied by the game's ``play_entry``. ``confirm`` is the words of the button that says yes
    (by default "Yes: " and the label). The match offers a kind only while the game allows it
    (``Variant.entry_kinds_allowed``, ``next_entry_context``'s ``entry_kinds``)."""

    key: str
    label: str
    word: str
    help: str
    ends_match: bool = False
    summary: str | None = None
    confirm: str | None = None


@dataclass(frozen=True)
class EntryFields:
    """Who is scored (``"players"``, or ``"sides"``: the match's sides, each typed once per hand, every
    member showing the side's total) and the fields of a hand entry, in the order a form asks them.

    ``games`` is how many games the match's score sheet keeps side by side (1 for most; a game of several,
    such as Hollywood's three, has its standings' ``games``). The entries a game has besides hands are not
    among its entry fields: the game declares them (``Variant.entry_kinds``)."""

    fields: tuple[EntryField, ...]
    scored: Literal["players", "sides"] = "players"
    #: one sentence saying what is typed for each player, where the usual one would mislead
    help: str | None = None
    #: a game whose hands have sides of their own, not the match's (Canasta's Cutthroat: the lone hand
    #: and the pair): each unit's key in the entry's ``sides`` and its words; its per-side fields are
    #: asked once per unit, and its per-player fields go in the entry as ``{field: {player: value}}``
    units: tuple[tuple[str, str], ...] = ()
    #: the per-hand ``player`` field that sets the units; when it names nobody, every player is a unit
    #: of his own, keyed by the player, and his per-player counts go inside it with the per-side fields
    #: (Cutthroat's hand in which nobody ever took the pile: ``lone`` null)
    alone: str | None = None
    #: every player is a unit of his own this hand, keyed by the player, with the per-side fields (Burraco
    #: with three players once each plays alone): a game scored by player whose hands are entered by unit
    each_alone: bool = False
    games: int = 1

    @property
    def per_hand(self) -> list[EntryField]:
        return [f for f in self.fields if f.per == "hand"]

    @property
    def per_player(self) -> list[EntryField]:
        return [f for f in self.fields if f.per == "player"]

    @property
    def per_side(self) -> list[EntryField]:
        return [f for f in self.fields if f.per == "side"]

    def field(self, name: str) -> EntryField | None:
        """The field called ``name``, or None when there is none."""
        return next((f for f in self.fields if f.name == name), None)

    def has(self, name: str) -> bool:
        return self.field(name) is not None


__all__ = ["EntryField", "EntryKind", "FieldKind", "EntryFields", "ValueClass"]
