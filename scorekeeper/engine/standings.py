"""What a replay returns: the standings of a match (``Standings``), one entry's result (``EntryResult``),
each player's and side's standing, the games of a sheet of several and the open rebuys, and how each is
written out as JSON-safe values (``to_dict``: money as strings with two decimals).

``scorekeeper.engine.match`` makes them; docs/match-format.md ("Standings") documents every field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from .hands import MatchState

#: money is counted in whole cents
CENT = Decimal("0.01")

__all__ = ["Standings", "PlayerStanding", "SideStanding", "EntryResult", "GameStanding", "RebuyOffer", "pot_shares", "places"]


def _jsonable(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, Mapping):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


class _ToDict:
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe values: money as strings with two decimals."""
        return _jsonable(self)


class _FactsAsAttributes:
    """A standing whose ``facts`` are what its game says beyond the shared fields (Phase 10's ``phase``,
    Rummikub's ``games_won``): the game's own facts read as attributes (``standing.phase``), as the
    shared fields do, so that a game's templates and rules need not know which fields are shared. Only
    a name that is neither a field nor a method reaches here."""

    facts: dict[str, Any]

    def __getattr__(self, name: str) -> Any:
        # read through __dict__: during copy or unpickling ``facts`` may not be set yet, and asking
        # self.facts would come back here
        facts = self.__dict__.get("facts") or {}
        if name in facts:
            return facts[name]
        raise AttributeError(name)


@dataclass
class RebuyOffer(_ToDict):
    """An open rebuy: ``player`` may come back on ``total`` by paying ``cost`` (None without a stake)."""

    player: str
    total: int
    cost: Decimal | None


@dataclass
class PlayerStanding(_FactsAsAttributes, _ToDict):
    name: str
    total: int
    win_points: int | None
    state: str  # in | out | finished | winner
    rebuys: int
    paid: Decimal | None
    boxes: int | None
    place: int
    #: the player's side, in a game scored by sides (None otherwise); ``total`` is then the side's
    side: str | None = None
    #: what the game says of the player beyond the total (``Variant.player_facts``: Phase 10's ``phase``,
    #: Rummikub's ``games_won``), read as attributes and written out beside the other fields
    facts: dict[str, Any] = field(default_factory=dict)
    #: what the pages say beside the player's name, in the game's words (``Variant.player_note``: "Phase
    #: 4: 1 run of 7"), or None
    note: str | None = None
    #: the note cut to a word or two for the Save bar (``Variant.player_short_note``: "Phase 4"), or None
    short_note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = _jsonable(self)
        out.update(out.pop("facts"))
        return out


@dataclass
class SideStanding(_ToDict):
    """One side of a game scored by sides: its members, its total (every member's), its place among the
    sides (equal totals share), its state, and the least first meld of its next hand (None when the game
    has none, or once the match is over)."""

    name: str
    members: list[str]
    total: int
    place: int
    state: str  # in | winner | finished
    opening_minimum: int | None


@dataclass
class EntryResult(_ToDict):
    index: int
    kind: str  # hand | void | rebuy | split
    end: str | None
    by: str | None
    dealer: str | None
    scores: dict[str, int] = field(default_factory=dict)
    win_points: dict[str, int] = field(default_factory=dict)
    #: each player's explanation (``hands.Explanations``: a sentence is said when it is read)
    explanations: Mapping[str, str] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    eliminated: list[str] = field(default_factory=list)
    summary: str = ""
    #: a sheet of several games (Hollywood): the games this hand's points went into, those it closed, and
    #: {winner: points} for the hand (empty for a void or a 0–0 hand)
    games: list[int] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    hand_points: dict[str, int] = field(default_factory=dict)
    #: a game scored by sides: each side's change (``scores`` gives every member the side's); the
    #: ``explanations`` are then one per side, by the side's name
    side_scores: dict[str, int] = field(default_factory=dict)


@dataclass
class GameStanding(_ToDict):
    """One game of a sheet of several (Hollywood Gin): its number, whether it is still open, each player's
    points and boxes in it, the numbers of the hands entered in it, and once closed its winner, whether
    the loser was shut out, each player's final with the bonuses, and the winner's final less the loser's."""

    number: int
    open: bool
    totals: dict[str, int]
    boxes: dict[str, int]
    hands: list[int]
    winner: str | None
    shutout: bool
    finals: dict[str, int] | None
    difference: int | None


@dataclass
class Standings(_FactsAsAttributes, _ToDict):
    variant: str
    players: list[PlayerStanding]
    hands: list[EntryResult]
    finished: bool
    winners: list[str]
    pot: Decimal | None
    payouts: dict[str, Decimal]
    pot_remainder: Decimal | None
    next_dealer: str | None
    open_rebuys: list[RebuyOffer]
    deal: int | None
    contract: str | None
    leader: list[str]
    notes: list[str]
    #: a sheet of several games (Hollywood Gin): every game opened so far, in order; None for other games
    games: list[GameStanding] | None = None
    #: a game scored by sides: each side, in the seat order of its first member
    sides: list[SideStanding] = field(default_factory=list)
    #: the sides that won (several when they share); ``winners`` lists their members
    winning_sides: list[str] = field(default_factory=list)
    #: while a rebuy is open for the player the deal would pass to, that player: they deal if they buy back
    #: in, otherwise ``next_dealer`` does (docs/rules/common.md#next-dealer); None when nobody's rebuy
    #: changes the next dealer
    next_dealer_if_rebuy: str | None = None
    #: the notes about the match as it stands (the game's and the end's), without those about single hands
    #: ("hand 1: Ann's melds taken as …"), which a finished match's result no longer needs
    match_notes: list[str] = field(default_factory=list)
    #: who deals the next hands, ``next_dealer`` first, while nobody is knocked out (a void hand keeps the
    #: dealer): what a phone with hands kept offline says; empty once finished or where the dealer
    #: depends on the hand (2-player Gin's winner deals)
    dealers_ahead: list[str] = field(default_factory=list)
    #: a game played in numbered rounds that change the rules (Hand and Foot): the next round's number,
    #: None once finished or in a game without rounds
    round: int | None = None
    #: between hands of a game with rebuys (rejoins): whether one is open now and on what total, in
    #: words (None when a window lists its offers, when the game has none, once the match is over)
    rebuy_status: str | None = None
    #: once finished, what the winner collects from each other player in points, where the game settles
    #: by differences (Rummy 500); empty otherwise
    differences: dict[str, int] = field(default_factory=dict)
    #: victory points by side (or player), from the totals as they stand, where the table turns the
    #: difference into them (Burraco played as a set number of hands); empty otherwise
    victory_points: dict[str, int] = field(default_factory=dict)
    #: who plays the next hand when it is not everyone still in (Phase 10's tie-break hand: the tied
    #: players only), in seat order; None otherwise
    next_players: list[str] | None = None
    #: what the game says of the match beyond the shared fields (``Variant.match_facts``: Phase 10's
    #: ``tie_break_players``, Rummikub's ``game``), read as attributes and written out beside the others
    facts: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out = _jsonable(self)
        out["players"] = [p.to_dict() for p in self.players]
        out.update(out.pop("facts"))
        return out

    def player(self, name: str) -> PlayerStanding:
        return next(p for p in self.players if p.name == name)

    def side(self, name: str) -> SideStanding:
        return next(s for s in self.sides if s.name == name)


def pot_shares(state: MatchState, stake: Decimal | None) -> tuple[Decimal | None, dict[str, Decimal], Decimal | None]:
    """The pot (every stake and rebuy paid), each winner's equal share once the match is over (in whole
    cents, rounded down) and what is left over; (None, {}, None) without a stake."""
    if stake is None:
        return None, {}, None
    pot = sum((ps.paid or Decimal(0) for ps in state.players.values()), Decimal(0))
    if not (state.finished and state.winners):
        return pot, {}, None
    share = (pot / len(state.winners)).quantize(CENT, rounding=ROUND_DOWN)
    return pot, {w: share for w in state.winners}, pot - share * len(state.winners)


def places(state: MatchState, variant: Any, sides: Sequence[Any]) -> dict[str, int]:
    """The finishing order (docs/rules/common.md, "Places"): the winners; then the players still in
    (or in at the end), by the variant's order; then those knocked out, the later a player went out
    the better, and those knocked out by the same hand by the variant's order. Ties share a place."""

    def key(ps: Any) -> tuple:
        # the variant's order: by total, Kalooki by win points where they decide
        # (docs/rules/kalooki.md#winner, win_points_race)
        if ps.state == "winner":
            return (0, 0) + tuple(variant.place_key_in(state, ps))
        if ps.knocked_out:
            return (2, -ps.out_at) + tuple(variant.place_key_in(state, ps))
        return (1, 0) + tuple(variant.place_key_in(state, ps))

    if sides:
        # ranked by side: a side's members share its state and total, and its place (1, 2, … among
        # the sides, not among the players)
        ranked = sorted(sides, key=lambda s: key(state.players[s.members[0]]))
        by_side: dict[str, int] = {}
        prev, place = None, 0
        for i, side in enumerate(ranked, start=1):
            k = key(state.players[side.members[0]])
            if k != prev:
                place, prev = i, k
            for m in side.members:
                by_side[m] = place
        return by_side
    ordered = sorted(state.players.values(), key=key)
    places: dict[str, int] = {}
    prev, place = None, 0
    for i, ps in enumerate(ordered, start=1):
        k = key(ps)
        if k != prev:
            place, prev = i, k
        places[ps.name] = place
    return places
