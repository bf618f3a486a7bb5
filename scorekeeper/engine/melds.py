"""Meld checks: sets (books), runs (straights), jokers and aces, opening values, contracts, ruminos.

This module owns the *generic* meld logic. A variant turns its house rules into one ``MeldRules``
value (what a set and a run may be, where the ace goes, how many jokers a meld may hold, how many
decks are in play) and the functions here answer for any variant from that value alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

AceRun = Literal["low_only", "high_only", "either_end"]


@dataclass(frozen=True)
class MeldRules:
    """Everything a meld check needs to know about a variant's melds.

    Values are the variant's defaults after its house rules were applied.
    """

    #: what the table calls the two kinds ("set"/"run", or "book"/"straight" in Russian Rummy)
    set_word: str = "set"
    run_word: str = "run"
    set_min: int = 3
    #: largest set allowed; None for no maximum (Russian books)
    set_max: int | None = 4
    #: natural cards in a set must have distinct suits (no two identical cards either)
    set_distinct_suits: bool = True
    run_min: int = 3
    #: longest run allowed; None for no limit (Rumino's default is 4)
    run_max: int | None = None
    ace_run: AceRun = "low_only"
    #: a run may hold both aces of its suit (A-2-...-K-A); Ramino says no by default
    allow_ace_both_ends: bool = False
    #: None for no limit
    max_jokers_per_meld: int | None = None
    min_naturals_per_meld: int = 1
    #: copies of each natural card in the deck(s), and jokers in the deck(s)
    decks: int = 1
    jokers_in_deck: int = 0
    #: opening values: an ace counts 11 at the top of a run and in a set, 1 at the bottom of a run
    ace_low_opening_value: int = 1
    ace_high_opening_value: int = 11
