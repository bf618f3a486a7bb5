"""What every variant's scoring shares: the parsed hand, the scored hand, errors and small helpers.

A variant's module (``rumino.py``, ``gin.py``, ...) subclasses :class:`Scorer` and fills in only what its
rule sheet says differently: which ends a hand may have, how each end is scored, when a player is out,
when rebuys are open, when the match is over and what is added at the end. ``match.py`` walks the
entries and calls these hooks in the order of RULES.md §10.0.9; nothing here keeps running totals.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from decimal import Decimal
from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import Card, InvalidCardError, check_copies, format_cards, parse_cards


# -- errors ------------------------------------------------------------------------------------------


class InvalidMatchError(ValueError):
    """A match document that cannot be replayed, with where the problem is.

    ``entry`` is the 0-based index of the entry at fault (None for the document's header), ``player``
    the player concerned and ``field`` the form field to show the message beside.

    >>> e = InvalidMatchError("Ben is out", entry=3, player="Ben", field="player")
    >>> (str(e), e.entry, e.player, e.field)
    ('Ben is out', 3, 'Ben', 'player')
    """

    def __init__(self, message: str, *, entry: int | None = None, player: str | None = None,
                 field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.entry = entry
        self.player = player
        self.field = field

    def to_dict(self) -> dict[str, Any]:
        return {"message": self.message, "entry": self.entry, "player": self.player, "field": self.field}


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

    def error(self, message: str, *, player: str | None = None, field: str | None = None) -> InvalidHandError:
        return InvalidHandError(message, entry=self.index, player=player, field=field)

    @property
    def others(self) -> list[str]:
        """Players in this hand other than the one who ended it, in seat order."""
        return [p for p in self.players_in if p != self.by]


@dataclass
class HandScore:
    """What a variant's scoring returns for one hand, before the match applies it."""

    scores: dict[str, int] = field(default_factory=dict)
    win_points: dict[str, int] = field(default_factory=dict)
    explanations: dict[str, str] = field(default_factory=dict)
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


# -- helpers -----------------------------------------------------------------------------------------


def parse_held(hand_index: int, player: str, value: Any) -> Held:
    """Read ``held[player]``: exactly one of ``cards`` and ``points``, and an optional ``opened``."""
    def bad(message: str, fld: str = "cards") -> InvalidHandError:
        return InvalidHandError(message, entry=hand_index, player=player, field=fld)

    if not isinstance(value, Mapping):
        raise bad(f"{player}: give cards or points", "points")
    unknown = set(value) - {"cards", "points", "opened"}
    if unknown:
        raise bad(f"{player}: unknown field {sorted(unknown)[0]!r}", "points")
    has_cards, has_points = value.get("cards") is not None, value.get("points") is not None
    if has_cards and has_points:
        raise bad(f"{player}: give cards or points, not both", "points")
    if not has_cards and not has_points:
        raise bad(f"{player}: give cards or points", "points")
    opened = value.get("opened", True)
    if not isinstance(opened, bool):
        raise bad(f"{player}: 'opened' must be true or false", "points")
    if has_points:
        pts = value["points"]
        if isinstance(pts, bool) or not isinstance(pts, (int, float, str)):
            raise bad(f"{player}: points must be a whole number", "points")
        try:
            number = Decimal(str(pts).strip())
        except Exception:
            raise bad(f"{player}: points must be a whole number, not {pts!r}", "points") from None
        if not number.is_finite() or number != number.to_integral_value():
            raise bad(f"{player}: points must be a whole number, not {pts}", "points")
        return Held(player, points=int(number), opened=opened)
    try:
        cards = parse_cards(value["cards"])
    except (InvalidCardError, TypeError, AttributeError) as exc:
        raise bad(f"{player}: {exc}") from None
    return Held(player, cards=cards, opened=opened)


def parse_meld_list(hand_index: int, value: Any, fld: str = "melds") -> list[list[Card]]:
    """Read a list of melds, each a list of card tokens or a string of cards."""
    if not isinstance(value, list) or not all(isinstance(m, (list, str)) for m in value):
        raise InvalidHandError("melds must be a list of melds, each a list of cards", entry=hand_index, field=fld)
    try:
        return [parse_cards(m) for m in value]
    except InvalidCardError as exc:
        raise InvalidHandError(f"melds: {exc}", entry=hand_index, field=fld) from None


def check_hand_copies(hand: Hand, decks: int, jokers: int) -> None:
    """Refuse a hand whose cards (every player's plus the declared melds) the deck cannot hold."""
    cards: list[Card] = []
    for held in hand.held.values():
        if held.cards:
            cards.extend(held.cards)
    for meld in hand.melds or []:
        cards.extend(meld)
    try:
        check_copies(cards, decks=decks, jokers=jokers)
    except InvalidCardError as exc:
        raise hand.error(f"{exc}", field="cards") from None


def check_typed(hand: Hand, held: Held, *, maximum: int | None, multiple_of: int | None = None) -> int:
    """The raw points typed for ``held``: refused if negative, above ``maximum`` or not a multiple."""
    pts = held.points
    assert pts is not None
    if pts < 0:
        raise hand.error(f"{held.player}: points cannot be negative", player=held.player, field="points")
    if maximum is not None and pts > maximum:
        raise hand.error(f"{held.player}: {pts} points is more than a hand can hold (at most {maximum})",
                         player=held.player, field="points")
    if multiple_of and pts % multiple_of:
        raise hand.error(f"{held.player}: {pts} is not possible: every card counts a multiple of {multiple_of}",
                         player=held.player, field="points")
    return pts


def count_cards(cards: Iterable[Card], values: tuple[int, ...]) -> int:
    """Sum of card values; ``values[0]`` is the joker, ``values[r]`` rank r."""
    return sum(values[c.rank] for c in cards)


def cards_text(cards: Iterable[Card]) -> str:
    return format_cards(cards)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def round_to_ten(raw: int, mode: str) -> int:
    """Ramino's rounding of a hand's penalty to tens (RULES.md §10.3, exact formulas).

    >>> [round_to_ten(r, "half_up") for r in (5, 15, 25, 35, 45, 4, 44)]
    [10, 20, 30, 40, 50, 0, 40]
    >>> [round_to_ten(r, "half_even") for r in (5, 15, 25, 35, 45)]
    [0, 20, 20, 40, 40]
    >>> [round_to_ten(r, "italian_steps") for r in (0, 4, 5, 15, 25)]
    [0, 10, 10, 10, 20]
    """
    if mode == "none":
        return raw
    if mode == "half_up":
        return 10 * ((raw + 5) // 10)
    if mode == "half_down":
        return 10 * ((raw + 4) // 10)
    if mode == "half_even":
        low, rest = divmod(raw, 10)
        if rest > 5 or (rest == 5 and low % 2 == 1):
            low += 1
        return 10 * low
    if mode == "italian_steps":
        return 0 if raw == 0 else 10 * max(1, (raw + 4) // 10)
    raise ValueError(f"unknown rounding mode {mode!r}")


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


__all__ = [
    "InvalidMatchError", "InvalidHandError", "InvalidRebuyError", "Held", "Hand", "HandScore",
    "parse_held", "parse_meld_list", "check_hand_copies", "check_typed", "count_cards", "cards_text",
    "plural", "round_to_ten", "ceil_div", "RuleView", "PlayerState", "MatchState", "RebuyPolicy", "Scorer",
]


# -- resolved house rules ------------------------------------------------------------------------------


class RuleView:
    """Read-only access to a match's resolved house rules, whatever object the registry returns.

    >>> RuleView({"target": 100}).get("target"), RuleView({"target": 100}).get("x", 3)
    (100, 3)
    """

    _MISSING = object()

    def __init__(self, rules: Any, overrides: Mapping[str, Any] | None = None) -> None:
        self._rules = rules
        self.overrides = dict(overrides or {})

    def get(self, name: str, default: Any = None) -> Any:
        rules = self._rules
        if isinstance(rules, Mapping):
            return rules.get(name, default)
        try:
            return rules[name]
        except (KeyError, TypeError, IndexError, AttributeError):
            pass
        value = getattr(rules, name, self._MISSING)
        return default if value is self._MISSING else value

    def __getitem__(self, name: str) -> Any:
        value = self.get(name, self._MISSING)
        if value is self._MISSING:
            raise KeyError(name)
        return value

    def __contains__(self, name: str) -> bool:
        return self.get(name, self._MISSING) is not self._MISSING

    @property
    def raw(self) -> Any:
        """The registry's own ``Rules`` object (or the plain dict of defaults)."""
        return self._rules


# -- the match as the scorers see it ----------------------------------------------------------------------


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
    hands_won: int = 0
    #: what the player's hand scores added up to, before end-of-match adjustments
    hand_points: int = 0


@dataclass
class MatchState:
    """The match as replayed so far. Owned and changed only by ``match.py``."""

    players: dict[str, PlayerState]
    hands_played: int = 0
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    history: list[HandScore] = field(default_factory=list)

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
    """When and how an eliminated player may come back (RULES.md §10.0.6, Rumino A4)."""

    min_remaining: int = 2
    max_rebuys: int | None = None
    score: str = "highest_remaining"  # highest_remaining | highest_remaining_minus_1 | zero
    cost: str = "double_per_entry"  # double_per_entry | first_rebuy_equals_stake | same_stake | half_stake

    def cost_of(self, stake: Decimal, rebuy_number: int) -> Decimal:
        """What the ``rebuy_number``-th rebuy (1 for the first) costs: entry k = rebuy_number + 1.

        >>> p = RebuyPolicy()
        >>> [str(p.cost_of(Decimal("20"), n)) for n in (1, 2)]
        ['40.00', '80.00']
        >>> [str(RebuyPolicy(cost="first_rebuy_equals_stake").cost_of(Decimal("20"), n)) for n in (1, 2)]
        ['20.00', '40.00']
        >>> str(RebuyPolicy(cost="half_stake").cost_of(Decimal("5.00"), 1))
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
        return highest


class Scorer(ABC):
    """One variant's scoring. Subclasses override what their rule sheet says differently.

    ``rules`` is a :class:`RuleView` of the resolved house rules, ``variant`` the registry's variant
    object (None when only this package's defaults are in use).
    """

    key: str = ""
    ends: tuple[str, ...] = ()
    #: low totals are good (penalty scoring); False where points are won (Gin, points races)
    lower_wins: bool = True
    by_required: bool = True
    has_boxes: bool = False
    keeps_win_points: bool = False
    #: the switches and defaults of RULES.md Part II, used only if the variant registry is unavailable
    DEFAULTS: dict[str, Any] = {}

    @classmethod
    def resolve_defaults(cls, n_players: int, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults ← overrides, refusing unknown switches; used only without the variant registry."""
        resolved = dict(cls.DEFAULTS)
        for name, value in overrides.items():
            if name not in resolved:
                raise InvalidMatchError(f"unknown house rule {name!r}", field="rules")
            resolved[name] = value
        return resolved

    def __init__(self, rules: RuleView, players: list[str], variant: Any = None) -> None:
        self.rules = rules
        self.players = players
        self.variant = variant

    # -- the hand ------------------------------------------------------------------------------------

    def ends_allowed(self, state: MatchState) -> list[str]:
        return list(self.ends)

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        """Whether ``player`` may be missing from ``held`` (the one who went out, by default)."""
        return player == hand.by

    @abstractmethod
    def score(self, hand: Hand, state: MatchState) -> HandScore:
        """Score one hand: each player's change, win points, explanations."""

    def parse_extra(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        """Read the variant's own hand fields (``upcard``, ``deal``); refuse those it does not have."""
        for name in ("upcard", "deal"):
            if entry.get(name) is not None:
                raise hand.error(f"this game has no {name}", field=name)

    # -- the match -----------------------------------------------------------------------------------

    def elimination(self) -> tuple[int, bool] | None:
        """(threshold, inclusive) on the total, or None where nobody is knocked out."""
        return None

    def rebuy_policy(self) -> RebuyPolicy | None:
        return None

    def all_bust_replays(self) -> bool:
        return False

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        """Winners if this hand ended the match by a target or a deal count; None otherwise."""
        return None

    def finish(self, state: MatchState) -> list[str]:
        """End-of-match adjustments (game bonus, boxes, shutout); returns notes saying what was added."""
        return []

    def next_dealer(self, state: MatchState, hand: Hand, scored: HandScore) -> str | None:
        """Who deals next if not simply the next seat still in (2-player Gin: the hand's winner)."""
        return None

    def leaders(self, state: MatchState) -> list[str]:
        names = state.still_in or list(state.players)
        if not names:
            return []
        pick = min if self.lower_wins else max
        best = pick(state.players[n].total for n in names)
        return [n for n in names if state.players[n].total == best]

    def place_key(self, ps: PlayerState) -> tuple:
        """How players are ordered for ``place``, after their state (best first; equal keys share).

        By total (lowest first where low totals are good); Kalooki breaks equal penalty totals by the
        most win points (D6) and orders a ``win_points_race`` by win points.
        """
        sign = 1 if self.lower_wins else -1
        tiebreak = -ps.win_points if self.keeps_win_points and self.lower_wins else 0
        return (sign * ps.total, tiebreak)

    def context(self, state: MatchState) -> dict[str, Any]:
        """Variant-specific facts the form needs for the next hand."""
        return {}

    def notes(self, state: MatchState) -> list[str]:
        return []

    # -- shared helpers for variants played with cards -------------------------------------------------

    #: fallbacks used only when the variant registry is not importable
    FALLBACK_VALUES: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

    def values(self) -> tuple[int, ...]:
        """Card values: ``[0]`` the joker, ``[r]`` rank r (the variant's table with its house rules)."""
        if self.variant is not None:
            return tuple(self.variant.values(self.rules.raw))
        return self.FALLBACK_VALUES

    def meld_rules(self) -> Any:
        if self.variant is not None:
            return self.variant.meld_rules(self.rules.raw)
        from ..melds import MeldRules
        return MeldRules()

    def decks(self) -> int:
        if self.variant is not None:
            return self.variant.decks(len(self.players))
        return 1

    def jokers(self) -> int:
        if self.variant is not None:
            return self.variant.jokers(len(self.players), self.rules.raw)
        return int(self.rules.get("jokers_in_deck", 0) or 0)

    def check_copies(self, hand: Hand, *, melds_are_extra: bool = True) -> None:
        """Every card in the hand (held cards, plus declared melds when they are not part of a held
        hand) must fit in the deck (§10.0.4)."""
        cards: list[Card] = []
        for held in hand.held.values():
            if held.cards:
                cards.extend(held.cards)
        if melds_are_extra:
            for meld in hand.melds or []:
                cards.extend(meld)
        try:
            check_copies(cards, decks=self.decks(), jokers=self.jokers())
        except InvalidCardError as exc:
            raise hand.error(str(exc), field="cards") from None

    def card_count(self, hand: Hand, held: Held, allowed: Iterable[int] | range, what: str) -> None:
        """Refuse a hand of cards whose size is impossible (§10.0.4)."""
        if held.cards is None:
            return
        n = len(held.cards)
        allowed = list(allowed)
        if n not in allowed:
            if len(allowed) == 1:
                need = f"exactly {allowed[0]}"
            elif allowed == list(range(allowed[0], allowed[-1] + 1)):
                need = f"{allowed[0]} to {allowed[-1]}"
            else:
                need = " or ".join(str(a) for a in allowed)
            raise hand.error(f"{held.player} {what} {need} cards, not {n}", player=held.player, field="cards")

    def held_value(self, held: Held) -> tuple[int, str]:
        """(points, explanation) for a going-out loser: every card held counts (cards in hand)."""
        if held.cards is None:
            return held.points or 0, f"{held.points}"
        vals = self.values()
        parts = [vals[c.rank] for c in held.cards]
        total = sum(parts)
        text = format_cards(held.cards)
        if len(parts) > 1:
            return total, f"{text}: {' + '.join(map(str, parts))} = {total}"
        return total, f"{text}: {total}"

    def best_of(self, names: Iterable[str], state: MatchState) -> list[str]:
        names = list(names)
        if not names:
            return []
        pick = min if self.lower_wins else max
        best = pick(state.players[n].total for n in names)
        return [n for n in names if state.players[n].total == best]
