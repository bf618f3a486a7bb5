"""Burraco (docs/rules/burraco.md): the Italian partnership rummy, scored by side, to 2005.

A hand is entered per side as counts and two point totals, never as cards: clean, semi-clean and dirty
burrachi (royal and super where the table counts them), the card values melded (*punti tavolo*) and the
card values left in hand (*punti in mano*, an untouched pozzetto included), each typed or counted by
value class (jokers 30, twos 20, aces 15, eights to kings 10, threes to sevens 5), whether the side took
its pozzetto (taken unless said), and penalties. The engine adds the bonuses (200 a clean burraco, 150 a
semi-clean one, 100 a dirty one; 100 for closing; −100 for a pozzetto never taken), checks what no deck
can hold in the order of docs/rules/burraco.md#refusals, and ends the match after the hand in which a
total reaches 2005 (or after a set number of hands, with victory points from the difference).

Four players play two partnerships, six three pairs (three packs), two each for himself. Three players
play a lone player against a pair each hand, the pair's score split in half, until a total reaches the
switch point (1000); from the next hand each plays alone.

>>> from scorekeeper.engine.match import replay
>>> st = replay({"variant": "burraco", "players": ["Ann", "Ben", "Cat", "Dan"], "entries": [
...     {"kind": "hand", "end": "out", "by": "Ann", "sides": {
...         "Ann & Cat": {"clean_burracos": 1, "semi_clean_burracos": 1, "meld_points": 235, "hand_points": 15},
...         "Ben & Dan": {"dirty_burracos": 1, "meld_points": 115, "hand_points": 60, "pozzetto_taken": False}}}]})
>>> [(s.name, s.total) for s in st.sides]
[('Ann & Cat', 670), ('Ben & Dan', 55)]
>>> print(st.hands[0].explanations["Ann & Cat"])
200 (clean) + 150 (semi-clean) + 100 (closing) + 235 − 15 = 670
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..cards import Card, parse_cards
from ..ends import End
from ..hands import Hand, HandScore, MatchState
from ..i18n import _, _n, joined
from ..melds import MeldCheck, MeldRules, OpeningCheck
from ..entry_fields import EntryField, EntryFields, ValueClass
from ..sides import SideEntry, read_sides
from .base import InvalidRulesError, Rules, Switch, Variant
from .meld_plus import FirstMeldChoice, MeldPlusHandMinus

#: one 54-card pack by value class (docs/rules/burraco.md#card-values): 2 jokers at 30, 4 twos at 20, 4 aces
#: at 15, 24 eights to kings at 10, 20 threes to sevens at 5: 540 points
PER_PACK = (("jokers", 30, 2), ("twos", 20, 4), ("aces", 15, 4), ("eights_to_kings", 10, 24),
            ("threes_to_sevens", 5, 20))
PACK_POINTS, PACK_CARDS = 540, 54
#: the least meld (three 5-point cards)
LEAST_MELD = 15
#: each kind of burraco: its count field, its bonus switch, the fewest cards it holds and its cheapest melds
#: (docs/rules/burraco.md#melds-and-burrachi), and its word in an explanation
KINDS = (
    ("clean_burracos", "clean_bonus", 7, 35),
    ("semi_clean_burracos", "semi_clean_bonus", 8, 55),
    ("dirty_burracos", "dirty_bonus", 7, 50),
    ("royal_burracos", "royal_bonus", 13, 120),
    ("super_burracos", "super_bonus", 8, 40),
)
#: the kinds that close under ``clean_to_close`` (no wild card)
CLEAN_KINDS = ("clean_burracos", "royal_burracos", "super_burracos")
POINTS_FIELDS = ("meld_points", "hand_points", "penalty_points")

#: the victory-point tables of F.I.Bur.'s score sheet (docs/rules/burraco.md#victory-points): the largest
#: difference of each band and the winner's victory points (out of 20); past the last band, 20 – 0
VP_TABLES = {
    "three_hands": ((50, 10), (150, 11), (250, 12), (350, 13), (500, 14), (650, 15), (800, 16), (1000, 17),
                    (1250, 18), (1500, 19)),
    "four_hands": ((100, 10), (300, 11), (500, 12), (700, 13), (900, 14), (1100, 15), (1300, 16), (1500, 17),
                   (1700, 18), (2000, 19)),
}
VP_TOTAL = 20

_TARGET = (("match_mode", ("target",)),)
_HANDS = (("match_mode", ("hands",)),)
_LONE = (("three_player_mode", ("lone_and_pair",)),)
_THREE = ("three_player_mode", "three_player_switch_at", "pair_split")


def vp_for(difference: int, table: str) -> tuple[int, int]:
    """The winner's and the loser's victory points for a difference of ``difference`` match points.

    >>> vp_for(420, "three_hands"), vp_for(515, "four_hands"), vp_for(0, "four_hands"), vp_for(2005, "four_hands")
    ((14, 6), (13, 7), (10, 10), (20, 0))
    """
    for largest, winner in VP_TABLES[table]:
        if difference <= largest:
            return winner, VP_TOTAL - winner
    return VP_TOTAL, 0


class Burraco(MeldPlusHandMinus, Variant):
    key = "burraco"
    order = 77
    name = "Burraco"
    aliases = ("burraco italiano",)
    summary = _("Burraco: partnerships, burrachi and pozzetti, to 2005.")
    min_players, max_players = 2, 6
    ends = ("out", "stock_exhausted")
    own_ends = (End("out", _("Closed"), _("closing")),)
    by_required = False
    uses_cards = False
    partnerships = (4, 6)
    entry_keys = ("sides", "lone")
    changes_entry_fields = True
    PRESET_SWITCH = "preset"
    FIXED = {"cards_dealt": 11, "pozzetto_cards": 11}
    SWITCHES = (
        Switch("preset", "enum", "italian", _("The code the table plays: every value below follows it."),
               choices=("italian", "international", "extended"), label=_("Rules")),
        Switch("match_mode", "enum", "target", _("Up to a target total, or a set number of hands (a tournament "
                                                 "game)."), choices=("target", "hands"), label=_("The match")),
        Switch("target", "int", 2005, _("The match ends after the hand in which a total reaches this."), min=1,
               only_when=_TARGET),
        Switch("hands", "int", 4, _("Hands in the match."), min=1, max=20, only_when=_HANDS, label=_("Hands")),
        Switch("victory_points_table", "enum", "four_hands", _("The table that turns the difference between the two "
                                                         "sides into victory points (out of 20)."),
               choices=("none", "three_hands", "four_hands"), only_when=_HANDS, label=_("Victory points")),
        Switch("clean_bonus", "int", 200, _("What a clean burraco (no wild card) earns."), min=0,
               label=_("Clean burraco")),
        Switch("semi_clean_bonus", "int_or_null", 150, _("What a semi-clean burraco (the wild card at one end) "
                                                         "earns (none: not counted)."), min=0,
               preset_defaults=(("international", None),), label=_("Semi-clean burraco"),
               none_words=_("not counted")),
        Switch("dirty_bonus", "int", 100, _("What a dirty burraco (with a wild card) earns."), min=0,
               label=_("Dirty burraco")),
        Switch("royal_bonus", "int_or_null", None, _("What a royal burraco (a whole suit, no wild card) earns "
                                                     "(none: not counted)."), min=0,
               preset_defaults=(("extended", 300),), label=_("Royal burraco"), none_words=_("not counted")),
        Switch("super_bonus", "int_or_null", None, _("What a super burraco (eight of a rank, no wild card) earns "
                                                     "(none: not counted)."), min=0,
               preset_defaults=(("extended", 250),), label=_("Super burraco"), none_words=_("not counted")),
        Switch("closing_bonus", "int", 100, _("What closing earns the side."), min=0, label=_("Closing")),
        Switch("pozzetto_penalty", "int", 100, _("What a side that never took its pozzetto loses."), min=0,
               label=_("No pozzetto")),
        Switch("clean_to_close", "bool", False, _("Closing needs a clean burraco."),
               preset_defaults=(("international", True),), label=_("A clean burraco to close")),
        Switch("three_player_mode", "enum", "lone_and_pair",
               _("Three players: a lone player against a pair each hand until the switch, or each alone from the "
                 "start."), choices=("lone_and_pair", "individual"), label=_("Three players")),
        Switch("three_player_switch_at", "int_or_null", 1000,
               _("Three players: from the hand after a total reaches this, each plays alone (none: never)."),
               min=1, only_when=_LONE, label=_("Each alone from"), none_words=_("never")),
        Switch("pair_split", "enum", "half_round_up", _("Three players: the pair's score split in half, rounded up "
                                                        "or cut."),
               choices=("half_round_up", "half_truncate"), only_when=_LONE, label=_("The pair's half")),
        Switch("tie_break", "enum", "play_another_hand", _("Equal highest totals at the end: play another hand, "
                                                           "or share the win."),
               choices=("play_another_hand", "shared")),
    )
    #: switches whose values must be multiples of 5, as every card value is
    FIVES = ("clean_bonus", "semi_clean_bonus", "dirty_bonus", "royal_bonus", "super_bonus", "closing_bonus",
             "pozzetto_penalty")

    # -- house rules ----------------------------------------------------------------------------------

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        defaults: dict[str, Any] = {}
        if n_players == 3:
            defaults["target"] = 1505
        hands = house.get("hands", 4)
        defaults["victory_points_table"] = {3: "three_hands", 4: "four_hands"}.get(hands, "none")
        return defaults

    def refuse_players(self, n_players: int) -> str | None:
        if n_players == 5:
            # five need three packs and a lone player against two pairs that change every hand; only one
            # source describes it (docs/rules/burraco.md#players-and-sides)
            return _("Burraco is for 2, 3, 4 or 6 players, not 5")
        return None

    def fits_players(self, spec: Switch, n_players: int) -> bool:
        return spec.name not in _THREE or n_players == 3

    def players_refusal(self, spec: Switch, n_players: int) -> str:
        return _("{name} applies only with 3 players, not {n_players}", name=spec.name, n_players=n_players)

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        for name in self.FIVES:
            if values[name] is not None and values[name] % 5:
                raise InvalidRulesError(_("{name} must be a multiple of 5 (every card counts 5, 10, 15, 20 or 30), "
                                          "not {value}", name=name, value=values[name]))

    def three(self) -> bool:
        """Bound: whether the match has three players (per player, a lone player and a pair, the switch)."""
        return len(self.players) == 3

    # -- the deck -------------------------------------------------------------------------------------

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int | None:
        return 11

    def decks(self, n_players: int | None = None) -> int:
        return 3 if n_players == 6 else 2

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 2 * self.decks(n_players)

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self.resolved(rules)
        # joker 30, ace 15, two 20, three to seven 5, eight to king 10
        return (30, 15, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)

    def value_classes(self, decks: int) -> tuple[ValueClass, ...]:
        labels = {"jokers": _("Jokers (30)"), "twos": _("Twos (20)"), "aces": _("Aces (15)"),
                  "eights_to_kings": _("Eights to kings (10)"), "threes_to_sevens": _("Threes to sevens (5)")}
        return tuple(ValueClass(name, labels[name], value, count * decks) for name, value, count in PER_PACK)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        lines = [_("Each hand, enter per side its burrachi, the points on the table, the points left in hand, "
                   "and whether it took its pozzetto.")]
        kinds = [_("clean {bonus}", bonus=r.clean_bonus)]
        if r.semi_clean_bonus is not None:
            kinds.append(_("semi-clean {bonus}", bonus=r.semi_clean_bonus))
        kinds.append(_("dirty {bonus}", bonus=r.dirty_bonus))
        if r.royal_bonus is not None:
            kinds.append(_("royal {bonus}", bonus=r.royal_bonus))
        if r.super_bonus is not None:
            kinds.append(_("super {bonus}", bonus=r.super_bonus))
        lines.append(_("A burraco earns: {kinds}.", kinds=joined(", ", kinds)))
        lines.append(_("Closing earns {closing}; a side that never took its pozzetto loses {penalty}.",
                       closing=r.closing_bonus, penalty=r.pozzetto_penalty))
        lines.append(_("Closing needs the pozzetto taken and a clean burraco.") if r.clean_to_close else
                     _("Closing needs the pozzetto taken and a burraco."))
        lines.append(_("Jokers 30, twos 20, aces 15, eights to kings 10, threes to sevens 5."))
        if r.match_mode == "hands":
            lines.append(_n("{count} hand; the highest total wins.", "{count} hands; the highest total wins.",
                            r.hands))
            if r.victory_points_table != "none":
                lines.append(_n("Victory points by the table for {count} hand.",
                                "Victory points by the table for {count} hands.",
                                3 if r.victory_points_table == "three_hands" else 4))
        else:
            lines.append(_("The match ends after the hand in which a total reaches {target:,}; the highest total "
                           "wins.", target=r.target))
        if r.n_players == 3:
            if r.three_player_mode == "individual":
                lines.append(_("Three players: each plays alone."))
            elif r.three_player_switch_at is None:
                lines.append(_("Three players: a lone player against a pair each hand, the pair's score split in "
                               "half."))
            else:
                lines.append(_("Three players: a lone player against a pair each hand, the pair's score split in "
                               "half; each alone from the hand after a total reaches {at:,}.",
                               at=r.three_player_switch_at))
        return lines

    # -- the entry fields -----------------------------------------------------------------------------

    def side_fields(self, rules: Rules, decks: int, every: bool = False) -> list[EntryField]:
        """What a side enters: the burrachi the table counts (``every``: all five kinds, as a hand is read,
        so that a kind not counted is refused in words), its points, its pozzetto and its penalties."""
        most = PACK_CARDS * decks // 7
        points = dict(kind="points", per="side", minimum=0, maximum=PACK_POINTS * decks,
                      classes=self.value_classes(decks), multiple_of=5, required=True)
        words = {"clean_burracos": _("Clean burrachi"), "semi_clean_burracos": _("Semi-clean burrachi"),
                 "dirty_burracos": _("Dirty burrachi"), "royal_burracos": _("Royal burrachi"),
                 "super_burracos": _("Super burrachi")}
        fields = [EntryField(name, "count", words[name], per="side", minimum=0, maximum=most)
                  for name, bonus, _cards, _least in KINDS if every or rules[bonus] is not None]
        fields += [
            EntryField("meld_points", label=_("Points on the table"),
                       help=_("every card the side has melded, burrachi included"), **points),
            EntryField("hand_points", label=_("Points in hand"),
                       help=_("every card left in the partners' hands, a pozzetto taken and not played included"),
                       **points),
            EntryField("pozzetto_taken", "flag", _("Pozzetto not taken"), per="side", ticked=False,
                       help=_("the pozzetto was never picked up")),
            EntryField("penalty_points", "points", _("Penalties"), per="side", minimum=0,
                       maximum=PACK_POINTS * decks, multiple_of=5),
        ]
        return fields

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        r = self.resolved(rules)
        n = n_players or r.n_players or 4
        head = [EntryField("end", "end", _("How did the hand end?"), required=True),
                EntryField("by", "player", _("Who closed?"))]
        fields = self.side_fields(r, self.decks(n))
        if n != 3:
            return EntryFields(tuple(head + fields), scored="sides")
        if r.three_player_mode == "individual":
            return EntryFields(tuple(head + fields), each_alone=True)
        lone = EntryField("lone", "player", _("Who plays alone?"),
                          help=_("the first out of his 11 cards, who took the 18-card pozzetto"),
                          nobody=_("Nobody: the stock ran out before anyone reached a pozzetto"))
        return EntryFields(tuple([lone] + head + fields), units=(("lone", _("Alone")), ("pair", _("The pair"))),
                     alone="lone")

    def entry_fields_at(self, state: MatchState) -> EntryFields:
        fields = self.entry_fields(self.house, len(self.players))
        if self.three() and self.stage(state) == 2 and not fields.each_alone:
            return EntryFields(tuple(f for f in fields.fields if f.name != "lone"), each_alone=True)
        return fields

    def teams_allowed(self, n_players: int, rules: Rules | None = None) -> bool:
        return n_players in (4, 6)

    def check_teams(self, sides: Sequence[Any], rules: Rules | None = None) -> str | None:
        want = {4: 2, 6: 3}.get(sum(len(s.members) for s in sides))
        if len(sides) != want or any(len(s.members) != 2 for s in sides):
            return _("Burraco with 4 players is two sides of two, with 6 three sides of two")
        return None

    # -- the meld checker (docs/rules/burraco.md#the-meld-checker) -------------------------------------

    #: the most cards the checker takes as laid together (a side's whole table runs to about 60; the
    #: search for how they split into melds is bounded to what a turn lays)
    laid_cards_limit = 30

    def meld_word(self, kind: str) -> Any:
        return {"clean": _("a clean burraco"), "semi_clean": _("a semi-clean burraco"),
                "dirty": _("a dirty burraco"), "royal": _("a royal burraco"), "super": _("a super burraco"),
                "canasta": _("a burraco")}[kind]

    def meld_bonus(self, kind: str, rules: Rules) -> int | None:
        return rules.get(f"{kind}_bonus")

    def first_meld_choices(self, rules: Rules | None = None) -> tuple[Any, tuple[FirstMeldChoice, ...], str]:
        # Burraco has no first-meld minimum: melds laid together are only counted
        return _("First meld"), (FirstMeldChoice("any", _("no minimum in Burraco"), 0),), "any"

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        r = self.resolved(rules)
        return MeldRules(game_name=self.name, set_min=3, set_max=9, set_distinct_suits=False, run_min=3,
                         run_max=14, ace_run="either_end", max_jokers_per_meld=1, decks=2, jokers_in_deck=4,
                         set_word="set", run_word="sequence")

    def check_meld(self, cards: str | Iterable[Card], rules: Rules | None = None, **deal: Any) -> MeldCheck:
        """One meld: a sequence or a set with at most one wild card (a two in its own place is natural),
        a burraco from 7 cards and of which kind, its wild card, and its card points."""
        r = self.resolved(rules)
        cards = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        read = _read_meld(cards, r)
        if isinstance(read, str) or not isinstance(read, tuple):
            return MeldCheck(False, None, read or _("no cards"), cards=cards, declared=cards)
        kind, wild, burraco, declared = read
        value = sum(self.card_value(c, r) for c in cards)
        word = _("sequence") if kind == "run" else _("set")
        facts: list[tuple[Any, Any]] = [(_("Wild card"), _("{count} (at most 1)", count=wild))]
        if burraco is None:
            reason = (_("a sequence of {count} cards, not yet a burraco", count=len(cards)) if kind == "run" else
                      _("a set of {count} cards, not yet a burraco", count=len(cards)))
            facts.append((_("To a burraco"), _n("{count} more card", "{count} more cards", 7 - len(cards),
                                                count=7 - len(cards))))
        else:
            reason = (_("{what}: a sequence of {count} cards", what=self.meld_word(burraco), count=len(cards))
                      if kind == "run" else
                      _("{what}: a set of {count} cards", what=self.meld_word(burraco), count=len(cards)))
            facts.append((_("Burraco"), _("it earns {bonus:,} at the end of the hand",
                                          bonus=self.meld_bonus(burraco, r))))
        facts.append((_("Card points"), _("{points:,}", points=value)))
        return MeldCheck(True, kind, reason, value=value, cards=cards, declared=declared, word=word,
                         facts=tuple(facts))

    def check_laid(self, cards: str | Iterable[Card], rules: Rules | None = None,
                   minimum: int | None = None) -> OpeningCheck:
        """Cards laid together: split into Burraco melds (sequences and sets, a wild card each at most),
        each meld's verdict and their card points; refused when no split makes every card a meld."""
        r = self.resolved(rules)
        cards = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        if not cards:
            return OpeningCheck(False, 0, _("no cards"))
        try:
            groups = _split(cards, r)
        except _TooLong:
            return OpeningCheck(False, 0, _("these cards split into melds in too many ways to try them all: check "
                                            "them a few melds at a time"))
        if groups is None:
            return OpeningCheck(False, 0, _("these cards do not all go into melds: each meld is a sequence of "
                                            "one suit or a set of one rank, with at most one wild card"))
        melds = tuple(self.check_meld(g, r) for g in groups)
        values = tuple(m.value for m in melds)
        value = sum(values)
        return OpeningCheck(True, value, _n("{count} meld worth {value:,}", "{count} melds worth {value:,}",
                                            len(melds), count=len(melds), value=value), values, melds)

    # -- the stage (three players) --------------------------------------------------------------------

    def stage(self, state: MatchState) -> int:
        """Bound, three players: 1 while a lone player plays against a pair, 2 once each plays alone."""
        if self.house.three_player_mode == "individual":
            return 2
        return state.kept.get("stage", 1)

    def after_hand(self, state: MatchState, hand: Hand, scored: HandScore) -> None:
        at = self.house.three_player_switch_at
        if (self.three() and self.stage(state) == 1 and at is not None
                and any(ps.total >= at for ps in state.players.values())):
            # final, even if totals fall back (docs/rules/burraco.md#three-players)
            state.kept = {**state.kept, "stage": 2}

    def match_facts(self, state: MatchState) -> dict[str, Any]:
        return {"stage": self.stage(state)} if self.three() else {}

    def notes(self, state: MatchState) -> list[str]:
        if not self.three() or self.stage(state) == 1 or state.finished:
            return []
        at = self.house.three_player_switch_at
        if self.house.three_player_mode == "individual" or at is None:
            return [_("Each plays alone.")]
        return [_("Each plays alone from now on: a total has reached {at:,}.", at=at)]

    # -- reading a hand -------------------------------------------------------------------------------

    def parse_sides(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        # read in ``score``, where the match so far says which units the hand has (three players)
        return None

    def units(self, hand: Hand, state: MatchState) -> tuple[dict[str, tuple[str, ...]], bool]:
        """Who is in each unit of this hand, and whether the hand has a lone player and a pair; ``lone``
        is checked first (docs/rules/burraco.md#refusals)."""
        raw = hand.raw
        players = list(self.players)
        if not self.three() or self.stage(state) == 2:
            if "lone" in raw:
                why = (_("everyone plays alone now: lone is not given") if self.three() else
                       _("lone is only for three players"))
                raise hand.error(why, field="lone")
            if self.three():
                return {p: (p,) for p in players}, False
            return {s.name: s.members for s in self.sides}, False
        if "lone" not in raw:
            raise hand.error(_("say who plays alone, or that nobody does (nobody reached a pozzetto)"), field="lone")
        lone = raw["lone"]
        if lone is None:
            if hand.end != "stock_exhausted":
                raise hand.error(_("lone: null only when the stock ran out"), field="lone")
            return {p: (p,) for p in players}, False
        if lone not in players:
            raise hand.error(_("{name!r} is not a player in this match", name=lone), field="lone")
        return {"lone": (lone,), "pair": tuple(p for p in players if p != lone)}, True

    def read(self, hand: Hand, units: Mapping[str, tuple[str, ...]]) -> None:
        """Checks 1 and 2: exactly the hand's units, and each field a whole number ≥ 0 (points in fives)
        or a flag; then the values, class counts multiplied out."""
        raw = hand.raw.get("sides")
        names = list(units)
        if not isinstance(raw, Mapping) or set(raw) != set(names):
            raise hand.error(_("sides must be exactly {sides}", sides=joined(_(" and "), names)), field="sides")
        for name in names:
            side = raw[name]
            if not isinstance(side, Mapping):
                continue  # read_sides says so
            for field in POINTS_FIELDS:
                value = side.get(field)
                if type(value) is int and value >= 0 and value % 5:
                    raise hand.error(_("{side}: {field} must be a multiple of 5 ({value})", side=name, field=field,
                                       value=value), side=name, field=field)
        hand.members = dict(units)
        hand.sides = read_sides(hand, raw, names, self.side_fields(self.house, self.table_decks(), every=True))

    # -- checks ---------------------------------------------------------------------------------------

    def check_hand(self, hand: Hand, alone_pair: bool, nobody: bool) -> None:
        """Checks 3 to 11 of docs/rules/burraco.md#refusals, in their order."""
        r = self.house
        sides: dict[str, SideEntry] = hand.sides
        decks = self.table_decks()
        for name, s in sides.items():  # 3
            if 0 < s["meld_points"] < LEAST_MELD:
                raise hand.error(_("{side}: no meld is worth less than 15 (meld_points {points})", side=name,
                                   points=s["meld_points"]), side=name, field="meld_points")
        for name, s in sides.items():  # 4
            for field, bonus, _cards, _least in KINDS:
                if s[field] and r[bonus] is None:
                    words = {"semi_clean_burracos": _("{side}: this table does not count semi-clean burrachi: "
                                                      "enter that burraco as dirty", side=name),
                             "royal_burracos": _("{side}: this table does not count royal burrachi: enter that "
                                                 "burraco as clean", side=name),
                             "super_burracos": _("{side}: this table does not count super burrachi: enter that "
                                                 "burraco as clean", side=name)}[field]
                    raise hand.error(words, side=name, field=field)
        for name, s in sides.items():  # 5
            least = sum(s[field] * cheapest for field, _bonus, _cards, cheapest in KINDS)
            if s["meld_points"] < least:
                raise hand.error(self.least_words(name, s, least), side=name, field="meld_points")
        cards = sum(s[field] * size for s in sides.values() for field, _bonus, size, _least in KINDS)  # 6
        if cards > PACK_CARDS * decks:
            raise hand.error(_("the burrachi entered need more than the {cards} cards", cards=PACK_CARDS * decks),
                             field="sides")
        points = sum(s["meld_points"] + s["hand_points"] for s in sides.values())  # 7
        if points > PACK_POINTS * decks:
            raise hand.error(_("meld and hand points add up to {points:,}, more than the {limit:,} all the cards are "
                               "worth", points=points, limit=PACK_POINTS * decks), field="sides")
        for cls in self.value_classes(decks):
            count = sum(c.get(cls.name, 0) for s in sides.values() for c in s.counted.values())
            if count > cls.maximum:
                raise hand.error(_("{count} {cls} counted in all: the cards hold {limit}", count=count,
                                   cls=cls.label, limit=cls.maximum), field="sides")
        for name, s in sides.items():
            if s["penalty_points"] > PACK_POINTS * decks:
                raise hand.error(_("{side}: penalties of {points:,} are more than all the cards are worth ({limit:,})",
                                   side=name, points=s["penalty_points"], limit=PACK_POINTS * decks), side=name,
                                 field="penalty_points")
        needs_by = self.end(hand.end).needs_by  # 8
        if needs_by and hand.by is None:
            raise hand.error(_("say who closed"), field="by")
        if not needs_by and hand.by is not None:
            raise hand.error(_("nobody closes when the stock runs out"), field="by")
        closer = hand.side_of(hand.by) if hand.by is not None else None
        if closer is not None:  # 9
            s = sides[closer]
            who = self.unit_words(hand, closer)
            if not s["pozzetto_taken"]:
                raise hand.error(_("{name} closed, but {side} has not taken its pozzetto", name=hand.by, side=who),
                                 side=closer, field="pozzetto_taken")
            if r.clean_to_close and not sum(s[f] for f in CLEAN_KINDS):
                raise hand.error(_("{name} closed, but {side} has no clean burraco", name=hand.by, side=who),
                                 side=closer, field="clean_burracos")
            if not sum(s[field] for field, _bonus, _cards, _least in KINDS):
                raise hand.error(_("{name} closed, but {side} has no burraco", name=hand.by, side=who),
                                 side=closer, field="clean_burracos")
        for name, s in sides.items():  # 10
            members = hand.members[name]
            holding = [p for p in members if p != hand.by]
            if name == closer and not holding:
                if s["hand_points"]:
                    raise hand.error(_("{name} closed, so he holds no cards (hand_points {points})", name=hand.by,
                                       points=s["hand_points"]), side=name, player=hand.by, field="hand_points")
                continue
            least = 5 * len(holding)
            if s["hand_points"] < least:
                if name == closer:
                    words = _("{name}'s partner still holds cards, so hand_points is at least 5", name=hand.by)
                elif len(holding) == 1:
                    words = _("{name} still holds cards: hand_points is at least 5", name=holding[0])
                else:
                    words = _("both {side} players still hold cards: hand_points is at least {least}",
                              side=self.unit_words(hand, name), least=least)
                raise hand.error(words, side=name, field="hand_points")
        if alone_pair and not sides["lone"]["pozzetto_taken"]:  # 11
            raise hand.error(_("the lone player took the 18-card pozzetto"), side="lone", field="pozzetto_taken")
        if nobody:
            for name, s in sides.items():
                if s["pozzetto_taken"]:
                    raise hand.error(_("{side}: with nobody alone, nobody reached a pozzetto", side=name), side=name,
                                     field="pozzetto_taken")

    def least_words(self, name: str, s: SideEntry, least: int) -> Any:
        """Check 5's refusal: "NS: 2 clean burrachi alone are worth at least 70 (meld_points 60)"."""
        words = {"clean_burracos": lambda n: _n("{count} clean burraco", "{count} clean burrachi", n, count=n),
                 "semi_clean_burracos": lambda n: _n("{count} semi-clean burraco", "{count} semi-clean burrachi",
                                                     n, count=n),
                 "dirty_burracos": lambda n: _n("{count} dirty burraco", "{count} dirty burrachi", n, count=n),
                 "royal_burracos": lambda n: _n("{count} royal burraco", "{count} royal burrachi", n, count=n),
                 "super_burracos": lambda n: _n("{count} super burraco", "{count} super burrachi", n, count=n)}
        said = [words[field](s[field]) for field, _bonus, _cards, _least in KINDS if s[field]]
        return _("{side}: {burrachi} alone are worth at least {least} (meld_points {points})", side=name,
                 burrachi=joined(_(" and "), said), least=least, points=s["meld_points"])

    def unit_words(self, hand: Hand, unit: str) -> Any:
        """A unit in a sentence: the side's name, or the pair's players."""
        if unit == "pair":
            return joined(_(" and "), list(hand.members[unit]))
        if unit == "lone":
            return hand.members[unit][0]
        return unit

    # -- scoring --------------------------------------------------------------------------------------

    def side_score(self, hand: Hand, unit: str, s: SideEntry) -> tuple[int, list[tuple[int, Any]]]:
        """docs/rules/burraco.md#the-hand-score: the unit's score and its terms in words."""
        r = self.house
        terms: list[tuple[int, Any]] = []
        score = 0
        words = {"clean_burracos": _("clean"), "semi_clean_burracos": _("semi-clean"),
                 "dirty_burracos": _("dirty"), "royal_burracos": _("royal"), "super_burracos": _("super")}
        for field, bonus, _cards, _least in KINDS:
            n = s[field]
            if n:
                value = r[bonus]
                score += n * value
                terms.append((1, _("{bonus:,} ({kind})", bonus=value, kind=words[field]) if n == 1 else
                              _("{count} × {bonus:,} ({kind})", count=n, bonus=value, kind=words[field])))
        if hand.by is not None and hand.by in hand.members[unit]:
            score += r.closing_bonus
            terms.append((1, _("{points:,} (closing)", points=r.closing_bonus)))
        if s["meld_points"]:
            score += s["meld_points"]
            terms.append((1, _("{points:,}", points=s["meld_points"])))
        if s["hand_points"]:
            score -= s["hand_points"]
            terms.append((-1, _("{points:,}", points=s["hand_points"])))
        if not s["pozzetto_taken"] and r.pozzetto_penalty:
            score -= r.pozzetto_penalty
            terms.append((-1, _("{points:,} (no pozzetto)", points=r.pozzetto_penalty)))
        if s["penalty_points"]:
            score -= s["penalty_points"]
            terms.append((-1, _("{points:,} (penalty)", points=s["penalty_points"])))
        return score, terms

    def half(self, score: int) -> int:
        """Each partner's share of the pair's score (``pair_split``): 65 → 33 rounded up, 32 cut; −305 → −152."""
        if self.house.pair_split == "half_truncate":
            return int(score / 2)
        return -((-score) // 2)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        units, alone_pair = self.units(hand, state)
        self.read(hand, units)
        nobody = self.three() and not alone_pair and "lone" in hand.raw
        self.check_hand(hand, alone_pair, nobody)
        summary = _("{name} closed", name=hand.by) if hand.by is not None else _("the stock ran out")
        scored = HandScore(summary=summary, winner=hand.by)
        for unit, s in hand.sides.items():
            total, terms = self.side_score(hand, unit, s)
            said = self.said(total, terms)
            if self.sides:
                scored.side_scores[unit] = total
                scored.explanations[unit] = said
            elif unit == "pair":
                share = self.half(total)
                how = (_("{said}, half each: {share:,}", said=said, share=share) if share >= 0 else
                       _("{said}, half each: −{share:,}", said=said, share=-share))
                for player in hand.members[unit]:
                    scored.scores[player] = share
                    scored.explanations[player] = how
            else:
                player = hand.members[unit][0]
                scored.scores[player] = total
                scored.explanations[player] = said
        return scored

    # -- the match ------------------------------------------------------------------------------------

    def target(self) -> int | None:
        return self.house.target if self.house.match_mode == "target" else None

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        r = self.house
        if r.match_mode == "hands":
            if state.hands_played < r.hands:
                return None
        elif not any(ps.total >= r.target for ps in state.players.values()):
            return None
        return self.winners_unless_tied(state, play_on=r.tie_break == "play_another_hand")

    def victory_points(self, state: MatchState) -> dict[str, int]:
        r = self.house
        if r.match_mode != "hands" or r.victory_points_table in (None, "none"):
            return {}
        units = ({s.name: state.players[s.members[0]].total for s in self.sides} if self.sides else
                 {p: ps.total for p, ps in state.players.items()})
        if len(units) != 2:
            return {}  # the tables are for one table's two sides
        (a, ta), (b, tb) = units.items()
        winner, loser = vp_for(abs(ta - tb), r.victory_points_table)
        if ta == tb:
            return {a: winner, b: loser}
        return {a: winner, b: loser} if ta > tb else {a: loser, b: winner}


def _wild(card: Card) -> bool:
    return card.is_joker or card.rank == 2


def _read_meld(cards: Sequence[Card], r: Rules) -> Any:
    """``(kind, wild cards, burraco kind or None, the meld as played)`` for a Burraco meld, else the
    reason it is none. A two of the sequence's suit in its own place (A-2-3, 2-3-4) is natural."""
    if len(cards) < 3:
        return _("a meld needs at least 3 cards")
    jokers = [c for c in cards if c.is_joker]
    twos = [c for c in cards if not c.is_joker and c.rank == 2]
    others = [c for c in cards if not _wild(c)]
    ranks = {c.rank for c in others}
    # a set: naturals of one rank (never twos), a wild card at most
    if len(ranks) == 1 and others:
        wild = len(jokers) + len(twos)
        if wild > 1:
            return _("a meld holds at most one wild card (it has {count})", count=wild)
        if r.preset == "international" and others[0].rank not in (1, 3):
            return _("the International code allows sets of aces and threes only")
        return "set", wild, _set_burraco(len(others), wild, r), tuple(cards)
    if not others and not jokers and len(twos) == len(cards):
        return _("there are no sets of twos")
    suits = {c.suit for c in others}
    if len(suits) > 1:
        return _("it mixes suits and ranks: a sequence is of one suit, a set of one rank")
    suit = next(iter(suits)) if suits else next((c.suit for c in twos), "")
    # a sequence: try each two of the suit as the natural two, the rest of the wild cards at most one
    # a two read as natural first: the meld then holds fewer wild cards (a whole suit is clean)
    tries = [t for t in twos if t.suit == suit] + [None]
    reason = _("it is not a sequence: the cards are not consecutive, or need more than one wild card")
    for natural_two in tries:
        wild = len(jokers) + len(twos) - (1 if natural_two is not None else 0)
        if wild > 1:
            reason = _("a meld holds at most one wild card (it has {count})", count=wild)
            continue
        naturals = sorted([c.rank for c in others] + ([2] if natural_two is not None else []))
        if len(set(naturals)) != len(naturals):
            reason = _("a sequence holds each card once")
            continue
        for high_ace in (False, True):
            ranks_in = sorted(14 if (k == 1 and high_ace) else k for k in naturals)
            if high_ace and 2 in ranks_in:
                continue  # the ace above the king or below the 2, never both (never round the corner)
            span = ranks_in[-1] - ranks_in[0] + 1
            gaps = span - len(ranks_in)
            if gaps > wild or len(cards) > 14:
                continue
            low, high = ranks_in[0], ranks_in[-1]
            at_end = wild - gaps  # a wild card not inside the run sits at one end
            if at_end and high < 14:
                high += 1
            elif at_end and low > 1:
                low -= 1
            elif at_end:
                continue
            if low < 1 or high > 14:
                continue
            return "run", wild, _run_burraco(len(cards), wild, gaps, r), tuple(cards)
    return reason


def _set_burraco(naturals: int, wild: int, r: Rules) -> str | None:
    """A set's burraco kind (7 cards or more), as docs/rules/burraco.md reads it, or None."""
    if naturals + wild < 7:
        return None
    if not wild:
        return "super" if naturals == 8 and r.super_bonus is not None else "clean"
    if naturals >= 7 and r.semi_clean_bonus is not None:
        return "semi_clean"
    return "dirty"


def _run_burraco(size: int, wild: int, gaps: int, r: Rules) -> str | None:
    """A sequence's burraco kind: clean with no wild card (royal when it is a whole suit, where counted);
    semi-clean with 7 natural cards in a row and the wild card at one end (8 or more cards); dirty
    otherwise."""
    if size < 7:
        return None
    if not wild:
        return "royal" if size >= 13 and r.royal_bonus is not None else "clean"
    if not gaps and size >= 8 and r.semi_clean_bonus is not None:
        return "semi_clean"
    return "dirty"


class _TooLong(Exception):
    """The split of cards laid together took more tries than ``SPLIT_TRIES``."""


#: the most melds the split of cards laid together tries before it gives up (a few tenths of a second):
#: a page's request never searches for seconds (docs/rules/burraco.md#the-meld-checker)
SPLIT_TRIES = 3_000


def _split(cards: Sequence[Card], r: Rules) -> list[list[Card]] | None:
    """The melds these cards make together, every card in one, or None. Exact within ``SPLIT_TRIES``: the
    first card left goes into every meld it can make with the cards still free, the longest first
    (memoised on what is left); past that many tries ``_TooLong`` is raised."""
    order = sorted(cards, key=lambda c: (_wild(c), c.suit, c.rank))
    seen: dict[tuple, list[list[Card]] | None] = {}
    tries = [0]

    def key(left: tuple[Card, ...]) -> tuple:
        return tuple(sorted((c.rank, c.suit) for c in left))

    def solve(left: tuple[Card, ...]) -> list[list[Card]] | None:
        if not left:
            return []
        k = key(left)
        if k in seen:
            return seen[k]
        seen[k] = None
        first, rest = left[0], left[1:]
        if _wild(first):
            return None  # only wild cards left: none makes a meld alone
        pool = list(rest)
        for size in range(min(len(pool), 13), 1, -1):  # the longest meld first: burrachi before pieces
            for combo in _candidates(first, pool, size):
                tries[0] += 1
                if tries[0] > SPLIT_TRIES:
                    raise _TooLong
                if isinstance(_read_meld((first, *combo), r), tuple):
                    remaining = list(pool)
                    for c in combo:
                        remaining.remove(c)
                    found = solve(tuple(remaining))
                    if found is not None:
                        seen[k] = [[first, *combo], *found]
                        return seen[k]
        return None

    return solve(tuple(order))


def _candidates(first: Card, pool: list[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Groups of ``size`` cards from ``pool`` that could make a meld with ``first``: its rank's cards,
    or its suit's, with at most one wild card (each kind of card once)."""
    from itertools import combinations

    wilds = list({(c.rank, c.suit): c for c in pool if _wild(c)}.values())
    same_rank = [c for c in pool if not _wild(c) and c.rank == first.rank]
    same_suit = list({c.rank: c for c in pool if not _wild(c) and c.suit == first.suit and c.rank != first.rank}.values())
    for family in (same_rank, same_suit):
        for n_wild in (0, 1):
            need = size - n_wild
            if need < 0 or need > len(family):
                continue
            for naturals in combinations(family, need):
                if n_wild:
                    for w in wilds:
                        yield (*naturals, w)
                else:
                    yield naturals


__all__ = ["Burraco", "vp_for"]
