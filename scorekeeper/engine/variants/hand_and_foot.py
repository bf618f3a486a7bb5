"""Hand and Foot (docs/rules/hand_and_foot.md): partnerships (any split into sides), scored by side per round.

A round is entered per side as counts and two point totals, never as cards: clean, dirty and wild books,
red threes laid on the table and red threes caught in a hand or a foot, the card values on the table and
the card values left in the hands and feet (each typed, or counted by value class), the players who picked
exactly 22 cards, and a free adjustment line for house items the engine does not model. The engine adds the
bonuses, checks what the decks cannot hold and whether the side that went out had the books it needs, and
shows the minimum of the next round's first meld (50 / 90 / 120 / 150 by round, or by score band when the
table plays to 10,000).

Hand and Foot has no standard rules, so the table picks a preset before round 1 (``common``, pagat's
``pagat_whitnack``, ``simpson``) and may change any value of it; the rules summary states every value in force.

>>> from scorekeeper.engine.match import replay
>>> st = replay({"variant": "hand_and_foot", "players": ["Ann", "Ben", "Cat", "Dan"], "entries": [
...     {"kind": "hand", "end": "out", "by": "Ann", "sides": {
...         "Ann & Cat": {"clean_books": 2, "dirty_books": 2, "red_threes_laid": 1, "meld_points": 720,
...                       "hand_points": 45, "exact_picks": 1},
...         "Ben & Dan": {"clean_books": 1, "dirty_books": 1, "red_threes_laid": 1, "red_threes_held": 1,
...                       "meld_points": 410, "hand_points": 185}}}]})
>>> [(s.name, s.total, s.opening_minimum) for s in st.sides], st.round
([('Ann & Cat', 2575, 90), ('Ben & Dan', 625, 90)], 2)
"""

from __future__ import annotations

from typing import Any, Mapping

from ..hands import Hand, HandScore, MatchState
from ..i18n import _, _n, joined
from ..limits import POINTS_CEILING
from ..entry_fields import EntryField, EntryFields, ValueClass
from ..sides import SideEntry, read_sides
from .base import InvalidRulesError, Rules, Switch, Variant
from .meld_plus import FirstMeldChoice, MeldPlusHandMinus

#: what one 54-card deck holds other than its two red threes, by value class, and what they are worth
#: (docs/rules/hand_and_foot.md#card-values): 2 jokers, 4 aces and 4 twos, 24 eights to kings, 16 fours
#: to sevens, 2 black threes: 100 + 160 + 240 + 80 + 10 = 590
PER_DECK = {"jokers": 2, "aces_twos": 8, "eights_to_kings": 24, "fours_to_sevens": 16, "black_threes": 2}
DECK_POINTS = 590
RED_THREES_PER_DECK = 2
#: the cheapest books: seven 5-point cards, six and a two, seven twos; the least meld: three 5-point cards
CHEAPEST_CLEAN, CHEAPEST_DIRTY, CHEAPEST_WILD = 35, 50, 140
LEAST_MELD = 15
#: a bound on the books of one side in one round (not a rule: a typing slip past it is refused): 12 decks
#: of 13 ranks hold at most 12 × 4 × 13 / 7 books of 7 cards
MAX_BOOKS = 90
#: a bound on the adjustment line of one side in one round, either way
ADJUSTMENT_MAX = 10000
MINIMUM_MAX = 500

_ROUNDS = (("match_mode", ("rounds",)),)
_TARGET = (("match_mode", ("target",)),)
DEFAULT_MINIMUMS = (50, 90, 120, 150)
DEFAULT_BANDS = ((0, 50), (2500, 90), (5000, 120), (7500, 150))
#: the house rules that are lists: checked here, against the rounds and the mode, as ``rules`` resolves
LIST_RULES = ("opening_minimums", "score_bands")
#: a bound on the score bands (not a rule: a typing slip past it is refused)
MAX_BANDS = 20


def _whole(value: Any) -> bool:
    return type(value) is int


class HandAndFoot(MeldPlusHandMinus, Variant):
    key = "hand_and_foot"
    order = 76
    name = "Hand and Foot"
    aliases = ("hand & foot", "hand_foot", "handandfoot")
    meld_max = 7
    one_meld_per_rank = False
    summary = _("Hand and Foot: partnerships, a hand and a foot each, books and red threes, four rounds.")
    min_players, max_players = 2, 8
    ends = ("out", "stock_exhausted")
    by_required = False
    uses_cards = False
    partnerships = True
    entry_keys = ("sides",)
    deal_word = "round"
    PRESET_SWITCH = "preset"
    SWITCHES = (
        Switch("preset", "enum", "common", _("The rule set the table plays: every value below follows it."),
               choices=("common", "pagat_whitnack", "simpson"), label=_("Rule set")),
        Switch("match_mode", "enum", "rounds", _("A set number of rounds, or up to a target total."),
               choices=("rounds", "target"), label=_("The match")),
        Switch("rounds", "int", 4, _("Rounds in the match."), min=1, max=8, only_when=_ROUNDS),
        Switch("target", "int", 10000, _("The match ends after the round in which a total reaches this."),
               min=1, only_when=_TARGET),
        Switch("opening_minimums", "int_list", DEFAULT_MINIMUMS, _("The least first meld of each round, one "
                                                                  "per round (each 0–500)."),
               min=0, max=MINIMUM_MAX, only_when=_ROUNDS, label=_("First meld by round")),
        Switch("score_bands", "pairs", DEFAULT_BANDS, _("The least first meld from each total up, as from: "
                                                          "minimum (each minimum 0–500)."),
               min=0, max=MINIMUM_MAX, only_when=_TARGET, label=_("First meld by total")),
        Switch("clean_book_bonus", "int", 500, _("What a clean book (no wild card) earns."), min=0,
               preset_defaults=(("simpson", 300),), label=_("Clean book")),
        Switch("dirty_book_bonus", "int", 300, _("What a dirty book (with wild cards) earns."), min=0,
               preset_defaults=(("simpson", 100),), label=_("Dirty book")),
        Switch("wild_book_bonus", "int_or_null", 1500, _("What a book of seven wild cards earns (none: no wild books)."),
               min=0, preset_defaults=(("simpson", None),), label=_("Wild book"), none_words=_("no wild books")),
        Switch("going_out_bonus", "int", 100, _("What going out earns the side."), min=0),
        Switch("red_three_laid_value", "int", 100, _("What each red three laid on the table counts."),
               min=-1000, max=1000, preset_defaults=(("simpson", -500),), label=_("Red three laid")),
        Switch("red_three_held_value", "int", -500, _("What each red three caught in a hand or foot counts."),
               min=-1000, max=0, preset_defaults=(("pagat_whitnack", -100),), label=_("Red three caught")),
        Switch("exact_pick_bonus", "int_or_null", 100, _("What each player who picks up exactly 22 cards earns "
                                                          "(none: the cards are dealt)."),
               min=0, preset_defaults=(("pagat_whitnack", None),), label=_("Exact pick of 22"),
               none_words=_("no bonus")),
        Switch("go_out_clean", "int", 2, _("Clean books a side needs to go out."), min=0, max=10,
               preset_defaults=(("simpson", 1),), label=_("Clean books to go out")),
        Switch("go_out_dirty", "int", 2, _("Dirty books a side needs to go out."), min=0, max=10,
               preset_defaults=(("simpson", 1),), label=_("Dirty books to go out")),
        Switch("go_out_wild", "int", 0, _("Wild books a side needs to go out."), min=0, max=10,
               preset_defaults=(("pagat_whitnack", 1),), label=_("Wild books to go out")),
        Switch("decks", "int", 5, _("54-card decks in play (one more than the players)."), min=2, max=12,
               label=_("Decks")),
        Switch("tie_break", "enum", "shared", _("Equal highest totals at the end: share the win, or play another "
                                                "round."), choices=("shared", "play_extra_round"),
               label=_("Equal highest totals")),
    )
    #: switches whose values must be multiples of 5, as every card value is
    FIVES = ("clean_book_bonus", "dirty_book_bonus", "wild_book_bonus", "going_out_bonus", "red_three_laid_value",
             "red_three_held_value", "exact_pick_bonus")

    # -- house rules ----------------------------------------------------------------------------------

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        # one deck more than the players (docs/rules/hand_and_foot.md#equipment), at least 2
        return {"decks": max(2, min(12, n_players + 1))} if n_players else {}

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        for name in self.FIVES:
            if values[name] is not None and values[name] % 5:
                raise InvalidRulesError(_("{name} must be a multiple of 5 (every card counts 5, 10, 20 or 50), "
                                          "not {value}", name=name, value=values[name]))

    def rules(self, n_players: int | None = None, **house: Any) -> Rules:
        """As ``Variant.rules``, plus the two house rules that are lists (``opening_minimums``,
        ``score_bands``), checked here: the switches of a form hold single values."""
        lists = {name: house.pop(name) for name in LIST_RULES if name in house}
        resolved = super().rules(n_players, **house)
        values = dict(resolved)
        mode = values["match_mode"]
        if "opening_minimums" in lists:
            if mode != "rounds":
                raise InvalidRulesError(_("opening_minimums does not apply when match_mode is \"target\": "
                                          "the score bands set the minimum"))
            values["opening_minimums"] = self._minimums(lists["opening_minimums"], values["rounds"])
        elif mode == "rounds":
            # rounds beyond the fourth keep the last minimum (docs/rules/hand_and_foot.md#house-rules)
            values["opening_minimums"] = tuple(DEFAULT_MINIMUMS[min(i, 3)] for i in range(values["rounds"]))
        else:
            values["opening_minimums"] = None
        if "score_bands" in lists:
            if mode != "target":
                raise InvalidRulesError(_("score_bands does not apply when match_mode is \"rounds\": each round "
                                          "sets the minimum"))
            values["score_bands"] = self._bands(lists["score_bands"])
        else:
            values["score_bands"] = DEFAULT_BANDS if mode == "target" else None
        return Rules(self.key, values, {**resolved.overrides, **lists}, n_players)

    @staticmethod
    def _minimums(value: Any, rounds: int) -> tuple[int, ...]:
        if not isinstance(value, (list, tuple)) or not all(_whole(v) for v in value):
            raise InvalidRulesError(_("opening_minimums must be a list of whole numbers, one per round"))
        if len(value) != rounds:
            raise InvalidRulesError(_("opening_minimums needs one minimum per round ({rounds}), not {count}",
                                      rounds=rounds, count=len(value)))
        for v in value:
            if not 0 <= v <= MINIMUM_MAX:
                raise InvalidRulesError(_("opening_minimums: each minimum is 0–500, not {value}", value=v))
        return tuple(value)

    @staticmethod
    def _bands(value: Any) -> tuple[tuple[int, int], ...]:
        if not isinstance(value, (list, tuple)) or not value:
            raise InvalidRulesError(_("score_bands must be a list of [from, minimum] pairs"))
        if len(value) > MAX_BANDS:
            raise InvalidRulesError(_("score_bands: at most {most} bands, not {count}", most=MAX_BANDS,
                                      count=len(value)))
        bands = []
        for pair in value:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not all(_whole(v) for v in pair):
                raise InvalidRulesError(_("score_bands must be a list of [from, minimum] pairs"))
            start, least = pair
            if abs(start) > POINTS_CEILING or not 0 <= least <= MINIMUM_MAX:
                raise InvalidRulesError(_("score_bands: [{start}, {least}] is outside the bounds (a minimum is "
                                          "0–500)", start=start, least=least))
            if bands and start <= bands[-1][0]:
                raise InvalidRulesError(_("score_bands: the bands must start at rising totals"))
            bands.append((start, least))
        return tuple(bands)

    # -- the deck -------------------------------------------------------------------------------------

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int | None:
        return 11  # the hand; the foot is another 11

    def decks(self, n_players: int | None = None) -> int:
        if self.house is not None:
            return self.house.decks
        return max(2, min(12, (n_players or 4) + 1))

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        rules = rules if rules is not None else (self.house if self.house is not None else self.rules(n_players))
        return 2 * rules.decks

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        preset = {"common": _("the usual values"), "pagat_whitnack": _("pagat's partnership rules (Whitnack)"),
                  "simpson": _("Steve Simpson's rules")}[r.preset]
        lines = [
            _("Rule set: {preset}.", preset=preset),
            _("Each round, enter per side its books, red threes, the points on the table and the points left in "
              "hands and feet."),
        ]
        if r.wild_book_bonus is None:
            lines.append(_("A clean book earns {clean}, a dirty one {dirty}; no wild books.", clean=r.clean_book_bonus,
                           dirty=r.dirty_book_bonus))
        else:
            lines.append(_("A clean book earns {clean}, a dirty one {dirty}, a wild one {wild:,}.",
                           clean=r.clean_book_bonus, dirty=r.dirty_book_bonus, wild=r.wild_book_bonus))
        lines.append(_("A red three laid counts {laid}, one caught in a hand or foot {held}.",
                       laid=r.red_three_laid_value, held=r.red_three_held_value))
        needs = [_n("{count} clean book", "{count} clean books", n, count=n) for n in (r.go_out_clean,) if n]
        needs += [_n("{count} dirty book", "{count} dirty books", n, count=n) for n in (r.go_out_dirty,) if n]
        needs += [_n("{count} wild book", "{count} wild books", n, count=n) for n in (r.go_out_wild,) if n]
        if needs:
            lines.append(_("Going out earns {out} and needs {books}.", out=r.going_out_bonus,
                           books=joined(_(" + "), needs)))
        else:
            lines.append(_("Going out earns {out}.", out=r.going_out_bonus))
        if r.exact_pick_bonus is None:
            lines.append(_("No bonus for picking up exactly 22 cards."))
        else:
            lines.append(_("Picking up exactly 22 cards earns {bonus} a player.", bonus=r.exact_pick_bonus))
        lines.append(_("Jokers 50, aces and twos 20, eights to kings 10, fours to sevens and black threes 5; "
                       "{decks} decks.", decks=r.decks))
        if r.match_mode == "rounds":
            lines.append(_n("{count} round, first meld at least {minimums}.",
                            "{count} rounds, first meld at least {minimums}.", r.rounds,
                            minimums=joined(" / ", [str(m) for m in r.opening_minimums])))
            lines.append(_("After the last round the highest total wins."))
        else:
            bands = [_("{least} from {start:,}", least=least, start=start) for start, least in r.score_bands]
            lines.append(_("First meld at least {bands}.", bands=joined(", ", bands)))
            lines.append(_("The match ends after the round in which a total reaches {target:,}; the highest total "
                           "wins.", target=r.target))
        return lines

    # -- the entry fields -----------------------------------------------------------------------------

    def value_classes(self, decks: int) -> tuple[ValueClass, ...]:
        return (
            ValueClass("jokers", _("Jokers (50)"), 50, PER_DECK["jokers"] * decks),
            ValueClass("aces_twos", _("Aces and twos (20)"), 20, PER_DECK["aces_twos"] * decks),
            ValueClass("eights_to_kings", _("Eights to kings (10)"), 10, PER_DECK["eights_to_kings"] * decks),
            ValueClass("fours_to_sevens", _("Fours to sevens (5)"), 5, PER_DECK["fours_to_sevens"] * decks),
            ValueClass("black_threes", _("Black threes (5)"), 5, PER_DECK["black_threes"] * decks),
        )

    def side_fields(self, rules: Rules) -> list[EntryField]:
        decks = rules.decks
        points = dict(kind="points", per="side", minimum=0, maximum=DECK_POINTS * decks,
                      classes=self.value_classes(decks), multiple_of=5, required=True)
        threes = RED_THREES_PER_DECK * decks
        return [
            EntryField("clean_books", "count", _("Clean books"), per="side", minimum=0, maximum=MAX_BOOKS),
            EntryField("dirty_books", "count", _("Dirty books"), per="side", minimum=0, maximum=MAX_BOOKS),
            EntryField("wild_books", "count", _("Wild books"), per="side", minimum=0, maximum=MAX_BOOKS),
            EntryField("red_threes_laid", "count", _("Red threes laid"), per="side", minimum=0, maximum=threes),
            EntryField("red_threes_held", "count", _("Red threes caught"), per="side", minimum=0, maximum=threes,
                       help=_("still in a hand or a foot")),
            EntryField("meld_points", label=_("Points on the table"),
                       help=_("every card on the side's part of the table, books included, red threes not"),
                       **points),
            EntryField("hand_points", label=_("Points in hands and feet"),
                       help=_("every card left in the partners' hands and feet, red threes not"), **points),
            EntryField("exact_picks", "count", _("Exact picks of 22"), per="side", minimum=0, maximum=8),
            EntryField("adjustment", "points", _("Adjustment"), per="side", minimum=-ADJUSTMENT_MAX,
                       maximum=ADJUSTMENT_MAX, help=_("a house bonus or penalty the app does not know")),
        ]

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        r = self.resolved(rules)
        fields = [
            EntryField("end", "end", _("How did the round end?"), required=True),
            EntryField("by", "player", _("Who went out?")),
        ]
        return EntryFields(tuple(fields + self.side_fields(r)), scored="sides")

    def teams_allowed(self, n_players: int, rules: Rules | None = None) -> bool:
        # any split into sides, 2 to 8 players (docs/rules/hand_and_foot.md): two against one at three,
        # two named sides of one at two
        return n_players >= 2

    # -- the meld checker (``meld_plus``) --------------------------------------------------------------

    def meld_word(self, kind: str) -> Any:
        return {"natural": _("a clean book"), "mixed": _("a dirty book"), "wild": _("a wild book"),
                "canasta": _("a book")}[kind]

    def meld_bonus(self, kind: str, rules: Rules) -> int | None:
        return {"natural": rules.clean_book_bonus, "mixed": rules.dirty_book_bonus,
                "wild": rules.wild_book_bonus}.get(kind)

    def wild_books(self, rules: Rules) -> bool:
        return rules.wild_book_bonus is not None

    def first_meld_choices(self, rules: Rules | None = None) -> tuple[Any, tuple[FirstMeldChoice, ...], str]:
        r = self.resolved(rules)
        if r.match_mode == "rounds":
            return _("The round"), tuple(
                FirstMeldChoice(str(n), _("round {number}: {minimum}", number=n, minimum=least), least)
                for n, least in enumerate(r.opening_minimums, start=1)), "1"
        return _("The side's total before the round"), tuple(
            FirstMeldChoice(str(start), _("from {start:,}: {minimum}", start=start, minimum=least), least)
            for start, least in r.score_bands), str(r.score_bands[0][0])

    def side_minimum_at(self, state: MatchState, total: int) -> int | None:
        return self.minimum(state.hands_played + 1, total)

    def minimum(self, number: int, total: int) -> int:
        """The least first meld of round ``number`` for a side on ``total`` (docs/rules/hand_and_foot.md#minimum)."""
        r = self.house
        if r.match_mode == "rounds":
            return r.opening_minimums[min(number, len(r.opening_minimums)) - 1]
        least = r.score_bands[0][1]
        for start, band in r.score_bands:
            if total >= start:
                least = band
        return least

    def context(self, state: MatchState) -> dict[str, Any]:
        return {"round": state.hands_played + 1}

    # -- reading a round ------------------------------------------------------------------------------

    def parse_sides(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        """The sides as ``Variant.parse_sides`` reads them, but ``adjustment`` may be negative: it is taken
        out first and read here."""
        raw = entry.get("sides")
        names = [s.name for s in self.sides]
        adjustments: dict[str, int] = {}
        if isinstance(raw, Mapping):
            stripped = {}
            for name, side in raw.items():
                if isinstance(side, Mapping) and "adjustment" in side and name in names:
                    value = side["adjustment"]
                    if not _whole(value) or abs(value) > ADJUSTMENT_MAX:
                        raise hand.error(_("{side}, adjustment: a whole number from −{limit:,} to {limit:,}, not "
                                           "{value!r}", side=name, limit=ADJUSTMENT_MAX, value=value), side=name,
                                         field="adjustment")
                    adjustments[name] = value
                    side = {k: v for k, v in side.items() if k != "adjustment"}
                stripped[name] = side
            raw = stripped
        hand.members = {s.name: s.members for s in self.sides}
        fields = [f for f in self.side_fields(self.house) if f.name != "adjustment"]
        hand.sides = read_sides(hand, raw, names, fields)
        for name, got in hand.sides.items():
            got.values["adjustment"] = adjustments.get(name, 0)

    # -- scoring --------------------------------------------------------------------------------------

    def missing_books(self, unit: str, s: SideEntry) -> list[tuple[str, Any]]:
        """What the side lacks to go out, as (field, words), or [] when it has the books it needs."""
        r = self.house
        missing = []
        if s["clean_books"] < r.go_out_clean:
            missing.append(("clean_books", _n("going out needs {count} clean book ({side} has {have})",
                                              "going out needs {count} clean books ({side} has {have})",
                                              r.go_out_clean, side=unit, have=s["clean_books"])))
        if s["dirty_books"] < r.go_out_dirty:
            missing.append(("dirty_books", _n("going out needs {count} dirty book ({side} has {have})",
                                              "going out needs {count} dirty books ({side} has {have})",
                                              r.go_out_dirty, side=unit, have=s["dirty_books"])))
        if s["wild_books"] < r.go_out_wild:
            missing.append(("wild_books", _n("going out needs {count} wild book ({side} has {have})",
                                             "going out needs {count} wild books ({side} has {have})",
                                             r.go_out_wild, side=unit, have=s["wild_books"])))
        return missing

    def check_hand(self, hand: Hand) -> None:
        """The checks of docs/rules/hand_and_foot.md#refusals, in their order; the first that fails refuses
        the round."""
        r = self.house
        sides: dict[str, SideEntry] = hand.sides
        for name, s in sides.items():  # 3
            if 0 < s["meld_points"] < LEAST_MELD:
                raise hand.error(_("{side}: {points} points on the table is not possible: a meld is worth at least 15",
                                   side=name, points=s["meld_points"]), side=name, field="meld_points")
        for name, s in sides.items():  # 4
            c, d, w = s["clean_books"], s["dirty_books"], s["wild_books"]
            least = CHEAPEST_CLEAN * c + CHEAPEST_DIRTY * d + CHEAPEST_WILD * w
            if s["meld_points"] < least:
                raise hand.error(_("{side}: {clean} clean, {dirty} dirty and {wild} wild books are worth at least "
                                   "{least} on the table, not {points}", side=name, clean=c, dirty=d, wild=w,
                                   least=least, points=s["meld_points"]), side=name, field="meld_points")
        if r.wild_book_bonus is None:  # 5
            for name, s in sides.items():
                if s["wild_books"]:
                    raise hand.error(_("{side}: these rules have no wild books", side=name), side=name,
                                     field="wild_books")
        for name, s in sides.items():  # 6
            size = len(hand.members[name])
            if s["exact_picks"] > size:
                raise hand.error(_n("{side}: {count} exact picks, but the side has {size} player",
                                    "{side}: {count} exact picks, but the side has {size} players", size,
                                    side=name, count=s["exact_picks"], size=size), side=name, field="exact_picks")
            if s["exact_picks"] and r.exact_pick_bonus is None:
                raise hand.error(_("{side}: these rules give no bonus for an exact pick (the cards are dealt)",
                                   side=name), side=name, field="exact_picks")
        threes = sum(s["red_threes_laid"] + s["red_threes_held"] for s in sides.values())  # 7
        if threes > RED_THREES_PER_DECK * r.decks:
            raise hand.error(_("{count} red threes laid or caught in all: {decks} decks hold {limit}", count=threes,
                               decks=r.decks, limit=RED_THREES_PER_DECK * r.decks), field="red_threes_laid")
        points = sum(s["meld_points"] + s["hand_points"] for s in sides.values())  # 8
        if points > DECK_POINTS * r.decks:
            raise hand.error(_("{points:,} points on the table and in hands in all: {decks} decks are worth {limit:,}",
                               points=points, decks=r.decks, limit=DECK_POINTS * r.decks), field="meld_points")
        for cls in self.value_classes(r.decks):
            count = sum(c.get(cls.name, 0) for s in sides.values() for c in s.counted.values())
            if count > cls.maximum:
                raise hand.error(_("{cls}: {count} counted in all, the decks hold {limit}", count=count, cls=cls.label,
                                   limit=cls.maximum), field="meld_points")
        if self.end(hand.end).needs_by and hand.by is None:  # 9
            raise hand.error(_("say who went out"), field="by")
        if not self.end(hand.end).needs_by and hand.by is not None:
            raise hand.error(_("the stock ran out: nobody went out"), field="by")
        if hand.by is None:
            return
        unit = hand.side_of(hand.by)  # 10
        s = sides[unit]
        missing = self.missing_books(unit, s)
        if missing:
            raise hand.error(joined("; ", [words for _field, words in missing]), side=unit, field=missing[0][0])
        if len(hand.members[unit]) == 1:  # 11
            if s["hand_points"]:
                raise hand.error(_("{name} went out, so {name}'s points in hand are 0, not {points}", name=hand.by,
                                   points=s["hand_points"]), side=unit, player=hand.by, field="hand_points")
            if s["red_threes_held"]:
                raise hand.error(_("{name} went out, so {name} holds no red three", name=hand.by), side=unit,
                                 player=hand.by, field="red_threes_held")

    def side_score(self, hand: Hand, unit: str, s: SideEntry) -> tuple[int, list[tuple[int, Any]]]:
        """docs/rules/hand_and_foot.md#the-round-score: the side's score and its terms in words."""
        r = self.house
        terms: list[tuple[int, Any]] = []
        score = 0

        def add(value: int, words: Any) -> None:
            nonlocal score
            score += value
            terms.append((1 if value >= 0 else -1, words))

        for count, bonus in ((s["clean_books"], r.clean_book_bonus), (s["dirty_books"], r.dirty_book_bonus),
                             (s["wild_books"], r.wild_book_bonus or 0)):
            if count:
                add(count * bonus, _("{bonus:,}", bonus=bonus) if count == 1 else
                    _("{count} × {bonus:,}", count=count, bonus=bonus))
        laid, held = s["red_threes_laid"], s["red_threes_held"]
        if laid and r.red_three_laid_value:
            value = laid * r.red_three_laid_value
            add(value, _n("{points:,} ({count} red three laid)", "{points:,} ({count} red threes laid)", laid,
                          count=laid, points=abs(value)))
        if held and r.red_three_held_value:
            value = held * r.red_three_held_value
            add(value, _n("{points:,} ({count} red three caught)", "{points:,} ({count} red threes caught)", held,
                          count=held, points=abs(value)))
        if hand.by is not None and hand.by in hand.members[unit]:
            add(r.going_out_bonus, _("{points:,} (out)", points=r.going_out_bonus))
        if s["exact_picks"] and r.exact_pick_bonus:
            value = s["exact_picks"] * r.exact_pick_bonus
            add(value, _n("{points:,} ({count} exact pick)", "{points:,} ({count} exact picks)", s["exact_picks"],
                          points=value, count=s["exact_picks"]))
        if s["meld_points"]:
            add(s["meld_points"], _("{points:,}", points=s["meld_points"]))
        if s["hand_points"]:
            add(-s["hand_points"], _("{points:,}", points=s["hand_points"]))
        if s["adjustment"]:
            add(s["adjustment"], _("{points:,} (adjustment)", points=abs(s["adjustment"])))
        return score, terms

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_hand(hand)
        number = state.hands_played + 1
        if hand.by is None:
            summary = _("round {number}: the stock ran out", number=number)
        else:
            summary = _("round {number}: {name} went out", number=number, name=hand.by)
        scored = HandScore(summary=summary, winner=hand.by)
        for unit, s in hand.sides.items():
            total, terms = self.side_score(hand, unit, s)
            scored.side_scores[unit] = total
            scored.explanations[unit] = self.said(total, terms)
        return scored

    # -- the match ------------------------------------------------------------------------------------

    def target(self) -> int | None:
        return self.house.target if self.house.match_mode == "target" else None

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        r = self.house
        if r.match_mode == "rounds":
            if state.hands_played < r.rounds:
                return None
        elif not any(ps.total >= r.target for ps in state.players.values()):
            return None
        return self.winners_unless_tied(state, play_on=r.tie_break == "play_extra_round")


__all__ = ["HandAndFoot"]
