"""Classic Canasta (docs/rules/canasta.md): two partnerships of two, scored by side, to 5,000.

A hand is entered per side as counts and two point totals, never as cards: natural and mixed canastas,
red threes, the card values melded and the card values left in hand (each typed, or counted by value
class: jokers 50, aces and twos 20, eights to kings 10, fours to sevens and black threes 5), and
penalties. The engine adds the bonuses (500 a natural canasta, 300 a mixed one, 100 a red three, all four
800, against a side that never melded; 100 for going out, 200 concealed), checks what no deck can hold,
and shows each side the least first meld of its next hand (50 / 90 / 120 by its total, 15 when negative).

Two players play for themselves (two canastas to go out), three individually or, with the switch
``three_player_mode = cutthroat``, as a lone hand against a pair that changes every hand.

>>> from scorekeeper.engine.match import replay
>>> st = replay({"variant": "canasta", "players": ["Ann", "Ben", "Cat", "Dan"], "entries": [
...     {"kind": "hand", "end": "out", "by": "Ann", "sides": {
...         "Ann & Cat": {"natural_canastas": 1, "mixed_canastas": 1, "meld_points": 235, "hand_points": 20},
...         "Ben & Dan": {"red_threes": 4, "meld_points": 130, "hand_points": 145}}}]})
>>> [(s.name, s.total, s.opening_minimum) for s in st.sides]
[('Ann & Cat', 1115, 50), ('Ben & Dan', 785, 50)]
>>> st.hands[0].explanations["Ann & Cat"]
'500 + 300 + 100 (out) + 235 − 20 = 1,115'
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..hands import Hand, HandScore, MatchState
from ..i18n import _, _n, joined
from ..entry_fields import EntryField, EntryFields, ValueClass
from ..sides import SideEntry, read_sides
from .base import InvalidRulesError, Rules, Switch, Variant
from .meld_plus import FirstMeldChoice, MeldPlusHandMinus

#: the card values (docs/rules/canasta.md#card-values): joker 50, ace and two 20, eight to king 10, four to seven and black three 5
VALUE_CLASSES = (
    ValueClass("jokers", _("Jokers (50)"), 50, 4),
    ValueClass("aces_twos", _("Aces and twos (20)"), 20, 16),
    ValueClass("eights_to_kings", _("Eights to kings (10)"), 10, 48),
    ValueClass("fours_to_sevens", _("Fours to sevens (5)"), 5, 32),
    ValueClass("black_threes", _("Black threes (5)"), 5, 4),
)
#: what the 104 cards other than the red threes are worth together
ALL_CARDS = 1180
RED_THREES = 4
#: the most melds a side holds at once (one per rank, A, K … 4), so the most canastas
MAX_MELDS = 11
#: the cheapest natural canasta (seven 5-point cards) and mixed one (six 5-point cards and a two)
CHEAPEST_NATURAL, CHEAPEST_MIXED = 35, 50
#: the least a meld is worth (three 5-point cards)
LEAST_MELD = 15
#: a bound on one side's penalties in one hand (not a rule: a typing slip past it is refused);
#: four red threes left in hands at 500 each is 2,000
PENALTY_MAX = 5000

_CUTTHROAT = (("three_player_mode", ("cutthroat",)),)


class Canasta(MeldPlusHandMinus, Variant):
    key = "canasta"
    order = 75
    name = "Canasta"
    aliases = ("classic canasta", "classic_canasta")
    black_threes_going_out = True
    summary = _("Classic Canasta: two partnerships, canastas and red threes, to 5,000.")
    min_players, max_players = 2, 4
    ends = ("out", "stock_exhausted")
    by_required = False
    uses_cards = False
    partnerships = True
    PACKS = 2
    entry_keys = ("sides", "concealed", "lone", "red_threes")
    FIXED = {"cards": 108, "red_threes_doubled": 4}
    SWITCHES = (
        Switch("target", "int", 5000, _("The match ends after the hand in which a total reaches this."), min=1),
        Switch("natural_canasta_bonus", "int", 500, _("What a natural canasta (no wild card) earns."), min=0),
        Switch("mixed_canasta_bonus", "int", 300, _("What a mixed canasta (1–3 wild cards) earns."), min=0),
        Switch("red_three_value", "int", 100, _("What each red three counts (all four count double)."), min=0),
        Switch("unmelded_red_threes", "enum", "negative_full",
               _("What red threes count against a side that never melded."),
               choices=("negative_full", "negative_no_doubling"), label=_("Red threes of a side that never melded")),
        Switch("going_out_bonus", "int", 100, _("What going out earns the side."), min=0),
        Switch("concealed_extra", "int", 100, _("What going out concealed earns on top of going out."), min=0),
        Switch("canastas_to_go_out", "int", 1, _("Canastas a side needs to go out (2 with two players)."),
               choices=(1, 2)),
        Switch("negative_min_meld", "int", 15, _("The least first meld of a side whose total is negative."),
               choices=(0, 15), label=_("First meld with a negative total")),
        Switch("three_player_mode", "enum", "individual",
               _("Three players: each for himself, or Cutthroat (a lone hand against a pair, hand by hand)."),
               choices=("individual", "cutthroat"), label=_("Three players")),
        Switch("tie_break", "enum", "shared", _("Equal highest totals at the end: share the win, or play on."),
               choices=("shared", "play_another_hand"), label=_("Equal highest totals")),
    )
    #: switches whose values must be multiples of 5, as every card value is
    FIVES = ("natural_canasta_bonus", "mixed_canasta_bonus", "red_three_value", "going_out_bonus", "concealed_extra")

    # -- house rules ----------------------------------------------------------------------------------

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        defaults: dict[str, Any] = {}
        if n_players == 2:
            defaults["canastas_to_go_out"] = 2
        if house.get("three_player_mode") == "cutthroat":
            defaults["target"] = 7500
        return defaults

    def fits_players(self, spec: Switch, n_players: int) -> bool:
        return spec.name != "three_player_mode" or n_players == 3

    def players_refusal(self, spec: Switch, n_players: int) -> str:
        return _("three_player_mode applies only with 3 players, not {n_players}", n_players=n_players)

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        for name in self.FIVES:
            if values[name] % 5:
                raise InvalidRulesError(_("{name} must be a multiple of 5 (every card counts 5, 10, 20 or 50), "
                                          "not {value}", name=name, value=values[name]))

    def cutthroat(self, rules: Rules | None = None) -> bool:
        """Whether the match is Cutthroat (three players, a lone hand against a pair each hand)."""
        return self.resolved(rules).three_player_mode == "cutthroat"

    # -- the deck -------------------------------------------------------------------------------------

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int | None:
        return {2: 15, 3: 13}.get(n_players or 4, 11)

    def decks(self, n_players: int | None = None) -> int:
        return 2

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 4

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        lines = [
            _("Each hand, enter per side its canastas, red threes, the points melded and the points left in hand."),
            _("A natural canasta earns {natural}, a mixed one {mixed}; going out {out}, concealed {concealed} more.",
              natural=r.natural_canasta_bonus, mixed=r.mixed_canasta_bonus, out=r.going_out_bonus,
              concealed=r.concealed_extra),
            _("A red three counts {value}, all four {all}; against a side that never melded.",
              value=r.red_three_value, all=8 * r.red_three_value),
            _n("Going out needs {count} canasta.", "Going out needs {count} canastas.", r.canastas_to_go_out),
            _("First meld at least 50 from 0, 90 from 1,500, 120 from 3,000, {negative} with a negative total.",
              negative=r.negative_min_meld),
            _("The match ends after the hand in which a total reaches {target:,}; the highest total wins.",
              target=r.target),
        ]
        if self.cutthroat(r):
            lines.append(_("Cutthroat: whoever first takes the pile plays alone against the other two."))
        return lines

    # -- the entry fields -----------------------------------------------------------------------------

    def side_fields(self, red_threes: bool = True) -> list[EntryField]:
        points = dict(kind="points", per="side", minimum=0, maximum=ALL_CARDS, classes=VALUE_CLASSES,
                      multiple_of=5, required=True)
        fields = [
            EntryField("natural_canastas", "count", _("Natural canastas"), per="side", minimum=0, maximum=MAX_MELDS),
            EntryField("mixed_canastas", "count", _("Mixed canastas"), per="side", minimum=0, maximum=MAX_MELDS),
        ]
        if red_threes:
            fields.append(EntryField("red_threes", "count", _("Red threes"), per="side", minimum=0,
                                     maximum=RED_THREES))
        fields += [
            EntryField("meld_points", label=_("Points melded"), help=_("every card on the side's part of the "
                                                                       "table, canastas included"), **points),
            EntryField("hand_points", label=_("Points in hand"), help=_("every card left in the partners' "
                                                                        "hands"), **points),
            EntryField("penalty_points", "points", _("Penalties"), per="side", minimum=0, maximum=PENALTY_MAX,
                       multiple_of=5, help=_("for example 500 for a red three left in a hand")),
        ]
        return fields

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        r = self.resolved(rules)
        fields = [
            EntryField("end", "end", _("How did the hand end?"), required=True),
            EntryField("by", "player", _("Who went out?")),
            EntryField("concealed", "flag", _("Concealed"), help=_("the whole hand melded in one turn")),
        ]
        if self.cutthroat(r):
            fields.insert(0, EntryField("lone", "player", _("Who plays alone?"),
                                        help=_("whoever first took the pile, or went out"),
                                        nobody=_("Nobody: the stock ran out, the pile never taken")))
            fields += self.side_fields(red_threes=False)
            fields.append(EntryField("red_threes", "count", _("Red threes"), per="player", minimum=0,
                                     maximum=RED_THREES))
            return EntryFields(tuple(fields), units=(("lone", _("Alone")), ("pair", _("The pair"))), alone="lone")
        return EntryFields(tuple(fields + self.side_fields()), scored="sides")

    def teams_allowed(self, n_players: int, rules: Rules | None = None) -> bool:
        return n_players == 4

    def check_teams(self, sides: Sequence[Any], rules: Rules | None = None) -> str | None:
        if len(sides) != 2 or any(len(s.members) != 2 for s in sides):
            return _("Canasta with 4 players is two sides of two")
        return None

    # -- the meld checker (``meld_plus``) --------------------------------------------------------------

    def meld_word(self, kind: str) -> Any:
        return {"natural": _("a natural canasta"), "mixed": _("a mixed canasta"),
                "canasta": _("a canasta")}[kind]

    def meld_bonus(self, kind: str, rules: Rules) -> int | None:
        return {"natural": rules.natural_canasta_bonus, "mixed": rules.mixed_canasta_bonus}.get(kind)

    def first_meld_choices(self, rules: Rules | None = None) -> tuple[Any, tuple[FirstMeldChoice, ...], str]:
        r = self.resolved(rules)
        negative = r.negative_min_meld
        return _("The side's total before the hand"), (
            FirstMeldChoice("negative", _("below 0: {minimum}", minimum=negative) if negative
                            else _("below 0: any meld"), negative),
            FirstMeldChoice("0", _("0 to 1,495: 50"), 50),
            FirstMeldChoice("1500", _("1,500 to 2,995: 90"), 90),
            FirstMeldChoice("3000", _("3,000 or more: 120"), 120),
        ), "0"

    def player_facts(self, state: MatchState, name: str) -> dict[str, Any]:
        """Cutthroat: each player's own least first meld for the next hand (docs/rules/canasta.md#cutthroat:
        totals and minimums per player); the sides of the other modes carry theirs."""
        if not self.cutthroat() or state.finished:
            return {}
        return {"opening_minimum": self.side_minimum(state.players[name].total)}

    def player_note(self, state: MatchState, name: str) -> str | None:
        if not self.cutthroat() or state.finished:
            return None
        return _("first meld {minimum:,}", minimum=self.side_minimum(state.players[name].total))

    def side_minimum(self, total: int) -> int | None:
        if total < 0:
            return self.house.negative_min_meld
        if total < 1500:
            return 50
        if total < 3000:
            return 90
        return 120

    def context(self, state: MatchState) -> dict[str, Any]:
        if self.cutthroat():
            # Cutthroat has no fixed sides: each player's minimum follows his own total
            return {"opening_minimums": {p: self.side_minimum(ps.total) for p, ps in state.players.items()}}
        return {}

    # -- reading a hand -------------------------------------------------------------------------------

    def parse_extra(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        super().parse_extra(hand, entry)
        concealed = entry.get("concealed", False)
        if not isinstance(concealed, bool):
            raise hand.error(_("concealed must be true or false"), field="concealed")
        if not self.cutthroat():
            for name in ("lone", "red_threes"):
                if name in entry:
                    raise hand.error(_("{name} is only for Cutthroat (three players)", name=name), field=name)

    def parse_sides(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        if not self.cutthroat():
            super().parse_sides(hand, entry)
            return
        if entry.get("held") is not None:
            raise hand.error(_("a hand of Canasta is entered by side: give 'sides', not 'held'"), field="sides")
        if "lone" not in entry:
            raise hand.error(_("say who plays alone, or that nobody does (the pile was never taken)"), field="lone")
        lone = entry["lone"]
        players = list(self.players)
        if lone is None:
            if hand.end != "stock_exhausted":
                raise hand.error(_("lone may be null only when the stock ran out with the pile never taken"),
                                 field="lone")
            if entry.get("red_threes") is not None:
                raise hand.error(_("with nobody alone, each player's red threes go in his own side"),
                                 field="red_threes")
            hand.members = {p: (p,) for p in players}
            hand.sides = read_sides(hand, entry.get("sides"), players, self.side_fields())
            return
        if lone not in players:
            raise hand.error(_("{name!r} is not a player in this match", name=lone), field="lone")
        hand.members = {"lone": (lone,), "pair": tuple(p for p in players if p != lone)}
        hand.sides = read_sides(hand, entry.get("sides"), ["lone", "pair"], self.side_fields(red_threes=False))
        threes = entry.get("red_threes") or {}
        if not isinstance(threes, Mapping):
            raise hand.error(_("red_threes must be an object: player → red threes"), field="red_threes")
        counts = {}
        for p, n in threes.items():
            if p not in players:
                raise hand.error(_("{name!r} is not a player in this match", name=p), field="red_threes")
            if type(n) is not int or not 0 <= n <= RED_THREES:
                raise hand.error(_("{player}: red threes must be a whole number from 0 to 4", player=p), player=p,
                                 field="red_threes")
            counts[p] = n
        hand.red_threes = counts  # each player's own, read by ``score``

    # -- scoring --------------------------------------------------------------------------------------

    def red_three_term(self, count: int, melded: bool) -> int:
        """R of docs/rules/canasta.md#the-hand-score: the term for ``count`` red threes, positive when the side has melded."""
        value = self.house.red_three_value
        full = 8 * value if count == RED_THREES else value * count
        if melded:
            return full
        if self.house.unmelded_red_threes == "negative_no_doubling":
            return -value * count
        return -full

    def check_hand(self, hand: Hand, threes: Mapping[str, int]) -> None:
        """The checks of docs/rules/canasta.md, in their order; the first that fails refuses the hand."""
        sides: dict[str, SideEntry] = hand.sides
        for name, s in sides.items():  # 3
            if 0 < s["meld_points"] < LEAST_MELD:
                raise hand.error(_("{side}: {points} points melded is not possible: a meld is worth at least 15",
                                   side=name, points=s["meld_points"]), side=name, field="meld_points")
        for name, s in sides.items():  # 4
            if s["natural_canastas"] + s["mixed_canastas"] > MAX_MELDS:
                raise hand.error(_("{side}: {count} canastas is more than a side can hold (at most 11)", side=name,
                                   count=s["natural_canastas"] + s["mixed_canastas"]), side=name,
                                 field="natural_canastas")
        for name, s in sides.items():  # 5
            n, m = s["natural_canastas"], s["mixed_canastas"]
            least = CHEAPEST_NATURAL * n + CHEAPEST_MIXED * m
            if n + m and s["meld_points"] < least:
                raise hand.error(_("{side}: {natural} natural and {mixed} mixed canastas are worth at least {least} "
                                   "in melds, not {points}", side=name, natural=n, mixed=m, least=least,
                                   points=s["meld_points"]), side=name, field="meld_points")
        total_threes = sum(threes.values())  # 6
        if total_threes > RED_THREES:
            raise hand.error(_("{count} red threes in all: the deck has 4", count=total_threes), field="red_threes")
        points = sum(s["meld_points"] + s["hand_points"] for s in sides.values())  # 7
        if points > ALL_CARDS:
            raise hand.error(_("{points:,} points melded and in hand in all: the cards are worth 1,180 together",
                               points=points), field="meld_points")
        for cls in VALUE_CLASSES:
            count = sum(c.get(cls.name, 0) for s in sides.values() for c in s.counted.values())
            if count > cls.maximum:
                raise hand.error(_("{cls}: {count} counted in all, the deck holds {limit}", count=count, cls=cls.label,
                                   limit=cls.maximum), field="meld_points")
        concealed = hand.raw.get("concealed", False)  # 8
        if self.end(hand.end).needs_by and hand.by is None:
            raise hand.error(_("say who went out"), field="by")
        if not self.end(hand.end).needs_by and hand.by is not None:
            raise hand.error(_("the stock ran out: nobody went out"), field="by")
        if concealed and hand.end != "out":
            raise hand.error(_("a concealed out needs a hand that ended by going out"), field="concealed")
        if hand.by is None:
            return
        unit = hand.side_of(hand.by)  # 9
        s = sides[unit]
        need, have = self.house.canastas_to_go_out, s["natural_canastas"] + s["mixed_canastas"]
        if have < need:
            pair = len(hand.members[unit]) > 1 and not self.sides
            words = (_n("going out needs {count} canasta with two players ({who} has {have})",
                        "going out needs {count} canastas with two players ({who} has {have})", need,
                        who=hand.by, have=have)
                     if len(self.players) == 2 else
                     # cutthroat's pair goes out together: the pair is named, as its box is
                     _n("going out needs {count} canasta (the pair {who} has {have})",
                        "going out needs {count} canastas (the pair {who} has {have})", need,
                        who=joined(_(" and "), hand.members[unit]), have=have)
                     if pair else
                     _n("going out needs {count} canasta ({who} has {have})",
                        "going out needs {count} canastas ({who} has {have})", need,
                        who=unit if self.sides and len(hand.members[unit]) > 1 else hand.by, have=have))
            raise hand.error(words, side=unit, field="natural_canastas")
        if len(hand.members[unit]) == 1 and s["hand_points"]:  # 10
            raise hand.error(_("{name} went out, so {name}'s points in hand are 0, not {points}", name=hand.by,
                               points=s["hand_points"]), side=unit, player=hand.by, field="hand_points")

    def base_terms(self, hand: Hand, unit: str, s: SideEntry) -> tuple[int, list[tuple[int, Any]]]:
        """A unit's score without its red threes, and its terms in words: canastas, going out, melds, hand,
        penalties."""
        r = self.house
        n, m = s["natural_canastas"], s["mixed_canastas"]
        terms: list[tuple[int, Any]] = []
        if n:
            terms.append((1, _("{bonus:,}", bonus=r.natural_canasta_bonus) if n == 1 else
                          _("{count} × {bonus:,}", count=n, bonus=r.natural_canasta_bonus)))
        if m:
            terms.append((1, _("{bonus:,}", bonus=r.mixed_canasta_bonus) if m == 1 else
                          _("{count} × {bonus:,}", count=m, bonus=r.mixed_canasta_bonus)))
        going = 0
        if hand.by is not None and hand.by in hand.members[unit]:
            if hand.raw.get("concealed", False):
                going = r.going_out_bonus + r.concealed_extra
                terms.append((1, _("{points:,} (out concealed)", points=going)))
            else:
                going = r.going_out_bonus
                terms.append((1, _("{points:,} (out)", points=going)))
        score = r.natural_canasta_bonus * n + r.mixed_canasta_bonus * m + going
        return score, terms

    def finish_terms(self, s: SideEntry, terms: list[tuple[int, Any]]) -> int:
        """The melds, the hand and the penalties, added to ``terms``; returns their sum."""
        if s["meld_points"]:
            terms.append((1, _("{points:,}", points=s["meld_points"])))
        if s["hand_points"]:
            terms.append((-1, _("{points:,}", points=s["hand_points"])))
        if s["penalty_points"]:
            terms.append((-1, _("{points:,} (penalty)", points=s["penalty_points"])))
        return s["meld_points"] - s["hand_points"] - s["penalty_points"]

    def threes_term(self, count: int, melded: bool, terms: list[tuple[int, Any]]) -> int:
        if not count:
            return 0
        value = self.red_three_term(count, melded)
        terms.append((1 if value >= 0 else -1,
                      _n("{points:,} ({count} red three)", "{points:,} ({count} red threes)", count,
                         points=abs(value))))
        return value

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        raw_threes = getattr(hand, "red_threes", None)
        if raw_threes is not None:
            threes = {p: raw_threes.get(p, 0) for p in self.players}
        else:
            threes = {unit: s["red_threes"] for unit, s in hand.sides.items()}
        self.check_hand(hand, threes)
        if hand.by is None:
            summary = _("the stock ran out")
        elif hand.raw.get("concealed", False):
            summary = _("{name} went out concealed", name=hand.by)
        else:
            summary = _("{name} went out", name=hand.by)
        scored = HandScore(summary=summary, winner=hand.by)
        for unit, s in hand.sides.items():
            base, terms = self.base_terms(hand, unit, s)
            melded = s["meld_points"] > 0
            if raw_threes is None:
                # the side's own red threes (docs/rules/canasta.md#the-hand-score); the terms read in the table's order
                rt: list[tuple[int, Any]] = []
                value = self.threes_term(s["red_threes"], melded, rt)
                canastas = sum(1 for n in (s["natural_canastas"], s["mixed_canastas"]) if n)
                terms[canastas:canastas] = rt
                total = base + value + self.finish_terms(s, terms)
                if self.sides:
                    scored.side_scores[unit] = total
                    scored.explanations[unit] = self.said(total, terms)
                else:
                    player = hand.members[unit][0]
                    scored.scores[player] = total
                    scored.explanations[player] = self.said(total, terms)
                continue
            # Cutthroat with a lone hand: the unit's score, then each player's own red threes
            shared = base + self.finish_terms(s, terms)
            for player in hand.members[unit]:
                own = list(terms)
                rt = []
                value = self.threes_term(threes[player], melded, rt)
                canastas = sum(1 for n in (s["natural_canastas"], s["mixed_canastas"]) if n)
                own[canastas:canastas] = rt
                scored.scores[player] = shared + value
                scored.explanations[player] = self.said(shared + value, own)
        return scored

    # -- the match ------------------------------------------------------------------------------------

    def target(self) -> int | None:
        return self.house.target

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        goal = self.house.target
        if not any(ps.total >= goal for ps in state.players.values()):
            return None
        # units at the top: sides in a game of sides, players in Cutthroat
        return self.winners_unless_tied(state, play_on=self.house.tie_break == "play_another_hand")


__all__ = ["Canasta", "VALUE_CLASSES"]
