"""Ramino: Italian going-out rummy, 13 cards, open at 50, each hand rounded to tens, match to 1000 (RULES §3, §10.3).

Sets of distinct suits, runs with the ace at either end (never wrapping), at most one joker per meld.
Losers count every card held (ace 11, joker 25); a one-turn out doubles them.

>>> from scorekeeper.engine.variants import find_variant
>>> ramino = find_variant("ramino")
>>> ramino.check_opening(["QH KH AH", "7S 7D 7C"]).value
52
>>> ramino.check_meld("5H JK JK 8H").reason
'a Ramino meld may hold at most one joker, not two'
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card
from ..melds import MeldRules, OpeningCheck, check_opening
from .base import Rules, Switch, Variant, card_values, values_sentence

#: Fixed, not switches (RULES §10.3).
MAX_JOKERS_PER_MELD = 1
ACE_VALUE = 11
JOKER_VALUE = 25

_ELIMINATION = (("match_mode", ("elimination",)),)


class Ramino(Variant):
    key = "ramino"
    name = "Ramino"
    aliases = ("ramino italiano", "scala")
    summary = "13-card Italian rummy: open with 50, out scores 0, hands rounded to tens, match to 1000."
    min_players, max_players = 2, 6
    ends = ("out", "out_in_one_turn")
    FIXED = {"max_jokers_per_meld": MAX_JOKERS_PER_MELD, "sets_distinct_suits": True,
             "ace_value": ACE_VALUE, "joker_value": JOKER_VALUE}
    SWITCHES = (
        Switch("opening_min", "int", 50, "Least opening value of a player's first lay-down.", min=0, max=200),
        Switch("opening_single_meld", "bool", False, "One meld must reach the opening minimum by itself."),
        Switch("allow_ace_both_ends_in_run", "bool", False, "One run may hold both aces (A-2-…-K-A)."),
        Switch("rounding_mode", "enum", "half_up", "How each hand's penalty is rounded to tens.",
               choices=("half_up", "half_down", "half_even", "italian_steps", "none")),
        Switch("round_before_double", "bool", False, "Round before doubling a one-turn out (default: after)."),
        Switch("hand_close_exempt_from_opening", "bool", False,
               "A one-turn out need not reach the opening minimum."),
        Switch("unopened_flat_penalty", "int_or_null", None,
               "Flat penalty for a player who never opened; null counts their cards.", min=0),
        Switch("tie_break", "enum", "shared", "Equal lowest totals when the match ends.",
               choices=("shared", "play_another_hand")),
        Switch("target", "int", 1000, "The match ends when a total reaches this.", min=1,
               only_when=(("match_mode", ("target_lowest_wins",)),)),
        Switch("match_mode", "enum", "target_lowest_wins", "Play to the target, or eliminate at 101.",
               choices=("target_lowest_wins", "elimination")),
        Switch("elimination_target", "int", 100, "A total over (or at) this is out.", min=1, only_when=_ELIMINATION),
        Switch("elimination_inclusive", "bool", False, "A total equal to the target is out too.",
               only_when=_ELIMINATION),
        Switch("rebuy_min_remaining", "int", 2, "Players who must still be in for re-entry.", min=2, max=6,
               only_when=_ELIMINATION),
        Switch("max_rebuys", "int_or_null", None, "Re-entries per player; null for no limit.", min=0,
               only_when=_ELIMINATION),
        Switch("rebuy_cost_mode", "enum", "same_stake", "What each re-entry costs.",
               choices=("same_stake", "double_per_entry", "first_rebuy_equals_stake", "half_stake"),
               only_when=_ELIMINATION),
    )

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 13

    def decks(self, n_players: int | None = None) -> int:
        return 2

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 4

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self._resolve(rules)
        return card_values(ACE_VALUE, JOKER_VALUE)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self._resolve(rules)
        return MeldRules(
            game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True,
            run_min=3, run_max=None, ace_run="either_end",
            allow_ace_both_ends=rules.allow_ace_both_ends_in_run,
            max_jokers_per_meld=MAX_JOKERS_PER_MELD, min_naturals_per_meld=1,
            decks=2, jokers_in_deck=4, ace_low_opening_value=1, ace_high_opening_value=11,
        )

    def check_opening(self, melds: Iterable[str | Iterable[Card]], rules: Rules | None = None) -> OpeningCheck:
        """A first lay-down: all melds of the turn count, or one by itself with ``opening_single_meld``."""
        rules = self._resolve(rules)
        return check_opening(melds, self.meld_rules(rules), rules.opening_min, rules.opening_single_meld)

    def rules_sheet(self, rules: Rules | None = None) -> list[str]:
        r = self._resolve(rules)
        rounding = {"half_up": "to the nearest ten, halves up", "half_down": "to the nearest ten, halves down",
                    "half_even": "to the nearest ten, halves to the even ten",
                    "italian_steps": "in steps of ten (halves down, at least 10)", "none": "not at all"}
        lines = [
            "Two packs and 4 jokers; 13 cards each.",
            "Sets: 3 or 4 of one rank, distinct suits. Runs: 3 or more in one suit, ace at either end, "
            "never wrapping" + ("; one run may hold both aces." if r.allow_ace_both_ends_in_run else "."),
            "At most one joker in a meld.",
            f"Open with melds worth at least {r.opening_min}"
            + (" in a single meld" if r.opening_single_meld else " (all melds of that turn count)")
            + ": pictures 10, ace 11 high or in a set and 1 low, a joker as its card.",
            values_sentence(self.values(r)),
            "Going out (ending with a discard) scores 0; everyone else counts every card held"
            + (f", or {r.unopened_flat_penalty} if they never opened." if r.unopened_flat_penalty is not None else "."),
            "Going out in one turn doubles everyone else's penalty.",
            f"Each hand's penalty is rounded {rounding[r.rounding_mode]}"
            + (", before doubling." if r.round_before_double else ", after doubling."),
        ]
        if r.match_mode == "elimination":
            over = "or more" if r.elimination_inclusive else "over"
            lines.append(f"A total {over} {r.elimination_target} is out; re-entry on the highest total still in "
                         f"while {r.rebuy_min_remaining} or more remain; the last one in wins.")
        else:
            lines.append(f"The match ends when a total reaches {r.target}; the lowest total wins"
                         + (" (ties share)." if r.tie_break == "shared" else " (ties play another hand)."))
        return lines
