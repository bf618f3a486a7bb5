"""House rules in the words a player uses: each switch's label, its value and its default in words, its
one-line help, and a set of rules described by what it changes from the standard ones.

The engine owns the switches (their names, types, defaults and which apply); this module only says
them. A switch it has no words for falls back to its name with spaces, so a new switch still shows.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

#: each switch's label on the new-match page (the same words for the same switch in every game)
LABELS = {
    "sets_distinct_suits": "Sets of different suits only",
    "max_run_length": "Longest run",
    "min_naturals_per_meld": "Real cards each meld needs",
    "allow_layoff": "Lay off on the knocker",
    "joker_value": "A joker held counts",
    "knocker_scores_zero": "The knocker scores nothing",
    "knock_undercut_penalty": "Penalty for an undercut knocker",
    "gin_score": "A gin scores",
    "elimination_inclusive": "Out on exactly the limit",
    "rebuy_score": "A rebuy comes back on",
    "rebuy_min_remaining": "Players still in for rebuys to open",
    "max_rebuys": "Rebuys each",
    "three_gins_rule": "Three gins in a row",
    "rebuy_cost_mode": "Rebuy cost",
    "rebuy_cost": "Buy-in cost",
    "all_bust_resolution": "When everyone is out at once",
    "rumino_naturals_only": "A rumino with real cards only",
    "jokers_in_deck": "Jokers in the deck",
    "floor_total_at_zero": "Totals never below 0",
    "card_value_table": "Card values",
    "ace_run_position": "The ace in a run",
    "max_jokers_per_meld": "Jokers in one meld",
    "book_max_on_laydown": "Largest book laid down",
    "final_deal_no_discard": "Last deal: lay every card",
    "tie_break": "Equal lowest totals",
    "failed_contract_flat_penalty": "Extra for a missed contract",
    "opening_min": "Opening at least",
    "opening_single_meld": "Open with one meld",
    "allow_ace_both_ends_in_run": "An ace at both ends of a run",
    "rounding_mode": "Rounding to tens",
    "round_before_double": "Round before doubling",
    "hand_close_exempt_from_opening": "Out in one turn needs no opening",
    "unopened_flat_penalty": "Penalty for never opening",
    "target": "Match to",
    "match_mode": "How the match is won",
    "elimination_target": "Out over",
    "preset": "Scoring",
    "knock_limit": "Knock with at most",
    "gin_bonus": "Gin bonus",
    "undercut_bonus": "Undercut bonus",
    "undercut_on_tie": "A tie is an undercut",
    "big_gin_bonus": "Big gin bonus",
    "game_target": "Game to",
    "game_bonus": "Game bonus",
    "box_bonus": "Box bonus",
    "shutout_mode": "A shutout",
    "multiplayer_scheme": "Scoring for 3–4 players",
    "match_length_deals": "Number of deals",
    "oklahoma_ace": "An ace upcard",
    "spade_upcard_doubles": "A spade upcard doubles",
    "extra_boxes": "Extra boxes",
    "hunt_exempt_from_opening": "A hunt needs no opening",
    "allow_duplicate_suits_in_natural_sets": "A set may repeat a suit",
    "ace_low_allowed": "A-2-3 is a run",
    "hunt_multiplier": "A hunt multiplies by",
    "win_points_target": "Win points to win",
    "cards_dealt": "Cards dealt",
    "ace_value": "An ace held counts",
    "rummy_multiplier": "Out in one turn multiplies by",
    "rebuys": "Rebuys",
    "winner": "Who wins",
    "elimination_at": "Out at",
}

#: enum values in words
CHOICES = {
    "highest_remaining": "the highest total still in",
    "highest_remaining_minus_1": "one below the highest still in",
    "zero": "0",
    "any_consecutive": "any three win",
    "opening_three": "the first three win",
    "off": "no effect",
    "double_per_entry": "doubles each time",
    "first_rebuy_equals_stake": "the first equals the stake",
    "same_stake": "the stake",
    "half_stake": "half the stake",
    "lowest_total": "the lowest total wins",
    "replay_hand": "replay the hand",
    "five_ten_fifteen_25": "5, 10, 15, joker 25",
    "pip": "face value",
    "contract_15": "15 each",
    "either_end": "either end",
    "low_only": "low only",
    "high_only": "high only",
    "shared": "share the win",
    "fewest_points_in_last_deal": "fewest points in the last deal",
    "play_another_hand": "play another hand",
    "half_up": "halves up",
    "half_down": "halves down",
    "half_even": "halves to even",
    "italian_steps": "Italian steps",
    "none": "none",
    "target_lowest_wins": "to the target, lowest wins",
    "elimination": "elimination",
    "modern_25": "modern (25s)",
    "classic_pagat": "classic (20 and 10)",
    "game_bonus_200": "game bonus 200",
    "double_hand_points": "doubles the hand",
    "double_total": "doubles the total",
    "seed_penalty": "penalty points",
    "standard": "standard",
    "one": "knock with 1",
    "gin_only": "gin only",
    "win_points_race": "race to win points",
    "points_race": "race to the target",
    "lowest": "lowest total",
    "highest": "highest total",
}

#: what an empty (null) value means, where "none" would not say it
NONE_WORDS = {"big_gin_bonus": "no bonus", "multiplayer_scheme": "by the number of players", "unopened_flat_penalty": "count their cards",
              "target": "no target", "elimination_at": "no one is out"}


def label(switch: Any) -> str:
    return LABELS.get(switch.name) or switch.name.replace("_", " ").capitalize()


def value_words(switch: Any, value: Any) -> str:
    """A switch's value as a player says it: "on", "no limit", "the stake", "40"."""
    if switch.type == "bool":
        return "yes" if value else "no"
    if value is None:
        return NONE_WORDS.get(switch.name, "no limit")
    if isinstance(value, str):
        return CHOICES.get(value, value.replace("_", " "))
    return str(value).replace("-", "\u2212")


def help_text(switch: Any) -> str:
    """The engine's one line of help, without the document's spelling of "none" or "false"."""
    text = getattr(switch, "help", "") or ""
    text = re.sub(r";\s*null[^.;]*", "", text)
    text = re.sub(r",?\s*null turns it off", "", text)
    text = re.sub(r"\s*\((false|default)[^)]*\)", "", text)
    return text.strip()


def default_words(switch: Any) -> str:
    return f"Standard: {value_words(switch, switch.default)}."


def changes(switches: Iterable[Any], overrides: Mapping[str, Any]) -> list[str]:
    """What a set of house rules changes from the standard ones, one short phrase each
    ("opening at least 40", "match to 500"), in the form's order."""
    out = []
    for s in switches:
        if s.name in overrides and overrides[s.name] != s.default:
            out.append(f"{label(s)}: {value_words(s, overrides[s.name])}")
    return out


__all__ = ["CHOICES", "LABELS", "changes", "default_words", "help_text", "label", "value_words"]
