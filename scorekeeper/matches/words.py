"""House rules in the words a player uses: each switch's label, its value and its default in words, its
one-line help, and a set of rules described by what it changes from the standard ones.

The engine owns the switches (their names, types, defaults and which apply); this module only says
them. A switch it has no words for falls back to its name with spaces, so a new switch still shows.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from flask_babel import gettext as _

from ..i18n import lazy_gettext as _l, speak, whole

#: each switch's label on the new-match page (the same words for the same switch in every game)
LABELS = {
    "sets_distinct_suits": _l("Sets of different suits only"),
    "max_run_length": _l("Longest run"),
    "min_naturals_per_meld": _l("Real cards each meld needs"),
    "allow_layoff": _l("Lay off on the knocker"),
    "joker_value": _l("A joker held counts"),
    "knocker_scores_zero": _l("The knocker scores nothing"),
    "knock_undercut_penalty": _l("Penalty for an undercut knocker"),
    "gin_score": _l("A gin scores"),
    "elimination_inclusive": _l("Out on exactly the limit"),
    "rebuy_score": _l("A rebuy comes back on"),
    "rebuy_min_remaining": _l("Players still in for rebuys to open"),
    "max_rebuys": _l("Rebuys each"),
    "three_gins_rule": _l("Three gins in a row"),
    "rebuy_cost_mode": _l("Rebuy cost"),
    "rebuy_cost": _l("Buy-in cost"),
    "all_bust_resolution": _l("When everyone is out at once"),
    "rumino_naturals_only": _l("A rumino with real cards only"),
    "jokers_in_deck": _l("Jokers in the deck"),
    "floor_total_at_zero": _l("Totals never below 0"),
    "card_value_table": _l("Card values"),
    "ace_run_position": _l("The ace in a run"),
    "max_jokers_per_meld": _l("Jokers in one meld"),
    "book_max_on_laydown": _l("Largest book laid down"),
    "final_deal_no_discard": _l("Last deal: lay every card"),
    "tie_break": _l("Equal lowest totals"),
    "failed_contract_flat_penalty": _l("Extra for a missed contract"),
    "opening_min": _l("Opening at least"),
    "opening_single_meld": _l("Open with one meld"),
    "allow_ace_both_ends_in_run": _l("An ace at both ends of a run"),
    "rounding_mode": _l("Rounding to tens"),
    "round_before_double": _l("Round before doubling"),
    "hand_close_exempt_from_opening": _l("Out in one turn needs no opening"),
    "unopened_flat_penalty": _l("Penalty for never opening"),
    "target": _l("Match to"),
    "match_mode": _l("How the match is won"),
    "elimination_target": _l("Out over"),
    "preset": _l("Scoring"),
    "knock_limit": _l("Knock with at most"),
    "gin_bonus": _l("Gin bonus"),
    "undercut_bonus": _l("Undercut bonus"),
    "undercut_on_tie": _l("A tie is an undercut"),
    "big_gin_bonus": _l("Big gin bonus"),
    "game_target": _l("Game to"),
    "game_bonus": _l("Game bonus"),
    "box_bonus": _l("Box bonus"),
    "shutout_mode": _l("A shutout"),
    "multiplayer_scheme": _l("Scoring for 3–4 players"),
    "match_length_deals": _l("Number of deals"),
    "oklahoma_ace": _l("An ace upcard"),
    "spade_upcard_doubles": _l("A spade upcard doubles"),
    "extra_boxes": _l("Extra boxes"),
    "hunt_exempt_from_opening": _l("A hunt needs no opening"),
    "allow_duplicate_suits_in_natural_sets": _l("A set may repeat a suit"),
    "ace_low_allowed": _l("A-2-3 is a run"),
    "hunt_multiplier": _l("A hunt multiplies by"),
    "win_points_target": _l("Win points to win"),
    "cards_dealt": _l("Cards dealt"),
    "ace_value": _l("An ace held counts"),
    "rummy_multiplier": _l("Out in one turn multiplies by"),
    "rebuys": _l("Rebuys"),
    "winner": _l("Who wins"),
    "elimination_at": _l("Out at"),
}

#: enum values in words
CHOICES = {
    "highest_remaining": _l("the highest total still in"),
    "highest_remaining_minus_1": _l("one below the highest still in"),
    "zero": "0",
    "any_consecutive": _l("any three win"),
    "opening_three": _l("the first three win"),
    "off": _l("no effect"),
    "double_per_entry": _l("doubles each time"),
    "first_rebuy_equals_stake": _l("the first equals the stake"),
    "same_stake": _l("the stake"),
    "half_stake": _l("half the stake"),
    "lowest_total": _l("the lowest total wins"),
    "replay_hand": _l("replay the hand"),
    "five_ten_fifteen_25": _l("5, 10, 15, joker 25"),
    "pip": _l("face value"),
    "contract_15": _l("15 each"),
    "either_end": _l("either end"),
    "low_only": _l("low only"),
    "high_only": _l("high only"),
    "shared": _l("share the win"),
    "fewest_points_in_last_deal": _l("fewest points in the last deal"),
    "play_another_hand": _l("play another hand"),
    "half_up": _l("halves up"),
    "half_down": _l("halves down"),
    "half_even": _l("halves to even"),
    "italian_steps": _l("Italian steps"),
    "none": _l("none"),
    "target_lowest_wins": _l("to the target, lowest wins"),
    "elimination": _l("elimination"),
    "modern_25": _l("modern (25s)"),
    "classic_pagat": _l("classic (20 and 10)"),
    "game_bonus_200": _l("game bonus 200"),
    "double_hand_points": _l("doubles the hand"),
    "double_total": _l("doubles the total"),
    "seed_penalty": _l("penalty points"),
    "standard": _l("standard"),
    "one": _l("knock with 1"),
    "gin_only": _l("gin only"),
    "win_points_race": _l("race to win points"),
    "points_race": _l("race to the target"),
    "lowest": _l("lowest total"),
    "highest": _l("highest total"),
}

#: what an empty (null) value means, where "none" would not say it
NONE_WORDS = {"big_gin_bonus": _l("no bonus"), "multiplayer_scheme": _l("by the number of players"), "unopened_flat_penalty": _l("count their cards"),
              "target": _l("no target"), "elimination_at": _l("no one is out")}


def label(switch: Any) -> str:
    return str(LABELS.get(switch.name) or switch.name.replace("_", " ").capitalize())


def value_words(switch: Any, value: Any) -> str:
    """A switch's value as a player says it: "on", "no limit", "the stake", "40"."""
    if switch.type == "bool":
        return _("yes") if value else _("no")
    if value is None:
        return str(NONE_WORDS.get(switch.name, _("no limit")))
    if isinstance(value, str):
        return str(CHOICES.get(value, value.replace("_", " ")))
    if isinstance(value, int):
        return whole(value)  # the locale's digits: 1,000 / 1.000, with the true minus sign
    return str(value).replace("-", "\u2212")


def help_text(switch: Any) -> str:
    """The engine's one line of help, without the document's spelling of "none" or "false"."""
    text = speak(getattr(switch, "help", "") or "")
    text = re.sub(r";\s*null[^.;]*", "", text)
    text = re.sub(r",?\s*null turns it off", "", text)
    text = re.sub(r"\s*\((false|default)[^)]*\)", "", text)
    return text.strip()


def default_words(switch: Any) -> str:
    return _("Standard: %(value)s.", value=value_words(switch, switch.default))


def changes(switches: Iterable[Any], overrides: Mapping[str, Any]) -> list[str]:
    """What a set of house rules changes from the standard ones, one short phrase each
    ("opening at least 40", "match to 500"), in the form's order."""
    out = []
    for s in switches:
        if s.name in overrides and overrides[s.name] != s.default:
            out.append(f"{label(s)}: {value_words(s, overrides[s.name])}")
    return out


__all__ = ["CHOICES", "LABELS", "changes", "default_words", "help_text", "label", "value_words"]
