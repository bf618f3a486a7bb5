"""Basic Rummy: the family's common frame with pagat's values (docs/rules/rummy.md).

One pack (jokers off by default), 10 cards for 2 players and 7 for 3–4. Going out in one turn ("rummy")
doubles the hand. Either a points race (the winner scores the others' cards, first to 100) or an
elimination (everyone adds their own cards, over 100 is out, optional rebuys as in Rumino).

>>> from scorekeeper.engine.variants import find_variant
>>> rummy = find_variant("rummy")
>>> rummy.rules(3).cards_dealt, rummy.rules(2).cards_dealt
(7, 10)
>>> rummy.rules(max_rebuys=1)
Traceback (most recent call last):
...
scorekeeper.engine.variants.house_rules.InvalidRulesError: max_rebuys does not apply when match_mode is "points_race": it is used only when match_mode is "elimination"
"""

from __future__ import annotations

from typing import Any, Mapping

from ..hands import Hand, HandScore, Held, MatchState, RebuyPolicy
from ..i18n import _, _n
from ..melds import MeldRules
from .base import Rules, Switch, Variant, card_values, rebuy_switches, values_sentence
from .going_out import GoingOut

#: Cards dealt by default: 10 with two players, 7 with three or four (docs/rules/rummy.md#house-rules).
CARDS_DEALT, CARDS_DEALT_3_4 = 10, 7

_ELIMINATION = (("match_mode", ("elimination",)),)
_REBUYS = (("match_mode", ("elimination",)), ("rebuys", (True,)))


class Rummy(GoingOut, Variant):
    key = "rummy"
    order = 70
    name = "Rummy"
    aliases = ("basic rummy", "basic", "basic_rummy", "rum")
    summary = _("Basic Rummy: go out by melding every card; points race to 100 or elimination over 100.")
    min_players, max_players = 2, 4
    ends = ("out", "out_in_one_turn")
    SWITCHES = (
        Switch("jokers_in_deck", "int", 0, _("Jokers added to the pack."), min=0, max=2),
        Switch("joker_value", "int", 15, _("What a joker held counts."), min=0, max=50),
        Switch("cards_dealt", "int", CARDS_DEALT,
               _("Cards dealt to each player ({two} for 2 players, {more} for 3–4).", two=CARDS_DEALT, more=CARDS_DEALT_3_4), min=5, max=13),
        Switch("ace_run_position", "enum", "low_only", _("Where the ace may sit in a run."),
               choices=("low_only", "either_end", "high_only")),
        Switch("ace_value", "int", 1, _("What an ace held counts."), choices=(1, 11)),
        Switch("rummy_multiplier", "int", 2, _("What going out in one turn multiplies the hand by."), min=1),
        Switch("match_mode", "enum", "points_race", _("Race to the target, or eliminate over it."),
               choices=("points_race", "elimination")),
        Switch("target", "int", 100, _("The goal of a points race, or the elimination threshold."), min=1),
        Switch("elimination_inclusive", "bool", False, _("A total equal to the target is out too."),
               only_when=_ELIMINATION),
        Switch("rebuys", "bool", False, _("Eliminated players may rebuy, as in Rumino."), only_when=_ELIMINATION),
        *rebuy_switches("rebuy", only_when=_REBUYS),
    )

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        return {"cards_dealt": CARDS_DEALT_3_4 if n_players is not None and n_players >= 3 else CARDS_DEALT}

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        if rules is None and self.house is not None:
            rules = self.house
        if rules is not None:
            return rules.cards_dealt
        return self.player_defaults(n_players, {})["cards_dealt"]

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        rules = self.resolved(rules)
        return card_values(rules.ace_value, rules.joker_value)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self.resolved(rules)
        return MeldRules(
            game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True,
            run_min=3, run_max=None, ace_run=rules.ace_run_position,
            max_jokers_per_meld=None, min_naturals_per_meld=1,
            decks=self.PACKS, jokers_in_deck=rules.jokers_in_deck,
        )

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        ace = {"low_only": _("ace low only"), "either_end": _("ace at either end"), "high_only": _("ace high only")}
        lines = [
            _n("One pack and {count} joker (wild, at least one natural card per meld); {dealt} cards each.",
               "One pack and {count} jokers (wild, at least one natural card per meld); {dealt} cards each.",
               r.jokers_in_deck, dealt=r.cards_dealt) if r.jokers_in_deck else
            _("One pack, no jokers; {dealt} cards each.", dealt=r.cards_dealt),
            _("Melds: sets of 3 or 4 of one rank (distinct suits), runs of 3 or more in one suit, {ace}, never "
              "wrapping.", ace=ace[r.ace_run_position]),
            values_sentence(self.values(r), jokers=bool(r.jokers_in_deck)),
            _("A hand ends when one player goes out; everyone else counts every card in hand."),
            _("Going out in one turn multiplies the hand by {multiplier}.", multiplier=r.rummy_multiplier),
        ]
        if r.match_mode == "points_race":
            lines.append(_("The player who goes out scores the others' cards; first to {target} wins.",
                           target=r.target))
        else:
            lines.append(_("Everyone adds their own cards; a total of {target} or more is out; the last one in wins.",
                           target=r.target) if r.elimination_inclusive else
                         _("Everyone adds their own cards; a total over {target} is out; the last one in wins.",
                           target=r.target))
            if r.rebuys:
                lines.append(_("Rebuy on the highest total still in while {rebuy_min_remaining} or more remain.",
                               rebuy_min_remaining=r.rebuy_min_remaining))
        return lines

    # -- a hand: going out, or out in one turn ("rummy") (docs/rules/rummy.md) -----------------------------

    def high_wins(self, rules: Rules | None = None) -> bool:
        return self.resolved(rules).match_mode == "points_race"

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        rules = self.resolved(rules)
        values = self.melds_and_values(rules)[1]
        # the joker's value counts only when jokers are in the deck
        highest = max(values[1:] + ((values[0],) if self.jokers(n_players, rules) else ()))
        return self.cards_dealt(n_players, rules) * highest

    def loser_counts(self, hand: Hand, held: Held) -> range:
        return range(1, self.cards_dealt() + 1)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_cards(hand)
        self.check_melds(hand)
        one_turn = hand.end == "out_in_one_turn"
        mult = self.house.rummy_multiplier if one_turn else 1
        scored = HandScore(winner=hand.by, summary=(_("{by} went out in one turn", by=hand.by) if one_turn
                                                    else _("{by} went out", by=hand.by)))
        counts = {n: self.raw_count(hand, hand.held[n]) for n in hand.others}
        if self.elimination_mode():
            scored.scores[hand.by] = 0
            scored.explanations[hand.by] = _("went out: 0")
            for name, (raw, text) in counts.items():
                scored.scores[name] = raw * mult
                scored.explanations[name] = (_("{said} × {mult} = {points}", said=text, mult=mult, points=raw * mult)
                                             if mult != 1 else text)
            return scored
        total = sum(raw for raw, _ in counts.values())
        parts = " + ".join(str(raw) for raw, _ in counts.values())
        points = total * mult
        text = (_("collects {parts} = {total}", parts=parts, total=total) if len(counts) > 1
                else _("collects {total}", total=total))
        if mult != 1:
            text = _("collects ({parts}) × {mult} = {points}", parts=parts, mult=mult, points=points)
        scored.scores = {n: 0 for n in hand.players_in}
        scored.scores[hand.by] = points
        scored.explanations[hand.by] = text
        for name, (raw, text) in counts.items():
            scored.explanations[name] = _("holds {text}", text=text)
        return scored

    # -- the match ------------------------------------------------------------------------------------

    def elimination_mode(self) -> bool:
        return self.house.match_mode == "elimination"

    def elimination(self) -> tuple[int, bool] | None:
        if not self.elimination_mode():
            return None
        return self.house.target, self.house.elimination_inclusive

    def rebuy_policy(self) -> RebuyPolicy | None:
        if not self.elimination_mode() or not self.house.rebuys:
            return None
        return self.rebuys_from_switches()

    def target(self) -> int | None:
        return None if self.elimination_mode() else self.house.target

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if self.elimination_mode():
            return None
        if any(state.players[p].total >= self.house.target for p in state.players):
            return self.best_of(list(state.players), state)
        return None
