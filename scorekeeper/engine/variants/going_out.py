"""What the going-out games share (Russian Rummy, Ramino, Kalooki, Basic Rummy): every card held counts.

The player who went out scores nothing for their cards; every other player counts **all** the cards they
still hold, even cards that would make melds (docs/rules/common.md#two-ways-to-count-a-losers-cards).
This mixin checks the winner's entry, the losers' card counts (docs/rules/common.md#card-counts) and typed
points (docs/rules/common.md#typed-points); each variant's module turns the raw counts into the hand's scores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..cards import Card, format_cards
from ..i18n import _, _n
from ..hands import Hand, Held, InvalidHandError, check_typed
from ..melds import check_opening
from .base import Rules


def physical(cards: Iterable[Card]) -> Counter:
    """The cards as held: a joker is a joker whatever it was declared to stand for."""
    return Counter(Card.joker() if c.is_joker else c for c in cards)


def not_melded(hand: Hand, player: str, how: str, cards: list[Card]) -> InvalidHandError:
    """The refusal for a winner whose cards are not all in melds, in a player's words."""
    return hand.error(_n("{player} {how} but {cards} is not in a meld", "{player} {how} but {cards} are not in a meld",
                         len(cards), player=player, how=how, cards=format_cards(cards)), player=player,
                      field="cards")


class GoingOut:
    """Mixin for the going-out games, placed before ``Variant`` in the bases."""

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        """The most points a hand typed as points can hold (docs/rules/common.md#typed-points); None for no
        bound of the variant's own (Russian)."""
        return None

    def typed_multiple(self) -> int | None:
        return None

    def loser_counts(self, hand: Hand, held: Held) -> Iterable[int] | None:
        """How many cards a loser may hold (docs/rules/common.md#card-counts); None: any number but 0."""
        return None

    def check_winner(self, hand: Hand) -> None:
        """A winner left in ``held`` must have points 0, or cards that are fully melded
        (docs/rules/common.md#the-winners-cards).

        With declared ``melds`` the cards shown and the melds must be the same cards; without them the
        variant's least-deadwood arrangement must leave nothing over.
        """
        cards = self.winner_cards(hand)
        if not cards:
            return
        if hand.melds is not None:
            shown, laid = physical(cards), physical(c for meld in hand.melds for c in meld)
            extra = laid - shown
            if extra:
                raise hand.error(_n("{cards} is in {by}'s melds but not in {by}'s cards",
                                    "{cards} are in {by}'s melds but not in {by}'s cards", sum(extra.values()),
                                    cards=format_cards(sorted(extra.elements(), key=Card.sort_key)), by=hand.by),
                                 player=hand.by, field="melds")
            left = shown - laid
            if left:
                raise not_melded(hand, hand.by, _("went out"), sorted(left.elements(), key=Card.sort_key))
            return
        left = self.unmelded(cards)
        if left:
            raise not_melded(hand, hand.by, _("went out"), left)

    def winner_cards(self, hand: Hand) -> list[Card] | None:
        """The cards the winner is shown with, to be checked; None if they were left out or typed as
        points (which must then be 0)."""
        held = hand.held.get(hand.by)
        if held is None:
            return None
        if held.typed:
            if held.points:
                raise hand.error(_("{by} went out: their points must be 0", by=hand.by), player=hand.by, field="points")
            return None
        return held.cards or None

    def unmelded(self, cards: list[Card]) -> list[Card]:
        """The cards the variant's least-deadwood arrangement leaves out of every meld."""
        return list(self.arrange(cards).deadwood)  # type: ignore[attr-defined]

    def check_cards(self, hand: Hand) -> None:
        winner = hand.held.get(hand.by)
        self.check_copies(hand, melds_are_extra=not (winner is not None and winner.cards))  # type: ignore[attr-defined]
        for name in hand.others:
            held = hand.held[name]
            if held.cards is not None and not held.cards:
                raise hand.error(_("{name} holds no cards, so {name} went out too: only one player can", name=name),
                                 player=name, field="cards")
            counts = self.loser_counts(hand, held)
            if counts is not None:
                self.card_count(hand, held, counts, _("must hold"))  # type: ignore[attr-defined]
        self.check_winner(hand)

    def raw_count(self, hand: Hand, held: Held) -> tuple[int, str]:
        """The raw value of what a loser holds: counted cards or typed points."""
        if held.typed:
            points = check_typed(hand, held, maximum=self.typed_maximum(), multiple_of=self.typed_multiple())
            return points, _("{points}", points=points)
        return self.held_value(held)  # type: ignore[attr-defined]

    def check_hand_opening(self, hand: Hand, minimum: int, single: bool = False) -> None:
        """The winner's declared lay-down must reach the opening (a one-turn out, a hunt)."""
        if hand.melds is None:
            return
        check = check_opening(hand.melds, self.melds_and_values()[0], minimum, single)  # type: ignore[attr-defined]
        if not check.valid:
            raise hand.error(_("{by}'s lay-down: {reason}", by=hand.by, reason=check.reason), player=hand.by,
                             field="melds")
