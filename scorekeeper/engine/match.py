"""Replaying a match document into standings: the one place totals are computed.

A match is stored as its inputs only (docs/match-format.md): the variant, the house rules,
the seats and the ordered entries (hands, void hands, rebuys). :func:`replay` walks the entries in order,
asks the variant (``scorekeeper.engine.variants``, bound to the match's rules) to score each hand, and
applies the results in the order of docs/rules/common.md#order-of-operations: totals, eliminations,
rebuys, match end, end-of-match bonuses. Every problem refuses the whole document with an :class:`InvalidMatchError` naming the entry, the player and
the field. ``docs/match-format.md`` documents every field read and returned here.

Beside it: ``standings`` (what a replay returns), ``rebuys`` (the window of offers and the rebuy entry,
in the table's words), ``checkpoints`` (a replay's state as JSON-safe values, which ``MatchReplay``
resumes from) and ``sides`` (the sides a match is bound to).

>>> standings = replay({
...     "format": "scorekeeper.match/1", "variant": "free", "players": ["Ann", "Ben"],
...     "entries": [{"kind": "hand", "end": "scores", "held": {"Ann": {"points": 12}, "Ben": {"points": -3}}}],
... })
>>> [(p.name, p.total, p.place) for p in standings.players]
[('Ann', 12, 2), ('Ben', -3, 1)]
>>> standings.leader, standings.next_dealer
(['Ben'], 'Ben')
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from collections.abc import Mapping
from typing import Any

from . import limits
from .errors import Refusal
from .i18n import _, joined, message_of
from .hands import (
    Explanations, Hand, InvalidHandError, InvalidMatchError, InvalidRebuyError, MatchState, PlayerState,
    parse_meld_list,
)
from .entry_fields import EntryKind
from . import checkpoints
from .checkpoints import StaleCheckpointError
from .rebuys import Rebuys
from .standings import (CENT, EntryResult, GameStanding, PlayerStanding, RebuyOffer, SideStanding, Standings,
                        places as standing_places, pot_shares)
from .sides import match_sides
from .variants import Rules, UnknownVariantError, Variant, find_variant

FORMAT = "scorekeeper.match/1"
#: entry kinds beyond hands, voids and rebuys that a game takes only if it declares them
#: (``Variant.shared_entry_kinds``): ``split``, the players still in agreeing to share the pot
SHARED_ENTRY_KINDS = frozenset({"split"})
#: how many hands ahead the standings name the dealer of (``Standings.dealers_ahead``)
DEALERS_AHEAD = 8

__all__ = [
    "FORMAT", "MatchReplay", "StaleCheckpointError", "replay", "preview_hand", "next_entry_context", "Standings", "PlayerStanding", "EntryResult", "GameStanding",
    "RebuyOffer", "SideStanding", "InvalidMatchError", "InvalidHandError", "InvalidRebuyError",
]


#: the hand fields every game read before each declared its own entry fields (docs/match-format.md)
_FIRST_HAND_FIELDS = frozenset({"melds", "upcard", "deal"})


# -- the public functions ---------------------------------------------------------------------------------


def replay(document: Mapping[str, Any]) -> Standings:
    """Replay a whole match document and return its standings (see ``docs/match-format.md``)."""
    run = _Replay(document)
    run.play_all()
    return run.standings()



class MatchReplay:
    """A match replayed so far, that can be carried on: ``then(entries)`` is the same match with more
    entries, replaying only those (this replay is left as it was). A service that keeps the replay of
    each match's latest version makes saving hand 1,000 cost what saving hand 10 costs.

    ``checkpoint()`` is the replay's state as JSON-safe values (nothing else is needed to carry on), and
    ``MatchReplay.resume(document, checkpoint)`` carries on from it, playing only the document's entries,
    which are the ones after the checkpoint: a state kept in a database lets any process carry a long
    match on without replaying it. A resumed replay holds the results of the entries it played only
    (``first`` is the index of the first of them); everything else in its standings is what a whole
    replay gives. With ``every``, a checkpoint is taken on the way each time the entries played reach a
    multiple of it (the last few are kept: ``checkpoints()``).

    >>> doc = {"variant": "free", "players": ["Ann", "Ben"], "entries": []}
    >>> hand = {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 5}, "Ben": {"points": 2}}}
    >>> first = MatchReplay(doc)
    >>> second = first.then([hand, hand])
    >>> first.entries, second.entries, [p.total for p in second.standings().players]
    (0, 2, [10, 4])
    >>> second.standings() == replay({**doc, "entries": [hand, hand]})
    True
    >>> later = MatchReplay.resume({**doc, "entries": [hand]}, second.checkpoint())
    >>> later.first, later.entries, [p.total for p in later.standings().players]
    (2, 3, [15, 6])
    """

    #: checkpoints taken on the way that a replay keeps (the latest ones: a service resumes near the end)
    KEPT_CHECKPOINTS = 4

    def __init__(self, document: Mapping[str, Any], *, every: int | None = None) -> None:
        self._run = _Replay(document)
        self._every = every
        self._marks: dict[int, dict[str, Any]] = {}
        self._play(self._run.entries)

    @classmethod
    def resume(cls, document: Mapping[str, Any], checkpoint: Mapping[str, Any], *,
               every: int | None = None) -> "MatchReplay":
        """The match carried on from ``checkpoint`` with ``document``'s entries (those after it).

        Raises :class:`StaleCheckpointError` when the checkpoint is not of this document's header, and
        what :func:`replay` would raise for the entries."""
        run = _Replay(document)
        checkpoints.restore(run, checkpoint)
        twin = object.__new__(cls)
        twin._run, twin._every, twin._marks = run, every, {}
        twin._play(run.entries)
        return twin

    def _play(self, entries: list[Any]) -> None:
        run, every = self._run, self._every
        if not every or run.played + len(entries) > limits.MATCH_ENTRIES:
            run.play(entries)  # past the bound: refused by play as a whole, before any entry is played
            return
        done = 0
        while done < len(entries):
            step = min(len(entries) - done, every - run.played % every)
            run.play(entries[done:done + step])
            done += step
            if run.played % every == 0:
                self._marks[run.played] = checkpoints.snapshot(run)
                for old in sorted(self._marks)[:-self.KEPT_CHECKPOINTS]:
                    del self._marks[old]

    @property
    def entries(self) -> int:
        """How many entries have been played (those before a resumed checkpoint included)."""
        return self._run.played

    @property
    def first(self) -> int:
        """The index of the first entry whose result this replay holds (0 unless resumed)."""
        return self._run.first

    @property
    def held(self) -> int:
        """How many entries' results this replay holds."""
        return len(self._run.results)

    @property
    def finished(self) -> bool:
        return self._run.state.finished

    def then(self, entries: list[Mapping[str, Any]]) -> "MatchReplay":
        """This match followed by ``entries``; raises what :func:`replay` would for them."""
        twin = object.__new__(MatchReplay)
        twin._run = self._run.fork()
        twin._every, twin._marks = self._every, dict(self._marks)
        twin._play(list(entries))
        return twin

    def entry_kinds_allowed(self) -> list[str]:
        """The game's own entry kinds (``Variant.entry_kinds``) the next entry may be: Hollywood's stop."""
        run = self._run
        return [] if run.state.finished else run.variant.entry_kinds_allowed(run.state)

    def next_entry_fields(self) -> Any:
        """The entry fields of the next hand (``Variant.entry_fields_at``): the match's own, unless the game's
        hands change shape as the match goes on."""
        run = self._run
        return run.variant.entry_fields_at(run.state)

    def last(self) -> EntryResult:
        """The last entry's result."""
        return self._run.results[-1]

    def standings(self) -> Standings:
        return self._run.standings()

    def knocked_out(self) -> set[str]:
        """The players knocked out (eliminated after their last rebuy), as against the losers of a
        match that simply ended."""
        return {ps.name for ps in self._run.state.players.values()
                if ps.knocked_out and ps.state in ("out", "finished")}

    @property
    def header(self) -> dict[str, Any]:
        """What a checkpoint of this replay shares with the document it resumes (all but the entries)."""
        return checkpoints.header(self._run)

    def checkpoint(self) -> dict[str, Any]:
        """The replay's state now, as JSON-safe values, to :meth:`resume` from."""
        return checkpoints.snapshot(self._run)

    def checkpoints(self) -> dict[int, dict[str, Any]]:
        """The checkpoints taken on the way (with ``every``), by the entries played when taken."""
        return dict(self._marks)


def preview_hand(document: Mapping[str, Any], entry: Mapping[str, Any]) -> EntryResult:
    """The result ``entry`` would have if it were appended to ``document`` (nothing is stored).

    Raises the same errors :func:`replay` would, with ``entry`` set to the new entry's index.
    """
    doc = dict(document)
    doc["entries"] = list(document.get("entries") or []) + [entry]
    return replay(doc).hands[-1]


def next_entry_context(document: Mapping[str, Any]) -> dict[str, Any]:
    """What the next entry may be: players still in, allowed ends, dealer, open rebuys, Russian deal.

    >>> ctx = next_entry_context({"variant": "free", "players": ["Ann", "Ben"], "entries": []})
    >>> ctx["players_in"], ctx["ends"], ctx["finished"]
    (['Ann', 'Ben'], ['scores'], False)
    """
    run = _Replay(document)
    run.play_all()
    st = run.standings()
    ctx: dict[str, Any] = {
        "variant": run.key,
        "finished": st.finished,
        "players_in": [] if st.finished else list(st.next_players or run.state.still_in),
        "ends": [] if st.finished else run.variant.ends_allowed(run.state),
        "by_required": run.variant.by_required,
        "knock_game": run.variant.knock_game,
        "high_wins": run.variant.high_wins(),
        "upcard_required": run.variant.upcard_required,
        "dealer": st.next_dealer,
        "dealer_if_rebuy": st.next_dealer_if_rebuy,
        "hand_number": run.state.hands_played + 1,
        "rebuys_open": bool(st.open_rebuys),
        "open_rebuys": [o.to_dict() for o in st.open_rebuys],
        "deal": st.deal,
        "contract": st.contract,
        # the game's own entries (Hollywood's notice to stop) that the next entry may be
        "entry_kinds": [] if st.finished else run.variant.entry_kinds_allowed(run.state),
        "rebuy_status": st.rebuy_status,
    }
    ctx.update(run.variant.context(run.state))
    return ctx


# -- the replay itself ------------------------------------------------------------------------------------


def _header_error(message: str, fld: str) -> InvalidMatchError:
    return InvalidMatchError(message, field=fld)


def _load_variant(key: str, players: list[str], overrides: Mapping[str, Any]) -> tuple[Variant, Rules]:
    """The variant and the match's house rules (validated by the variant: docs/rules/common.md#house-rules)."""
    try:
        variant = find_variant(key)
    except UnknownVariantError:
        raise _header_error(_("unknown variant {key!r}", key=key), "variant") from None
    if not variant.min_players <= len(players) <= variant.max_players:
        raise _header_error(_("{game} is for {span} players, not {count}", game=variant.name,
                              span=variant.players_span(), count=len(players)), "players")
    refused = variant.refuse_players(len(players))
    if refused is not None:
        # a game may refuse a count within its range (Burraco: five players)
        raise _header_error(refused, "players")
    try:
        rules = variant.rules(len(players), **overrides)
    except ValueError as exc:
        raise _header_error(message_of(exc), "rules") from None
    return variant, rules


def _parse_stake(value: Any) -> Decimal | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise _header_error(_("the stake must be an amount such as 5.00"), "stake")
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise _header_error(_("the stake must be an amount such as 5.00, not {value!r}", value=value),
                            "stake") from None
    if not amount.is_finite() or amount < 0:
        raise _header_error(_("the stake cannot be negative"), "stake")
    if amount > limits.STAKE_MAX:
        raise _header_error(_("the stake must be at most {limit:,}", limit=limits.STAKE_MAX), "stake")
    if amount != amount.quantize(CENT):
        raise _header_error(_("the stake must be in whole cents"), "stake")
    return amount.quantize(CENT)


class _Replay:
    def __init__(self, document: Mapping[str, Any]) -> None:
        if not isinstance(document, Mapping):
            raise _header_error(_("a match document is a JSON object"), "format")
        fmt = document.get("format", FORMAT)
        if fmt != FORMAT:
            raise _header_error(_("unknown format {fmt!r}: expected {expected!r}", fmt=fmt, expected=FORMAT), "format")
        players = document.get("players")
        if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
            raise _header_error(_("players must be a list of names"), "players")
        seen: set[str] = set()
        for p in players:
            if p.casefold() in seen:
                raise InvalidMatchError(_("{p} is named twice", p=p), field="players", player=p)
            seen.add(p.casefold())
        self.key = document.get("variant")
        if not isinstance(self.key, str):
            raise _header_error(_("the variant is missing"), "variant")
        overrides = document.get("rules") or {}
        if not isinstance(overrides, Mapping):
            raise _header_error(_("rules must be an object of house-rule switches"), "rules")
        self.overrides = dict(overrides)
        variant, rules = _load_variant(self.key, list(players), overrides)
        # what a hand entry holds and how much (cards, points), as the game's entry fields declare it, read once
        fields = variant.entry_fields(rules, len(players))
        cards, points = fields.field("cards"), fields.field("points")
        self.cards_limit: int | None = cards.maximum if cards is not None else None
        self.points_limit: int | None = points.maximum if points is not None else None
        #: the fields a player's ``held`` may carry, those typed instead of cards or points, and the
        #: game's own fields of a hand (beyond those every hand may carry)
        self.held_fields = frozenset(f.name for f in fields.per_player)
        self.instead_fields = tuple(f.name for f in fields.per_player if f.instead)
        #: the fields a hand entry may carry: how it ended and who ended it (checked against the game's
        #: ends, with their own refusals), what the entry fields ask once a hand, ``held`` when it asks anything
        #: of each player, and what the game checks without asking (Russian's ``deal``)
        self.hand_fields = frozenset({"kind", "note", "end", "by", *(f.name for f in fields.per_hand),
                                      *(("held",) if fields.per_player else ()), *variant.checked_fields})
        #: a game scored by sides: its sides (``engine.sides``), every member showing the side's total
        self.by_sides = fields.scored == "sides"
        self.sides = match_sides(variant, rules, document.get("teams"), list(players), self.by_sides)
        self.variant = variant.for_match(rules, players, self.sides)
        #: hands hold ``sides`` (a game scored by sides, or one whose hands have units of their own)
        self.side_entries = self.by_sides or "sides" in self.variant.entry_keys
        if self.side_entries:
            # a game scored by sides (or with sides of its own) reads each hand's ``sides`` and its own keys
            self.hand_fields |= {"sides", *self.variant.entry_keys}
        self.stake = _parse_stake(document.get("stake"))
        first = document.get("first_dealer", players[0])
        if first not in players:
            raise InvalidMatchError(_("the first dealer {first!r} is not a player", first=first), field="players",
                                    player=first)
        self.first_dealer = first
        entries = document.get("entries") or []
        if not isinstance(entries, list):
            raise _header_error(_("entries must be a list"), "entries")
        self.entries = entries
        #: entries played before this replay's first result (a replay resumed from a checkpoint)
        self.first = 0
        self.state = MatchState({p: PlayerState(p, i, paid=self.stake) for i, p in enumerate(players)})
        self.results: list[EntryResult] = []
        self.dealer: str = first
        self.advance_dealer = False
        self.notes: list[str] = []
        self.rebuys = Rebuys(self.variant)
        self.end_notes: list[str] = []

    # -- walking the entries ---------------------------------------------------------------------------

    def play_all(self) -> None:
        self.play(self.entries)

    def play(self, entries: list[Any]) -> list[EntryResult]:
        """Play ``entries`` after those already played, and return their results.

        A refused entry raises with its index in the whole match; the replay is then unusable (play
        on a :meth:`fork` to try an entry and keep the replay).
        """
        start = self.played
        if start + len(entries) > limits.MATCH_ENTRIES:
            raise InvalidMatchError(
                _("a match holds at most {limit:,} entries, not {count:,}: start a new match",
                  limit=limits.MATCH_ENTRIES, count=start + len(entries)), entry=limits.MATCH_ENTRIES, field="kind")
        for index, entry in enumerate(entries, start=start):
            self.play_one(index, entry)
        return self.results[len(self.results) - len(entries):]

    @property
    def played(self) -> int:
        """Entries played so far, those before a resumed checkpoint included."""
        return self.first + len(self.results)

    def fork(self) -> "_Replay":
        """An independent copy of the replay so far, to carry on without replaying what came before: the
        results and hand scores already made are shared (they never change once made), the players'
        states and everything else a later entry changes are copied. Costs a copy of two lists of
        references, whatever the length of the match."""
        twin = copy.copy(self)
        state = self.state
        twin.state = MatchState({name: replace(ps) for name, ps in state.players.items()},
                                state.hands_played, state.finished, list(state.winners), list(state.history),
                                dict(state.kept))
        twin.results = list(self.results)
        twin.notes = list(self.notes)
        twin.end_notes = list(self.end_notes)
        twin.rebuys = self.rebuys.copy()
        return twin

    def play_one(self, index: int, entry: Any) -> None:
        if not isinstance(entry, Mapping):
            raise InvalidMatchError(_("an entry must be an object"), entry=index, field="kind")
        if self.state.finished:
            raise InvalidMatchError(_("the match has already ended: no more entries"), entry=index, field="kind")
        kind = entry.get("kind")
        if kind is not None and not isinstance(kind, str):
            raise InvalidMatchError(_("an entry's kind is a word (“hand”), not {kind}",
                                      kind=json.dumps(kind, default=str)[:20]), entry=index, field="kind")
        if kind == "rebuy":
            self.results.append(self.rebuy(index, entry))
            return
        if kind in SHARED_ENTRY_KINDS and kind not in self.variant.shared_entry_kinds:
            raise InvalidMatchError(_("{game} has no {kind} entry", game=self.variant.name, kind=kind), entry=index,
                                    field="kind")
        self.close_window()
        if self.state.finished:
            raise InvalidMatchError(_("the match has already ended: no more entries"), entry=index, field="kind")
        if kind == "void":
            self.results.append(self.void(index, entry))
        elif kind == "hand":
            self.results.append(self.hand(index, entry))
        elif kind == "split":
            self.results.append(self.split(index, entry))
        elif isinstance(kind, str) and (own := next((k for k in self.variant.entry_kinds() if k.key == kind), None)):
            if own.ends_match:
                self.results.append(self.table_end(index, entry, own))
            else:
                # an entry of the game's own (Hollywood's stop): the game applies it, the dealer stays
                summary = self.variant.play_entry(self.state, index, entry)
                self.results.append(EntryResult(index, kind, None, None, self.peek_dealer(), totals=self.totals(),
                                                summary=summary))
        else:
            raise InvalidMatchError(_("unknown entry kind {kind!r}", kind=kind), entry=index, field="kind")

    def table_end(self, index: int, entry: Mapping[str, Any], own: EntryKind) -> EntryResult:
        """The table ends the match itself (an entry kind of the game's that ``ends_match``: Free
        scoring's finish); the game says who wins (docs/rules/free.md#finishing)."""
        kind = entry["kind"]
        unknown = set(entry) - {"kind", "note"}
        if unknown:
            raise InvalidMatchError(_("a {kind} entry has no {name}", kind=kind, name=sorted(unknown)[0]),
                                    entry=index, field="kind")
        try:
            winners = self.variant.table_end(kind, self.state)
        except Refusal as exc:
            raise InvalidMatchError(message_of(exc), entry=index, field="kind") from None
        self.finish(winners)
        return EntryResult(index, kind, None, None, None, totals=self.totals(), summary=own.summary)

    def current_dealer(self) -> str | None:
        if self.advance_dealer:
            self.dealer = self.next_seat_in(self.dealer)
            self.advance_dealer = False
        return self.dealer

    def next_seat_in(self, after: str, also: frozenset[str] = frozenset()) -> str:
        """The next seat after ``after`` whose player is in (or in ``also``)."""
        seats = self.state.seats
        i = seats.index(after)
        for step in range(1, len(seats) + 1):
            name = seats[(i + step) % len(seats)]
            if self.state.players[name].state == "in" or name in also:
                return name
        return after

    def split(self, index: int, entry: Mapping[str, Any]) -> EntryResult:
        """The players still in agree to share the pot: the match ends with all of them winning, in
        equal shares (docs/match-format.md, "split"). Anyone knocked out who did not come back is
        finished (the window closed before this entry)."""
        unknown = set(entry) - {"kind", "players", "note"}
        if unknown:
            raise InvalidMatchError(_("a split has no {name}", name=sorted(unknown)[0]), entry=index, field="split")
        names = entry.get("players")
        still_in = self.state.still_in
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InvalidMatchError(_("a split lists the players who share the pot"), entry=index, field="split")
        for name in names:
            if name not in self.state.players:
                raise InvalidMatchError(_("{name!r} is not a player in this match", name=name), entry=index,
                                        player=None, field="split")
        if len(set(names)) != len(names):
            raise InvalidMatchError(_("a split names each player once"), entry=index, field="split")
        if set(names) != set(still_in):
            missing = [n for n in still_in if n not in names]
            extra = [n for n in names if n not in still_in]
            why = (_("{names} is still in and shares too", names=", ".join(missing)) if missing
                   else _("{names} is not in the match any more", names=", ".join(extra)))
            raise InvalidMatchError(_("a split is shared by exactly the players still in: {why}", why=why),
                                    entry=index, player=(missing or extra)[0], field="split")
        shared = [n for n in self.state.seats if n in names]
        self.finish(shared)
        return EntryResult(index, "split", None, None, None, totals=self.totals(),
                           summary=_("{names} split the pot", names=", ".join(shared)))

    def void(self, index: int, entry: Mapping[str, Any]) -> EntryResult:
        unknown = set(entry) - {"kind", "note"}
        if unknown:
            raise InvalidMatchError(_("a void hand has no {name}", name=sorted(unknown)[0]), entry=index, field="kind")
        dealer = self.current_dealer()
        # the same dealer deals again (docs/rules/common.md#void-hands): the dealer is not advanced
        return EntryResult(index, "void", None, None, dealer, totals=self.totals(),
                           summary=_("void hand: no score, {dealer} deals again", dealer=dealer))

    def parse_hand(self, index: int, entry: Mapping[str, Any]) -> Hand:
        variant = self.variant
        if self.by_sides and entry.get("held") is not None:
            raise InvalidHandError(_("a hand of {game} is entered by side: give 'sides', not 'held'",
                                     game=variant.name), entry=index, field="sides")
        # the format's first fields were read in every game: written out empty (``"upcard": null`` in a
        # Gin hand) they are still nothing, so documents kept before games declared their entry fields replay
        unknown = {name for name, value in entry.items()
                   if not (value is None and name in _FIRST_HAND_FIELDS)} - self.hand_fields
        if unknown:
            name = sorted(unknown)[0]
            raise InvalidHandError(_("a hand of {key} has no {name} field", key=self.key, name=name), entry=index,
                                   field=name if name.isidentifier() else "kind")
        players_in = self.state.still_in
        end = entry.get("end")
        ends = variant.ends_allowed(self.state)
        if end is None and None not in ends:
            # the form sent no end at all (nothing tapped): said as the form asks it, not as a value
            raise InvalidHandError(_("say how the hand ended"), entry=index, field="end")
        if end not in ends:
            raise InvalidHandError(_("a hand of {key} ends by {ends}, not {end!r}", key=self.key,
                                     ends=joined(_(" or "), ends), end=end),
                                   entry=index, field="end")
        by = entry.get("by")
        if self.side_entries:
            # who ended the hand is checked by the game, in its order of checks (docs/match-format.md)
            if by is not None:
                self.check_player_in(index, by, "by")
        elif variant.by_required and variant.end(end).needs_by is None:
            # named only when the game asks (a tie the game settles by it): the game says when
            if by is not None:
                self.check_player_in(index, by, "by")
        elif variant.by_required and not variant.end(end).needs_by:
            # nobody ended it (the stock ran out): naming someone would say what did not happen
            if by is not None:
                raise InvalidHandError(_("the {end}: nobody ended the hand, so it has no 'by'",
                                         end=variant.end(end).word),
                                       entry=index, field="by")
        elif variant.by_required:
            if by is None:
                raise InvalidHandError(_("say who ended the hand"), entry=index, field="by")
            self.check_player_in(index, by, "by")
        elif by is not None:
            raise InvalidHandError(_("this hand has no 'by': every player's points are typed"), entry=index,
                                   field="by")
        held_raw = entry.get("held") or {}
        if not isinstance(held_raw, Mapping):
            raise InvalidHandError(_("held must be an object: player → cards or points"), entry=index,
                                   field="points")
        held = {}
        for name, value in held_raw.items():
            self.check_player_in(index, name, "player")
            held[name] = variant.parse_held(index, name, value, fields=self.held_fields,
                                            instead=self.instead_fields)
            self.check_bounds(index, held[name])
        dealer = self.current_dealer()
        hand = Hand(index=index, end=end, by=by, dealer=dealer, players_in=players_in,
                    held={p: held[p] for p in players_in if p in held},
                    number=self.state.hands_played + 1, raw=entry)
        if self.side_entries:
            variant.parse_sides(hand, entry)
        for name in players_in if not self.by_sides else ():
            if name not in held and not variant.may_leave_out(hand, name):
                raise InvalidHandError(_("{name} is missing: give {name}'s cards or points", name=name)
                                       if variant.uses_cards else _("{name} is missing: type {name}'s points", name=name),
                                       entry=index, player=name, field="points")
        if entry.get("melds") is not None:
            hand.melds = parse_meld_list(index, entry["melds"])
            laid = sum(len(m) for m in hand.melds)
            if self.cards_limit is not None and laid > self.cards_limit:
                raise InvalidHandError(_("the melds hold {laid} cards: one hand of {game} holds at most {limit}",
                                         laid=laid, game=self.variant.name, limit=self.cards_limit),
                                       entry=index, player=by, field="melds")
        variant.parse_extra(hand, entry)
        return hand

    def check_bounds(self, index: int, held: Any) -> None:
        """Cards and points within what one hand of this game can hold (``limits``), checked before
        any search or arithmetic."""
        # the limit is the match's own (worked out once above); the message is made only when it is passed
        if held.cards is not None and self.cards_limit is not None and len(held.cards) > self.cards_limit:
            try:
                limits.check_hand_cards(held.cards, self.variant, len(self.state.seats), self.variant.house,
                                        who=held.player)
            except limits.LimitError as exc:
                raise InvalidHandError(exc.message, entry=index, player=held.player, field="cards") from None
        if held.points is not None and self.points_limit is not None and abs(held.points) > self.points_limit:
            values = {"player": held.player, "points": abs(held.points), "limit": self.points_limit,
                      "sign": "−" if held.points < 0 else ""}
            raise InvalidHandError(
                _("{player}: {sign}{points:,} points is more than one hand can give in this match (at most {limit:,} "
                  "either way)", **values) if self.cards_limit is None else
                _("{player}: {sign}{points:,} points is more than one hand can give in this match (at most {limit:,})",
                  **values), entry=index, player=held.player, field="points")

    def check_player_in(self, index: int, name: Any, fld: str) -> None:
        if not isinstance(name, str) or name not in self.state.players:
            raise InvalidHandError(_("{name!r} is not a player in this match", name=name), entry=index, player=None,
                                   field=fld)
        if self.state.players[name].state != "in":
            raise InvalidHandError(_("{name} is out and cannot be in this hand", name=name), entry=index, player=name,
                                   field=fld)

    def hand(self, index: int, entry: Mapping[str, Any]) -> EntryResult:
        state, variant = self.state, self.variant
        hand = self.parse_hand(index, entry)
        scored = variant.score(hand, state)
        players_in = hand.players_in
        if scored.wins_match:
            # a rumino: no hand scores, the match and the pot go to the one who made it (docs/rules/rumino.md#rumino)
            state.hands_played += 1
            state.history.append(scored)
            self.finish([scored.wins_match])
            return EntryResult(index, "hand", hand.end, hand.by, hand.dealer, {}, {}, scored.explanations,
                               self.totals(), [], scored.summary)
        if self.by_sides:
            # every member of a side scores the side's change (docs/match-format.md, "Standings")
            scored.scores = {m: scored.side_scores.get(s.name, 0) for s in self.sides for m in s.members}
        # 5. add to totals (floor at zero where the table plays that way)
        floor = variant.floors_totals()
        before = {p: state.players[p].total for p in players_in}
        for name in players_in:
            ps = state.players[name]
            ps.total += scored.scores.get(name, 0)
            ps.hand_points += scored.scores.get(name, 0)
            if floor and ps.total < 0:
                ps.hand_points -= ps.total
                scored.scores[name] = scored.scores.get(name, 0) - ps.total
                scored.explanations[name] = _("{said}; total kept at 0", said=scored.explanations.get(name, ""))
                ps.total = 0
            ps.win_points += scored.win_points.get(name, 0)
            ps.boxes += scored.boxes.get(name, 0)
        # 6. eliminations
        eliminated: list[str] = []
        limit = variant.elimination()
        if limit is not None:
            threshold, inclusive = limit
            eliminated = [p for p in players_in
                          if (state.players[p].total >= threshold if inclusive else state.players[p].total > threshold)]
        if eliminated and len(eliminated) == len(players_in) and variant.all_bust_replays():
            # everybody is out at once and the table replays the hand: treat as void
            # (docs/rules/rumino.md#everyone-out-at-once)
            for name in players_in:
                ps = state.players[name]
                ps.total = before[name]
                ps.hand_points -= scored.scores.get(name, 0)
                ps.win_points -= scored.win_points.get(name, 0)
                ps.boxes -= scored.boxes.get(name, 0)
            self.notes.append(_("hand {number}: everybody went out at once, hand to be replayed", number=index + 1))
            return EntryResult(index, "hand", hand.end, hand.by, hand.dealer, {p: 0 for p in players_in}, {},
                               {p: _("everybody went out at once: hand to be replayed") for p in players_in},
                               self.totals(), [], _("hand to be replayed"))
        for name in eliminated:
            state.players[name].state = "out"
            state.players[name].knocked_out = True
            state.players[name].out_at = state.hands_played + 1
        state.hands_played += 1
        state.history.append(scored)
        # the next dealer: 2-player Gin's winner, otherwise the next seat still in (decided when dealt)
        chosen = variant.next_dealer(state, hand, scored)
        if chosen is not None:
            self.dealer, self.advance_dealer = chosen, False
        else:
            self.advance_dealer = True
        self.notes.extend(scored.notes)
        result = EntryResult(index, "hand", hand.end, hand.by, hand.dealer,
                             {p: scored.scores.get(p, 0) for p in players_in},
                             {p: v for p, v in scored.win_points.items() if v} if variant.keeps_win_points() else {},
                             Explanations(scored.explanations), {}, eliminated, scored.summary,
                             games=list(scored.games), closed=list(scored.closed),
                             hand_points=dict(scored.hand_points), side_scores=dict(scored.side_scores))
        # 8. match end by a target, a deal count, three gins (what the game keeps between hands first)
        variant.after_hand(state, hand, scored)
        winners = variant.match_over(state, hand, scored)
        still_in = state.still_in
        if winners:
            for name in eliminated:
                state.players[name].state = "finished"
            self.finish(winners)
        elif eliminated and not still_in:
            # nobody left: the lowest total among those just knocked out wins
            # (docs/rules/rumino.md#everyone-out-at-once, docs/rules/free.md#the-match)
            best = min(state.players[p].total for p in eliminated)
            self.finish([p for p in eliminated if state.players[p].total == best])
        elif eliminated:
            # 7. rebuys: offered once, to everyone knocked out by this hand, on the same total
            self.open_window(index, eliminated)
        result.totals = self.totals()
        if eliminated:
            result.summary = _("{summary}; out: {outs}", summary=result.summary, outs=", ".join(eliminated))
        return result

    # -- rebuys (``engine.rebuys``) ------------------------------------------------------------------

    def open_window(self, index: int, eliminated: list[str]) -> None:
        if not self.rebuys.open_window(self.state, index, eliminated) and len(self.state.still_in) == 1:
            self.finish(self.state.still_in)

    def close_window(self) -> None:
        """A hand or void follows: whoever did not rebuy is finished, and the match may be over."""
        had_window = self.rebuys.window is not None
        self.rebuys.close_window(self.state)
        if had_window and len(self.state.still_in) == 1:
            self.finish(self.state.still_in)

    def rebuy(self, index: int, entry: Mapping[str, Any]) -> EntryResult:
        result = self.rebuys.rebuy(self.state, self.stake, index, entry)
        result.totals = self.totals()
        return result

    # -- the end --------------------------------------------------------------------------------------

    def finish(self, winners: list[str]) -> None:
        state = self.state
        state.finished = True
        state.winners = list(winners)
        self.rebuys.window = None
        for ps in state.players.values():
            if ps.name in winners:
                ps.state = "winner"
            elif ps.state in ("in", "out"):
                ps.state = "finished"
        self.end_notes = self.variant.finish(state)

    def totals(self) -> dict[str, int]:
        return {p.name: p.total for p in self.state.players.values()}

    def standings(self) -> Standings:
        state, variant = self.state, self.variant
        pot, payouts, remainder = pot_shares(state, self.stake)
        offers = self.rebuys.offers(state, self.stake)
        leaders = state.winners if state.finished else variant.leaders(state)
        places = standing_places(state, variant, self.sides)
        side_of = {m: s.name for s in self.sides for m in s.members}
        players = [
            PlayerStanding(
                name=ps.name, total=ps.total,
                win_points=ps.win_points if variant.keeps_win_points() else None,
                state=ps.state, rebuys=ps.rebuys, paid=ps.paid,
                boxes=ps.boxes if variant.has_boxes() else None, place=places[ps.name],
                side=side_of.get(ps.name), facts=variant.player_facts(state, ps.name),
                note=variant.player_note(state, ps.name), short_note=variant.player_short_note(state, ps.name),
            )
            for ps in state.players.values()
        ]
        sides = [
            SideStanding(name=s.name, members=list(s.members), total=state.players[s.members[0]].total,
                         place=places[s.members[0]], state=state.players[s.members[0]].state,
                         opening_minimum=None if state.finished else
                         variant.side_minimum_at(state, state.players[s.members[0]].total))
            for s in self.sides
        ]
        ctx = variant.context(state)
        next_dealer = None if state.finished else self.peek_dealer()
        game_notes = variant.notes(state)
        if_rebuy = None if state.finished else self.peek_dealer(assume_rebuys=True)
        return Standings(
            variant=self.key, players=players, hands=list(self.results), finished=state.finished,
            winners=list(state.winners), pot=pot, payouts=payouts, pot_remainder=remainder,
            next_dealer=next_dealer, open_rebuys=offers,
            deal=ctx.get("deal"), contract=ctx.get("contract"), leader=list(leaders),
            notes=self.notes + game_notes + self.end_notes,
            next_dealer_if_rebuy=if_rebuy if if_rebuy != next_dealer else None,
            match_notes=game_notes + self.end_notes,
            dealers_ahead=self.dealers_ahead(next_dealer),
            games=None if (games := variant.games(state)) is None else [GameStanding(**g) for g in games],
            differences=variant.differences(state),
            sides=sides, winning_sides=[s.name for s in sides if s.state == "winner"],
            round=None if state.finished else ctx.get("round"),
            rebuy_status=self.rebuys.status(state), facts=variant.match_facts(state),
            next_players=None if state.finished else variant.next_hand_players(state),
            victory_points=variant.victory_points(state),
        )

    def dealers_ahead(self, first: str | None, count: int = DEALERS_AHEAD) -> list[str]:
        """``first``, then the next seats still in after it, ``count`` in all (docs/rules/common.md#next-dealer)."""
        if first is None or self.variant.dealer_by_hand():
            return []
        out = [first]
        while len(out) < count:
            out.append(self.next_seat_in(out[-1]))
        return out

    def peek_dealer(self, assume_rebuys: bool = False) -> str:
        """Who deals the next hand. A player whose rebuy is still open is skipped, as when the next hand is
        entered without their rebuy; with ``assume_rebuys`` they count as in, since a player who buys back in
        keeps their seat (docs/rules/common.md#next-dealer)."""
        if self.advance_dealer:
            waiting = self.rebuys.waiting() if assume_rebuys else frozenset()
            return self.next_seat_in(self.dealer, waiting)
        return self.dealer

