"""The ``Variant`` base class: what every game shares and the hooks a game overrides.

A variant module subclasses ``Variant`` and overrides class-level metadata (as python-chess variants do)
plus the few hooks whose answer differs; ``GAME_HOOKS`` lists every hook a game may override, and
docs/engine.md ("What a game declares") says what each answers. The class holds how house rules are
resolved for one game (their shapes are ``house_rules``), the wrappers that turn a game's rules into
the meld checks of ``scorekeeper.engine.melds`` and the solver of ``scorekeeper.engine.solver``, what
a hand asks for (``entry_fields``), the sides and contracts questions, and the hooks ``match.py`` calls to
score a hand and end a match (with their defaults). Beside it: ``house_rules`` (``Switch``, ``Rules``,
the rebuy switches), ``card_values`` (a game's value table and its sentence) and ``files`` (where a game
keeps its rules page, golden files and catalogs).

A registry variant is unbound: every method takes optional ``rules`` (None: the defaults). Replay binds
a copy to one match with ``for_match(rules, players, sides)``; the bound copy answers with that match's rules.

>>> from scorekeeper.engine.variants import find_variant
>>> rules = find_variant("gin").rules(preset="classic_pagat", gin_bonus=25)
>>> rules.gin_bonus, rules["undercut_bonus"], rules.overrides
(25, 10, {'preset': 'classic_pagat', 'gin_bonus': 25})
>>> find_variant("gin").rules(knock_limit=True)
Traceback (most recent call last):
...
scorekeeper.engine.variants.house_rules.InvalidRulesError: knock_limit must be a whole number (0–10), not true
"""

from __future__ import annotations

from abc import ABC, abstractmethod
import copy
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar, Iterable

from .. import solver
from .. import melds as _melds
from ..solver import Arrangement
from ..cards import Card, InvalidCardError, check_copies, format_cards, parse_cards
from ..decks import Deck, StandardPack
from ..i18n import _, joined, message_of
from ..ends import END_KINDS, End, unknown_end
from ..hands import Hand, HandScore, Held, MatchState, PlayerState, RebuyPolicy, parse_held
from ..rebuys import RebuyWords, words_for
from .. import limits as _limits
from ..entry_fields import EntryField, EntryKind, EntryFields
from ..sides import read_sides
from ..melds import ContractCheck, MeldCheck, MeldRules, OpeningCheck
from .. import contracts as _contracts
from .. import verdicts as _verdicts
from ..verdicts import Verdict
from ..contracts import Contract
from .card_values import card_values, values_sentence
from .files import GameFiles, game_files
from .house_rules import (REBUY_SCORES, InvalidRulesError, Rules, Switch, SwitchType, UnknownVariantError,
                          as_json, rebuy_switches)

class Variant(ABC):
    """A rummy-family game: metadata, house rules, card values and meld rules.

    Subclasses override the class attributes and only the methods whose answer differs.
    """

    key: ClassVar[str] = ""
    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    #: where the new-match page lists the game (lower first; equal orders go by key). The built-in
    #: games take 10 to 80 and free scoring, the catch-all, 1000: a new game's 500 lists it after them.
    order: ClassVar[int] = 500
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: the ``end`` strings a hand entry may carry (docs/rules/common.md#ends), the usual one first
    ends: ClassVar[tuple[str, ...]] = ()
    #: the words of ends this game has and no shared list does (``engine.ends.End``)
    own_ends: ClassVar[tuple[End, ...]] = ()
    #: whether the winner of a match deals the first hand of the next one (Rumino's seed says so);
    #: otherwise a rematch's first dealer is whoever would have dealt the next hand
    winner_deals_next_match: ClassVar[bool] = False
    #: values that are rules of the game, not switches (the "Fixed, not switches" line of each page of docs/rules/)
    FIXED: ClassVar[Mapping[str, Any]] = {}
    #: name of the preset/bundle switch (Gin, Oklahoma); each switch gives its default under each preset
    PRESET_SWITCH: ClassVar[str | None] = None
    #: names that are refused with a specific reason (Oklahoma's knock_limit)
    REFUSED: ClassVar[Mapping[str, str]] = {}
    #: the switches, in the order a form shows them
    SWITCHES: ClassVar[tuple[Switch, ...]] = ()
    #: cards a player may hold beyond the deal and the one card drawn (``limits.hand_cards_limit``)
    extra_cards_held: ClassVar[int] = 0
    #: a knock game (Rumino, Gin, Oklahoma): the one who ends the hand is always entered, lay-offs exist
    knock_game: ClassVar[bool] = False
    #: whether a hand names who ended it (every variant but free scoring)
    by_required: ClassVar[bool] = True
    #: whether each hand needs its upcard (Oklahoma: it sets the knock limit)
    upcard_required: ClassVar[bool] = False
    #: one ``engine.contracts.Contract`` per deal, in order, for a contract game (Russian Rummy): the
    #: deal number on each hand, the scoreboard's "Deal N: contract", the meld checker's contract verdict
    #: and ``check_contract`` all follow from it
    contracts: ClassVar[tuple[Contract, ...]] = ()
    #: the number of deals when each deal has its contract: ``len(contracts)``, set from them; None: no contracts
    contract_deals: ClassVar[int | None] = None
    #: the deck grows with the table (Russian: a pack per two players), so a card check needs the players
    deck_grows_with_players: ClassVar[bool] = False
    #: hands are played with cards (free scoring: only typed points)
    uses_cards: ClassVar[bool] = True
    #: hands are entered as counts and points, but melds are laid with cards, so the meld checker asks
    #: ``check_meld`` and, for a whole turn's melds, ``check_laid`` against one of
    #: ``first_meld_choices`` (the Canasta family, ``variants.meld_plus``)
    checks_laid_melds: ClassVar[bool] = False
    #: the most cards such a check takes at once (the pile taken, every meld of a side laid)
    laid_cards_limit: ClassVar[int] = 0
    #: a hand's cards are arranged in melds when it is scored or previewed, so a server builds the
    #: solver's tables for the game as it starts (``warm_solvers``); a game that scores the melds the
    #: table lays (Rummy 500) never arranges a hand in play, and leaves the bounded cache to the others
    arranged_in_play: ClassVar[bool] = True
    #: what a player marked ``opened: false`` is called where it changes the score (None: it never does)
    not_opened_word: ClassVar[str | None] = None
    #: what the declared melds of a hand are checked for, in a few words ("" when only kept)
    declared_melds_use: ClassVar[str] = ""
    #: a player's cards are grouped before they count, and only the loose ones count (Pool Rummy): the
    #: card picker's line shows the arrangement's points rather than every card's
    counts_loose_cards: ClassVar[bool] = False
    #: what the table calls coming back after being knocked out: "rebuy" (a buy-in) or "rejoin"
    rebuy_word: ClassVar[str] = "rebuy"
    #: what the table calls one deal, from the deal to the scores: "hand", or "round" (Hand and Foot,
    #: whose hand is the pile each player holds): the match's pages number and save deals in this word
    deal_word: ClassVar[str] = "hand"
    #: entry kinds beyond hands, voids and rebuys that this game takes (``engine.match.SHARED_ENTRY_KINDS``):
    #: ``split``, the players still in agreeing to share the pot (Pool Rummy)
    shared_entry_kinds: ClassVar[tuple[str, ...]] = ()
    #: a partnership game: without ``teams``, four players play seats 1 + 3 against 2 + 4
    #: (``engine.sides.default_sides``); other tables play a side per player. A tuple names the table
    #: sizes that play partners opposite (Burraco's ``(4, 6)``)
    partnerships: ClassVar[bool | tuple[int, ...]] = False
    #: the entry fields of a hand may change as the match goes on (``entry_fields_at``): a form asks the match
    changes_entry_fields: ClassVar[bool] = False
    #: hand-entry keys of this game beyond those every hand may carry (Canasta's ``concealed``)
    entry_keys: ClassVar[tuple[str, ...]] = ()

    #: the resolved rules of the match this copy is bound to (None for the registry's unbound variant)
    house: Rules | None = None
    #: the seats of the bound match
    players: tuple[str, ...] = ()
    #: the sides of the bound match (``engine.sides.Side``), in a game scored by sides; () otherwise
    sides: tuple[Any, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.contracts and "contract_deals" not in cls.__dict__:
            cls.contract_deals = len(cls.contracts)
            if "checked_fields" not in cls.__dict__:
                cls.checked_fields = ("deal",)

    # -- metadata -------------------------------------------------------------------------------------

    def files(self) -> GameFiles:
        """Where this game's rules page, golden files and catalogs are (``GameFiles``): for a game of its
        own package, beside its module, as ``rules/<key>.md``, ``golden/matches/<key>.json``,
        ``golden/melds/<key>.json`` and ``translations/``; for Scorekeeper's own games, in the checkout
        (``docs/rules/``, ``tests/golden/``). A game that keeps them elsewhere overrides this. Only paths
        are worked out here: nothing is read."""
        return game_files(self.key, type(self).__module__)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key!r}>"

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int | None:
        """Cards dealt to each player (None: the variant uses no cards)."""
        return 13

    #: 52-card packs in play (a variant whose deck grows with the table overrides ``decks``)
    PACKS: ClassVar[int] = 1

    def decks(self, n_players: int | None = None) -> int:
        """How many 52-card packs are in play."""
        return self.PACKS

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        """How many jokers the deck(s) hold."""
        if rules is None:
            rules = self.house if self.house is not None else self.rules(n_players)
        return int(rules.get("jokers_in_deck") or 0)

    def deck(self, rules: Rules | None = None, n_players: int | None = None) -> Deck:
        """The deck a match of this game is played with (``engine.decks``): by default the standard pack,
        as many packs and jokers as the game says, counted by its ``values``. A game with cards of its
        own (Phase 10, Rummikub) declares a ``NumberDeck``; the card picker, a hand's sum, the copy
        check and the bounds all read it."""
        if rules is None:
            rules = self.house if self.house is not None else self.resolved()
        if n_players is None:
            n_players = len(self.players) if self.players else rules.n_players
        return StandardPack(self.decks(n_players), self.jokers(n_players, rules), self.values(rules))

    # -- house rules ----------------------------------------------------------------------------------

    def switches(self, n_players: int | None = None) -> list[Switch]:
        """The house-rule switches for a form, with defaults resolved for ``n_players`` when given.

        With a player count, switches that cannot apply to it (Gin's 2-player bonuses with 3–4 players)
        are left out; switches gated by a preset or mode the form itself chooses keep ``only_when``.
        """
        if n_players is not None:
            self._check_players(n_players)
        defaults = self._defaults(n_players, {})
        out = []
        for s in self.SWITCHES:
            if n_players is not None and not self.fits_players(s, n_players):
                continue
            out.append(replace(s, default=defaults.get(s.name, s.default)))
        return out

    def defaults(self, n_players: int | None = None, **chosen: Any) -> dict[str, Any]:
        """What each switch is when the table leaves it alone, given the switches it did choose
        (``chosen``) and the number of players: the variant's default, then the player count's, then the
        chosen preset's (Pool Rummy's ``pool`` 201 puts the line at 201; Hand and Foot's decks follow the
        players). A chosen switch answers its own default, so a form can tell whether it was changed.
        Nothing is validated here: a chosen value that is not allowed sets no other default, and
        ``rules()`` refuses it.

        >>> from scorekeeper.engine.variants import find_variant
        >>> pool = find_variant("pool_rummy")
        >>> d = pool.defaults(pool="201")
        >>> d["pool"], d["elimination_limit"], d["first_drop"], d["middle_drop"], d["rejoin_cutoff"]
        ('101', 201, 25, 50, 174)
        >>> find_variant("hand_and_foot").defaults(6)["decks"]
        7
        """
        return self._defaults(n_players, chosen)

    def rules(self, n_players: int | None = None, **house: Any) -> Rules:
        """Resolve house rules: variant defaults <- preset bundle <- explicit overrides, all validated.

        Raises ``InvalidRulesError`` naming the switch and why (unknown name, wrong type, value outside
        the allowed set, a switch that cannot apply to the preset, mode or player count).
        """
        if n_players is not None:
            self._check_players(n_players)
        specs = {s.name: s for s in self.SWITCHES}
        for name, value in house.items():
            if name in self.REFUSED:
                raise InvalidRulesError(self.REFUSED[name])
            if name in self.FIXED:
                raise InvalidRulesError(
                    _("{name} is fixed in {game} ({value}), not a house rule", name=name, game=self.name,
                      value=as_json(self.FIXED[name])))
            if name not in specs:
                raise InvalidRulesError(_("{name} is not a house rule of {game}", name=name, game=self.name))
            specs[name].check(value)
        values = self._defaults(n_players, house)
        values.update(house)
        for name in house:
            spec = specs[name]
            if n_players is not None and not self.fits_players(spec, n_players):
                raise InvalidRulesError(self.players_refusal(spec, n_players))
            for cond, allowed in spec.only_when:
                if values.get(cond) not in allowed:
                    raise InvalidRulesError(
                        _("{name} does not apply when {cond} is {value}: it is used only when {cond} is {allowed}",
                          name=name, cond=cond, value=as_json(values.get(cond)),
                          allowed=joined(_(" or "), [as_json(a) for a in allowed])))
        self.check_rules(values, house, n_players)
        # A switch that cannot apply reads None, so nobody scores with a value the table never chose.
        for spec in self.SWITCHES:
            if any(values.get(cond) not in allowed for cond, allowed in spec.only_when):
                values[spec.name] = None
        values.update(self.FIXED)
        return Rules(self.key, values, house, n_players)

    def _defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        """Variant defaults, then the preset's bundle (the preset chosen, or the one for the players)."""
        values = {s.name: s.default for s in self.SWITCHES}
        values.update(self.player_defaults(n_players, house))
        if self.PRESET_SWITCH is not None:
            preset = house.get(self.PRESET_SWITCH, values.get(self.PRESET_SWITCH))
            # each switch says its own default under each preset (``Switch.preset_defaults``)
            values.update({s.name: value for s in self.SWITCHES for name, value in s.preset_defaults
                           if name == preset})
        return values

    def refuse_players(self, n_players: int) -> str | None:
        """Why a table of ``n_players`` within ``min_players``–``max_players`` cannot play this game (Burraco:
        five), or None. A match of that size is refused; its house rules still resolve, for pages that
        describe every size."""
        return None

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults that depend on the player count (Rummy's cards dealt, Oklahoma's preset)."""
        return {}

    def fits_players(self, spec: Switch, n_players: int) -> bool:
        """Whether a switch can apply at all with this many players."""
        return True

    def players_refusal(self, spec: Switch, n_players: int) -> str:
        return _("{name} does not apply to {game} with {n_players} players", name=spec.name, game=self.name,
                 n_players=n_players)

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        """Checks between switches; values may be completed here (for example a preset by player count)."""

    def _check_players(self, n_players: Any) -> None:
        if not isinstance(n_players, int) or isinstance(n_players, bool):
            raise InvalidRulesError(_("the number of players must be a whole number, not {value}",
                                      value=as_json(n_players)))
        if not self.min_players <= n_players <= self.max_players:
            raise InvalidRulesError(_("{game} is for {span} players, not {n_players}", game=self.name,
                                      span=self.players_span(), n_players=n_players))

    def players_span(self) -> str:
        """How many play, in words: "2–4", or "2" for a game of exactly two (never "2–2")."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return _("{min}–{max}", min=self.min_players, max=self.max_players)

    def resolved(self, rules: Rules | Mapping[str, Any] | None = None) -> Rules:
        """Accept resolved rules, a mapping of overrides, or None (the bound match's rules, else the
        defaults, resolved once)."""
        if rules is None:
            if self.house is not None:
                return self.house
            found = self.__dict__.get("_default_rules")
            if found is None:
                found = self._default_rules = self.rules()
            return found
        if isinstance(rules, Rules):
            if rules.variant != self.key:
                raise InvalidRulesError(_("these rules are for {variant}, not {key}", variant=rules.variant,
                                          key=self.key))
            return rules
        return self.rules(**dict(rules))

    # -- cards and melds ------------------------------------------------------------------------------

    @abstractmethod
    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        """Penalty (or deadwood) value of each card held: index 0 the joker, index r rank r."""

    def card_value(self, card: Card | str, rules: Rules | None = None) -> int:
        """What one card counts when it is held, not melded. A joker counts as a joker."""
        card = Card.parse(card) if isinstance(card, str) else card
        return self.melds_and_values(rules)[1][card.rank]

    @abstractmethod
    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        """The ``MeldRules`` these house rules give."""

    def check_meld(self, cards: str | Iterable[Card], rules: Rules | None = None, **deal: Any) -> MeldCheck:
        """Check one meld under these rules (cards as text or ``Card`` values). ``deal`` holds the game's
        own fields of the deal the meld is from, as its entry fields name them (Pool Rummy's ``wild_rank``);
        a game without such fields ignores them."""
        return _melds.check_meld(cards, self.melds_and_values(rules)[0])

    def check_declaration(self, cards: str | Iterable[Card], rules: Rules | None = None,
                          **deal: Any) -> MeldCheck | None:
        """Whether a whole hand may end the deal, where the game has one test for it (Pool Rummy's
        declaration: two sequences, one of them pure); None where it has not."""
        return None

    def arrange(self, cards: str | Iterable[Card], rules: Rules | None = None, **deal: Any) -> Arrangement:
        """The arrangement of ``cards`` with the least deadwood (or least value left) under these rules.

        Delegates to ``scorekeeper.engine.solver.arrange`` with this variant's meld rules and values.
        ``deal`` is as for ``check_meld``.
        """
        if rules is None and type(cards) is list:
            # the common call, a list of cards under the bound (or default) rules: the rules' solver inputs
            # are kept beside the rules they came from, and the solver reads each card itself (a card given
            # as text has none of a Card's fields: it fails there at once, and is parsed below)
            found = self.__dict__.get("_arrange_with")
            if found is None or found[0] is not self.house:
                found = self._arrange_with = (self.house, *self.melds_and_values())
            try:
                return solver.arrange(cards, found[1], found[2])
            except AttributeError:
                pass
        meld_rules, values = self.melds_and_values(rules)
        return solver.arrange(_cards(cards), meld_rules, values)

    def melds_and_values(self, rules: Rules | Mapping[str, Any] | None = None) -> tuple[MeldRules, tuple[int, ...]]:
        """(meld rules, card values) for these rules, worked out once per ``Rules``: the solver keeps its
        tables for the last pair it saw, so handing it the same objects again costs nothing."""
        resolved = self.resolved(rules)
        found = resolved._memo.get("solver")
        if found is None:
            found = resolved._memo["solver"] = (self.meld_rules(resolved), tuple(self.values(resolved)))
        return found

    @abstractmethod
    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        """The rules in plain words for the new-match page, one sentence per line."""


    # -- one match: what replay asks (docs/rules/common.md#order-of-operations gives the order) ------------

    def for_match(self, rules: Rules, players: Iterable[str], sides: Iterable[Any] = ()) -> "Variant":
        """A copy of this variant bound to one match: its rules, its seats and, in a game scored by sides,
        its sides (``engine.sides.match_sides``); replay scores with it. Binding is this one step: nothing
        else sets ``house``, ``players`` or ``sides``."""
        bound = copy.copy(self)
        bound.house = self.resolved(rules)
        bound.players = tuple(players)
        bound.sides = tuple(sides)
        return bound

    def high_wins(self, rules: Rules | None = None) -> bool:
        """Whether a high total is good (points won) rather than bad (penalties)."""
        return False

    def keeps_win_points(self, rules: Rules | None = None) -> bool:
        """Whether win points are kept apart from the total (Kalooki, the seed scheme)."""
        return False

    def has_boxes(self, rules: Rules | None = None) -> bool:
        """Whether hands won are counted as boxes (2-player Gin and Oklahoma)."""
        return False

    #: hand-entry fields the game checks but never asks for (they are not among its entry fields): Russian's
    #: ``deal``, which a document may state so that a hand out of order is refused
    checked_fields: tuple[str, ...] = ()

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        """What is typed for each hand of this game (``engine.entry_fields``): who ended it and how, the
        upcard, the declared melds, and for each player their points or cards (and "never opened" where
        that changes the score), each with its bounds under ``rules`` at a table of ``n_players``.

        A game whose hands hold something else declares its own entry fields by overriding this."""
        rules = self.resolved(rules)
        fields: list[EntryField] = []
        if self.by_required:
            fields.append(EntryField("by", "player", _("Who ended the hand?"), required=True))
            fields.append(EntryField("end", "end", _("How?"), required=True))
        if self.upcard_required:
            fields.append(EntryField("upcard", "card", _("Upcard"), required=True))
        if self.uses_cards:
            use = self.declared_melds_use
            if self.knock_game:
                label = _("Knocker's melds (optional: {use})", use=use) if use else _("Knocker's melds (optional)")
            else:
                label = _("Winner's melds (optional: {use})", use=use) if use else _("Winner's melds (optional)")
            fields.append(EntryField("melds", "melds", label,
                                     help=_("Separate the melds with | , e.g. 3h 4h 5h | 8s 8d 8c")))
        points = _limits.hand_points_limit(self, rules)
        own = self.typed_maximum(rules, n_players)
        if own is not None:
            # one limit for one box: the game's own bound on typed points is the figure the box says and
            # the replay checks, never a looser one first and this one past it
            points = min(points, own)
        fields.append(EntryField("points", "points", _("Points"), per="player",
                                 minimum=None if self.uses_cards else -points, maximum=points))
        if self.uses_cards:
            fields.append(EntryField("cards", "cards", _("Cards"), per="player", minimum=0,
                                     maximum=_limits.hand_cards_limit(self, n_players, rules if n_players else None),
                                     instead_of="points"))
        if self.not_opened_word:
            fields.append(EntryField("opened", "flag", self.not_opened_word, per="player", ticked=False))
        return EntryFields(tuple(fields))

    def entry_fields_at(self, state: MatchState) -> EntryFields:
        """Bound: the entry fields of the next hand, given the match so far. The match's own by default; a game
        whose hands change shape during a match says so here (Burraco with three players: once a total
        reaches the switch point, every player is entered alone)."""
        return self.entry_fields(self.house, len(self.players))

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        """The most points one player's hand typed as points can hold under ``rules`` at a table of
        ``n_players`` (the bound match's when not given), by the game's own count
        (docs/rules/common.md#typed-points); None when the game has no bound of its own."""
        return None

    def opening_minimum(self, rules: Rules | None = None) -> int | None:
        """The least value of a player's first lay-down, for a game with openings (None: no opening)."""
        return None

    def check_opening(self, melds: Iterable[str | Iterable[Card]], rules: Rules | None = None) -> OpeningCheck | None:
        """A first lay-down checked against ``opening_minimum`` (``melds.check_opening``); None in a game
        without openings. A game whose opening is judged otherwise (Kalooki's) overrides this."""
        minimum = self.opening_minimum(rules)
        if minimum is None:
            return None
        return _melds.check_opening(melds, self.melds_and_values(rules)[0], minimum)

    # -- the meld checker's questions (``engine.verdicts``) ---------------------------------------------

    def verdict(self, cards: str | Iterable[Card], rules: Rules | None = None, *, mode: str = "meld",
                deal: int | None = None, upcard: Card | None = None, minimum: int | None = None,
                **fields: Any) -> Verdict:
        """The one question the meld checker asks a game: what these cards are (``engine.verdicts.Verdict``).

        ``mode`` is ``"meld"`` (one meld: ``meld_verdict``), ``"hand"`` (a whole hand, or in a game that
        ``checks_laid_melds`` the melds laid in one turn: ``hand_verdict``) or ``"lay_off"`` (``cards`` is
        the text "KC / 10C JC QC", in a game whose lay-offs score: ``lays_off``). ``deal`` is the deal
        whose contract a whole hand is held to, ``upcard`` the card that sets the knock limit where the game
        needs one, ``minimum`` the first meld's minimum for melds laid together, and ``fields`` the deal's
        own fields as the game's entry fields name them (a wild rank)."""
        rules = self.resolved(rules)
        if mode == "lay_off":
            return _verdicts.lay_off(self, cards if isinstance(cards, str) else format_cards(cards, symbols=False),
                                     rules)
        held = list(_cards(cards))
        if mode == "meld":
            return self.meld_verdict(held, rules, **fields)
        if mode == "hand":
            return self.hand_verdict(held, rules, deal=deal, upcard=upcard, minimum=minimum, **fields)
        raise ValueError(f"no verdict mode {mode!r}: meld, hand or lay_off")

    def meld_verdict(self, cards: list[Card], rules: Rules, **deal: Any) -> Verdict:
        """One meld's verdict (``engine.verdicts.one_meld``: the game's ``check_meld``, ``instant_win``,
        ``opening_minimum`` and ``meld_points``)."""
        return _verdicts.one_meld(self, cards, rules, **deal)

    def hand_verdict(self, cards: list[Card], rules: Rules, *, deal: int | None = None, upcard: Card | None = None,
                     minimum: int | None = None, **fields: Any) -> Verdict:
        """A whole hand's verdict. By default a going-out game's (``engine.verdicts.held_hand``: the best
        arrangement and what is left, the game's ``check_declaration``, ``check_opening`` and, for
        ``deal``, ``contract_in_hand``); the knock games (``KnockGame``) and the games whose melds are
        laid together (``meld_plus.MeldPlus``) answer their own way."""
        return _verdicts.held_hand(self, cards, rules, deal, **fields)

    def lays_off(self, rules: Rules | None = None) -> bool:
        """Whether the meld checker may be asked about a lay-off on the table (a game where lay-offs score
        for the player who lays them: ``laid_groups``)."""
        return self.laid_groups("", rules) is not None

    def knock_limit_with(self, upcard: Card | None, rules: Rules | None = None) -> int | None:
        """The highest deadwood a player may knock with, given the hand's upcard where the game needs
        one (``upcard_required``); None where any deadwood may knock, where the upcard is needed and not
        given, or in a game without knocking."""
        return None

    def first_meld_choices(self, rules: Rules | None = None) -> tuple[str, tuple[Any, ...], str] | None:
        """In a game whose melds are laid together (``checks_laid_melds``): what sets the first meld's
        minimum, in words, each choice (``meld_plus.FirstMeldChoice``) and the key a match starts with;
        None elsewhere."""
        return None

    def check_laid(self, cards: str | Iterable[Card], rules: Rules | None = None,
                   minimum: int | None = None) -> OpeningCheck | None:
        """In a game whose melds are laid together (``checks_laid_melds``): the melds these cards make,
        their worth and whether it reaches ``minimum``; None elsewhere."""
        return None

    # -- sides (``engine.sides``) -----------------------------------------------------------------------

    def scored_by_sides(self, rules: Rules | None = None, n_players: int | None = None) -> bool:
        """Whether a match of this game under ``rules`` is scored by sides (its entry fields say so)."""
        return self.entry_fields(self.resolved(rules), n_players).scored == "sides"

    def teams_allowed(self, n_players: int, rules: Rules | None = None) -> bool:
        """Whether a match of ``n_players`` may say who plays with whom (the document's ``teams``); a game
        scored by sides that allows none plays its default sides."""
        return False

    def check_teams(self, sides: Sequence[Any], rules: Rules | None = None) -> str | None:
        """What is wrong with these sides for this game (Canasta: exactly 2 sides of 2), or None."""
        return None

    def side_minimum(self, total: int) -> int | None:
        """Bound: the least first meld of the next hand for a side (or player) on ``total`` (None: the
        game has no such minimum). Shown on the standings, never checked."""
        return None

    def side_minimum_at(self, state: MatchState, total: int) -> int | None:
        """Bound: ``side_minimum`` for a game whose minimum also follows the match so far (Hand and Foot:
        the round number), given the state before the next hand. By default the total alone decides."""
        return self.side_minimum(total)

    def parse_sides(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        """Bound, in a game scored by sides: read the entry's ``sides`` into ``hand.sides`` against the
        per-side entry fields (``engine.sides.read_sides``), and who is in each into ``hand.members``.
        A game whose hands have sides of their own (Canasta's Cutthroat) overrides it."""
        hand.members = {s.name: s.members for s in self.sides}
        fields = self.entry_fields(self.house, len(self.players)).per_side
        hand.sides = read_sides(hand, entry.get("sides"), [s.name for s in self.sides], fields)

    def instant_win(self, cards: str | Iterable[Card], rules: Rules | None = None) -> MeldCheck | None:
        """The meld that wins the match at once when these cards are a whole dealt hand (Rumino's
        rumino), or None when they are not one or the game has none."""
        return None

    def upcard_note(self, upcard: Card, rules: Rules | None = None) -> str | None:
        """What this upcard does to the hand beyond its knock limit, in words (Oklahoma's spade doubles
        the score), or None."""
        return None

    # -- contracts (a game that declares ``contracts``; ``engine.contracts``) ---------------------------

    def contract(self, deal: int, rules: Rules | None = None) -> Contract | None:
        """Deal ``deal``'s contract (1 for the first deal), or None past the last deal or in a game
        without contracts. A game whose contracts follow its house rules overrides this."""
        return self.contracts[deal - 1] if 1 <= deal <= len(self.contracts) else None

    def whole_without_discard(self, rules: Rules | None = None) -> bool:
        """Whether a ``whole`` contract lays every card with no discard (True), or all but one discard
        (Russian Rummy's ``final_deal_no_discard`` switch says which)."""
        return True

    def deal_cards(self, deal: int | None, n_players: int | None = None, rules: Rules | None = None) -> int | None:
        """Cards dealt to each player in deal ``deal``: the contract's ``cards`` where it says, else
        ``cards_dealt`` (which, in a game whose deals deal differently, is the most any deal deals)."""
        found = self.contract(deal, rules) if deal is not None else None
        if found is not None and found.cards is not None:
            return found.cards
        return self.cards_dealt(n_players, rules)

    def contract_words(self, deal: int, rules: Rules | None = None, *, whole: bool = False) -> str:
        """Deal ``deal``'s contract in words, in the game's meld words ("2 books + 1 straight"); with
        ``whole``, how a whole-hand contract is laid as well. "" for a game without contracts."""
        found = self.contract(deal, rules)
        if found is None:
            return ""
        return _contracts.contract_words(found, self.melds_and_values(rules)[0], whole=whole,
                                         no_discard=self.whole_without_discard(rules))

    def check_contract(self, deal: int, melds: Iterable[str | Iterable[Card]], rules: Rules | None = None,
                       hand: str | Iterable[Card] | None = None) -> ContractCheck:
        """A lay-down checked against deal ``deal``'s contract (``engine.contracts.check_contract``):
        exactly its melds; with ``hand``, from those cards (and, in a whole contract, all of them)."""
        found = self.contract(deal, rules)
        if found is None:
            return self._no_contract(deal)
        return _contracts.check_contract(found, melds, self.melds_and_values(rules)[0], deal=deal,
                                         no_discard=self.whole_without_discard(rules), hand=hand)

    def contract_in_hand(self, deal: int, cards: str | Iterable[Card], rules: Rules | None = None) -> ContractCheck:
        """Whether a whole hand holds deal ``deal``'s contract and how, else the closest it comes and why
        not (``engine.contracts.contract_in_hand``, an exact search)."""
        found = self.contract(deal, rules)
        if found is None:
            return self._no_contract(deal)
        return _contracts.contract_in_hand(found, _cards(cards), self.melds_and_values(rules)[0], deal=deal,
                                           no_discard=self.whole_without_discard(rules))

    def _no_contract(self, deal: int) -> ContractCheck:
        if not self.contracts:
            return ContractCheck(False, _("{game} has no contracts", game=self.name))
        return ContractCheck(False, _("there is no deal {deal}: {game} has deals 1 to {deals}", deal=deal,
                                      game=self.name, deals=len(self.contracts)))

    def end(self, key: str) -> End:
        """How this game calls the end ``key``: the button's word, the word in a sentence, what the
        stats count it as (``engine.ends``)."""
        for own in self.own_ends:
            if own.key == key:
                return own
        return END_KINDS.get(key) or unknown_end(key)

    def next_match_first_dealer(self, seats: Sequence[str], dealers: Sequence[str | None],
                                winners: Sequence[str], playing: Iterable[str]) -> str | None:
        """Who deals first when the table plays this game again (docs/rules/common.md, "The first
        dealer"): the one rule behind every way of starting the next match, so that "Rematch" and
        "New match, same players" never disagree.

        ``seats`` are the last match's players in seat order, ``dealers`` who dealt each of its hands,
        ``winners`` its winners and ``playing`` who plays the next match. Where the game says the winner
        deals (Rumino's seed), the first winner still playing deals; otherwise the deal passes on from
        the last hand's dealer to the next seated player who is still playing. None when nobody plays.

        >>> from scorekeeper.engine.variants import find_variant
        >>> gin, rumino = find_variant("gin"), find_variant("rumino")
        >>> gin.next_match_first_dealer(["Ann", "Ben"], ["Ann", "Ben", "Ann"], ["Ben"], ["Ann", "Ben"])
        'Ben'
        >>> rumino.next_match_first_dealer(["Ann", "Ben", "Cat"], ["Ann"], ["Cat"], ["Ann", "Ben", "Cat"])
        'Cat'
        >>> gin.next_match_first_dealer(["Ann", "Ben", "Cat"], ["Ann"], [], ["Ann", "Cat"])
        'Cat'
        """
        playing = [name for name in seats if name in set(playing)]
        if not playing:
            return None
        if self.winner_deals_next_match:
            winner = next((name for name in winners if name in playing), None)
            if winner is not None:
                return winner
        dealt = [name for name in dealers if name]
        # nobody dealt yet: the deal starts where it would have started, one seat before the first
        start = seats.index(dealt[-1]) if dealt and dealt[-1] in seats else len(seats) - 1
        return next(seats[(start + k) % len(seats)] for k in range(1, len(seats) + 1)
                    if seats[(start + k) % len(seats)] in playing)

    def ends_allowed(self, state: MatchState) -> list[str]:
        """The ``end`` values the next hand may carry."""
        return list(self.ends)

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        """Whether ``player`` may be missing from ``held`` (the one who went out, by default)."""
        return player == hand.by

    def parse_held(self, index: int, player: str, value: Any, fields: Iterable[str] = (),
                   instead: Iterable[str] = ()) -> Held:
        """Read ``held[player]`` of the hand at ``index``: by default cards or points (and the game's
        other entry ``fields``, and those given ``instead`` of them: Pool Rummy's drop); a game whose players'
        entries hold more reads them itself (Rummy 500)."""
        return parse_held(index, player, value, uses_cards=self.uses_cards, fields=tuple(fields),
                          instead=tuple(instead))

    def parse_extra(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        """Read the variant's own hand fields (``upcard``, ``deal``); refuse those it does not have. In a
        contract game a hand may state its ``deal``, refused unless it is the hand's number (voids are
        not counted): ``hand.deal`` is then set either way."""
        if self.contracts:
            deal = entry.get("deal")
            if deal is not None and deal != hand.number:
                raise hand.error(_("this is deal {number}, not deal {deal}", number=hand.number, deal=deal),
                                 field="deal")
            hand.deal = hand.number
            names: tuple[str, ...] = ("upcard",)
        else:
            names = ("upcard", "deal")
        for name in names:
            if entry.get(name) is not None:
                raise hand.error(_("this game has no {name}", name=name), field=name)

    @abstractmethod
    def score(self, hand: Hand, state: MatchState) -> HandScore:
        """Score one hand: each player's change, win points, explanations."""

    def elimination(self) -> tuple[int, bool] | None:
        """(threshold, inclusive) on the total, or None where nobody is knocked out."""
        return None

    def rebuy_policy(self) -> RebuyPolicy | None:
        """When and how a knocked-out player comes back; None where nobody can."""
        return None

    def target(self) -> int | None:
        """The total that ends the match when reached (None: no such target)."""
        return None

    def all_bust_replays(self) -> bool:
        """Whether a hand that knocks everyone out is played again (Rumino's switch)."""
        return False

    def floors_totals(self) -> bool:
        """Whether a total never goes below 0 (a hand that would take it lower leaves it at 0)."""
        return False

    def after_hand(self, state: MatchState, hand: Hand, scored: HandScore) -> None:
        """Keep what the game needs to remember between hands in ``state.kept`` (Rumino's gins in a
        row), once a hand is scored and before ``match_over`` is asked; nothing by default."""

    def after_rebuy(self, state: MatchState, name: str) -> None:
        """Change what the game keeps in ``state.kept`` once ``name`` has come back by a rebuy (Pool
        Rummy's drops left); nothing by default."""

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        """Winners if this hand ended the match by a target or a deal count; None otherwise. By default a
        game with a ``target()`` ends when a total reaches it, the best total winning (ties share); an
        elimination game ends by itself when one player is left (``elimination()``)."""
        goal = self.target()
        if goal is not None and any(state.players[p].total >= goal for p in state.players):
            return self.best_of(list(state.players), state)
        return None

    def finish(self, state: MatchState) -> list[str]:
        """End-of-match adjustments (game bonus, boxes, shutout); returns notes saying what was added."""
        return []

    def victory_points(self, state: MatchState) -> dict[str, int]:
        """Bound: each side's (or player's) victory points from the match's totals as they stand, where the
        table turns the difference into them by a table (Burraco played as a set number of hands); empty
        otherwise."""
        return {}

    def differences(self, state: MatchState) -> dict[str, int]:
        """What the winner collects from each other player in points, where the game settles that way
        (Rummy 500: the difference between the totals); empty otherwise."""
        return {}

    def meld_points(self, cards: str | Iterable[Card], rules: Rules | None = None) -> int | None:
        """What laying these cards as one meld scores for the player, in a game where melds score
        (the meld checker says it); None where they score nothing or are not a meld."""
        return None

    def laid_groups(self, text: str, rules: Rules | None = None) -> list[tuple[str, int]] | None:
        """What a player's melds, typed as groups, score group by group (text, points), in a game whose
        entry fields have melds per player; None elsewhere. Raises a ``Refusal`` for a group that is no meld."""
        return None

    def next_dealer(self, state: MatchState, hand: Hand, scored: HandScore) -> str | None:
        """Who deals next if not simply the next seat still in (2-player Gin: the hand's winner)."""
        return None

    def dealer_by_hand(self) -> bool:
        """Whether the bound match's next dealer depends on how a hand goes (``next_dealer`` answers
        for it: 2-player Gin's winner deals), so the dealers of hands not yet played cannot be told."""
        return False

    def leaders(self, state: MatchState) -> list[str]:
        """Who leads an unfinished match: the best total among the players still in."""
        return self.best_of(state.still_in or list(state.players), state)

    def place_key(self, ps: PlayerState) -> tuple:
        """How players are ordered for ``place``, after their state (best first; equal keys share)."""
        return ((-1 if self.high_wins() else 1) * ps.total,)

    def place_key_in(self, state: MatchState, ps: PlayerState) -> tuple:
        """``place_key`` for a game whose order reads more of the match than the player's own state
        (Phase 10: phases completed before the total)."""
        return self.place_key(ps)

    def player_facts(self, state: MatchState, name: str) -> dict[str, Any]:
        """What the standings say of one player beyond the shared fields (Phase 10's phase), JSON-safe."""
        return {}

    def next_hand_players(self, state: MatchState) -> list[str] | None:
        """Who plays the next hand when it is not every player still in (Phase 10's tie-break hand: the
        tied players), in seat order; None by default. The hand form asks only them."""
        return None

    def player_note(self, state: MatchState, name: str) -> str | None:
        """A few words the pages show beside a player's name (the scoreboard, the spectator sheet, the
        hand form's row): Phase 10's "Phase 4: 1 run of 7"; None by default."""
        return None

    def player_short_note(self, state: MatchState, name: str) -> str | None:
        """The player's note cut to a word or two, which the Save bar lines up for every player where the
        phone has room for no more (Phase 10's "Phase 4"); None by default, and the Save bar then says none."""
        return None

    def match_facts(self, state: MatchState) -> dict[str, Any]:
        """What the standings say of the match beyond the shared fields (Phase 10's tie-break), JSON-safe."""
        return {}

    def context(self, state: MatchState) -> dict[str, Any]:
        """Facts of the next hand the scoreboard shows (``match.Standings`` carries ``deal`` and
        ``contract``: the scoreboard's "Deal N: contract"). A contract game says its next deal and that
        deal's contract in words; a game that overrides this should keep those two keys."""
        if not self.contracts:
            return {}
        deal = state.hands_played + 1
        if state.finished or deal > len(self.contracts):
            return {"deal": None, "contract": None}
        return {"deal": deal, "contract": self.contract_words(deal, whole=True)}

    def notes(self, state: MatchState) -> list[str]:
        """Bound: notes about the match as it stands, in words (the standings' ``notes``); none by default."""
        return []

    # -- entries of the game's own (Hollywood's stop, Free's finish), and a sheet of several games -------

    def entry_kinds(self) -> tuple[EntryKind, ...]:
        """The entry kinds this game has besides ``hand``, ``void`` and ``rebuy`` (``engine.entry_fields.EntryKind``):
        every kind it may ever take, whatever its house rules."""
        return ()

    def entry_kinds_allowed(self, state: MatchState) -> list[str]:
        """Which of ``entry_kinds`` the next entry may be (the scoreboard offers only these)."""
        return []

    def play_entry(self, state: MatchState, index: int, entry: Mapping[str, Any]) -> str:
        """Apply an entry of one of ``entry_kinds`` that does not end the match (refusing it with
        ``InvalidMatchError`` where it is not allowed); returns the entry in a few words."""
        raise NotImplementedError

    def games(self, state: MatchState) -> list[dict[str, Any]] | None:
        """The games of a sheet of several (each with the fields of ``match.GameStanding``), or None."""
        return None

    # -- helpers for the hooks ------------------------------------------------------------------------

    def table_decks(self) -> int:
        """Packs in play at the bound match's table."""
        return self.decks(len(self.players))

    def table_jokers(self) -> int:
        """Jokers in play at the bound match's table."""
        return self.jokers(len(self.players), self.house)

    def check_copies(self, hand: Hand, *, melds_are_extra: bool = True) -> None:
        """Every card in the hand (held cards, plus declared melds when they are not part of a held
        hand) must fit in the deck (docs/rules/common.md#card-counts)."""
        cards: list[Card] = []
        for held in hand.held.values():
            if held.cards:
                cards.extend(held.cards)
        if melds_are_extra:
            for meld in hand.melds or []:
                cards.extend(meld)
        try:
            check_copies(cards, decks=self.table_decks(), jokers=self.table_jokers())
        except InvalidCardError as exc:
            raise hand.error(message_of(exc), field="cards") from None

    def card_count(self, hand: Hand, held: Held, allowed: Iterable[int], what: str) -> None:
        """Refuse a hand of cards whose size is impossible (docs/rules/common.md#card-counts)."""
        if held.cards is None:
            return
        n = len(held.cards)
        allowed = list(allowed)
        if n not in allowed:
            if len(allowed) == 1:
                need = _("exactly {count}", count=allowed[0])
            elif allowed == list(range(allowed[0], allowed[-1] + 1)):
                need = _("{low} to {high}", low=allowed[0], high=allowed[-1])
            else:
                need = joined(_(" or "), allowed)
            raise hand.error(_("{player} {what} {need} cards, not {n}", player=held.player, what=what, need=need, n=n),
                             player=held.player, field="cards")

    def check_melds(self, hand: Hand) -> None:
        """Every declared meld must be valid in this game."""
        meld_rules = self.melds_and_values()[0]
        for meld in hand.melds or []:
            check = _melds.check_meld(meld, meld_rules)
            if not check.valid:
                raise hand.error(_("{cards}: {reason}", cards=format_cards(meld), reason=check.reason), player=hand.by,
                                 field="melds")

    def held_value(self, held: Held) -> tuple[int, str]:
        """(points, explanation) for a going-out loser: every card held counts (cards in hand)."""
        if held.cards is None:
            return held.points or 0, _("{points}", points=held.points)
        said = self.value_words()[1]
        cards = held.cards
        total = self.held_points(held)
        text = format_cards(cards)
        if len(cards) > 1:
            return total, _("{cards}: {sum} = {total}", cards=text, sum=" + ".join([said[c.rank] for c in cards]),
                            total=total)
        return total, _("{cards}: {total}", cards=text, total=total)

    def held_points(self, held: Held) -> int:
        """What a going-out loser's cards count (``held_value`` without its words)."""
        vals = self.value_words()[0]
        return sum([vals[c.rank] for c in held.cards])

    def value_words(self) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """The card values under the match's rules, and each written out ("10"), once per ``Rules``: a
        replay writes a sum ("10 + 5 + 1") for every player of every hand."""
        resolved = self.resolved()
        found = resolved._memo.get("value_words")
        if found is None:
            values = self.melds_and_values()[1]
            found = resolved._memo["value_words"] = (values, tuple(map(str, values)))
        return found

    def table_end(self, key: str, state: MatchState) -> list[str]:
        """The winners when the table ends the match now by ``key``, one of ``entry_kinds`` that
        ``ends_match``; raises ``InvalidMatchError`` when it may not be ended so yet."""
        raise InvalidRulesError(_("this game has no {key} entry", key=key))

    def best_of(self, names: Iterable[str], state: MatchState) -> list[str]:
        """The players among ``names`` with the best total (lowest, or highest where high wins)."""
        names = list(names)
        if not names:
            return []
        pick = max if self.high_wins() else min
        best = pick(state.players[n].total for n in names)
        return [n for n in names if state.players[n].total == best]

    def rebuy_words(self) -> RebuyWords:
        """The game's words for coming back (``rebuy_word``): the sentences the replay says of it and the
        entry's name in a row of the sheet, "rebuy" or "rejoin" (``engine.rebuys``)."""
        return words_for(self.rebuy_word)

    def rebuys_from_switches(self, cost_switch: str = "rebuy_cost_mode", score: str | None = None) -> RebuyPolicy:
        """The rebuy policy read from the usual switches (Rumino's names; Kalooki names its cost
        ``rebuy_cost`` and fixes the score instead of offering ``rebuy_score``)."""
        r = self.resolved()
        return RebuyPolicy(min_remaining=r.rebuy_min_remaining, max_rebuys=r.max_rebuys,
                           score=score or r.rebuy_score, cost=r[cost_switch])



def _cards(cards: str | Iterable[Card] | Iterable[str]) -> Sequence[Card]:
    """Cards as text, tokens or ``Card`` values, as a sequence of ``Card`` (a list of cards as is)."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, (list, tuple)):
        for c in cards:
            if not isinstance(c, Card):
                break
        else:
            return cards
    return [c if isinstance(c, Card) else Card.parse(c) for c in cards]


#: what a game declares as class attributes (all optional but ``key`` and ``name``; docs/engine.md, "What a
#: game declares")
GAME_ATTRIBUTES: tuple[str, ...] = (
    "key", "name", "aliases", "summary", "order", "min_players", "max_players", "ends", "own_ends",
    "winner_deals_next_match", "FIXED", "PRESET_SWITCH", "REFUSED", "SWITCHES", "PACKS", "extra_cards_held",
    "knock_game", "by_required", "upcard_required", "contracts", "contract_deals", "deck_grows_with_players",
    "uses_cards", "checks_laid_melds", "laid_cards_limit", "arranged_in_play", "not_opened_word",
    "declared_melds_use", "counts_loose_cards", "rebuy_word", "shared_entry_kinds", "partnerships",
    "changes_entry_fields", "entry_keys", "checked_fields", "deal_word",
)

#: every method a game may override, by what it answers (docs/engine.md, "The hooks a game overrides"):
#: ``values``, ``meld_rules``, ``rules_summary`` and ``score`` it must; the others have defaults. Every other
#: member of ``Variant`` is the engine's, for a game to call or read, never to replace.
GAME_HOOKS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "the game and its deck": ("files", "cards_dealt", "decks", "jokers", "deck", "refuse_players"),
    "house rules": ("switches", "rules", "player_defaults", "fits_players", "players_refusal", "check_rules"),
    "cards and melds": ("values", "card_value", "meld_rules", "check_meld", "check_declaration", "arrange",
                        "rules_summary", "opening_minimum", "check_opening", "instant_win", "upcard_note",
                        "knock_limit_with", "first_meld_choices", "check_laid", "meld_points", "laid_groups"),
    "the meld checker": ("verdict", "meld_verdict", "hand_verdict"),
    "contracts": ("contract", "whole_without_discard", "contract_in_hand"),
    "sides": ("teams_allowed", "check_teams", "side_minimum", "side_minimum_at", "parse_sides"),
    "a hand": ("entry_fields", "entry_fields_at", "typed_maximum", "ends_allowed", "may_leave_out",
               "parse_held", "parse_extra", "score"),
    "the match": ("high_wins", "keeps_win_points", "has_boxes", "elimination", "rebuy_policy", "target",
                  "all_bust_replays", "floors_totals", "after_hand", "after_rebuy", "match_over", "finish",
                  "next_dealer", "dealer_by_hand", "next_match_first_dealer"),
    "the standings": ("leaders", "place_key", "place_key_in", "player_facts", "match_facts", "player_note",
                      "player_short_note", "next_hand_players", "context", "notes", "victory_points",
                      "differences", "games"),
    "entries of the game's own": ("entry_kinds", "entry_kinds_allowed", "play_entry", "table_end"),
})


__all__ = ["GAME_ATTRIBUTES", "GAME_HOOKS", "Variant", "GameFiles", "Switch", "SwitchType", "Rules", "InvalidRulesError", "UnknownVariantError",
           "card_values", "values_sentence", "rebuy_switches", "REBUY_SCORES", "MeldCheck", "OpeningCheck",
           "ContractCheck", "InvalidCardError"]


