"""A hand as the engine reads it and scores it, and the match as replay keeps it.

``Held`` and ``Hand`` are a hand entry once read (cards or typed points per player), ``HandScore`` is
what a variant's scoring returns for it, ``MatchState``/``PlayerState`` are the match replayed so far
(owned by ``match.py``), ``RebuyPolicy`` says when and how an eliminated player comes back. The errors
that refuse a match document live here too, so that variants and replay raise the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from decimal import Decimal
from collections.abc import Collection, Callable, Iterator, Mapping, MutableMapping
from typing import Any

from .errors import Refusal
from .cards import Card, InvalidCardError, parse_cards
from .i18n import _, joined, message_of
from .limits import POINTS_CEILING


# -- errors ------------------------------------------------------------------------------------------


class InvalidMatchError(Refusal):
    """A match document that cannot be replayed, with where the problem is.

    ``entry`` is the 0-based index of the entry at fault (None for the document's header), ``player``
    the player concerned, ``side`` the side concerned (a game scored by sides) and ``field`` the form field
    to show the message beside.

    >>> e = InvalidMatchError("Ben is out", entry=3, player="Ben", field="player")
    >>> (str(e), e.entry, e.player, e.field, e.side)
    ('Ben is out', 3, 'Ben', 'player', None)
    """

    def __init__(self, message: str, *, entry: int | None = None, player: str | None = None,
                 field: str | None = None, side: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.entry = entry
        self.player = player
        self.field = field
        self.side = side

    def to_dict(self) -> dict[str, Any]:
        return {"message": self.message, "entry": self.entry, "player": self.player, "field": self.field,
                "side": self.side}


class InvalidHandError(InvalidMatchError):
    """A hand entry that breaks the variant's rules (impossible points, an illegal knock, bad cards)."""


class InvalidRebuyError(InvalidMatchError):
    """A rebuy entry where no rebuy is open for that player."""


# -- the hand as entered -----------------------------------------------------------------------------


@dataclass
class Held:
    """What one player was caught holding: cards, or the raw points counted at the table."""

    player: str
    cards: list[Card] | None = None
    points: int | None = None
    opened: bool = True
    #: what the game's entry fields let a player be entered as instead of cards or points (a field
    #: marked ``instead``, such as Pool Rummy's drop), by field name; empty for most hands
    marks: dict[str, Any] = field(default_factory=dict)

    @property
    def typed(self) -> bool:
        return self.cards is None


@dataclass
class Hand:
    """One parsed hand entry, with what the match knows when it is played."""

    index: int
    end: str
    by: str | None
    dealer: str | None
    players_in: list[str]
    held: dict[str, Held]
    melds: list[list[Card]] | None = None
    upcard: Card | None = None
    deal: int | None = None
    number: int = 1  # 1-based count of non-void hands, this one included
    raw: Mapping[str, Any] = field(default_factory=dict)
    #: the game's own per-hand fields, as its ``parse_extra`` read them (Pool Rummy's wild rank)
    extra: dict[str, Any] = field(default_factory=dict)

    #: a game scored by sides: what each side (or, in a hand of its own, each unit) entered, read by the
    #: game's per-side entry fields (``sides.SideEntry``), and who is in each
    sides: dict[str, Any] = field(default_factory=dict)
    members: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def error(self, message: str, *, player: str | None = None, field: str | None = None,
              side: str | None = None) -> InvalidHandError:
        return InvalidHandError(message, entry=self.index, player=player, field=field, side=side)

    def side_of(self, player: str | None) -> str | None:
        """The side (or unit) ``player`` is in for this hand, or None."""
        return next((name for name, members in self.members.items() if player in members), None)

    @cached_property
    def others(self) -> list[str]:
        """Players in this hand other than the one who ended it, in seat order (a hand's players and
        who ended it are set when it is read, so this is worked out once)."""
        return [p for p in self.players_in if p != self.by]


class Deferred:
    """An explanation said only when it is read (then kept): see ``Explanations``."""

    __slots__ = ("_say", "_said")

    def __init__(self, say: Callable[[], str]) -> None:
        self._say: Callable[[], str] | None = say
        self._said: str = ""

    def said(self) -> str:
        if self._say is not None:
            self._said, self._say = self._say(), None
        return self._said


class Explanations(MutableMapping):
    """Each player's explanation of one hand, by name: a mapping of sentences, some of them given as a
    ``Deferred`` and said the first time they are read.

    A replay scores every player of every hand, but a page shows few of the explanations (the
    scoreboard: the last hand's); writing out every card held and adding it up is most of a replay's
    work in a going-out game, so the scoring that costs most gives its explanation deferred. Whoever
    reads one gets the same sentence it would have had at once.

    >>> said = Explanations({"Ann": "went out: 0", "Ben": Deferred(lambda: "7♥ K♦: 7 + 10 = 17")})
    >>> said["Ben"], said == {"Ann": "went out: 0", "Ben": "7♥ K♦: 7 + 10 = 17"}
    ('7♥ K♦: 7 + 10 = 17', True)
    """

    __slots__ = ("_by_name",)

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        # a copy of another keeps its deferred sentences deferred (and shares them: each is said once)
        self._by_name: dict[str, Any] = dict(items._by_name if isinstance(items, Explanations) else (items or {}))

    def __getitem__(self, name: str) -> str:
        value = self._by_name[name]
        if type(value) is Deferred:
            value = self._by_name[name] = value.said()
        return value

    def __setitem__(self, name: str, value: Any) -> None:
        self._by_name[name] = value

    def __delitem__(self, name: str) -> None:
        del self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __repr__(self) -> str:
        return repr(dict(self.items()))


@dataclass
class HandScore:
    """What a variant's scoring returns for one hand, before the match applies it."""

    scores: dict[str, int] = field(default_factory=dict)
    win_points: dict[str, int] = field(default_factory=dict)
    explanations: MutableMapping[str, str] = field(default_factory=Explanations)
    summary: str = ""
    #: who won the hand (deals next in 2-player Gin, earns the box); None for a tie or no winner
    winner: str | None = None
    boxes: dict[str, int] = field(default_factory=dict)
    #: the whole hand is to be played again (Rumino ``all_bust_resolution = replay_hand``)
    replay: bool = False
    #: the match is won outright (a rumino)
    wins_match: str | None = None
    #: raw counts per player, kept for tie-breaks (Russian's fewest points in the last deal)
    raw: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: the arrangement the engine chose for a knocker who declared none (shown so the table can correct)
    arrangement: str | None = None
    #: a sheet of several games (Hollywood): the games the hand's points went into, those it closed, and
    #: the hand's points themselves ({winner: points}; ``scores`` are then the changes of each net)
    games: list[int] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    hand_points: dict[str, int] = field(default_factory=dict)
    #: a game scored by sides: each side's change (every member's ``scores`` entry is the side's)
    side_scores: dict[str, int] = field(default_factory=dict)


# -- reading a hand ----------------------------------------------------------------------------------------


def parse_held(hand_index: int, player: str, value: Any, *, uses_cards: bool = True,
               fields: Collection[str] = ("cards", "points", "opened"), instead: Collection[str] = (),
               parse: Callable[[Any], list[Any]] | None = None) -> Held:
    """Read ``held[player]``: exactly one of ``cards`` and ``points``, and an optional ``opened``.
    A game played without cards (``uses_cards`` false: free scoring) asks for the points alone.
    ``parse`` reads the cards where the game's deck is not the standard pack (``Deck.parse``).

    ``instead`` names the game's entry fields that stand for the player's hand in place of
    cards or points (Pool Rummy's ``drop`` and ``wrong_show``): exactly one of those, the cards and
    the points is given, and the game reads and checks its value (``Held.marks``)."""
    if parse is None:
        parse = parse_cards
    if type(value) is dict and len(value) == 1 and type(value.get("cards")) is str:
        # the usual entry, {"cards": "…"}: a replay reads one for every player of every hand
        try:
            return Held(player, cards=parse(value["cards"]))
        except InvalidCardError as exc:
            raise InvalidHandError(_("{player}: {why}", player=player, why=message_of(exc)), entry=hand_index,
                                   player=player, field="cards") from None

    def bad(message: str, fld: str = "cards") -> InvalidHandError:
        return InvalidHandError(message, entry=hand_index, player=player, field=fld)

    # a game without cards never speaks of cards in its refusals
    give = (_("{player}: give cards or points", player=player) if uses_cards
            else _("{player}: type the points", player=player))
    if not isinstance(value, Mapping):
        raise bad(give, "points")
    # the fields the game's entry fields declare for a player (and the two every entry may carry)
    unknown = set(value) - set(fields) - {"cards", "points"}
    if unknown:
        raise bad(_("{player}: unknown field {name!r}", player=player, name=sorted(unknown)[0]), "points")
    has_cards, has_points = value.get("cards") is not None, value.get("points") is not None
    marks = {name: value[name] for name in instead if value.get(name) is not None}
    if marks:
        given = sorted(marks) + (["cards"] if has_cards else []) + (["points"] if has_points else [])
        if len(given) > 1:
            raise bad(_("{player}: give only one of {names}", player=player, names=joined(", ", given)),
                      "points")
        return Held(player, marks=marks)
    if has_cards and has_points:
        raise bad(_("{player}: give cards or points, not both", player=player) if uses_cards
                  else _("{player}: type the points, not cards", player=player), "points")
    if not has_cards and not has_points:
        raise bad(give, "points")
    opened = value.get("opened", True)
    if not isinstance(opened, bool):
        raise bad(_("{player}: 'opened' must be true or false", player=player), "points")
    if has_points:
        pts = value["points"]
        if isinstance(pts, bool) or not isinstance(pts, (int, float, str)):
            raise bad(_("{player}: points must be a whole number", player=player), "points")
        try:
            number = Decimal(str(pts).strip())
        except Exception:
            raise bad(_("{player}: points must be a whole number, not {pts!r}", player=player, pts=pts),
                      "points") from None
        if not number.is_finite():
            raise bad(_("{player}: points must be a whole number, not {pts}", player=player, pts=pts), "points")
        if number.adjusted() >= len(str(POINTS_CEILING)) or abs(number) > POINTS_CEILING:
            # refused before any arithmetic: a number of a thousand digits is nobody's hand
            raise bad(_("{player}: points must be between −{ceiling:,} and {ceiling:,}", player=player,
                        ceiling=POINTS_CEILING), "points")
        if number != number.to_integral_value():
            raise bad(_("{player}: points must be a whole number, not {pts}", player=player, pts=pts), "points")
        return Held(player, points=int(number), opened=opened)
    typed = value["cards"]
    if not (isinstance(typed, str) or isinstance(typed, list) and all(isinstance(t, str) for t in typed)):
        raise bad(_("{player}: cards are written as text (“7H 8H 9H”) or as a list of cards ([\"7H\", \"8H\"])",
                    player=player), "cards")
    try:
        cards = parse(typed)
    except (InvalidCardError, TypeError, AttributeError) as exc:
        raise bad(_("{player}: {why}", player=player, why=message_of(exc))) from None
    return Held(player, cards=cards, opened=opened)


def parse_meld_list(hand_index: int, value: Any, fld: str = "melds") -> list[list[Card]]:
    """Read a list of melds, each a list of card tokens or a string of cards."""
    if not isinstance(value, list) or not all(isinstance(m, (list, str)) for m in value):
        raise InvalidHandError(_("melds must be a list of melds, each a list of cards"), entry=hand_index,
                               field=fld)
    try:
        return [parse_cards(m) for m in value]
    except InvalidCardError as exc:
        raise InvalidHandError(_("melds: {why}", why=message_of(exc)), entry=hand_index, field=fld) from None


def check_typed(hand: Hand, held: Held, *, maximum: int | None, multiple_of: int | None = None) -> int:
    """The raw points typed for ``held``: refused if negative, above ``maximum`` or not a multiple."""
    pts = held.points
    assert pts is not None
    if pts < 0:
        raise hand.error(_("{player}: points cannot be negative", player=held.player), player=held.player,
                         field="points")
    if maximum is not None and pts > maximum:
        raise hand.error(_("{player}: {pts} points is more than a hand can hold (at most {maximum})",
                           player=held.player, pts=pts, maximum=maximum),
                         player=held.player, field="points")
    if multiple_of and pts % multiple_of:
        raise hand.error(_("{player}: {pts} is not possible: every card counts a multiple of {multiple_of}",
                           player=held.player, pts=pts, multiple_of=multiple_of),
                         player=held.player, field="points")
    return pts


# -- the match as replay keeps it -----------------------------------------------------------------


@dataclass
class PlayerState:
    name: str
    seat: int
    total: int = 0
    win_points: int = 0
    state: str = "in"  # in | out (may still rebuy) | finished | winner
    rebuys: int = 0
    paid: Decimal | None = None
    boxes: int = 0
    #: what the player's hand scores added up to, before end-of-match adjustments
    hand_points: int = 0
    #: knocked out by a hand (and not back by a rebuy since), as against a loser of a match that ended
    knocked_out: bool = False
    #: the number of the hand that knocked the player out (0 while in): the later, the better the place
    #: (docs/rules/common.md, "Places")
    out_at: int = 0


@dataclass
class MatchState:
    """The match as replayed so far. Owned and changed only by ``match.py``."""

    players: dict[str, PlayerState]
    hands_played: int = 0
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    history: list[HandScore] = field(default_factory=list)
    #: what a variant keeps from hand to hand (Rumino's run of gins); replaced, never mutated in place
    kept: dict[str, Any] = field(default_factory=dict)

    @property
    def seats(self) -> list[str]:
        return list(self.players)

    @property
    def still_in(self) -> list[str]:
        return [p.name for p in self.players.values() if p.state == "in"]

    def total(self, name: str) -> int:
        return self.players[name].total


@dataclass(frozen=True)
class RebuyPolicy:
    """When and how an eliminated player may come back (docs/rules/common.md#rebuys, docs/rules/rumino.md#rebuys).

    Every field comes from the variant's switches; none has a default here.
    """

    min_remaining: int
    max_rebuys: int | None
    score: str  # highest_remaining | highest_remaining_minus_1 | highest_plus_one | zero
    cost: str  # double_per_entry | first_rebuy_equals_stake | same_stake | half_stake
    #: open only while nobody still in is above this total (Pool Rummy's 79); None: no such cutoff
    cutoff: int | None = None
    #: what the table calls coming back: "rebuy" (Rumino, Kalooki's buy-in) or "rejoin" (Pool Rummy)
    word: str = "rebuy"

    def cost_of(self, stake: Decimal, rebuy_number: int) -> Decimal:
        """What the ``rebuy_number``-th rebuy (1 for the first) costs: entry k = rebuy_number + 1.

        >>> p = RebuyPolicy(2, None, "highest_remaining", "double_per_entry")
        >>> [str(p.cost_of(Decimal("20"), n)) for n in (1, 2)]
        ['40.00', '80.00']
        >>> [str(RebuyPolicy(2, None, "zero", "first_rebuy_equals_stake").cost_of(Decimal("20"), n)) for n in (1, 2)]
        ['20.00', '40.00']
        >>> str(RebuyPolicy(3, 1, "highest_remaining", "half_stake").cost_of(Decimal("5.00"), 1))
        '2.50'
        """
        k = rebuy_number + 1
        if self.cost == "double_per_entry":
            amount = stake * (2 ** (k - 1))
        elif self.cost == "first_rebuy_equals_stake":
            amount = stake * (2 ** (k - 2))
        elif self.cost == "same_stake":
            amount = stake
        elif self.cost == "half_stake":
            amount = stake / 2
        else:
            raise ValueError(f"unknown rebuy cost {self.cost!r}")
        return amount.quantize(Decimal("0.01"), rounding="ROUND_HALF_UP")

    def comeback_total(self, highest: int) -> int:
        if self.score == "zero":
            return 0
        if self.score == "highest_remaining_minus_1":
            return highest - 1
        if self.score == "highest_plus_one":
            return highest + 1
        return highest
