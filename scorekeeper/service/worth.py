"""What a player's tapped cards are worth at a match (the card picker's live line), decided under the
match's own rules: arranged into melds by the game's solver (a knock game's least deadwood, a game
that counts only loose cards) when the hand is one the solver may be given, otherwise each card
counted by the game's values. The cards are refused before any search when they break a bound or
hold more copies than the match's deck, since the solver's cost grows steeply with the cards."""

from __future__ import annotations

from typing import Any

from ..engine.cards import check_copies
from ..engine.limits import check_hand_cards, solver_cards_limit
from ..engine.variants import find_variant
from .matches import rules_of
from .models import Match


def cards_worth(match: Match, cards: list[Any], deal: dict[str, str], *, copies: int, jokers: int
                ) -> dict[str, Any] | None:
    """``cards`` (parsed) as one player holds them: the cards, their arrangement (None when counted
    card by card) and the points counted; None for no cards or rules that no longer resolve. ``deal``
    is the hand's own fields the form holds (a wild rank), ``copies`` and ``jokers`` the match's
    deck's. Raises ``Refusal`` for cards the bounds or the deck refuse."""
    variant, rules, n = find_variant(match.variant), rules_of(match), len(match.seats)
    if rules is None:
        return None
    check_hand_cards(cards, variant, n, rules)
    check_copies(cards, decks=copies, jokers=jokers)
    if not cards:
        return None
    # a longer hand than the deal and the draw (Russian's claims) is counted, not arranged
    fits = len(cards) <= solver_cards_limit(variant, n, rules) and variant.arranged_in_play
    arrangement = variant.arrange(cards, rules, **deal) if fits else None
    counted = (arrangement.points if variant.counts_loose_cards and arrangement is not None
               else sum(variant.card_value(c, rules) for c in cards))
    return {"cards": cards, "arrangement": arrangement, "counted": counted, "knock_game": variant.knock_game,
            "loose": variant.counts_loose_cards, "wild": next(iter(deal.values()), None)}


__all__ = ["cards_worth"]
