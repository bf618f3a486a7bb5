"""Rumino: Italian-American knock rummy with 7 cards, two packs and four jokers (RULES §1, §10.1).

Knock with deadwood 7 or less, go gin (a 4-lay and a 3-lay) for ten less, or make a rumino (7-card
straight flush or 7 of a kind) to win the match at once. A total of 100 or more is out; rebuys come
back on the highest total still in.

>>> from scorekeeper.engine.variants import find_variant
>>> rumino = find_variant("rumino")
>>> rumino.check_meld("3H 3S 3C JK").valid
True
>>> rumino.is_rumino("7S 7S 7H 7H 7D 7C JK").valid
True
>>> rumino.card_value("JK"), rumino.card_value("QS"), rumino.card_value("AS")
(10, 10, 1)
>>> rumino.arrange("QS KS AS 4H 4C JK 9S").points
18
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card
from ..melds import MeldCheck, MeldRules, is_rumino, rumino_outs
from .base import KnockGame, Rules, Switch, Variant, card_values, values_sentence

#: Fixed, not switches (RULES §10.1).
KNOCK_LIMIT = 7
ELIMINATION_TARGET = 100


class Rumino(KnockGame, Variant):
    key = "rumino"
    name = "Rumino"
    aliases = ("rummino", "ramino americano")
    summary = "7-card knock rummy with two packs and four jokers: knock at 7, gin for −10, rumino wins."
    min_players, max_players = 2, 6
    ends = ("knock", "gin", "rumino")
    FIXED = {"knock_limit": KNOCK_LIMIT, "elimination_target": ELIMINATION_TARGET}
    SWITCHES = (
        Switch("sets_distinct_suits", "bool", False, "Sets must have distinct suits (no two identical cards)."),
        Switch("max_run_length", "int_or_null", 4, "Longest run allowed; null for no limit.", min=3, max=13),
        Switch("min_naturals_per_meld", "int", 1, "Natural cards each lay must hold.", min=0, max=3),
        Switch("allow_layoff", "bool", False, "Others may lay off on the knocker's lays, as in Gin."),
        Switch("joker_value", "int", 10, "What a joker counts as deadwood.", min=0, max=50),
        Switch("knocker_scores_zero", "bool", False, "The knocker scores 0 instead of their deadwood."),
        Switch("knock_undercut_penalty", "int", 0,
               "Extra points for a knocker who does not have strictly the lowest deadwood.", min=0, max=100),
        Switch("gin_score", "int", -10, "What a gin adds to the gin player's total.", min=-100, max=0),
        Switch("elimination_inclusive", "bool", True, "A total of exactly 100 is out (false: only over 100)."),
        Switch("rebuy_score", "enum", "highest_remaining", "The total a rebuying player comes back on.",
               choices=("highest_remaining", "highest_remaining_minus_1", "zero")),
        Switch("rebuy_min_remaining", "int", 2, "Players who must still be in for rebuys to open.", min=2, max=6),
        Switch("max_rebuys", "int_or_null", None, "Rebuys per player; null for no limit.", min=0),
        Switch("three_gins_rule", "enum", "any_consecutive", "Which three gins in a row win the match.",
               choices=("any_consecutive", "opening_three", "off")),
        Switch("rebuy_cost_mode", "enum", "double_per_entry", "How each rebuy's stake grows.",
               choices=("double_per_entry", "first_rebuy_equals_stake")),
        Switch("all_bust_resolution", "enum", "lowest_total", "What happens when everyone is out at once.",
               choices=("lowest_total", "replay_hand")),
        Switch("rumino_naturals_only", "bool", False, "A rumino must be all natural cards."),
        Switch("jokers_in_deck", "int", 4, "Jokers in the two packs (4 makes 108 cards).", min=0, max=4),
        Switch("floor_total_at_zero", "bool", False, "Totals never go below 0."),
    )

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 7

    def decks(self, n_players: int | None = None) -> int:
        return 2

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        rules = self._resolve(rules)
        return card_values(1, rules.joker_value)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self._resolve(rules)
        return MeldRules(
            game_name=self.name,
            set_min=3, set_max=4, set_distinct_suits=rules.sets_distinct_suits,
            run_min=3, run_max=rules.max_run_length, ace_run="low_only",
            max_jokers_per_meld=None, min_naturals_per_meld=rules.min_naturals_per_meld,
            decks=2, jokers_in_deck=rules.jokers_in_deck,
        )

    def is_rumino(self, cards: str | Iterable[Card], rules: Rules | None = None) -> MeldCheck:
        """A 7-card straight flush (ace low, no wrap) or 7 of a kind; jokers unless ``rumino_naturals_only``."""
        rules = self._resolve(rules)
        return is_rumino(cards, self.meld_rules(rules), rules.rumino_naturals_only)

    def rumino_outs(self, six_cards: str | Iterable[Card], rules: Rules | None = None) -> list[Card]:
        """Every card that completes a rumino with these six (claimable out of turn)."""
        rules = self._resolve(rules)
        return rumino_outs(six_cards, self.meld_rules(rules), rules.rumino_naturals_only)

    def rules_sheet(self, rules: Rules | None = None) -> list[str]:
        r = self._resolve(rules)
        run = "3 or 4" if r.max_run_length == 4 else (
            "3 or more" if r.max_run_length is None else f"3 to {r.max_run_length}")
        lines = [
            f"Two packs and {r.jokers_in_deck} jokers; 7 cards each.",
            f"Lays: sets of 3 or 4 of a kind ({'distinct suits' if r.sets_distinct_suits else 'suits may repeat'}), "
            f"runs of {run} cards in one suit, ace low only, never wrapping.",
            f"Jokers are wild; each lay needs at least {r.min_naturals_per_meld} natural card"
            f"{'s' if r.min_naturals_per_meld != 1 else ''}.",
            values_sentence(self.values(r)) + " Cards in lays count 0.",
            f"Knock with deadwood {KNOCK_LIMIT} or less: everyone adds their own deadwood"
            + (" (the knocker scores 0)." if r.knocker_scores_zero else ", the knocker too."),
            f"Gin (a 4-lay and a 3-lay after drawing) adds {r.gin_score} to the gin player's total.",
            "A rumino (7-card straight flush or 7 of a kind, claimable out of turn) wins the match and the pot.",
        ]
        if r.knock_undercut_penalty:
            lines.append(f"A knocker without strictly the lowest deadwood adds {r.knock_undercut_penalty}.")
        if r.three_gins_rule != "off":
            which = "in a row" if r.three_gins_rule == "any_consecutive" else "in the first three hands"
            lines.append(f"Three gins {which} by the same player win the match.")
        cap = "unlimited rebuys" if r.max_rebuys is None else f"at most {r.max_rebuys} rebuys each"
        lines += [
            f"A total of {'100 or more' if r.elimination_inclusive else 'over 100'} is out.",
            f"Rebuy on the highest total still in while at least {r.rebuy_min_remaining} players remain "
            f"({cap}); each rebuy doubles the stake.",
            "The last player in takes the pot.",
        ]
        return lines
