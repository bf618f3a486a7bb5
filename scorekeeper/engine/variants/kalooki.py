"""Kalooki (Kaluki, "Kalooki 40"): 13-card going-out rummy, open at 40, ace high only (docs/rules/kalooki.md).

Two ways to win a hand: going out (+20 win points) or a hunt (all 13 laid in one turn: +40, penalties
doubled). Losers count every card held (ace 11, joker 15). A penalty total over 150 is out; one buy-in
at the highest total still in, while at least 3 remain.

>>> from scorekeeper.engine.variants import find_variant
>>> kalooki = find_variant("kalooki")
>>> kalooki.check_opening(["QC KC AC", "3S 3H JK"]).value
40
>>> kalooki.check_meld("AD 2D 3D").valid
False
>>> kalooki.card_value("JK"), kalooki.card_value("AH")
(15, 11)
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card
from ..hands import Hand, HandScore, Held, MatchState, PlayerState, RebuyPolicy
from ..i18n import _, _n
from ..melds import MeldRules, OpeningCheck, check_opening
from .base import Rules, Switch, Variant, card_values, rebuy_switches, values_sentence
from .going_out import GoingOut

#: Fixed, not switches (docs/rules/kalooki.md).
WIN_POINTS = {"hunt": 40, "out": 20}
MIN_NATURALS_PER_MELD = 1
ACE_VALUE = 11
HAND_SIZE = 13
#: a player who has come down has laid at least 3 cards, so holds at most 10 (docs/rules/common.md#card-counts)
OPENED_MAX = HAND_SIZE - 3
#: a buy-in comes back on the highest total still in (docs/rules/kalooki.md#buy-in); Kalooki has no switch for it
BUY_IN_SCORE = "highest_remaining"

_ELIMINATION = (("match_mode", ("elimination",)),)


class Kalooki(GoingOut, Variant):
    key = "kalooki"
    order = 60
    name = "Kalooki"
    aliases = ("kaluki", "kalookie", "kalooki 40", "kalooki40")
    summary = _("13-card rummy with two jokers: open with 40, ace high, hunt or go out; over 150 is out.")
    min_players, max_players = 2, 4
    PACKS = 2
    ends = ("out", "hunt")
    declared_melds_use = _("a hunt must reach the opening")
    FIXED = {"win_points_hunt": WIN_POINTS["hunt"], "win_points_out": WIN_POINTS["out"],
             "min_naturals_per_meld": MIN_NATURALS_PER_MELD}
    SWITCHES = (
        Switch("joker_value", "int", 15, _("What a joker held counts."), min=0, max=50),
        Switch("opening_min", "int", 40, _("Least value of a player's first lay-down."), min=0, max=200),
        # the hunt's opening check, docs/rules/kalooki.md#hunt
        Switch("hunt_exempt_from_opening", "bool", False, _("A hunt's melds need not reach the opening minimum.")),
        Switch("allow_duplicate_suits_in_natural_sets", "bool", False,
               _("A set with no joker may repeat suits.")),
        Switch("ace_low_allowed", "bool", False, _("A-2-3 is a run too (the ace counts 1 there when opening).")),
        Switch("hunt_multiplier", "int", 2, _("What a hunt multiplies the losers' penalties by."), min=1),
        Switch("match_mode", "enum", "elimination", _("Eliminate over 150, or race to win points."),
               choices=("elimination", "win_points_race")),
        Switch("elimination_target", "int", 150, _("A penalty total over this is out."), min=1, only_when=_ELIMINATION),
        Switch("elimination_inclusive", "bool", False, _("A total equal to the target is out too."),
               only_when=_ELIMINATION),
        *rebuy_switches("buy-in", min_remaining=3, most_remaining=4, max_rebuys=1, cost="half_stake",
                        costs=("half_stake", "same_stake", "double_per_entry"), cost_switch="rebuy_cost",
                        score=None, only_when=_ELIMINATION),
        Switch("win_points_target", "int", 200, _("Win points that win a win-points race."), min=1,
               only_when=(("match_mode", ("win_points_race",)),)),
        Switch("jokers_in_deck", "int", 2, _("Jokers in the two packs (2 makes 106 cards)."), choices=(2, 4)),
    )

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return HAND_SIZE

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        return card_values(ACE_VALUE, self.resolved(rules).joker_value)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self.resolved(rules)
        return MeldRules(
            game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True,
            natural_sets_may_repeat_suits=rules.allow_duplicate_suits_in_natural_sets,
            run_min=3, run_max=None, ace_run="either_end" if rules.ace_low_allowed else "high_only",
            max_jokers_per_meld=None, min_naturals_per_meld=MIN_NATURALS_PER_MELD,
            decks=self.PACKS, jokers_in_deck=rules.jokers_in_deck, ace_low_opening_value=1,
            ace_high_opening_value=ACE_VALUE,
        )

    def opening_minimum(self, rules: Rules | None = None) -> int | None:
        return self.resolved(rules).opening_min

    def check_opening(self, melds: Iterable[str | Iterable[Card]], rules: Rules | None = None) -> OpeningCheck:
        """A first lay-down ("coming down"): all melds of the turn together worth ``opening_min``."""
        rules = self.resolved(rules)
        return check_opening(melds, self.melds_and_values(rules)[0], rules.opening_min)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        lines = [
            _("Two packs and {jokers} jokers; {count} cards each.", jokers=r.jokers_in_deck, count=HAND_SIZE),
            _("Sets: 3 or 4 of one rank, distinct suits{repeat}. Runs: 3 or more in one suit, {ace}.",
              repeat=_(" (a set without jokers may repeat suits)") if r.allow_duplicate_suits_in_natural_sets else "",
              ace=_("ace high or low") if r.ace_low_allowed else _("ace high only (Q-K-A, not A-2-3)")),
            _("Jokers are wild; each meld needs at least one natural card."),
            _("Open with melds worth at least {opening_min}: pictures 10, ace 11, a joker as its card.",
              opening_min=r.opening_min),
            values_sentence(self.values(r)),
            _("Going out: +{win} win points; the others count every card held.", win=WIN_POINTS['out']),
            _("Hunt (all cards laid in one turn): +{win} win points; the others' penalties ×{hunt_multiplier}.",
              win=WIN_POINTS['hunt'], hunt_multiplier=r.hunt_multiplier),
        ]
        if r.match_mode == "elimination":
            cap = (_("unlimited buy-ins") if r.max_rebuys is None else
                   _n("{count} buy-in each", "{count} buy-ins each", r.max_rebuys))
            values = {"target": r.elimination_target, "rebuy_min_remaining": r.rebuy_min_remaining, "cap": cap}
            lines.append(
                _("A penalty total of {target} or more is out; buy in on the highest total still in while "
                  "{rebuy_min_remaining} or more remain ({cap}); the last one in wins.", **values)
                if r.elimination_inclusive else
                _("A penalty total over {target} is out; buy in on the highest total still in while "
                  "{rebuy_min_remaining} or more remain ({cap}); the last one in wins.", **values))
        else:
            lines.append(_("The first to {win_points_target} win points wins.", win_points_target=r.win_points_target))
        return lines

    # -- a hand: going out, or a hunt (docs/rules/kalooki.md#how-a-hand-ends) ------------------------------

    def keeps_win_points(self, rules: Rules | None = None) -> bool:
        return True

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        return HAND_SIZE * max(ACE_VALUE, self.resolved(rules).joker_value)

    def loser_counts(self, hand: Hand, held: Held) -> list[int]:
        return [HAND_SIZE] + list(range(1, OPENED_MAX + 1))

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_cards(hand)
        self.check_melds(hand)
        house = self.house
        hunt = hand.end == "hunt"
        if hunt and not house.hunt_exempt_from_opening:
            self.check_hand_opening(hand, house.opening_min)
        mult = house.hunt_multiplier if hunt else 1
        win = WIN_POINTS[hand.end]
        scored = HandScore(winner=hand.by, summary=(
            _("{by} hunted: +{win} win points", by=hand.by, win=win) if hunt
            else _("{by} went out: +{win} win points", by=hand.by, win=win)))
        scored.scores[hand.by] = 0
        scored.win_points[hand.by] = win
        scored.explanations[hand.by] = (_("hunt: +{win} win points", win=win) if hunt
                                        else _("went out: +{win} win points", win=win))
        for name in hand.others:
            raw, text = self.raw_count(hand, hand.held[name])
            points = raw * mult
            scored.scores[name] = points
            scored.raw[name] = raw
            scored.explanations[name] = (_("{said} × {mult} = {points}", said=text, mult=mult, points=points)
                                         if mult != 1 else text)
        return scored

    # -- the match ------------------------------------------------------------------------------------

    def race(self) -> bool:
        return self.house.match_mode == "win_points_race"

    def elimination(self) -> tuple[int, bool] | None:
        if self.race():
            return None
        return self.house.elimination_target, self.house.elimination_inclusive

    def rebuy_policy(self) -> RebuyPolicy | None:
        if self.race():
            return None
        return self.rebuys_from_switches(cost_switch="rebuy_cost", score=BUY_IN_SCORE)

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if self.race() and state.players[hand.by].win_points >= self.house.win_points_target:
            return [hand.by]
        return None

    def place_key(self, ps: PlayerState) -> tuple:
        """``win_points_race``: most win points first, as ``leader``; then lowest penalty, then win points."""
        if self.race():
            return (-ps.win_points,)
        return (ps.total, -ps.win_points)

    def leaders(self, state: MatchState) -> list[str]:
        """Lowest penalty total, then the most win points; in a race, the most win points
        (docs/rules/kalooki.md#winner, docs/rules/common.md#ties)."""
        names = state.still_in or list(state.players)
        best = min(self.place_key(state.players[n]) for n in names)
        return [n for n in names if self.place_key(state.players[n]) == best]
